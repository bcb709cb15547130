package redelivery

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/effects"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports effects repeated when an event is delivered again.
var Analyzer = &analysis.Analyzer{
	Name:     "redelivery",
	Doc:      analysisutil.MustExtractDoc(doc, "redelivery"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/redelivery.md",
	Run:      analysisutil.Guard("redelivery", run),
	Requires: []*analysis.Analyzer{dbcall.Analyzer, netcall.Analyzer, entry.Analyzer, txscope.Analyzer, schema.Analyzer, effects.Analyzer},
}

func init() { report.RegisterCategories(Analyzer) }

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	nc := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	ent := pass.ResultOf[entry.Analyzer].(*entry.Result)
	tx, _ := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	if db.Err != nil || nc.Err != nil || ent.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish()
	if !ent.MayDeliver() {
		return nil, nil // imports no library that delivers or schedules
	}
	eff, _ := pass.ResultOf[effects.Analyzer].(*effects.Result)
	for _, reg := range ent.Registrations() {
		checkRegistration(rep, eff, reg)
	}
	if len(db.Funcs) == 0 && len(nc.Funcs) == 0 {
		return nil, nil // no effects at all
	}
	for _, fn := range candidates(db, nc) {
		if rep.Generated(fn.Pos()) {
			continue
		}
		if d := ent.Delivery(fn); d != nil {
			checkHandler(pass, rep, effects.Of(pass.Fset, db, nc, ent, tx, cat, fn), d)
		}
	}
	return nil, nil
}

// candidates lists the functions with effects (and the parents of
// closures with effects), in source order, once each.
func candidates(db *dbcall.Result, nc *netcall.Result) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	add := func(fn *ssa.Function) {
		for i := 0; fn != nil && i < 8; i++ {
			if !seen[fn] {
				seen[fn] = true
				out = append(out, fn)
			}
			fn = fn.Parent()
		}
	}
	for _, fi := range db.Funcs {
		add(fi.Fn)
	}
	for _, fi := range nc.Funcs {
		add(fi.Fn)
	}
	return out
}

// checkHandler reports each effect of a delivery handler that no claim
// precedes.
func checkHandler(pass *analysis.Pass, rep *report.Reporter, s *effects.Set, d *entry.Delivery) {
	for _, e := range s.Effects {
		ok, weak := s.ClaimedOnce(e)
		if ok {
			continue // a claim lets one delivery through
		}
		apart := weak != nil && weak.Once && weak.Key.Stable()
		if s.Delivers(e) && !apart {
			// The send is the delivery the handler makes, at least once.
			// Unless a claim before it commits after it: the handler
			// means to run once, and a failed commit sends again.
			continue
		}
		received := "the " + d.Kind.String() + " is received here"
		if noun := apis.DeliveryNouns[d.Lib]; noun != "" {
			received = "the " + noun + " is registered here" // a temporal activity
		}
		related := []analysis.RelatedInformation{{Pos: d.Pos, Message: received}}
		if weak != nil {
			related = append(related, analysis.RelatedInformation{Pos: weak.Call.Pos(), Message: "the claim that does not hold on redelivery"})
		}
		rep.Report(analysis.Diagnostic{
			Pos:      e.Pos,
			End:      token.NoPos,
			Category: d.Kind.String(),
			Message:  message(pass, d, e, weak),
			Related:  related,
		})
	}
}

// checkRegistration reports the registration of a function of another
// package with a worker (a Temporal activity of another package) when
// its summary repeats an effect that no claim lets run once: the
// function's own package does not know it is registered.
func checkRegistration(rep *report.Reporter, eff *effects.Result, reg *entry.Registration) {
	sum := eff.Imported(reg.Obj)
	if sum == nil {
		return
	}
	for _, e := range sum.Effects {
		if e.Once || e.Delivers && !e.Keyable {
			continue
		}
		noun := apis.DeliveryNouns[reg.Lib]
		if noun == "" {
			noun = "job"
		}
		id := apis.DeliveryIDs[reg.Lib]
		if id == "" {
			id = "the delivery's id"
		}
		rep.Report(analysis.Diagnostic{
			Pos:      reg.At.Pos(),
			End:      token.NoPos,
			Category: apis.DeliveryJob.String(),
			Message: fmt.Sprintf("%s %s %s repeats its %s at %s when the %s is retried; claim %s first (INSERT INTO processed_events ... ON CONFLICT DO NOTHING, and stop when 0 rows) in the same transaction",
				reg.Lib, noun, ssautil.ObjLabel(reg.Obj), e.What, e.Origin, noun, id),
		})
		return // one finding per registered function
	}
}

// weakness says why a claim before the effect does not let it run once.
func weakness(pass *analysis.Pass, c *effects.Claim) string {
	at := analysisutil.Position(pass.Fset, c.Call.Pos())
	switch {
	case !c.Once:
		return "the lock at " + at + " is released when the handler is done, and a redelivery takes it again"
	case c.Key == entry.OriginFresh:
		return "the claim at " + at + " keys on a value minted on each delivery"
	case c.Key == entry.OriginConst:
		return "the claim at " + at + " keys on a constant, the same for every event"
	}
	return "the claim at " + at + " commits in another transaction than this effect"
}

func message(pass *analysis.Pass, d *entry.Delivery, e *effects.Effect, weak *effects.Claim) string {
	what := "this " + strings.TrimPrefix(e.What, "the ")
	if e.Via != "" && strings.Contains(e.What, e.Via) {
		what = e.What // the gRPC call X, X the call made
		if !strings.HasPrefix(what, "the ") {
			what = "the " + what
		}
	} else if e.Via != "" {
		what = fmt.Sprintf("the %s by %s", strings.TrimPrefix(e.What, "the "), e.Via)
		if e.Origin != "" {
			what += " at " + e.Origin
		}
	}
	again := "the event is delivered again"
	handler := d.Lib + " webhook handler"
	switch d.Kind {
	case apis.DeliveryMessage:
		again, handler = "the message is delivered again", d.Lib+" message handler"
	case apis.DeliveryJob:
		again, handler = "the job is retried", d.Lib+" job handler"
	}
	if noun := apis.DeliveryNouns[d.Lib]; noun != "" {
		again, handler = "the "+noun+" is retried", d.Lib+" "+noun // a temporal activity
	}
	id := d.ID
	if id == "" {
		id = "the delivery's id"
	}
	if weak != nil {
		if weak.Once && weak.Key.Stable() {
			return fmt.Sprintf("%s repeats %s when %s: %s; make the claim and the effect in one transaction", handler, what, again, weakness(pass, weak))
		}
		return fmt.Sprintf("%s repeats %s when %s: %s; claim %s instead (INSERT INTO processed_events ... ON CONFLICT DO NOTHING, and stop when 0 rows) in the same transaction", handler, what, again, weakness(pass, weak), id)
	}
	if e.Net != nil && e.Net.Keyable() {
		// The operation takes an idempotency key: the receiver
		// deduplicates, with no claim to commit.
		return fmt.Sprintf("%s repeats %s when %s; pass an idempotency key derived from %s", handler, what, again, id)
	}
	return fmt.Sprintf("%s repeats %s when %s; claim %s first (INSERT INTO processed_events ... ON CONFLICT DO NOTHING, and stop when 0 rows) in the same transaction", handler, what, again, id)
}
