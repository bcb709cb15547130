package retry

import (
	"fmt"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// helperFact is a fact indicating that a function retries its func
// parameter Func (an index into its parameters, receiver first): it calls
// it again when it fails, in a loop or through a retry library.
type helperFact struct {
	Func      int
	Construct string
}

func (*helperFact) AFact() {}

func (f *helperFact) String() string {
	return fmt.Sprintf("retries p%d (%s)", f.Func, f.Construct)
}

// runsFact is a fact indicating that a function calls its func parameters
// Params before it returns, so a closure passed there runs as part of the
// call.
type runsFact struct {
	Params []int
}

func (*runsFact) AFact() {}

func (f *runsFact) String() string {
	s := "runs"
	for _, p := range f.Params {
		s += fmt.Sprintf(" p%d", p)
	}
	return s
}

// clientFact is a fact indicating that a function's result Result, or a
// struct field or package variable, holds an HTTP client that retries
// failed requests Retries times.
type clientFact struct {
	Lib     apis.HTTPLib
	Retries int64
	Default bool
	Result  int
	Where   string
	// Installed reports a gRPC retry interceptor (calls may ask for
	// retries).
	Installed bool
}

func (*clientFact) AFact() {}

// grpcOptFact is a fact indicating that a function returns gRPC dial
// options or a unary interceptor that retry calls: Retries times (0 when
// only calls asking with WithMax are), installed at Where.
type grpcOptFact struct {
	Retries   int64
	Installed bool
	Where     string
}

func (*grpcOptFact) AFact() {}

func (f *grpcOptFact) String() string {
	return fmt.Sprintf("returns gRPC options retrying %d times", f.Retries)
}

func (f *clientFact) String() string {
	s := fmt.Sprintf("%s client retrying %d times", f.Lib, f.Retries)
	if f.Default {
		s += " (default)"
	}
	return s
}

func (f *clientFact) state() clientState {
	return clientState{known: true, lib: f.Lib, retries: f.Retries, dflt: f.Default, where: f.Where, installed: f.Installed}
}

// exportFacts exports the facts of the package's functions, fields and
// variables.
func (b *builder) exportFacts(pass *analysis.Pass) {
	for _, fn := range b.fns {
		if fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg {
			continue
		}
		if hasFuncParam(fn) {
			h := b.helperOf(fn)
			if h != nil {
				pass.ExportObjectFact(obj, h)
			}
			// Callers treat a helper's Func as run; the fact lists the
			// others.
			var rs []int
			for _, p := range b.runsOf(fn) {
				if h == nil || p != h.Func {
					rs = append(rs, p)
				}
			}
			if len(rs) > 0 {
				sort.Ints(rs)
				pass.ExportObjectFact(obj, &runsFact{Params: rs})
			}
		}
		if g, pos := b.grpcOptionsOf(fn); g != nil {
			if pos.IsValid() {
				g.Where = analysisutil.Position(pass.Fset, pos)
			}
			pass.ExportObjectFact(obj, g)
		}
		for i, st := range b.returnClients(fn) {
			if st.retrying() {
				pass.ExportObjectFact(obj, b.clientFact(pass, st, i))
				break
			}
		}
	}
	if b.fields == nil {
		b.fields = map[types.Object]*clientState{}
		b.collectFields()
	}
	objs := make([]types.Object, 0, len(b.fields))
	for obj := range b.fields {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		pass.ExportObjectFact(obj, b.clientFact(pass, *b.fields[obj], 0))
	}
}

func (b *builder) clientFact(pass *analysis.Pass, st clientState, result int) *clientFact {
	where := st.where
	if st.pos.IsValid() {
		where = analysisutil.Position(pass.Fset, st.pos)
	}
	return &clientFact{Lib: st.lib, Retries: st.retries, Default: st.dflt, Result: result, Where: where, Installed: st.installed}
}

func hasFuncParam(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}
