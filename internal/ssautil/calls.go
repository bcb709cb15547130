package ssautil

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Unwrap strips the conversions that keep a value's identity: interface
// boxing and changes of named type.
func Unwrap(v ssa.Value) ssa.Value {
	for i := 0; i < 32 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// FullArgs returns a call's arguments with the receiver first, the way the
// callee's Params list them (for interface calls too).
func FullArgs(call *ssa.CallCommon) []ssa.Value {
	if call.IsInvoke() {
		return append([]ssa.Value{call.Value}, call.Args...)
	}
	return call.Args
}

// CallArgs returns a call's arguments without the receiver.
func CallArgs(call *ssa.CallCommon) []ssa.Value {
	if call.IsInvoke() {
		return call.Args
	}
	if fn := call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(call.Args) > 0 {
		return call.Args[1:]
	}
	if sig, ok := call.Value.Type().Underlying().(*types.Signature); ok && sig.Recv() != nil && len(call.Args) > 0 {
		return call.Args[1:]
	}
	return call.Args
}

// Receiver returns a method call's receiver, or nil for a function call.
func Receiver(call *ssa.CallCommon) ssa.Value {
	if call.IsInvoke() {
		return call.Value
	}
	if fn := call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(call.Args) > 0 {
		return call.Args[0]
	}
	return nil
}

// FuncOf returns the function a func value denotes: a closure or a named
// function, or nil.
func FuncOf(v ssa.Value) *ssa.Function {
	switch x := Unwrap(v).(type) {
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		return fn
	case *ssa.Function:
		return x
	}
	return nil
}

// ObjLabel names a function for messages: "store.GetUser",
// "store.Users.GetUser".
func ObjLabel(obj *types.Func) string {
	pkg := ""
	if obj.Pkg() != nil {
		pkg = obj.Pkg().Name() + "."
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + n.Obj().Name() + "." + obj.Name()
		}
	}
	return pkg + obj.Name()
}

// FuncLabel is ObjLabel for an SSA function (its generic origin's object).
func FuncLabel(fn *ssa.Function) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return ObjLabel(obj)
	}
	return fn.Name()
}

// VariadicArgs returns the values packed by the call into the ...T slice v,
// by position (nil where nothing is stored), boxing removed; ok is false
// when v is not a literal packing (args... passed on, a slice variable).
func VariadicArgs(v ssa.Value) (vals []ssa.Value, ok bool) {
	switch x := v.(type) {
	case *ssa.Const:
		return nil, x.Value == nil // a nil slice: no arguments
	case *ssa.Slice:
		a, isAlloc := x.X.(*ssa.Alloc)
		if !isAlloc {
			return nil, false
		}
		return ArrayElems(a)
	}
	return nil, false
}

// ArrayElems returns the values stored into the elements of a local array,
// index by index (nil where none is), or false when an element is
// addressed by a non-constant index.
func ArrayElems(a *ssa.Alloc) (vals []ssa.Value, ok bool) {
	if a.Referrers() == nil {
		return nil, false
	}
	arr, isArr := a.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !isArr {
		return nil, false
	}
	vals = make([]ssa.Value, arr.Len())
	for _, r := range *a.Referrers() {
		ia, isIdx := r.(*ssa.IndexAddr)
		if !isIdx {
			continue
		}
		c, isConst := ia.Index.(*ssa.Const)
		if !isConst {
			return nil, false
		}
		i, exact := constant.Int64Val(c.Value)
		if !exact || i < 0 || int(i) >= len(vals) {
			return nil, false
		}
		for _, rr := range *ia.Referrers() {
			if st, isStore := rr.(*ssa.Store); isStore && st.Addr == ia {
				vals[i] = Unwrap(st.Val)
			}
		}
	}
	return vals, true
}

// ConstString returns the value of a string constant.
func ConstString(v ssa.Value) (string, bool) {
	c, ok := Unwrap(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// ClosureBinding returns the value bound to a closure's free variable by
// the one MakeClosure of its parent that creates the closure (for a
// captured variable, its Alloc), or nil when there is none or several.
func ClosureBinding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 || fn.Parent() == nil {
		return nil
	}
	var bound ssa.Value
	for _, blk := range fn.Parent().Blocks {
		for _, instr := range blk.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				if bound != nil {
					return nil
				}
				bound = mc.Bindings[idx]
			}
		}
	}
	return bound
}
