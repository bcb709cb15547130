package lockacrosscall

import (
	_ "embed"
	"flag"
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports network calls made while a transaction holds row locks.
var Analyzer = &analysis.Analyzer{
	Name:     "lockacrosscall",
	Doc:      analysisutil.MustExtractDoc(doc, "lockacrosscall"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/lockacrosscall.md",
	Run:      run,
	Requires: []*analysis.Analyzer{dbcall.Analyzer, txscope.Analyzer, netcall.Analyzer, schema.Analyzer},
	Flags:    flags(),
}

// The -NAME.CATEGORY flags, one per category of report.Grades.
func init() { report.RegisterCategories(Analyzer) }

// anyTx is the -lockacrosscall.anytx flag: report network calls inside
// any transaction, with or without row locks.
var anyTx bool

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("lockacrosscall", flag.ExitOnError)
	fs.BoolVar(&anyTx, "anytx", false, "also report network calls inside transactions that hold no row locks")
	return *fs
}

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	nc := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	if db.Err != nil || nc.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish() // stale and malformed //idemvet:ignore directives
	if len(nc.Funcs) == 0 {
		return nil, nil
	}
	txs := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	for _, tx := range txs.Txs {
		checkTx(pass, rep, nc, cat, tx)
	}
	return nil, nil
}

// checkTx reports the network calls of the transaction's own code that can
// run after it took a row lock and before it ends.
func checkTx(pass *analysis.Pass, rep *report.Reporter, nc *netcall.Result, cat *schema.Catalog, tx *txscope.Tx) {
	fi := nc.Func(tx.Fn)
	if fi == nil {
		return
	}
	if rep.Generated(tx.Fn.Pos()) {
		return
	}
	var locks []*dbcall.Access
	// The row a plain insert creates is seen by no other transaction
	// before commit: nobody waits for it (txscope.NewRowOnly).
	for _, a := range tx.ContendedLocks(cat) {
		if a.Fn == tx.Fn && a.Call != nil {
			locks = append(locks, a)
		}
	}
	ends := func(instr ssa.Instruction) bool { return tx.IsEnd(instr) }
	for _, c := range fi.Calls {
		if _, isDefer := c.Instr.(*ssa.Defer); isDefer {
			continue // runs when the function returns, after or before the end: the model cannot order it
		}
		if lock := heldAt(locks, c.Instr, ends); lock != nil {
			rep.Report(diagnostic(pass, c, lock))
			continue
		}
		if anyTx && open(tx, c.Instr, ends) {
			rep.Report(anyTxDiagnostic(pass, c, tx))
		}
	}
}

// heldAt returns the first lock taken before instr on some path that does
// not end the transaction in between, or nil.
func heldAt(locks []*dbcall.Access, instr ssa.Instruction, ends func(ssa.Instruction) bool) *dbcall.Access {
	for _, l := range locks {
		if l.Call == instr {
			continue // the call that takes the lock (a repository method) is not after it
		}
		if ssautil.ReachesWithout(l.Call, instr, ends) {
			return l
		}
	}
	return nil
}

// open reports whether instr runs inside the transaction: after Begin and
// before its end for an explicit transaction; anywhere in a callback or in
// a function given the transaction.
func open(tx *txscope.Tx, instr ssa.Instruction, ends func(ssa.Instruction) bool) bool {
	if tx.Form != txscope.FormExplicit {
		return true
	}
	return tx.Begin != nil && ssautil.ReachesWithout(tx.Begin, instr, ends)
}

var kindCalls = map[apis.NetKind]string{
	apis.NetHTTP:    "HTTP call",
	apis.NetGRPC:    "gRPC call",
	apis.NetSMTP:    "SMTP call",
	apis.NetKafka:   "Kafka call",
	apis.NetNATS:    "NATS call",
	apis.NetDial:    "network call",
	apis.NetConnect: "Connect RPC call",
}

func callName(c *netcall.Call) string {
	if s, ok := kindCalls[c.Kind]; ok {
		return s
	}
	return "network call"
}

// lockDesc describes what holds the lock: "SELECT ... FOR UPDATE",
// "UPDATE accounts".
func lockDesc(a *dbcall.Access) string {
	switch {
	case a.Lock != sqltext.LockNone:
		return "SELECT ... " + a.Lock.String()
	case len(a.Advisory) > 0:
		return a.Advisory[0].Func
	}
	table := a.Table
	switch a.Kind {
	case dbcall.KindUpdate:
		return withTable("UPDATE", table)
	case dbcall.KindInsert:
		if a.Conflict == sqltext.ConflictDoUpdate {
			return withTable("INSERT INTO", table) + " ... ON CONFLICT DO UPDATE"
		}
		return withTable("INSERT INTO", table)
	case dbcall.KindDelete:
		return withTable("DELETE FROM", table)
	}
	return "a write"
}

func withTable(verb, table string) string {
	if table == "" {
		return verb + " ..."
	}
	return verb + " " + table
}

func diagnostic(pass *analysis.Pass, c *netcall.Call, lock *dbcall.Access) analysis.Diagnostic {
	at := analysisutil.Position(pass.Fset, lock.Pos)
	desc := lockDesc(lock)
	if lock.Via != nil && len(lock.Via.Callees) > 0 {
		desc += " in " + lock.Via.Callees[0]
	}
	msg := fmt.Sprintf("%s (%s) while the transaction holds the row lock taken at %s (%s); move the call out of the transaction, or record the intent in an outbox row and send it after commit",
		callName(c), c.Hops(), at, desc)
	return analysis.Diagnostic{
		Pos:      c.Instr.Pos(),
		Category: "locked",
		Message:  msg,
		Related:  []analysis.RelatedInformation{{Pos: lock.Pos, Message: "row lock taken here"}},
	}
}

func anyTxDiagnostic(pass *analysis.Pass, c *netcall.Call, tx *txscope.Tx) analysis.Diagnostic {
	msg := fmt.Sprintf("%s (%s) inside a transaction; the transaction stays open for the call's duration; move the call out of the transaction, or record the intent in an outbox row and send it after commit",
		callName(c), c.Hops())
	d := analysis.Diagnostic{Pos: c.Instr.Pos(), Category: "opentx", Message: msg}
	if tx.Begin != nil {
		d.Related = []analysis.RelatedInformation{{Pos: tx.Begin.Pos(), Message: "transaction begun here"}}
	}
	return d
}
