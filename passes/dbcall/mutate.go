package dbcall

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// mutatesFact is a fact indicating the fields of its pointer parameters
// (the receiver first) a function assigns, so that a caller's model of a
// struct read from the database sees the changes a method makes:
//
//	func (o *Order) RecordFailure(err error) { o.FailureCount++; o.LastError = err.Error() }
//	// mutates p0.FailureCount (from itself), p0.LastError
type mutatesFact struct {
	Fields []fieldMutation
	// Untouched lists the pointer parameters (SSA indexes, the receiver
	// first) the body never names: the receiver of a helper hung on a
	// service type (func (s *Service) verify(plain, hash string) bool).
	// Nothing is written through them, so a value given to the call
	// beside one does not flow into it.
	Untouched []int
}

// untouched reports a parameter the function never names.
func (f *mutatesFact) untouched(i int) bool {
	if f == nil {
		return false
	}
	for _, u := range f.Untouched {
		if u == i {
			return true
		}
	}
	return false
}

// fieldMutation is one assigned field path of a parameter.
type fieldMutation struct {
	Param int    // index in the SSA parameters, receiver first
	Path  string // ".FailureCount"; "" for the whole struct (*o = T{...})
	// Self reports that the new value is computed from the old one
	// (o.N++, o.N += k, o.N = o.N*2, o.Tags = append(o.Tags, t)).
	Self bool
	// Always reports an assignment made by a statement of the function's
	// body itself, not nested in a branch or a loop: every call that gets
	// past the statements before it makes it (a hash recomputed by
	// UpdateUserHash after its error check), where a nested one may not
	// (a pending email cleared only when the email changed).
	Always bool
}

func (*mutatesFact) AFact() {}

func (f *mutatesFact) String() string {
	var parts []string
	for _, m := range f.Fields {
		s := "mutates p" + itoa(m.Param) + m.Path
		if m.Self {
			s += " (from itself)"
		}
		parts = append(parts, s)
	}
	for _, u := range f.Untouched {
		parts = append(parts, "leaves p"+itoa(u)+" unnamed")
	}
	return strings.Join(parts, "; ")
}

// scanMutations computes the field assignments of the package's functions
// from their syntax (no SSA needed, so model packages that import no
// database library still describe their methods) and exports them as
// facts.
func scanMutations(pass *analysis.Pass) map[*types.Func]*mutatesFact {
	out := map[*types.Func]*mutatesFact{}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			continue
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if m := mutationsOf(pass.TypesInfo, fd); m != nil {
				out[obj] = m
				pass.ExportObjectFact(obj, m)
			}
		}
	}
	return out
}

// mutationsOf reads the assignments to fields of fd's pointer-to-struct
// parameters.
func mutationsOf(info *types.Info, fd *ast.FuncDecl) *mutatesFact {
	params := map[types.Object]int{}
	var unnamed []int // struct pointers without a name, or named _
	idx := 0
	addList := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, field := range fl.List {
			names := field.Names
			if len(names) == 0 {
				if t := info.TypeOf(field.Type); t != nil && isStructPointer(t) {
					unnamed = append(unnamed, idx)
				}
				idx++
				continue
			}
			for _, n := range names {
				if obj := info.Defs[n]; obj != nil && isStructPointer(obj.Type()) {
					params[obj] = idx
				}
				idx++
			}
		}
	}
	addList(fd.Recv)
	addList(fd.Type.Params)
	if len(params) == 0 && len(unnamed) == 0 {
		return nil
	}
	found := map[fieldMutation]bool{}
	named := map[types.Object]bool{}
	record := func(lhs ast.Expr, self bool, rhs []ast.Expr) {
		obj, path, ok := fieldPath(info, lhs)
		if !ok {
			return
		}
		i, isParam := params[obj]
		if !isParam {
			return
		}
		if !self {
			for _, r := range rhs {
				if mentions(info, r, obj, path) {
					self = true
				}
			}
		}
		found[fieldMutation{Param: i, Path: path, Self: self}] = true
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			self := x.Tok != token.ASSIGN && x.Tok != token.DEFINE
			for _, lhs := range x.Lhs {
				record(lhs, self, x.Rhs)
			}
		case *ast.IncDecStmt:
			record(x.X, true, nil)
		case *ast.Ident:
			if obj := info.Uses[x]; obj != nil {
				named[obj] = true
			}
		}
		return true
	})
	// Assignments that are statements of the body itself.
	always := map[fieldMutation]bool{}
	for _, st := range fd.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok {
			continue
		}
		for _, lhs := range as.Lhs {
			if obj, path, ok := fieldPath(info, lhs); ok {
				if i, isParam := params[obj]; isParam {
					always[fieldMutation{Param: i, Path: path}] = true
				}
			}
		}
	}
	untouched := unnamed
	for obj, i := range params {
		if !named[obj] {
			untouched = append(untouched, i)
		}
	}
	if len(found) == 0 && len(untouched) == 0 {
		return nil
	}
	sort.Ints(untouched)
	f := &mutatesFact{Untouched: untouched}
	for m := range found {
		m.Always = always[fieldMutation{Param: m.Param, Path: m.Path}]
		f.Fields = append(f.Fields, m)
	}
	sort.Slice(f.Fields, func(i, j int) bool {
		a, b := f.Fields[i], f.Fields[j]
		if a.Param != b.Param {
			return a.Param < b.Param
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return !a.Self && b.Self
	})
	return f
}

// fieldPath reads an assigned expression rooted at a variable: o.A.B → (o,
// ".A.B"); *o → (o, ""); o.M[k] → (o, ".M"), a change of the map in place.
func fieldPath(info *types.Info, e ast.Expr) (types.Object, string, bool) {
	var names []string
	for i := 0; i < 16; i++ {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return nil, "", false
			}
			// A promoted field (o.ID of an embedded gorm.Model) is the
			// path through the embedded fields.
			hops := fieldNames(sel.Recv(), sel.Index())
			if hops == nil {
				return nil, "", false
			}
			for j := len(hops) - 1; j >= 0; j-- {
				names = append(names, hops[j])
			}
			e = x.X
			continue
		case *ast.IndexExpr:
			names = nil // o.M[k] = v changes o.M
			e = x.X
			continue
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.Ident:
			obj := info.Uses[x]
			if obj == nil {
				return nil, "", false
			}
			var b strings.Builder
			for j := len(names) - 1; j >= 0; j-- {
				b.WriteString("." + names[j])
			}
			return obj, b.String(), true
		}
		return nil, "", false
	}
	return nil, "", false
}

// mentions reports whether e reads the field path of obj (or a field below
// it).
func mentions(info *types.Info, e ast.Expr, obj types.Object, path string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if x, ok := n.(ast.Expr); ok {
			if o, p, ok := fieldPath(info, x); ok && o == obj && (p == path || strings.HasPrefix(p, path+".")) && p != "" {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// fieldNames returns the names of the fields a selection's index path
// walks from the type t.
func fieldNames(t types.Type, index []int) []string {
	var out []string
	for _, i := range index {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		out = append(out, st.Field(i).Name())
		t = st.Field(i).Type()
	}
	return out
}

func isStructPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// mutations returns what a called function assigns in its pointer
// parameters: known is false when the model cannot tell (the standard
// library, a package not scanned, a call through an interface or a func
// value).
func (b *builder) mutations(call *ssa.CallCommon) (m *mutatesFact, known bool) {
	if b == nil {
		return nil, false
	}
	callee := call.StaticCallee()
	if callee == nil {
		return nil, false
	}
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	if lit, ok := callee.Syntax().(*ast.FuncLit); ok && callee.Object() == nil {
		// A function literal of this package called where it is known
		// (apply := func(b *Build) { b.Retries++ }; apply(b)): its own
		// assignments, read from its syntax as a declaration's are.
		if callee.Pkg == nil || callee.Pkg.Pkg != b.pass.Pkg {
			return nil, false
		}
		if m, ok := b.litMuts[callee]; ok {
			return m, true
		}
		m := mutationsOf(b.pass.TypesInfo, &ast.FuncDecl{Name: ast.NewIdent("_"), Type: lit.Type, Body: lit.Body})
		if b.litMuts == nil {
			b.litMuts = map[*ssa.Function]*mutatesFact{}
		}
		b.litMuts[callee] = m
		return m, true
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return nil, false
	}
	if obj.Pkg() == b.pass.Pkg {
		if b.muts == nil {
			return nil, false
		}
		return b.muts[obj], true
	}
	if !ownCode(b.pass) || !sameModule(b.pass, obj.Pkg().Path()) {
		return nil, false // not scanned: a dependency module's function
	}
	var f mutatesFact
	if b.pass.ImportObjectFact(obj, &f) {
		return &f, true
	}
	return nil, true
}

// sameModule reports whether the package path belongs to the module of the
// package under analysis (whose packages scanMutations scanned), or, without
// module information, shares its first path element.
func sameModule(pass *analysis.Pass, path string) bool {
	if m := pass.Module; m != nil && m.Path != "" {
		return path == m.Path || strings.HasPrefix(path, m.Path+"/")
	}
	first := func(p string) string {
		if i := strings.IndexByte(p, '/'); i >= 0 {
			return p[:i]
		}
		return p
	}
	return first(path) == first(pass.Pkg.Path())
}
