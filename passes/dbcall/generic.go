package dbcall

import (
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Generic models: a function of one of its type parameters reads or
// writes the table of the type argument its caller gives.
//
//	func updateAssociation[T differ](ctx context.Context, p *Persister, i *Identity) ([]T, error) {
//		var inDB []T
//		err := p.GetConnection(ctx).Where("identity_id = ? AND nid = ?", i.ID, p.NetworkID(ctx)).All(&inDB)
//
//	updateAssociation[identity.Address](ctx, p, i)  → select identity_verifiable_addresses where identity_id, nid

// modelTypeParam returns the type parameter a model of type t is (T, *T,
// []T, *[]T), or nil.
func modelTypeParam(t types.Type) *types.TypeParam {
	for i := 0; i < 4 && t != nil; i++ {
		if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
			return tp
		}
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		default:
			return nil
		}
	}
	return nil
}

// markTableType records, on an ORM access whose table is unknown because
// its model is a type parameter, that parameter and the library's naming.
func markTableType(a *Access, model ssa.Value, naming tableNaming) {
	if a.Table != "" || model == nil {
		return
	}
	if tp := modelTypeParam(unwrap(model).Type()); tp != nil {
		a.tableType, a.tableNaming = tp, naming
	}
}

// typeParamIndex returns the index of tp among fn's type parameters (a
// method's are its receiver's), or -1.
func typeParamIndex(fn *ssa.Function, tp *types.TypeParam) int {
	for fn.Parent() != nil {
		fn = fn.Parent() // a function literal of the generic function
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	tps := fn.TypeParams()
	for i := 0; i < tps.Len(); i++ {
		if tps.At(i) == tp {
			return i
		}
	}
	return -1
}

// tableOfTypeArg gives an access through a call of a generic function
// whose model is its type parameter k the table of the call's type
// argument, or, when that is a type parameter of the caller again, carries
// it on.
func (b *builder) tableOfTypeArg(fn *ssa.Function, a *Access, call ssa.CallInstruction, k int, naming tableNaming) {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return
	}
	targs := callee.TypeArgs()
	if k < 0 || k >= len(targs) {
		return
	}
	if tp := modelTypeParam(targs[k]); tp != nil {
		if typeParamIndex(fn, tp) >= 0 {
			a.tableType, a.tableNaming = tp, naming
		}
		return
	}
	a.Table = b.namedTable(targs[k], naming)
}

// namedTable returns the table of model type t under naming.
func (b *builder) namedTable(t types.Type, naming tableNaming) string {
	switch naming {
	case namingGorm:
		return b.modelTable(t, b.gormTable)
	case namingPop:
		return b.modelTable(t, gormTableName)
	case namingXorm:
		return b.modelTable(t, snakeCase)
	}
	return b.modelTable(t, func(string) string { return "" })
}

// typeMarker is the name a TableName() of a type parameter's value stands
// in as while tableParam looks for the statement's table.
const typeMarker = "idemvet_table_type_"

// typeTableName returns the marker of a t.TableName(...) call on a value
// whose type is a type parameter of b.markTypes (or a pointer to one).
func (b *builder) typeTableName(call *ssa.CallCommon) (string, bool) {
	if b.markTypes == nil {
		return "", false
	}
	var recv types.Type
	switch {
	case call.IsInvoke():
		if call.Method.Name() != "TableName" {
			return "", false
		}
		recv = call.Value.Type()
	default:
		return "", false
	}
	tp := modelTypeParam(recv)
	if tp == nil {
		return "", false
	}
	i := typeParamIndex(b.markTypes, tp)
	if i < 0 {
		return "", false
	}
	return typeMarker + strconv.Itoa(i), true
}

// typeOfMarker returns the type parameter of fn a table name marks.
func typeOfMarker(fn *ssa.Function, name string) *types.TypeParam {
	k, ok := strings.CutPrefix(name, typeMarker)
	if !ok {
		return nil
	}
	i, err := strconv.Atoi(k)
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if err != nil || i < 0 || i >= fn.TypeParams().Len() {
		return nil
	}
	return fn.TypeParams().At(i)
}
