package cronlease

import (
	_ "embed"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/effects"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports scheduled jobs that run in every instance at once.
var Analyzer = &analysis.Analyzer{
	Name:     "cronlease",
	Doc:      analysisutil.MustExtractDoc(doc, "cronlease"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/cronlease.md",
	Run:      analysisutil.Guard("cronlease", run),
	Requires: []*analysis.Analyzer{dbcall.Analyzer, netcall.Analyzer, entry.Analyzer, txscope.Analyzer, schema.Analyzer, effects.Analyzer},
}

func init() { report.RegisterCategories(Analyzer) }

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	nc := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	ent := pass.ResultOf[entry.Analyzer].(*entry.Result)
	if db.Err != nil || nc.Err != nil || ent.Err != nil {
		return nil, nil
	}
	rep := report.New(pass)
	defer rep.Finish()
	if !ent.MaySchedule() {
		return nil, nil // imports no library that delivers or schedules
	}
	eff := pass.ResultOf[effects.Analyzer].(*effects.Result)
	for _, sc := range ent.Schedules() {
		if sc.Obj != nil {
			checkImported(rep, eff, sc)
			continue
		}
		if len(db.Funcs) == 0 && len(nc.Funcs) == 0 {
			continue // no effects here: nothing this schedule could repeat
		}
		checkSchedule(pass, rep, db, nc, ent, sc)
	}
	return nil, nil
}

func checkSchedule(pass *analysis.Pass, rep *report.Reporter, db *dbcall.Result, nc *netcall.Result, ent *entry.Result, sc *entry.Schedule) {
	if sc.Guard != "" {
		return // the scheduler runs each job in one instance
	}
	if sc.Fn == nil {
		return // a function of another package: no effects in view here
	}
	name := jobName(sc.Fn)
	tx, _ := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	var s *effects.Set
	if sc.Body != nil {
		name = "in " + ssautil.FuncLabel(sc.Fn) // the loop is the job
		s = effects.OfLoop(pass.Fset, db, nc, ent, tx, cat, sc.Fn, sc.Body)
	} else {
		s = effects.Of(pass.Fset, db, nc, ent, tx, cat, sc.Fn)
	}
	if sc.Polls && !s.ReadsState() {
		return // a ticker flushing what this instance buffered: each instance writes its own
	}
	if fl := s.Flag; fl != nil {
		rep.Report(analysis.Diagnostic{
			Pos:      sc.Call.Pos(),
			End:      token.NoPos,
			Category: "flag",
			Message:  flagMessage(sc.Lib, name, fl.Write.Table, fl.Column, fl.Read.Position(pass.Fset), fl.Write.Position(pass.Fset)),
			Related:  []analysis.RelatedInformation{{Pos: fl.Write.Pos, Message: "the flag is set here"}},
		})
		return
	}
	for _, e := range s.Effects {
		if s.Claimed(e) {
			continue
		}
		where := analysisutil.Position(pass.Fset, e.Pos)
		if e.Origin != "" {
			where = e.Origin
		}
		rep.Report(analysis.Diagnostic{
			Pos:      sc.Call.Pos(),
			End:      token.NoPos,
			Category: "nolease",
			Message:  nolease(sc.Lib, name, e.What, where),
			Related:  []analysis.RelatedInformation{{Pos: e.Pos, Message: "the effect repeated by each instance"}},
		})
		return // one finding per registration
	}
}

// checkImported reports a registration of a function of another package
// that repeats an effect with no claim before it, from its summary.
func checkImported(rep *report.Reporter, eff *effects.Result, sc *entry.Schedule) {
	if sc.Guard != "" {
		return // the scheduler runs each job in one instance
	}
	sum := eff.Imported(sc.Obj)
	if sum == nil {
		return
	}
	if sc.Polls && !sum.Reads {
		return // a ticker flushing what this instance buffered: each instance writes its own
	}
	if fl := sum.Flag; fl != nil {
		rep.Report(analysis.Diagnostic{
			Pos:      sc.Call.Pos(),
			End:      token.NoPos,
			Category: "flag",
			Message:  flagMessage(sc.Lib, ssautil.ObjLabel(sc.Obj), fl.Table, fl.Column, fl.ReadAt, fl.SetAt),
		})
		return
	}
	for _, e := range sum.Effects {
		if e.Claimed {
			continue
		}
		rep.Report(analysis.Diagnostic{
			Pos:      sc.Call.Pos(),
			End:      token.NoPos,
			Category: "nolease",
			Message:  nolease(sc.Lib, ssautil.ObjLabel(sc.Obj), e.What, e.Origin),
		})
		return // one finding per registration
	}
}

func flagMessage(lib, job, table, col, readAt, setAt string) string {
	return fmt.Sprintf("%s job %s checks %s.%s (read at %s) and then sets it at %s: two instances both read it and both run; claim it in one statement (UPDATE %s SET %s = ... WHERE ... AND %s = <unset>, and skip when 0 rows) or take a lease",
		lib, job, table, col, readAt, setAt, table, col, col)
}

func nolease(lib, job, what, where string) string {
	return fmt.Sprintf("%s job %s runs in every instance at the same time and repeats its %s at %s; claim a lease first (UPDATE job_leases SET held_until = now() + interval '10 minutes' WHERE job_name = $1 AND held_until < now(), and skip when 0 rows), take pg_try_advisory_lock, or use a scheduler with a distributed locker",
		lib, job, what, where)
}

// jobName names the scheduled function for messages.
func jobName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return "registered in " + ssautil.FuncLabel(fn.Parent())
	}
	return ssautil.FuncLabel(fn)
}
