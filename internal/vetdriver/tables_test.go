package vetdriver

import (
	"fmt"
	"go/ast"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/unitchecker"
)

func TestElideTables(t *testing.T) {
	nums := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%d, ", i)
		}
		return b.String()
	}
	words := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "word{%d, -%d}, ", i, i)
		}
		return b.String()
	}
	ranges := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "{0x%x, 0x%x, 1}, ", 2*i, 2*i+1)
		}
		return b.String()
	}
	src := `package p

type word struct{ len, idx int16 }

type Range16 struct{ Lo, Hi, Stride uint16 }

type RangeTable struct {
	R16         []Range16
	LatinOffset int
}

var _Lu = &RangeTable{
	R16:         []Range16{` + ranges(30) + `},
	LatinOffset: 3,
}

var buckets = [...]uint16{` + nums(100) + `}
var hashes = [100]uint32{` + nums(100) + `}
var data = []byte{` + nums(100) + `}
var words = [...]word{` + words(70) + `}
var small = [...]int{1, 2, 3}
var names = []string{` + strings.Repeat(`"a", `, 70) + `}
var keyed = [...]int{` + nums(69) + ` 99: 1}
var calls = []int{` + nums(69) + ` len("x")}

const n = len(buckets) + len(words) + len(keyed)

func lookup(i int) uint16 { return buckets[i] + uint16(data[i]) }
`
	typesOf := func(elide bool) (map[string]string, map[string]int) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if elide {
			elideTables([]*ast.File{f})
		}
		pkg, err := (&types.Config{Importer: goimporter.Default()}).Check("p", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("elide=%v: %v", elide, err)
		}
		ts, elts := map[string]string{}, map[string]int{}
		for _, name := range pkg.Scope().Names() {
			ts[name] = pkg.Scope().Lookup(name).Type().String()
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				vs := gd.Specs[0].(*ast.ValueSpec)
				v := vs.Values[0]
				if u, ok := v.(*ast.UnaryExpr); ok {
					v = u.X
				}
				elts[vs.Names[0].Name] = len(v.(*ast.CompositeLit).Elts)
			}
		}
		return ts, elts
	}
	before, _ := typesOf(false)
	after, elts := typesOf(true)
	for name, typ := range before {
		if after[name] != typ {
			t.Errorf("%s: type %s became %s", name, typ, after[name])
		}
	}
	for _, name := range []string{"buckets", "hashes", "data", "words", "_Lu"} {
		if elts[name] != 0 {
			t.Errorf("%s: %d elements kept", name, elts[name])
		}
	}
	for _, name := range []string{"small", "names", "keyed", "calls"} {
		if elts[name] == 0 {
			t.Errorf("%s: elements elided", name)
		}
	}
}

// TestElideTablesKeepsImports: a table whose elements name a type of an
// imported package (cloudflare/circl's tables of fp.Elt{...} points, the
// file's only use of fp) is kept, for without its elements the import is
// unused and the package does not type-check.
func TestElideTablesKeepsImports(t *testing.T) {
	var b strings.Builder
	b.WriteString("package q\n\nimport \"image\"\n\ntype seg struct{ A, B any }\n\nvar segs = [...]seg{\n")
	for i := range 40 {
		fmt.Fprintf(&b, "\t{A: image.Point{%d, %d}, B: image.Point{X: %d}},\n", i, i+1, i+2)
	}
	b.WriteString("}\n")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "q.go", b.String(), 0)
	if err != nil {
		t.Fatal(err)
	}
	elideTables([]*ast.File{f})
	if _, err := (&types.Config{Importer: goimporter.Default()}).Check("q", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("after elideTables: %v", err)
	}

	// The same table through a dot import: its elements are the file's
	// only use of it.
	src := strings.ReplaceAll(strings.Replace(b.String(), `import "image"`, `import . "image"`, 1), "image.Point", "Point")
	f, err = parser.ParseFile(fset, "r.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	elideTables([]*ast.File{f})
	if _, err := (&types.Config{Importer: goimporter.Default()}).Check("r", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("dot import, after elideTables: %v", err)
	}
}

// TestUnimportable: a command's facts are written for its test variant
// only, which an external test imports; a library's always.
func TestUnimportable(t *testing.T) {
	cmd := types.NewPackage("example.com/cmd/server", "main")
	lib := types.NewPackage("example.com/store", "store")
	for _, c := range []struct {
		id   string
		pkg  *types.Package
		want bool
	}{
		{"example.com/cmd/server", cmd, true},
		{"example.com/cmd/server [example.com/cmd/server.test]", cmd, false},
		{"example.com/store", lib, false},
	} {
		if got := unimportable(&unitchecker.Config{ID: c.id}, c.pkg); got != c.want {
			t.Errorf("unimportable(%s) = %v, want %v", c.id, got, c.want)
		}
	}
}
