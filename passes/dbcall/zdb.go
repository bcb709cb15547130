package dbcall

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// zdbModelAccess returns the access of a zdb model write (apis.ZdbModelWrites):
// the statement zdb builds from the model's db tags, with each placeholder
// bound to the model's field.
//
//	func (s *Site) UpdateCode(ctx context.Context) error {
//		return zdb.Update(ctx, s, "code", "updated_at")   // update sites set code, updated_at where site_id
//	}
//
// The table is the constant the model type's Table method returns (a type
// of this package). An Update whose column list is not constant is left
// out, as is a model of no known table.
func (b *builder) zdbModelAccess(fn *ssa.Function, call ssa.CallInstruction, kind string) []*Access {
	args := ssautil.CallArgs(call.Common())
	if len(args) < 2 {
		return nil
	}
	model := args[1]
	if mi, ok := model.(*ssa.MakeInterface); ok {
		model = mi.X
	}
	named := modelType(model.Type())
	if named == nil {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	table, ok := b.localMethodString(named, apis.ZdbTableMethod)
	if !ok {
		return nil
	}
	type column struct {
		name, field      string
		id, noinsert, ro bool
	}
	var cols []column
	idCol := -1
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag, ok := reflect.StructTag(st.Tag(i)).Lookup("db")
		if !ok || tag == "-" || !f.Exported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			continue
		}
		c := column{name: name, field: f.Name()}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "id":
				c.id = true
			case "noinsert":
				c.noinsert = true
			case "readonly":
				c.ro = true
			}
		}
		if c.id {
			idCol = len(cols)
		}
		cols = append(cols, c)
	}
	var text strings.Builder
	var refs []Ref
	value := func(c column) Ref { return b.resolveRef(fieldValue(model, c.field)) }
	switch kind {
	case "insert":
		var names []string
		for _, c := range cols {
			if c.noinsert || c.id {
				continue
			}
			names = append(names, c.name)
			refs = append(refs, value(c))
		}
		if len(names) == 0 {
			return nil
		}
		text.WriteString("INSERT INTO " + table + " (" + strings.Join(names, ", ") + ") VALUES (" + strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", ") + ")")
		if len(args) > 2 {
			for _, v := range b.boundArgs(args[2]) {
				s, ok := constString(v)
				if !ok {
					return nil // a conflict clause made at run time
				}
				text.WriteString(" " + s)
			}
		}
	case "update":
		if idCol < 0 || len(args) < 3 {
			return nil
		}
		want := map[string]bool{}
		all := false
		for _, v := range b.boundArgs(args[2]) {
			if globalName(v) == apis.ZdbUpdateAll {
				all = true
				continue
			}
			s, ok := constString(v)
			if !ok {
				return nil
			}
			want[s] = true
		}
		var set []string
		for i, c := range cols {
			if i == idCol || c.noinsert || all && c.ro || !all && !want[c.name] {
				continue
			}
			set = append(set, c.name+" = ?")
			refs = append(refs, value(c))
		}
		if len(set) == 0 {
			return nil
		}
		text.WriteString("UPDATE " + table + " SET " + strings.Join(set, ", ") + " WHERE " + cols[idCol].name + " = ?")
		refs = append(refs, value(cols[idCol]))
	default:
		return nil
	}
	accs := b.fromStmtParams(fn, call, sqltext.Parse(text.String()), func(p sqltext.Param) Ref {
		if p.Index >= 0 && p.Index < len(refs) {
			return refs[p.Index]
		}
		return Ref{}
	})
	for _, a := range accs {
		a.Lib = apis.LibZdb
		a.Handle = b.resolveRef(refOf(args[0]))
		if v := call.Value(); v != nil {
			a.Err = []ssa.Value{v}
		}
	}
	return accs
}

// localMethodString returns the constant string the method name of a
// type of this package returns (zdb's func (Site) Table() string { return
// "sites" }).
func (b *builder) localMethodString(n *types.Named, name string) (string, bool) {
	if n.Obj().Pkg() != b.pass.Pkg {
		return "", false
	}
	for i := 0; i < n.NumMethods(); i++ {
		m := n.Method(i)
		if m.Name() != name {
			continue
		}
		fn := b.ssaPkg.Prog.FuncValue(m)
		if fn == nil {
			continue
		}
		for _, blk := range fn.Blocks {
			if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				if s, ok := constString(ret.Results[0]); ok {
					return s, true
				}
			}
		}
	}
	return "", false
}
