package dbcall

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// This file assembles gorp's model methods (apis.GorpModelMethods): the
// statement Insert, Update, Delete or Get runs on a struct whose table the
// package registered with AddTableWithName.

// gorpTable is a struct type's registration: its table and the key
// SetKeys named (fields or columns, as written).
type gorpTable struct {
	name string
	keys []string
	auto bool // SetKeys(true, ...): the database numbers the key, Insert leaves it out
}

// gorpModel reports a call of a gorp model method, and the kind of
// statement it runs.
func gorpModel(call *ssa.CallCommon) (name, kind string, ok bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || apis.Canonical(f.Pkg().Path()) != apis.GorpPkg {
		return "", "", false
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return "", "", false
	}
	switch recvName(sig.Recv().Type()) {
	case "DbMap", "Transaction", "SqlExecutor":
	default:
		return "", "", false
	}
	kind, ok = apis.GorpModelMethods[f.Name()]
	return f.Name(), kind, ok
}

// gorpRegistry returns the package's table registrations by struct type,
// found once: AddTableWithName(T{}, "name") (AddTable(T{}): the type's
// name), with the key of a SetKeys called on its result.
func (b *builder) gorpRegistry() map[*types.TypeName]gorpTable {
	if b.gorpTables != nil {
		return b.gorpTables
	}
	b.gorpTables = map[*types.TypeName]gorpTable{}
	for _, fn := range b.srcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				f := analysisutil.CalleeFunc(call.Common())
				if f == nil || f.Pkg() == nil || apis.Canonical(f.Pkg().Path()) != apis.GorpPkg || !apis.GorpRegisters[f.Name()] {
					continue
				}
				args := ssautil.FullArgs(call.Common())
				if len(args) < 2 {
					continue
				}
				n := modelType(unwrap(args[1]).Type())
				if n == nil {
					continue
				}
				t := gorpTable{name: strings.ToLower(n.Obj().Name())}
				if f.Name() == "AddTableWithName" {
					s, ok := constString(args[len(args)-1])
					if !ok {
						continue // a name made at run time: unknown
					}
					t.name = strings.ToLower(s)
				}
				t.keys, t.auto = gorpKeys(call)
				b.gorpTables[n.Obj()] = t
			}
		}
	}
	return b.gorpTables
}

// gorpKeys returns the names a SetKeys call on the registration's result
// gives (nil when there is none, or they are not constants), and whether
// the key is auto-incremented.
func gorpKeys(reg *ssa.Call) ([]string, bool) {
	refs := reg.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		f := analysisutil.CalleeFunc(call.Common())
		if f == nil || f.Name() != apis.GorpSetKeys {
			continue
		}
		args := ssautil.FullArgs(call.Common())
		if len(args) < 3 {
			continue
		}
		auto, _ := args[1].(*ssa.Const)
		vals, ok := variadicArgs(args[2])
		if !ok {
			return nil, false
		}
		var keys []string
		for _, v := range vals {
			s, ok := constString(v)
			if !ok {
				return nil, false
			}
			keys = append(keys, s)
		}
		return keys, auto != nil && auto.Value != nil && auto.Value.String() == "true"
	}
	return nil, false
}

// gorpFields lists a registered struct's columns as gorp maps them: the
// db tag's first element, else the field's name; "-" and unexported
// fields skipped, embedded structs flattened. A field is the key when
// keys names it or its column (the column id without a SetKeys).
func gorpFields(st *types.Struct, keys []string) []gormField {
	out := dbTagFields(st, func(f *types.Var, tags reflect.StructTag) (string, bool) {
		tag, _ := tags.Lookup(apis.PopTag)
		col := strings.TrimSpace(strings.Split(tag, ",")[0])
		if f.Anonymous() && col == "" {
			return "", true
		}
		if col == "" {
			col = f.Name()
		}
		return col, false
	})
	for i := range out {
		f := &out[i]
		if keys == nil {
			f.primary = f.column == "id"
			continue
		}
		for _, k := range keys {
			if strings.EqualFold(k, f.path[len(f.path)-1]) || strings.EqualFold(k, f.column) {
				f.primary = true
			}
		}
	}
	return out
}

// gorpAccess builds the accesses of a model method call: one per model
// passed (Insert(&a, &b) writes two rows), or the read of Get.
func (b *builder) gorpAccess(fn *ssa.Function, call ssa.CallInstruction, name, kind string) []*Access {
	common := call.Common()
	args := ssautil.FullArgs(common)
	if len(args) < 2 {
		return nil
	}
	base := func() *Access {
		return &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibGorp, Handle: b.resolveRef(refOf(args[0])), RowsReturned: -1, ResultReturned: -1, Method: name}
	}
	model := func(v ssa.Value) (gorpTable, []gormField, bool) {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X // the model as passed: r of Update(r), even when r is obj.(*T)
		}
		n := modelType(v.Type())
		if n == nil {
			n = modelType(unwrap(v).Type())
		}
		if n == nil {
			return gorpTable{}, nil, false
		}
		reg, ok := b.gorpRegistry()[n.Obj()]
		st, isStruct := n.Underlying().(*types.Struct)
		if !ok || !isStruct {
			return gorpTable{}, nil, false
		}
		return reg, gorpFields(st, reg.keys), true
	}
	v := call.Value()
	if kind == "get" {
		reg, fields, ok := model(args[1])
		if !ok {
			return nil
		}
		a := base()
		a.Kind, a.Table = KindRead, reg.name
		keys, ok := variadicArgs(args[len(args)-1])
		var pk []gormField
		for _, f := range fields {
			if f.primary {
				pk = append(pk, f)
			}
		}
		if !ok || len(keys) != len(pk) {
			a.Partial = true
		} else {
			for i, f := range pk {
				a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(refOf(keys[i]))})
			}
		}
		if v != nil {
			a.Err = extracts(v, 1)
			objs := extracts(v, 0)
			a.Found = Outcome{Signal: SignalNil, Values: objs}
			if len(objs) == 1 {
				// The row comes back as a new *T in the interface: its
				// fields are those of obj.(*T).
				for _, f := range fields {
					a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(objs[0], f.path), Addr: true})
				}
			}
		}
		return []*Access{a}
	}
	models, ok := ssautil.VariadicArgs(args[len(args)-1]) // as passed: model() reads r's type in Update(r) of r := obj.(*T)
	if !ok {
		return nil
	}
	var out []*Access
	for _, m := range models {
		reg, fields, ok := model(m)
		if !ok {
			continue
		}
		a := base()
		a.Table = reg.name
		a.ModelUniques = modelUniques(fields)
		switch kind {
		case "insert":
			a.Kind = KindInsert
			a.Set = b.gormValues(call, m, fields, false)
			for _, f := range fields {
				if f.primary && reg.auto {
					a.Set = dropColumn(a.Set, f.column)
				}
			}
		case "update":
			a.Kind = KindUpdate
			set := b.gormValues(call, m, fields, !xormFresh(m))
			for _, f := range fields {
				if f.primary {
					set = dropColumn(set, f.column)
				}
			}
			a.Set = set
			b.popPrimaryWhere(a, m, fields)
		case "delete":
			a.Kind = KindDelete
			b.popPrimaryWhere(a, m, fields)
		}
		if v != nil {
			if kind == "insert" {
				a.Err = []ssa.Value{v}
			} else {
				a.Err = extracts(v, 1)
				a.RowsAffected = usedExtracts(v, 0)
			}
		}
		out = append(out, a)
	}
	return out
}
