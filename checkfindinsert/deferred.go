package checkfindinsert

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/retry"
)

// A file created after a check races only with code of the same process
// (or the same program started twice on one host): whether that happens
// depends on the callers. So a check-then-create in a function that only
// the exported API of a library package reaches is not reported there;
// the exported functions carry a deferredFact, and the callers decide: a
// caller reached only from main, init or a command stays silent (start-up
// code writing its default config), a handler or an unknown caller is
// reported at its call.

// deferredFact is a fact indicating that calling the function runs a
// check-then-create of a file whose report was left to the callers.
type deferredFact struct {
	// Message is the finding, with "{where}" standing for the function
	// chain from the caller's callee down to the racing function.
	Message  string
	Category string
	// Chain names the functions from this one down to the one with the
	// race, outermost first.
	Chain []string
}

func (*deferredFact) AFact() {}

func (f *deferredFact) String() string {
	return "defers check-then-create in " + strings.Join(f.Chain, " → ")
}

// checker holds what every function's check needs.
type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	ent  *entry.Result
	rt   *retry.Result
	// once holds the findings of one race inside a callee, reached from
	// several calls of this package (reportOnce).
	once map[string][]onceFinding
}

// onceFinding is a finding reportOnce holds until the package is done.
type onceFinding struct {
	fn *ssa.Function
	v  entry.Verdict
	d  analysis.Diagnostic
}

// reportOnce reports the findings that share key, one race inside a
// callee (its lookup and its insert) that each call judges with its own
// values, once: at the first call of the package, naming the other
// calls. A repository's SaveByType(ctx, kind, row), a hand-rolled upsert
// that every settings page calls, is one fix, not one per page.
func (c *checker) reportOnce(key string, fn *ssa.Function, v entry.Verdict, d analysis.Diagnostic) {
	if v.Answer == entry.No {
		return
	}
	if c.once == nil {
		c.once = map[string][]onceFinding{}
	}
	c.once[key] = append(c.once[key], onceFinding{fn, v, d})
}

// flushOnce reports what reportOnce held, in position order.
func (c *checker) flushOnce() {
	keys := make([]string, 0, len(c.once))
	for k := range c.once {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fs := c.once[k]
		sort.Slice(fs, func(i, j int) bool { return fs[i].d.Pos < fs[j].d.Pos })
		first := fs[0]
		for _, f := range fs[1:] {
			if f.d.Pos == first.d.Pos {
				continue
			}
			first.d.Related = append(first.d.Related, analysis.RelatedInformation{Pos: f.d.Pos, Message: "another call that reaches the same check-then-insert"})
		}
		c.report(first.fn, first.v, first.d)
	}
}

// calleePair names a check-then-insert inside a callee: where its lookup
// and insert execute, and in which functions (reached directly or
// through wrappers alike).
func calleePair(ins, read *dbcall.Access) string {
	at := func(a *dbcall.Access) string {
		if a.Via != nil {
			return a.Via.Callees[len(a.Via.Callees)-1] + "@" + a.Via.Origin
		}
		return ""
	}
	return at(ins) + "\x00" + at(read)
}

// report reports d, found in fn, unless fn never runs concurrently; a
// file race in a function only the exported API reaches is deferred.
func (c *checker) report(fn *ssa.Function, v entry.Verdict, d analysis.Diagnostic) {
	if v.Answer == entry.No {
		return
	}
	if v.Deferred() && strings.HasPrefix(d.Message, "check-then-insert on "+apis.FSTable+"(") {
		label := ssautil.FuncLabel(fn)
		msg := strings.Replace(d.Message, "check-then-insert on file(path):", "check-then-insert on file(path) in {where}:", 1)
		msg = strings.Replace(msg, "this write", "the write at "+analysisutil.Position(c.pass.Fset, d.Pos), 1)
		c.export(v, &deferredFact{Message: msg, Category: d.Category, Chain: []string{label}})
		return
	}
	c.rep.Report(d)
}

// export attaches f to each exported function through which callers reach
// the race, with the chain extended by that function.
func (c *checker) export(v entry.Verdict, f *deferredFact) {
	for _, api := range v.API {
		if api.Pkg() != c.pass.Pkg {
			continue
		}
		g := &deferredFact{Message: f.Message, Category: f.Category, Chain: f.Chain}
		if label := ssautil.ObjLabel(api); label != f.Chain[0] {
			g.Chain = append([]string{label}, f.Chain...)
		}
		var old deferredFact
		if c.pass.ImportObjectFact(api, &old) {
			continue // the first race found through it is reported
		}
		c.pass.ExportObjectFact(api, g)
	}
}

// runDeferred decides the deferred races of the functions this package
// calls.
func (c *checker) runDeferred() {
	facts := map[*types.Func]*deferredFact{}
	for _, of := range c.pass.AllObjectFacts() {
		if f, ok := of.Fact.(*deferredFact); ok {
			if fn, ok := of.Object.(*types.Func); ok && fn.Pkg() != c.pass.Pkg {
				facts[fn] = f
			}
		}
	}
	if len(facts) == 0 {
		return
	}
	_, fns := c.pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy).Get()
	for _, fn := range fns {
		if c.rep.Generated(fn.Pos()) {
			continue
		}
		var v *entry.Verdict
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := analysisutil.CalleeFunc(call.Common())
				if callee == nil {
					continue
				}
				f := facts[callee.Origin()]
				if f == nil {
					continue
				}
				if v == nil {
					x := c.ent.Concurrent(fn)
					v = &x
				}
				c.decide(fn, *v, call, f)
			}
		}
	}
}

func (c *checker) decide(fn *ssa.Function, v entry.Verdict, call ssa.CallInstruction, f *deferredFact) {
	switch {
	case v.Answer == entry.No:
		return // start-up code or a command: one run at a time
	case dbcall.MutexHeldOver(call):
		return // a process mutex held over the call serializes the callee's check and create
	case v.Deferred():
		c.export(v, &deferredFact{Message: f.Message, Category: f.Category, Chain: append([]string{ssautil.FuncLabel(fn)}, f.Chain...)})
		return
	}
	where := f.Chain[len(f.Chain)-1]
	if len(f.Chain) > 1 {
		where += " (called by " + f.Chain[0] + ")"
	}
	c.rep.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      token.NoPos,
		Category: f.Category,
		Message:  strings.Replace(f.Message, "{where}", where, 1),
	})
}
