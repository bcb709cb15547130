package effects

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/txscope"
)

// Analyzer summarizes, for each exported function of a package with
// effects that returns nothing but an error (the shape of a job), what it repeats when it runs again and whether a claim comes
// first, as a fact: a schedule or delivery registered in another package
// (c.AddFunc("@daily", jobs.Cleanup), a method value svc.RunDaily) judges
// the function by it. It reports no diagnostics.
var Analyzer = &analysis.Analyzer{
	Name:       "effects",
	Doc:        "summarize the effects a function repeats when it runs again and the claims before them (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/internal/effects",
	Run:        run,
	Requires:   []*analysis.Analyzer{dbcall.Analyzer, netcall.Analyzer, entry.Analyzer, txscope.Analyzer, schema.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(summaryFact)},
}

// Result answers for the functions of other packages, from their facts.
type Result struct {
	pass *analysis.Pass
}

// Summary is what a function of another package repeats when it runs
// again, from its fact.
type Summary struct {
	Effects []Summarized
	// Reads reports a function that reads the database (Set.ReadsState):
	// a ticker job is a schedule's work only when it acts on shared
	// state.
	Reads bool
	// Flag is the function's flag pattern (Set.Flag), nil when none.
	Flag *SummarizedFlag
}

// SummarizedFlag is the flag pattern of a summary: the flag's table and
// column, where it is read and where it is set ("store.go:24").
type SummarizedFlag struct {
	Table, Column, ReadAt, SetAt string
}

// Summarized is one effect of a summary.
type Summarized struct {
	// What says what it repeats ("insert into grants"); Origin where
	// ("grants.go:40").
	What, Origin string
	// Claimed: a claim of any kind (a lease, a lock) runs before it, as
	// Set.Claimed says; Once: a claim lets it run once per event, as
	// Set.ClaimedOnce says.
	Claimed, Once bool
	// Delivers: the send the function exists to make (Set.Delivers);
	// Keyable: an operation that takes an idempotency key.
	Delivers, Keyable bool
}

// summaryFact is a fact carrying a function's Summary.
type summaryFact struct {
	Summary
}

func (*summaryFact) AFact() {}

// String summarizes the fact for tests: "repeats insert into invoices
// (jobs.go:12), claimed insert into runs (jobs.go:20)".
func (f *summaryFact) String() string {
	var parts []string
	for _, e := range f.Effects {
		s := e.What + " (" + e.Origin + ")"
		switch {
		case e.Once:
			s = "claimed once " + s
		case e.Claimed:
			s = "locked " + s
		}
		if e.Delivers {
			s += " delivers"
		}
		parts = append(parts, s)
	}
	out := "repeats " + strings.Join(parts, ", ")
	if f.Flag != nil {
		out += "; flag " + f.Flag.Table + "." + f.Flag.Column
	}
	return out
}

// Imported returns the summary of a function of another package, or nil
// when it repeats nothing (or is not known).
func (r *Result) Imported(obj *types.Func) *Summary {
	if r == nil || r.pass == nil || obj == nil || obj.Pkg() == r.pass.Pkg {
		return nil
	}
	var f summaryFact
	if !r.pass.ImportObjectFact(obj.Origin(), &f) {
		return nil
	}
	return &f.Summary
}

func run(pass *analysis.Pass) (res any, err error) {
	r := &Result{pass: pass}
	defer func() {
		if recover() != nil {
			res, err = r, nil // no more facts: callers in other packages see fewer
		}
	}()
	if apis.Library(pass.Pkg.Path()) {
		return r, nil
	}
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	nc := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	ent := pass.ResultOf[entry.Analyzer].(*entry.Result)
	if db.Err != nil || nc.Err != nil || ent.Err != nil {
		return r, nil
	}
	if len(db.Funcs) == 0 && len(nc.Funcs) == 0 {
		return r, nil // no effects: nothing to summarize
	}
	tx, _ := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	for _, fn := range exported(pass, db, nc) {
		s := Of(pass.Fset, db, nc, ent, tx, cat, fn)
		if len(s.Effects) == 0 && s.Flag == nil {
			continue
		}
		var f summaryFact
		f.Reads = s.ReadsState()
		if fl := s.Flag; fl != nil {
			f.Flag = &SummarizedFlag{Table: fl.Write.Table, Column: fl.Column, ReadAt: fl.Read.Position(pass.Fset), SetAt: fl.Write.Position(pass.Fset)}
		}
		for _, e := range s.Effects {
			once, _ := s.ClaimedOnce(e)
			origin := e.Origin
			if p := pass.Fset.Position(e.Pos); origin == "" && p.IsValid() {
				origin = fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
			}
			f.Effects = append(f.Effects, Summarized{
				What: e.What, Origin: origin,
				Claimed: s.Claimed(e), Once: once,
				Delivers: s.Delivers(e), Keyable: e.Net != nil && e.Net.Keyable(),
			})
		}
		pass.ExportObjectFact(fn.Object(), &f)
	}
	return r, nil
}

// exported lists the exported functions and methods of the package (not
// closures) with effects of their own or in their closures, once each:
// the functions another package can name.
func exported(pass *analysis.Pass, db *dbcall.Result, nc *netcall.Result) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	add := func(fn *ssa.Function) {
		for i := 0; fn != nil && fn.Parent() != nil && i < maxDepth+1; i++ {
			fn = fn.Parent()
		}
		if fn == nil || fn.Parent() != nil || seen[fn] {
			return
		}
		seen[fn] = true
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || fn.Origin() != nil || !jobShape(fn.Signature) {
			return
		}
		out = append(out, fn)
	}
	for _, fi := range db.Funcs {
		add(fi.Fn)
	}
	for _, fi := range nc.Funcs {
		add(fi.Fn)
	}
	return out
}

// jobShape reports a signature a scheduler or a broker could run: no
// result but an error. Library and repository functions that return what
// they found or made are called, not scheduled, and their effects reach
// callers through dbcall's and netcall's facts.
func jobShape(sig *types.Signature) bool {
	res := sig.Results()
	switch res.Len() {
	case 0:
		return true
	case 1:
		return types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
