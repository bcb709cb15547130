package analysisutil

import (
	"go/types"
	"strings"
	"sync"
)

// Impls finds the package-level named types of a package that implement
// an interface, and remembers the answers for the life of one pass.
//
// The passes look for the implementations of an interface method at every
// call through the interface; scanning every type of every import each
// time (sorting each scope's names, types.Implements against a sqlc
// Querier of hundreds of methods) was more than half of idemvet's CPU on
// hatchet. The answer depends only on the interface and the package, so
// the methods of one interface share it, and so do the passes of one
// package (ssabuild's result holds the package's Impls). The zero value is
// ready to use; an Impls is safe for concurrent use.
type Impls struct {
	// Own is the package under analysis, when known: answers about an
	// interface and a package that are both another package's are the
	// same for every package of the process, and are shared (shared).
	Own      *types.Package
	mu       sync.Mutex
	concrete map[*types.Package][]*types.TypeName
	of       map[implsKey][]Impl
	ctxt     *types.Context // shares the instances OfArgs makes
}

// An Impl is a named type implementing an interface: Type is Name's type
// (for a generic type, its instance; see OfArgs), or a pointer to it when
// only the pointer implements the interface.
type Impl struct {
	Name *types.TypeName
	Type types.Type
}

type implsKey struct {
	iface *types.Interface
	pkg   *types.Package
	targs string // OfArgs's type arguments, as types.TypeString spells them
}

// Of returns the package-level named types of p that are neither aliases
// nor interfaces and implement iface (by value, or else by pointer), in
// the order of their names. Generic types are checked uninstantiated: see
// OfArgs.
func (c *Impls) Of(iface *types.Interface, p *types.Package) []Impl { return c.OfArgs(iface, nil, p) }

// OfArgs is Of for an interface instantiated with targs (the method of a
// BatchedTx[Queries] interface): a generic type of p with as many type
// parameters is instantiated with targs (TransactionExecutor[Queries])
// and, when that satisfies its constraints, checked instead; Type is the
// instance (or a pointer to it). Uninstantiated, a generic type whose
// methods mention its type parameters implements no instance of the
// interface (types.Implements answers false).
func (c *Impls) OfArgs(iface *types.Interface, targs []types.Type, p *types.Package) []Impl {
	k := implsKey{iface: iface, pkg: p}
	if len(targs) > 0 {
		names := make([]string, len(targs))
		for i, t := range targs {
			names[i] = types.TypeString(t, nil)
		}
		k.targs = strings.Join(names, ",")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if out, ok := c.of[k]; ok {
		return out
	}
	share := c.Own != nil && len(targs) == 0 && p != c.Own && !declares(iface, c.Own)
	if share {
		if out, ok := shared.Load(k); ok {
			c.remember(k, out.([]Impl))
			return out.([]Impl)
		}
	}
	var out []Impl
	for _, tn := range c.concreteOf(p) {
		t := tn.Type()
		if n, ok := t.(*types.Named); ok && n.TypeParams().Len() > 0 && n.TypeParams().Len() == len(targs) {
			if c.ctxt == nil {
				c.ctxt = types.NewContext()
			}
			inst, err := types.Instantiate(c.ctxt, n, targs, true)
			if err != nil {
				continue // the type arguments do not satisfy its constraints
			}
			t = inst
		}
		if iface.NumMethods() > 0 && noMethods(t) {
			// Neither T nor *T has a method: sqlc's parameter and row
			// structs, thousands in one package, asked about each
			// interface of every call through one.
			continue
		}
		for _, t := range []types.Type{t, types.NewPointer(t)} {
			if types.Implements(t, iface) {
				out = append(out, Impl{tn, t})
				break
			}
		}
	}
	if share {
		if prev, loaded := shared.LoadOrStore(k, out); loaded {
			out = prev.([]Impl)
		}
	}
	c.remember(k, out)
	return out
}

func (c *Impls) remember(k implsKey, out []Impl) {
	if c.of == nil {
		c.of = map[implsKey][]Impl{}
	}
	c.of[k] = out
}

// shared holds OfArgs's answers about interfaces and packages of other
// packages than the one under analysis (without type arguments), for
// every package of the process: a standalone run analyzing hundreds of
// packages that import one sqlc package asked each about the same
// interfaces (6% of its CPU). Its keys and answers are objects of those
// packages, which the run keeps for their importers anyway.
var shared sync.Map

// declares reports whether one of iface's methods is pkg's.
func declares(iface *types.Interface, pkg *types.Package) bool {
	for i := 0; i < iface.NumMethods(); i++ {
		if iface.Method(i).Pkg() == pkg {
			return true
		}
	}
	return false
}

// noMethods reports whether the method sets of t and *T are empty: t is a
// named type declaring no methods, whose underlying type is not a struct
// with embedded fields (which could promote some).
func noMethods(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || n.NumMethods() > 0 {
		return false
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Embedded() {
				return false
			}
		}
		return true
	case *types.Interface:
		return false
	}
	return true
}

// Concrete returns the package-level named types of p that are neither
// aliases nor interfaces, in the order of their names.
func (c *Impls) Concrete(p *types.Package) []*types.TypeName {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.concreteOf(p)
}

func (c *Impls) concreteOf(p *types.Package) []*types.TypeName {
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

// TypeArgs returns the type arguments OfArgs needs for a call through a
// value of interface type t: those of t when it is an instance
// (BatchedTx[Queries]), or else those of the first instance its interface
// embeds (an interface embedding Queries and BatchedTx[Queries]), or nil.
func TypeArgs(t types.Type) []types.Type {
	seen := map[types.Type]bool{}
	var walk func(t types.Type) []types.Type
	walk = func(t types.Type) []types.Type {
		t = types.Unalias(t)
		if seen[t] {
			return nil
		}
		seen[t] = true
		if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() > 0 {
			out := make([]types.Type, n.TypeArgs().Len())
			for i := range out {
				out[i] = n.TypeArgs().At(i)
			}
			return out
		}
		iface, ok := t.Underlying().(*types.Interface)
		if !ok {
			return nil
		}
		for i := 0; i < iface.NumEmbeddeds(); i++ {
			if out := walk(iface.EmbeddedType(i)); out != nil {
				return out
			}
		}
		return nil
	}
	return walk(t)
}

// Instance returns the receiver type recv (T or *T of a generic T[P])
// instantiated with targs, or recv when it is not generic or targs do not
// fit it.
func (c *Impls) Instance(recv types.Type, targs []types.Type) types.Type {
	ptr, isPtr := recv.(*types.Pointer)
	base := recv
	if isPtr {
		base = ptr.Elem()
	}
	n, ok := types.Unalias(base).(*types.Named)
	if !ok || n.TypeParams().Len() == 0 || n.TypeParams().Len() != len(targs) {
		return recv
	}
	c.mu.Lock()
	if c.ctxt == nil {
		c.ctxt = types.NewContext()
	}
	ctxt := c.ctxt
	c.mu.Unlock()
	inst, err := types.Instantiate(ctxt, n.Origin(), targs, true)
	if err != nil {
		return recv
	}
	if isPtr {
		return types.NewPointer(inst)
	}
	return inst
}

// MethodTypeArgs returns the type arguments of the interface instance declaring
// m (BatchedTx[Queries] for its ExecTx), or of the generic interface
// itself (its type parameters), or nil.
func MethodTypeArgs(m *types.Func) []types.Type {
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	n, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok {
		return nil
	}
	var out []types.Type
	if l := n.TypeArgs(); l.Len() > 0 {
		for i := 0; i < l.Len(); i++ {
			out = append(out, l.At(i))
		}
		return out
	}
	for i := 0; i < n.TypeParams().Len(); i++ {
		out = append(out, n.TypeParams().At(i))
	}
	return out
}

// Methods returns the declared methods a call of method name on a value of
// type t runs: t's own method or one promoted from an embedded struct
// (origins of generic instances), or, when the method is promoted from an
// embedded interface field (an executor embedding the interface of the
// queries it was given), the methods of that field's implementations in
// pkgs or in the interface's own package, followed the same way. Each
// embedded interface is followed once, at most three deep.
func (c *Impls) Methods(t types.Type, pkg *types.Package, name string, pkgs []*types.Package) []*types.Func {
	var out []*types.Func
	seen := map[types.Type]bool{}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		obj, index, _ := types.LookupFieldOrMethod(t, true, pkg, name)
		m, ok := obj.(*types.Func)
		if !ok {
			return
		}
		field := embeddedInterface(t, index)
		if field == nil {
			for _, o := range out {
				if o == m.Origin() {
					return
				}
			}
			out = append(out, m.Origin())
			return
		}
		if depth >= 3 || seen[field] {
			return
		}
		seen[field] = true
		iface := field.Underlying().(*types.Interface)
		search := append([]*types.Package(nil), pkgs...)
		if n, ok := types.Unalias(field).(*types.Named); ok && n.Obj().Pkg() != nil {
			search = append(search, n.Obj().Pkg())
		}
		done := map[*types.Package]bool{}
		for _, p := range search {
			if p == nil || done[p] {
				continue
			}
			done[p] = true
			for _, im := range c.OfArgs(iface, TypeArgs(field), p) {
				walk(im.Type, depth+1)
			}
		}
	}
	walk(t, 0)
	return out
}

// embeddedInterface returns the type of the first embedded field of
// interface type on the path index (of types.LookupFieldOrMethod) from t,
// or nil when the method is declared by a concrete type on the path.
func embeddedInterface(t types.Type, index []int) types.Type {
	for _, i := range index[:max(len(index)-1, 0)] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
		if types.IsInterface(t) {
			return t
		}
	}
	return nil
}

// PromotedFromInterface reports whether the method at the path index (of
// types.LookupFieldOrMethod) from t is promoted from an embedded field of
// interface type.
func PromotedFromInterface(t types.Type, index []int) bool { return embeddedInterface(t, index) != nil }
