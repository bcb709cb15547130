// Package ssabuild defines an Analyzer whose result builds the SSA form of
// the package under analysis lazily, on the first request. idemvet's passes
// request it only for packages that can matter (ones that talk to a
// database, the network or a retry library, or call functions with idemvet
// facts), so the standard library and unrelated dependencies never pay for
// SSA construction, which buildssa as a required analyzer would charge to
// every package go vet visits.
package ssabuild

import (
	"go/ast"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
)

// Analyzer provides a *Lazy for each package. It reports no diagnostics.
var Analyzer = &analysis.Analyzer{
	Name: "idemvet_ssa",
	Doc:  "build the SSA form of a package on demand (reports no diagnostics)",
	URL:  "https://github.com/idemvet/idemvet/tree/main/internal/ssabuild",
	Run: func(pass *analysis.Pass) (any, error) {
		return &Lazy{pass: pass, impls: analysisutil.Impls{Own: pass.Pkg}}, nil
	},
	ResultType: reflect.TypeFor[*Lazy](),
}

// Lazy builds the package's SSA form once, when first asked.
type Lazy struct {
	pass *analysis.Pass
	once sync.Once
	pkg  *ssa.Package
	fns  []*ssa.Function
	// impls is shared by the passes of the package: the implementations
	// of an interface do not depend on who asks.
	impls analysisutil.Impls
}

// Impls returns the package's cache of interface implementations, which
// every pass of the package shares (each of dbcall, netcall and txscope
// resolving the same interfaces was 9% of a go vet run over hatchet).
func (l *Lazy) Impls() *analysisutil.Impls { return &l.impls }

// Get returns the SSA package and its source functions: named functions
// and methods, each followed by its function literals, in source order.
func (l *Lazy) Get() (*ssa.Package, []*ssa.Function) {
	l.once.Do(func() {
		l.pkg, l.fns = build(l.pass)
		l.pass = nil
	})
	return l.pkg, l.fns
}

func build(pass *analysis.Pass) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, withoutInertInits(pass.TypesInfo), false)
	pkg.Build()
	var fns []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		fns = append(fns, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(obj); f != nil {
				add(f)
			}
		}
	}
	return pkg, fns
}
