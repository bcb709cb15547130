package dbcall

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/entry"
)

// mintFact is a fact indicating that a function's result holds values it
// mints on every call (apis.FreshValues): a constructor that sets its
// own id, or a helper that returns a fresh id. Fields are the paths of
// the first result so minted (".ID"), "" for the result itself.
//
//	func NewOrder(customer string, total int64) *Order {
//		return &Order{ID: uuid.NewString(), CustomerID: customer, Total: total}  // mints .ID
//	}
//
// A key bound from such a field is new on each delivery of a message, so
// an insert keyed by it is no dedupe on the message.
type mintFact struct {
	Fields []string
}

func (*mintFact) AFact() {}

func (f *mintFact) String() string {
	parts := make([]string, len(f.Fields))
	for i, p := range f.Fields {
		if p == "" {
			p = "result"
		}
		parts[i] = p
	}
	return "mints " + strings.Join(parts, ", ")
}

// mints holds the minted fields of the package's functions and of the
// imported ones asked about.
type mints struct {
	pass *analysis.Pass
	mu   sync.Mutex
	own  map[*types.Func]*mintFact
	imp  map[*types.Func]*mintFact
}

// scanMints reads, from the syntax (no SSA needed: a domain package with
// no database is described too), the functions of the package whose
// first result is minted in part or whole, and exports them as facts.
func scanMints(pass *analysis.Pass) map[*types.Func]*mintFact {
	out := map[*types.Func]*mintFact{}
	imported := map[*types.Func]bool{}
	// fresh reports a function returning a fresh value: of the package
	// (out), or of another (its fact).
	fresh := func(f *types.Func) bool {
		if apis.FreshValues[f.FullName()] {
			return true
		}
		if m := out[f]; m != nil {
			return len(m.Fields) > 0 && m.Fields[0] == ""
		}
		if f.Pkg() == nil || f.Pkg() == pass.Pkg || apis.Library(f.Pkg().Path()) {
			return false
		}
		yes, ok := imported[f]
		if !ok {
			var m mintFact
			yes = pass.ImportObjectFact(f, &m) && len(m.Fields) > 0 && m.Fields[0] == ""
			imported[f] = yes
		}
		return yes
	}
	// Two rounds: a constructor may mint through a helper of the package
	// declared after it (ID: newID()).
	for round := 0; round < 2; round++ {
		for _, f := range pass.Files {
			if ast.IsGenerated(f) {
				continue
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || fd.Type.Results == nil || len(fd.Type.Results.List) == 0 {
					continue
				}
				obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || out[obj] != nil {
					continue
				}
				if m := mintsOf(pass.TypesInfo, fd, fresh); m != nil {
					out[obj] = m
				}
			}
		}
	}
	for obj, m := range out {
		pass.ExportObjectFact(obj, m)
	}
	return out
}

// maxMintNodes bounds the syntax nodes one function's scan visits.
const maxMintNodes = 4000

// mintsOf reads what fd mints in its first result: every return gives a
// fresh value (the result), or the struct it returns has fields set from
// fresh values (in its literal, or assigned before the return).
func mintsOf(info *types.Info, fd *ast.FuncDecl, fresh func(*types.Func) bool) *mintFact {
	res := info.TypeOf(fd.Type.Results.List[0].Type)
	if res == nil {
		return nil
	}
	st := structType(res)
	fields := map[string]bool{}
	allFresh, returns := true, 0
	nodes := 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if nodes++; nodes > maxMintNodes {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			returns++
			if len(x.Results) == 0 || !freshExpr(info, x.Results[0], fresh) {
				allFresh = false
			}
		case *ast.CompositeLit:
			if st != nil && types.Identical(structType(info.TypeOf(x)), st) {
				for _, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && freshExpr(info, kv.Value, fresh) {
							fields["."+id.Name] = true
						}
					}
				}
			}
		case *ast.AssignStmt:
			if st == nil || len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, l := range x.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || !types.Identical(structType(info.TypeOf(sel.X)), st) {
					continue
				}
				if freshExpr(info, x.Rhs[i], fresh) {
					fields["."+sel.Sel.Name] = true
				}
			}
		}
		return true
	})
	if nodes > maxMintNodes {
		return nil
	}
	if returns > 0 && allFresh {
		fields[""] = true
	}
	if len(fields) == 0 {
		return nil
	}
	f := &mintFact{}
	for p := range fields {
		f.Fields = append(f.Fields, p)
	}
	sort.Strings(f.Fields)
	return f
}

// structType returns the struct type t is or points to, as its named type
// when it has one; nil for other types.
func structType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return nil
	}
	return types.Unalias(t)
}

// freshExpr reports an expression computed from a call minting a value:
// uuid.NewString(), uuid.New().String(), "ord_" + xid.New().String(), a
// helper of this package or another returning one (ids.New("ord")).
func freshExpr(info *types.Info, e ast.Expr, fresh func(*types.Func) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if f, ok := typeutil.Callee(info, call).(*types.Func); ok && fresh(f.Origin()) {
			found = true
		}
		return !found
	})
	return found
}

// Minted reports whether the function obj (of this package or another)
// mints the field path of its first result on every call ("" for the
// result itself): a key read from it is new on each run.
func (r *Result) Minted(obj *types.Func, path string) bool {
	if r == nil || r.mints == nil || obj == nil {
		return false
	}
	m := r.mints
	obj = obj.Origin()
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.own[obj]
	if !ok && obj.Pkg() != m.pass.Pkg {
		f, ok = m.imp[obj]
		if !ok {
			var fact mintFact
			if m.pass.ImportObjectFact(obj, &fact) {
				f = &fact
			}
			m.imp[obj] = f
		}
	}
	if f == nil {
		return false
	}
	for _, p := range f.Fields {
		if p == path || p == "" || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// KeyMinted reports whether the Go value bound to b is minted in this run
// in each of its origins (entry.KeyMinted, with the mint facts of
// constructors): a key no other request holds, so none can look it up or
// insert it between a lookup and an insert of this run.
func (r *Result) KeyMinted(a *Access, b Binding) bool {
	if b.Value.IsZero() {
		return false
	}
	return entry.KeyMinted(b.Value.Root, b.Value.Path, a.Call, r.Minted, r.SrcFuncs)
}
