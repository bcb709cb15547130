package dbcall

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// Query builders made by the application's helpers: a repository's
// methods start their statements from a helper of its base, which returns
// a builder it began, and name their table in a field of that base each
// repository's constructor sets:
//
//	func (r sqlRepository) newSelect(opts ...model.QueryOptions) SelectBuilder {
//		sq := Select().From(r.tableName)
//		...
//		return sq
//	}
//	func (r *albumRepository) Get(id string) (*model.Album, error) {
//		sq := r.newSelect().Columns("*").Where(Eq{"album.id": id})
//
// with NewAlbumRepository setting r.tableName = "album".

// maxSqHelpers bounds the helpers one statement's chain is followed into.
const maxSqHelpers = 8

// sqHelperReturns returns the builders a call of a helper of this
// package returns (each distinct result of its return statements), and
// binds the helper's parameters to the call's arguments for the rest of
// the statement's assembly (sqBind); nil when it is no such helper.
func (b *builder) sqHelperReturns(call *ssa.Call) []ssa.Value {
	if !isSquirrelBuilder(call.Type()) || len(b.sqBind) > 4*maxSqHelpers {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != b.ssaPkg || callee.Blocks == nil || len(call.Call.Args) != len(callee.Params) {
		return nil
	}
	var rets []ssa.Value
	for _, blk := range callee.Blocks {
		r, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(r.Results) != 1 || slices.Contains(rets, r.Results[0]) {
			continue
		}
		rets = append(rets, r.Results[0])
	}
	if len(rets) == 0 || len(rets) > maxAlternatives {
		return nil
	}
	for i, p := range callee.Params {
		if arg, bound := b.sqBind[p]; bound && arg != call.Call.Args[i] {
			// The helper met again from another call (recursion, or
			// a second use in one chain): its parameters are taken.
			return nil
		}
	}
	for i, p := range callee.Params {
		b.sqBind[p] = call.Call.Args[i]
	}
	b.spend()
	return rets
}

// nestedField is a field reached from a root value through nested struct
// fields: r.sqlRepository.tableName is the fields 0 then 1 of
// *albumRepository.
type nestedField struct {
	root *types.Named
	path []int
}

func (f nestedField) key() string {
	var sb strings.Builder
	sb.WriteString(f.root.Obj().Pkg().Path() + "." + f.root.Obj().Name())
	for _, i := range f.path {
		fmt.Fprintf(&sb, ".%d", i)
	}
	return sb.String()
}

// pathOf returns the field path v loads, or the address of (addr): the
// root is the outermost value of named struct type, seen through the
// parameters of the helpers the statement's chain was followed into.
func (b *builder) pathOf(v ssa.Value, addr bool) (nestedField, bool) {
	var rev []int
	x := unwrap(v)
	if !addr {
		switch ld := x.(type) {
		case *ssa.UnOp:
			if ld.Op != token.MUL {
				return nestedField{}, false
			}
			x = ld.X
		case *ssa.Field:
		default:
			return nestedField{}, false
		}
	}
	for i := 0; i < 8; i++ {
		switch y := x.(type) {
		case *ssa.FieldAddr:
			rev = append(rev, y.Field)
			x = y.X
			continue
		case *ssa.Field:
			rev = append(rev, y.Field)
			x = y.X
			continue
		case *ssa.UnOp:
			if y.Op == token.MUL {
				x = y.X // a copy of the struct: its fields are the same
				continue
			}
		case *ssa.Parameter:
			if arg, ok := b.sqBind[y]; ok {
				x = unwrap(arg)
				continue
			}
		case *ssa.Alloc:
			// A value receiver spilled to a local: the parameter it
			// was stored from.
			if p := spilledParam(y); p != nil {
				x = p
				continue
			}
		}
		break
	}
	if len(rev) == 0 {
		return nestedField{}, false
	}
	t := x.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nestedField{}, false
	}
	out := nestedField{root: n.Origin()}
	for i := len(rev) - 1; i >= 0; i-- {
		out.path = append(out.path, rev[i])
	}
	return out, true
}

// typeAt returns the named struct type at the first k fields of f's path.
func (f nestedField) typeAt(k int) *types.Named {
	n := f.root
	for _, i := range f.path[:k] {
		st, ok := n.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t := st.Field(i).Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		m, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return nil
		}
		n = m.Origin()
	}
	return n
}

// fieldPathConstant returns the string constant a nested field of a
// struct of this package holds: every store into that field of that
// struct (the constructor's r.tableName = "album", where tableName is a
// field of the embedded base) stores one constant, and the stores into
// the base's field made through the base alone only normalize it
// (r.tableName = strings.ToLower(r.tableName)) or fill it in when it is
// empty (if r.tableName == "" { r.tableName = ... }).
func (b *builder) fieldPathConstant(v ssa.Value) (string, bool) {
	fp, ok := b.pathOf(v, false)
	if !ok || len(fp.path) < 2 || fp.root.Obj().Pkg() != b.pass.Pkg {
		return "", false
	}
	key := fp.key()
	if c, seen := b.sqPathConsts[key]; seen {
		return c.s, c.ok
	}
	c := fieldConst{}
	stores := 0
	saved := b.sqBind
	b.sqBind = nil // the stores are read in their own functions
	defer func() { b.sqBind = saved }()
scan:
	for _, fn := range b.srcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				store, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := store.Addr.(*ssa.FieldAddr)
				if !ok || fa.Field != fp.path[len(fp.path)-1] {
					continue
				}
				sp, ok := b.pathOf(fa, true)
				if !ok {
					continue
				}
				switch {
				case sp.key() == key:
					s, isConst := constString(store.Val)
					if !isConst || stores > 0 && s != c.s {
						stores = -1
						break scan
					}
					c.s = s
					stores++
				case b.innerStore(fp, sp):
					if !normalizes(store, fa) && !guardedEmpty(store, fa) {
						stores = -1
						break scan
					}
				}
			}
		}
	}
	c.ok = stores > 0
	if b.sqPathConsts == nil {
		b.sqPathConsts = map[string]fieldConst{}
	}
	b.sqPathConsts[key] = c
	return c.s, c.ok
}

// innerStore reports whether sp is fp's field reached from a struct fp's
// root holds (the embedded base's own field), not from fp's root.
func (b *builder) innerStore(fp, sp nestedField) bool {
	for k := 1; k < len(fp.path); k++ {
		if sp.root == fp.typeAt(k) && len(sp.path) == len(fp.path)-k {
			same := true
			for i, f := range sp.path {
				same = same && f == fp.path[k+i]
			}
			if same {
				return true
			}
		}
	}
	return false
}

// normalizes reports a store whose value is computed from the field's
// own value (x.f = strings.ToLower(x.f)).
func normalizes(store *ssa.Store, fa *ssa.FieldAddr) bool {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{store.Val}
	for len(work) > 0 && len(seen) < 64 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == nil || seen[x] {
			continue
		}
		seen[x] = true
		if sameFieldLoad(x, fa) {
			return true
		}
		instr, ok := x.(ssa.Instruction)
		if !ok {
			continue
		}
		work = slices.AppendSeq(work, ssautil.Operands(instr))
	}
	return false
}

// sameFieldLoad reports a load of the field fa addresses, of the same
// struct.
func sameFieldLoad(x ssa.Value, fa *ssa.FieldAddr) bool {
	ld, ok := x.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	g, ok := ld.X.(*ssa.FieldAddr)
	return ok && g.X == fa.X && g.Field == fa.Field
}

// guardedEmpty reports a store made only when the field is empty: its
// block is dominated by the true branch of if x.f == "".
func guardedEmpty(store *ssa.Store, fa *ssa.FieldAddr) bool {
	for _, blk := range store.Parent().Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok || len(blk.Succs) != 2 {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL {
			continue
		}
		x, y := cmp.X, cmp.Y
		if !sameFieldLoad(x, fa) {
			x, y = y, x
		}
		if s, ok := constString(y); !ok || s != "" || !sameFieldLoad(x, fa) {
			continue
		}
		if blk.Succs[0].Dominates(store.Block()) {
			return true
		}
	}
	return false
}

// spilledParam returns the parameter a local struct variable holds when
// its one store is the parameter's value at entry.
func spilledParam(a *ssa.Alloc) *ssa.Parameter {
	if a.Heap || a.Referrers() == nil {
		return nil
	}
	var p *ssa.Parameter
	for _, r := range *a.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		q, ok := st.Val.(*ssa.Parameter)
		if !ok || p != nil {
			return nil
		}
		p = q
	}
	return p
}

// sqlizerStmt returns the statement a squirrel Sqlizer value holds: a
// builder's, or the text and arguments of sq.Expr(sql, args...) passed
// whole (r.executeSQL(Expr("UPDATE ... WHERE id = ?", id))).
func (b *builder) sqlizerStmt(v ssa.Value) *builtStmt {
	if st := b.squirrelBuild(v); st != nil {
		return st
	}
	p := &sqParts{}
	piece, ok := b.sqExpr(p, v)
	if !ok {
		return nil
	}
	return &builtStmt{text: piece.text, args: piece.args, partial: p.partial}
}
