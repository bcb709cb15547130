package entry

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A registry keeps the functions handed to it and runs them later: the
// service's own cron registry, whose Register is called from the init of
// every package with a job, and whose NewCron schedules them all, each
// wrapped in a function preparing its context:
//
//	func Register(t CronType, fn TaskFunc) { registrations = append(registrations, registration{t: t, fn: fn}) }
//	func NewCron() *cron.Cron { for _, r := range registrations { c.AddFunc(spec, wrap(r.t, r.fn)) } ... }
//
// A slot is where a registry keeps a func value: a field of a struct type
// of the package, or a package-level map. A slot whose values reach a
// spawner makes a parameter stored in it spawned (spawned), so Register
// carries a spawn fact and its callers' jobs are schedules.
type slot struct {
	strct  *types.Named
	field  int
	global *ssa.Global
}

// registrySlots returns the slots of the package whose values are run
// concurrently, computed once; nil while being computed.
func (g *graph) registrySlots() map[slot]spawnUse {
	if g.slots != nil || g.slotsBusy {
		return g.slots
	}
	g.slotsBusy = true
	m := map[slot]spawnUse{}
	for _, fn := range g.fns {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				sp, ok := g.spawnerOf(analysisutil.CalleeFunc(call.Common()))
				if !ok {
					continue
				}
				for i, a := range ssautil.CallArgs(call.Common()) {
					u, ok := sp[i]
					if !ok {
						continue
					}
					for _, s := range g.slotsOf(a, 0) {
						if old, ok := m[s]; !ok || u.kind < old.kind {
							m[s] = u
						}
					}
				}
			}
		}
	}
	g.slots, g.slotsBusy = m, false
	return m
}

// slotsOf returns the slots a func value is loaded from: r.fn of a
// registration ranged over, a map's element, or an adapter's argument
// (wrap(r.t, r.fn), whose closure calls it).
func (g *graph) slotsOf(v ssa.Value, depth int) []slot {
	if depth > 3 {
		return nil
	}
	switch x := ssautil.Unwrap(v).(type) {
	case *ssa.Field:
		if s, ok := g.fieldSlot(x.X.Type(), x.Field); ok {
			return []slot{s}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				if s, ok := g.fieldSlot(p.Elem(), fa.Field); ok {
					return []slot{s}
				}
			}
		}
	case *ssa.Lookup:
		if gl := loadedGlobal(x.X); gl != nil {
			return []slot{{global: gl}}
		}
	case *ssa.Extract:
		if nx, ok := x.Tuple.(*ssa.Next); ok && x.Index == 2 {
			if r, ok := nx.Iter.(*ssa.Range); ok {
				if gl := loadedGlobal(r.X); gl != nil {
					return []slot{{global: gl}}
				}
			}
		}
	case *ssa.Phi:
		var out []slot
		for _, e := range x.Edges {
			out = append(out, g.slotsOf(e, depth+1)...)
		}
		return out
	case *ssa.Call:
		f := x.Call.StaticCallee()
		if f == nil || f.Pkg == nil || f.Pkg.Pkg != g.r.pkg {
			return nil
		}
		args := ssautil.CallArgs(&x.Call)
		var out []slot
		for _, j := range adapterParams(f) {
			if j < len(args) {
				out = append(out, g.slotsOf(args[j], depth+1)...)
			}
		}
		return out
	}
	return nil
}

// fieldSlot returns the slot of field i of t, a struct type declared in
// the package.
func (g *graph) fieldSlot(t types.Type, i int) (slot, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != g.r.pkg {
		return slot{}, false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return slot{}, false
	}
	return slot{strct: n.Origin(), field: i}, true
}

// loadedGlobal returns the package-level variable v is loaded from.
func loadedGlobal(v ssa.Value) *ssa.Global {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		gl, _ := u.X.(*ssa.Global)
		return gl
	}
	return nil
}

// storedSlot returns the slot a use of the parameter p stores it in:
// registration{fn: fn} (a store to the field of a composite literal),
// r.fn = fn, hooks[name] = fn.
func (g *graph) storedSlot(instr ssa.Instruction, p ssa.Value) (slot, bool) {
	switch x := instr.(type) {
	case *ssa.Store:
		fa, ok := x.Addr.(*ssa.FieldAddr)
		if !ok || x.Val != p {
			return slot{}, false
		}
		if ptr, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
			return g.fieldSlot(ptr.Elem(), fa.Field)
		}
	case *ssa.MapUpdate:
		if x.Value == p {
			if gl := loadedGlobal(x.Map); gl != nil {
				return slot{global: gl}, true
			}
		}
	}
	return slot{}, false
}

// adapterParams lists the func parameters (by index without the receiver)
// that fn wraps in the closure it returns and calls there:
//
//	func wrap(name string, task TaskFunc) func() { return func() { ...; task(ctx) } }
func adapterParams(fn *ssa.Function) []int {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var out []int
	for _, mc := range returnedClosures(fn) {
		cl, ok := mc.Fn.(*ssa.Function)
		if !ok {
			continue
		}
		for bi, b := range mc.Bindings {
			if bi >= len(cl.FreeVars) || !calls(cl.FreeVars[bi]) {
				continue
			}
			p := capturedParam(b)
			for i, q := range fn.Params {
				if q == p && i >= recv {
					out = append(out, i-recv)
				}
			}
		}
	}
	return out
}

// capturedParam returns the parameter a closure's binding captures: the
// parameter, or the cell it is stored in (a captured variable lives in an
// Alloc).
func capturedParam(b ssa.Value) *ssa.Parameter {
	if p, ok := b.(*ssa.Parameter); ok {
		return p
	}
	if a, ok := b.(*ssa.Alloc); ok {
		for _, r := range refsOf(a) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				if p, ok := st.Val.(*ssa.Parameter); ok {
					return p
				}
			}
		}
	}
	return nil
}

// returnedClosures returns the closures fn returns.
func returnedClosures(fn *ssa.Function) []*ssa.MakeClosure {
	var out []*ssa.MakeClosure
	for _, blk := range fn.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				if mc, ok := ssautil.Unwrap(r).(*ssa.MakeClosure); ok {
					out = append(out, mc)
				}
			}
		}
	}
	return out
}

// factoryClosure returns the closure that a call of a factory of the
// package returns, when it returns one function's closures only (a
// scheduled job built by a method: gocron.NewTask(tc.runPartition(ctx)),
// c.AddFunc(spec, s.sweepJob(db))); nil otherwise.
func (g *graph) factoryClosure(v ssa.Value) *ssa.Function {
	var out *ssa.Function
	for _, t := range g.adapted(v) {
		if out != nil && t != out {
			return nil
		}
		out = t
	}
	return out
}

// adapted returns the closures a call of a function of the package
// returns: a factory's (s.sweepJob(db)), or an adapter's (wrap(r.t,
// r.fn)). Handed to a spawner, they are what runs.
func (g *graph) adapted(v ssa.Value) []*ssa.Function {
	c, ok := ssautil.Unwrap(v).(*ssa.Call)
	if !ok {
		return nil
	}
	f := c.Call.StaticCallee()
	if f == nil || f.Pkg == nil || f.Pkg.Pkg != g.r.pkg {
		return nil
	}
	var out []*ssa.Function
	for _, mc := range returnedClosures(f) {
		if t := g.target(mc); t != nil {
			out = append(out, t)
		}
	}
	return out
}
