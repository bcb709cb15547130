package analysisutil_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/idemvet/idemvet/internal/analysisutil"
)

// TestImplsOf holds Impls.Of to types.Implements over types with and
// without methods: plain structs (skipped without asking Implements),
// embedded fields that promote methods, pointer receivers, non-struct
// types, and the empty interface, which every type implements.
func TestImplsOf(t *testing.T) {
	const src = `package p

type Getter interface{ Get() int }
type Empty interface{}

type Row struct{ ID int }
type Params struct{ Row; Name string }
type Val struct{}
func (Val) Get() int { return 0 }
type Ptr struct{}
func (*Ptr) Get() int { return 0 }
type EmbedPtr struct{ *Ptr }
type EmbedIface struct{ Getter }
type EmbedVal struct{ Val }
type Int int
type IntGet int
func (IntGet) Get() int { return 0 }
type Fn func()
type PtrT *Row
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var c analysisutil.Impls
	// Two packages importing p share the answers about its interfaces.
	other1 := analysisutil.Impls{Own: types.NewPackage("q1", "q1")}
	other2 := analysisutil.Impls{Own: types.NewPackage("q2", "q2")}
	for _, name := range []string{"Getter", "Empty"} {
		iface := pkg.Scope().Lookup(name).Type().Underlying().(*types.Interface)
		var want []string
		for _, tn := range c.Concrete(pkg) {
			if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
				want = append(want, tn.Name())
			}
		}
		var got []string
		for _, im := range c.Of(iface, pkg) {
			got = append(got, im.Name.Name())
		}
		if !slices.Equal(got, want) {
			t.Errorf("Of(%s) = %v, want %v", name, got, want)
		}
		for _, o := range []*analysisutil.Impls{&other1, &other2, &other1} {
			var again []string
			for _, im := range o.Of(iface, pkg) {
				again = append(again, im.Name.Name())
			}
			if !slices.Equal(again, want) {
				t.Errorf("Of(%s) from another package = %v, want %v", name, again, want)
			}
		}
		if name == "Getter" && !slices.Equal(got, []string{"EmbedIface", "EmbedPtr", "EmbedVal", "IntGet", "Ptr", "Val"}) {
			t.Errorf("Of(Getter) = %v", got)
		}
	}
}
