package dbcall

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/internal/ssautil"
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
	imported := map[*types.Func]*mintFact{}
	// fields returns the minted fields of a function's first result: of
	// the package (out), or of another (its fact); "" for the result.
	fields := func(f *types.Func) []string {
		if apis.FreshValues[apis.RawFullName(f)] {
			return []string{""}
		}
		if m := out[f]; m != nil {
			return m.Fields
		}
		if f.Pkg() == nil || f.Pkg() == pass.Pkg || apis.Library(f.Pkg().Path()) {
			return nil
		}
		m, ok := imported[f]
		if !ok {
			var fact mintFact
			if pass.ImportObjectFact(f, &fact) {
				m = &fact
			}
			imported[f] = m
		}
		if m == nil {
			return nil
		}
		return m.Fields
	}
	// Rounds until nothing changes (at most four): a constructor may mint
	// through a helper of the package declared after it (ID: newID()), or
	// return what another constructor minted (o := NewOrder(...); ...;
	// return o), itself built on a helper.
	for round := 0; round < 4; round++ {
		changed := false
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
				if !ok {
					continue
				}
				if m := mintsOf(pass.TypesInfo, fd, fields); m != nil && (out[obj] == nil || len(m.Fields) > len(out[obj].Fields)) {
					out[obj] = m
					changed = true
				}
			}
		}
		if !changed {
			break
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
// fresh values (in its literal, or assigned before the return), or every
// return gives what another constructor minted (return NewOrder(...), or
// o := NewOrder(...); o.Rush = true; return o), whose fields it inherits,
// also as a field of its own literal (Envelope{Order: NewOrder(...)} mints
// .Order.ID).
func mintsOf(info *types.Info, fd *ast.FuncDecl, fields func(*types.Func) []string) *mintFact {
	res := info.TypeOf(fd.Type.Results.List[0].Type)
	if res == nil {
		return nil
	}
	fresh := func(f *types.Func) bool {
		fs := fields(f)
		return len(fs) > 0 && fs[0] == ""
	}
	// partial returns the fields a call's function mints ("" for a
	// result holding a fresh value somewhere).
	partial := func(e ast.Expr) []string {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		f, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return nil
		}
		return fields(f.Origin())
	}
	st := structType(res)
	found := map[string]bool{}
	// The variables assigned only from constructors minting fields.
	assigned := map[types.Object][]string{}
	spoiled := map[types.Object]bool{}
	overwritten := map[string]bool{}
	allFresh, returns := true, 0
	var inherited []string
	inheritAll := true
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
			if len(x.Results) == 0 {
				inheritAll = false
				return true
			}
			r := ast.Unparen(x.Results[0])
			if id, ok := r.(*ast.Ident); ok && id.Name == "nil" {
				return true // no value: nothing to insert
			}
			fs := partial(r)
			if id, ok := r.(*ast.Ident); ok {
				if obj := info.Uses[id]; obj != nil && !spoiled[obj] {
					fs = assigned[obj]
				}
			}
			if fs == nil {
				inheritAll = false
			} else if inherited == nil {
				inherited = fs
			}
		case *ast.CompositeLit:
			if st != nil && types.Identical(structType(info.TypeOf(x)), st) {
				for _, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						id, ok := kv.Key.(*ast.Ident)
						if !ok {
							continue
						}
						if freshExpr(info, kv.Value, fresh) {
							found["."+id.Name] = true
						}
						for _, p := range partial(kv.Value) {
							found["."+id.Name+p] = true
						}
					}
				}
			}
		case *ast.AssignStmt:
			if len(x.Rhs) == 1 && len(x.Lhs) >= 1 {
				// o := NewOrder(...), o, err := ValidOrder(...)
				if id, ok := x.Lhs[0].(*ast.Ident); ok {
					obj := info.Defs[id]
					if obj == nil {
						obj = info.Uses[id]
					}
					if obj != nil {
						if fs := partial(x.Rhs[0]); fs != nil && assigned[obj] == nil {
							assigned[obj] = fs
						} else {
							spoiled[obj] = true
						}
					}
				}
			}
			if st == nil || len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, l := range x.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || !types.Identical(structType(info.TypeOf(sel.X)), st) {
					continue
				}
				if freshExpr(info, x.Rhs[i], fresh) {
					found["."+sel.Sel.Name] = true
				} else {
					overwritten["."+sel.Sel.Name] = true // o.ID = m.OrderID: no longer the constructor's
				}
			}
		}
		return true
	})
	if nodes > maxMintNodes {
		return nil
	}
	if returns > 0 && allFresh {
		found[""] = true
	}
	if inheritAll {
		for _, p := range inherited {
			// A field set after the constructor (o.ID = messageID) is no
			// longer its, and the result no longer all fresh.
			if !overwritten[p] && !(p == "" && len(overwritten) > 0) {
				found[p] = true
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	f := &mintFact{}
	for p := range found {
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

// GeneratedKey reports whether the Go value bound to b is the key the
// database gave a row of another table that a's function inserted before
// a: INSERT INTO feeds ... RETURNING id scanned into feed.ID, then
// entry.FeedID = feed.ID and the entries of the new feed stored. The row
// was created by this run a moment ago and its key comes back to this run
// alone, so no other request can hold it yet, to look it up or insert
// under it in between.
func (r *Result) GeneratedKey(a *Access, b Binding) bool {
	if b.Value.IsZero() || a.Call == nil {
		return false
	}
	fi := r.Func(a.Fn)
	if fi == nil {
		return false
	}
	keys := []Ref{b.Value}
	if v := b.Value; v.Path != "" {
		if sv := storedField(v.Root, strings.Split(v.Path[1:], ".")); sv != nil {
			keys = append(keys, refOf(sv)) // entry.FeedID = feed.ID
		}
	}
	for _, ins := range fi.Accesses {
		if ins == a || ins.Kind != KindInsert || ins.Table == "" || ins.Table == a.Table || ins.Call == nil ||
			ins.Call.Parent() != a.Call.Parent() || !ssautil.Before(ins.Call, a.Call) {
			continue
		}
		for _, rd := range ins.Reads {
			if !rd.Addr || rd.Dest.IsZero() {
				continue
			}
			for _, k := range keys {
				if k.Same(rd.Dest) {
					return true
				}
			}
		}
	}
	return false
}
