package apis_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/passes/apis"
)

// TestFullName holds the cached FullName to the name it builds each time:
// functions, methods on values and pointers, generic types and functions,
// interface methods and a fork's package, asked twice each.
func TestFullName(t *testing.T) {
	const src = `package v6

type Connection struct{}

func (c *Connection) Transaction(fn func(*Connection) error) error { return nil }
func (c Connection) Close() error                                  { return nil }

type List[T any] struct{ x T }

func (l *List[T]) Push(x T) {}

type Querier interface{ Get(id int) error }

func Open() *Connection        { return nil }
func Map[T any](x T) T         { return x }
func local() { type T struct{}; _ = T{} }
`
	for _, path := range []string{"github.com/ory/pop/v6", "example.com/app/v6"} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "c.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := (&types.Config{Importer: importer.Default()}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var funcs []*types.Func
		for _, name := range pkg.Scope().Names() {
			switch obj := pkg.Scope().Lookup(name).(type) {
			case *types.Func:
				funcs = append(funcs, obj)
			case *types.TypeName:
				if n, ok := obj.Type().(*types.Named); ok {
					for m := range n.Methods() {
						funcs = append(funcs, m)
					}
					if iface, ok := n.Underlying().(*types.Interface); ok {
						for m := range iface.Methods() {
							funcs = append(funcs, m)
						}
					}
				}
			}
		}
		// An instance's method.
		list := pkg.Scope().Lookup("List").Type().(*types.Named)
		inst, err := types.Instantiate(nil, list, []types.Type{types.Typ[types.Int]}, true)
		if err != nil {
			t.Fatal(err)
		}
		funcs = append(funcs, inst.(*types.Named).Method(0))
		for _, fn := range funcs {
			want := fn.FullName()
			if strings.HasPrefix(path, "github.com/ory/pop") {
				want = strings.Replace(want, path, "github.com/gobuffalo/pop/v6", 1)
			}
			for range 2 {
				if got := apis.FullName(fn); got != want {
					t.Errorf("FullName(%s) = %q, want %q", fn, got, want)
				}
				if got := apis.RawFullName(fn); got != fn.FullName() {
					t.Errorf("RawFullName(%s) = %q, want %q", fn, got, fn.FullName())
				}
			}
		}
	}
}
