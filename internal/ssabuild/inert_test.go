package ssabuild

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestWithoutInertInits(t *testing.T) {
	const src = `package p

import (
	"errors"
	"net/http"
)

type word struct{ len, idx uint8 }

var buckets = [...]uint16{1, 2, 3}            // inert
var words = []word{{1, 2}, {3, 4}}            // inert
var data = []byte("dictionary")               // inert: a conversion
var ptr = &words[0]                           // inert
var copyOf = buckets                          // inert: a plain variable
var errBad = errors.New("bad")                // a call
var handler = http.HandlerFunc(serve)         // a function value
var hook = func() {}                          // a function literal
var n = len(buckets)                          // a builtin call
var m = map[string]func(){"a": nil}           // inert
var f = m["a"]                                // a variable that may hold a function
var method = (*word).String                   // a method expression
var columns = [...]string{"name", "email"}    // a string list
var names = []string{"a", "b"}                // a string list
var bytes = []string{string(data)}            // a string list, not inert
var table = [300]string{299: last}            // inert: too long a list

const last = "z"

func (w *word) String() string { return "" }

func serve(http.ResponseWriter, *http.Request) {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, init := range withoutInertInits(info).InitOrder {
		got[init.Lhs[0].Name()] = true
	}
	for _, name := range []string{"errBad", "handler", "hook", "n", "f", "method", "columns", "names", "bytes"} {
		if !got[name] {
			t.Errorf("initializer of %s dropped", name)
		}
	}
	for _, name := range []string{"buckets", "words", "data", "ptr", "copyOf", "m", "table"} {
		if got[name] {
			t.Errorf("initializer of %s kept", name)
		}
	}
	if len(info.InitOrder) != 16 {
		t.Errorf("the original Info changed: %d initializers", len(info.InitOrder))
	}
}
