package dbcall

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// goOrigins returns where in the function's inputs the Go value at path
// below v comes from: a parameter, free variable or global and the path
// of fields ("."+name) and elements ("[]") below it, followed through
// loads and the stores into local variables, conversions, phis, slicing,
// indexing and ranging over slices and maps, the keys and values put into
// a map, append, and a method called on the value alone (id.String()).
// Two values with a common origin name the same input: the key of one
// request item, collected into the array of a batch read
// (ids = append(ids, c.Player)) and used again as the key of that item's
// write (encoded[c.Player] = b; for id, b := range encoded).
func goOrigins(v ssa.Value, path string) map[string]bool {
	o := &origins{out: map[string]bool{}, seen: map[provKey]bool{}}
	o.visit(v, path, 0)
	return o.out
}

type origins struct {
	out  map[string]bool
	seen map[provKey]bool
}

func (o *origins) visit(v ssa.Value, path string, depth int) {
	v = unwrap(v)
	if v == nil || depth > 32 || len(path) > 64 {
		return
	}
	k := provKey{v, path}
	if o.seen[k] {
		return
	}
	o.seen[k] = true
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		o.out[fmt.Sprintf("%p%s", x, path)] = true
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return
		}
		o.visit(x.X, path, depth+1)
	case *ssa.Alloc:
		// A local variable: what is stored into it.
		if x.Referrers() == nil {
			return
		}
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				o.visit(st.Val, path, depth+1)
			}
		}
	case *ssa.FieldAddr:
		o.visit(x.X, "."+fieldName(x.X.Type(), x.Field)+path, depth+1)
	case *ssa.Field:
		o.visit(x.X, "."+fieldName(x.X.Type(), x.Field)+path, depth+1)
	case *ssa.IndexAddr:
		o.visit(x.X, "[]"+path, depth+1)
	case *ssa.Index:
		o.visit(x.X, "[]"+path, depth+1)
	case *ssa.Slice:
		o.visit(x.X, path, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			o.visit(e, path, depth+1)
		}
	case *ssa.Lookup:
		o.mapElems(x.X, false, path, depth)
		o.visit(x.X, "[]"+path, depth+1)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Lookup:
			if x.Index == 0 {
				o.visit(t, path, depth+1)
			}
		case *ssa.Next:
			rg, ok := t.Iter.(*ssa.Range)
			if !ok || t.IsString || x.Index == 0 {
				return
			}
			o.mapElems(rg.X, x.Index == 1, path, depth)
			if x.Index == 2 {
				o.visit(rg.X, "[]"+path, depth+1)
			}
		}
	case *ssa.Call:
		c := x.Common()
		if bi, ok := c.Value.(*ssa.Builtin); ok {
			if bi.Name() == "append" && len(c.Args) == 2 {
				o.visit(c.Args[0], path, depth+1)
				if len(path) >= 2 && path[:2] == "[]" {
					if vals, ok := variadicArgs(c.Args[1]); ok {
						for _, e := range vals {
							o.visit(e, path[2:], depth+1)
						}
					}
				}
			}
			return
		}
		// A method of the value alone: a rendering of it (id.String()).
		if c.Signature().Recv() != nil && len(c.Args) == 1 && path == "" {
			o.visit(c.Args[0], "", depth+1)
		} else if c.IsInvoke() && len(c.Args) == 0 && path == "" {
			o.visit(c.Value, "", depth+1)
		}
	}
}

// mapElems visits the keys (or values) put into the map m in its function.
func (o *origins) mapElems(m ssa.Value, keys bool, path string, depth int) {
	for _, v := range mapElems(m, keys) {
		o.visit(v, path, depth+1)
	}
}

// mapElems returns the keys (or values) put into the map m in its
// function (purses[id] = purse; m[k] = b).
func mapElems(m ssa.Value, keys bool) []ssa.Value {
	var out []ssa.Value
	for _, mv := range mapValues(unwrap(m)) {
		for _, r := range *mv.Referrers() {
			if mu, ok := r.(*ssa.MapUpdate); ok && mu.Map == mv {
				if keys {
					out = append(out, mu.Key)
				} else {
					out = append(out, mu.Value)
				}
			}
		}
	}
	return out
}

// mapValues returns the SSA values holding the map m in its function: m,
// and, for a map held in a variable, every load of it.
func mapValues(m ssa.Value) []ssa.Value {
	var out []ssa.Value
	if m.Referrers() != nil {
		out = append(out, m)
	}
	if ld, ok := m.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X.Referrers() != nil {
		for _, r := range *ld.X.Referrers() {
			if o, ok := r.(*ssa.UnOp); ok && o.Op == token.MUL && o != ld && o.Referrers() != nil {
				out = append(out, o)
			}
		}
	}
	return out
}

// commonOrigin reports whether a and b have an origin in common.
func commonOrigin(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}
