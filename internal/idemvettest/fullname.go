package idemvettest

import (
	"go/types"
	"strings"
)

// ResolvesFullName reports whether the function or method key ("pkg.F",
// "(pkg.T).M", "(*pkg.T).M") exists in pkg with exactly that full name:
// the tests that hold passes/apis' FullName-keyed tables to the real
// libraries ask it of every key.
func ResolvesFullName(pkg *types.Package, key string) bool {
	if !strings.HasPrefix(key, "(") {
		f, ok := pkg.Scope().Lookup(strings.TrimPrefix(key, pkg.Path()+".")).(*types.Func)
		return ok && f.FullName() == key
	}
	end := strings.Index(key, ")")
	recv := strings.TrimPrefix(strings.TrimPrefix(key[1:end], "*"), pkg.Path()+".")
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return false
	}
	var t types.Type = types.NewPointer(tn.Type())
	if types.IsInterface(tn.Type()) {
		t = tn.Type()
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, key[end+2:])
	f, ok := obj.(*types.Func)
	return ok && f.FullName() == key
}
