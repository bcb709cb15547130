package netcall

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// bodyKeys returns the idempotency keys a request body carries: the body
// is the JSON encoding of a struct with a key field (apis.BodyKeyFields),
// wrapped as a reader:
//
//	data, _ := json.Marshal(event)               // event.EventID minted by the caller
//	req, _ := http.NewRequest("POST", url, bytes.NewBuffer(data))
//
// Each key is reported under keyHeader, with the value the field holds:
// the one stored into a struct built in fn, else the field of the value
// encoded (a parameter's, a result's).
func (b *builder) bodyKeys(fn *ssa.Function, body ssa.Value) []hdr {
	v := ssautil.Unwrap(body)
	call, ok := v.(*ssa.Call)
	if !ok || !apis.BodyReaders[analysisutil.FuncName(call.Common())] || len(call.Call.Args) == 0 {
		return nil
	}
	v = ssautil.Unwrap(call.Call.Args[0])
	if conv, ok := v.(*ssa.Convert); ok {
		v = conv.X // strings.NewReader(string(data))
	}
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil
	}
	enc, ok := ex.Tuple.(*ssa.Call)
	if !ok || !apis.BodyEncoders[analysisutil.FuncName(enc.Common())] || len(enc.Call.Args) == 0 {
		return nil
	}
	val := ssautil.Unwrap(enc.Call.Args[0])
	st, ok := derefStruct(val.Type())
	if !ok {
		return nil
	}
	var out []hdr
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !bodyKeyField(f, st.Tag(i)) {
			continue
		}
		if stored := storedField(val, i); len(stored) > 0 {
			for _, s := range stored {
				out = append(out, hdr{name: keyHeader, v: b.classify(fn, s, "")})
			}
			continue
		}
		out = append(out, hdr{name: keyHeader, v: b.classify(fn, val, f.Name())})
	}
	return out
}

// derefStruct returns the struct type of t or of what it points to.
func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// bodyKeyField reports a field named as a key, in Go or in its json tag.
func bodyKeyField(f *types.Var, tag string) bool {
	norm := func(s string) string {
		return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s))
	}
	names := []string{f.Name()}
	if j := reflect.StructTag(tag).Get("json"); j != "" {
		if n, _, _ := strings.Cut(j, ","); n != "" && n != "-" {
			names = append(names, n)
		}
	}
	for _, k := range apis.BodyKeyFields {
		for _, n := range names {
			if norm(n) == norm(k) {
				return true
			}
		}
	}
	return false
}

// storedField returns the values stored into field i of the struct v
// holds, when fn builds it: &T{...} (an allocation), or a load of a local
// built so.
func storedField(v ssa.Value, i int) []ssa.Value {
	if ld, ok := v.(*ssa.UnOp); ok {
		v = ld.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fa.X == alloc && fa.Field == i {
			out = append(out, storesTo(fa)...)
		}
	}
	return out
}
