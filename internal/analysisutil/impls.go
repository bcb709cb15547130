package analysisutil

import "go/types"

// Impls finds the package-level named types of a package that implement
// an interface, and remembers the answers for the life of one pass.
//
// The passes look for the implementations of an interface method at every
// call through the interface; scanning every type of every import each
// time (sorting each scope's names, types.Implements against a sqlc
// Querier of hundreds of methods) was more than half of idemvet's CPU on
// hatchet. The answer depends only on the interface and the package, so
// the methods of one interface share it. The zero value is ready to use;
// an Impls is not safe for concurrent use.
type Impls struct {
	concrete map[*types.Package][]*types.TypeName
	of       map[implsKey][]Impl
}

// An Impl is a named type implementing an interface: Type is Name's type,
// or a pointer to it when only the pointer implements the interface.
type Impl struct {
	Name *types.TypeName
	Type types.Type
}

type implsKey struct {
	iface *types.Interface
	pkg   *types.Package
}

// Of returns the package-level named types of p that are neither aliases
// nor interfaces and implement iface (by value, or else by pointer), in
// the order of their names.
func (c *Impls) Of(iface *types.Interface, p *types.Package) []Impl {
	k := implsKey{iface, p}
	if out, ok := c.of[k]; ok {
		return out
	}
	var out []Impl
	for _, tn := range c.Concrete(p) {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if types.Implements(t, iface) {
				out = append(out, Impl{tn, t})
				break
			}
		}
	}
	if c.of == nil {
		c.of = map[implsKey][]Impl{}
	}
	c.of[k] = out
	return out
}

// Concrete returns the package-level named types of p that are neither
// aliases nor interfaces, in the order of their names.
func (c *Impls) Concrete(p *types.Package) []*types.TypeName {
	if out, ok := c.concrete[p]; ok {
		return out
	}
	out := []*types.TypeName{}
	scope := p.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		out = append(out, tn)
	}
	if c.concrete == nil {
		c.concrete = map[*types.Package][]*types.TypeName{}
	}
	c.concrete[p] = out
	return out
}
