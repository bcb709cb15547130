package entry

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/passes/apis"
)

// spawnFact is a fact indicating that a function runs some of its func
// parameters concurrently: in a goroutine, or through a spawner
// ("func Go(f func()) { go f() }"). Params are sorted by index.
type spawnFact struct {
	Params []spawnParam
}

type spawnParam struct {
	Index int // argument index, without the receiver
	Kind  apis.EntryKind
	Lib   string
}

func (*spawnFact) AFact() {}

// String summarizes the fact for tests: "spawns p0 (goroutine)".
func (f *spawnFact) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("p%d (%s)", p.Index, p.Kind))
	}
	return "spawns " + strings.Join(parts, ", ")
}

type spawnUse struct {
	kind apis.EntryKind
	lib  string
}

// describe says what runs the function, for reasons: "a goroutine
// started", "a cron schedule registered".
func (s spawnUse) describe() string {
	switch s.kind {
	case apis.EntryGoroutine:
		if s.lib == "" || s.lib == "go" {
			return "a goroutine started"
		}
		return "a goroutine started by " + s.lib
	case apis.EntrySchedule:
		return article(s.lib) + " " + s.lib + " schedule registered"
	case apis.EntryMessage:
		return article(s.lib) + " " + s.lib + " subscription made"
	}
	return article(s.lib) + " " + s.lib + " " + s.kind.String() + " registered"
}

// spawner returns the arguments a callee runs concurrently, from the
// library tables or a fact.
func spawner(facts map[*types.Func]*spawnFact, callee *types.Func) (map[int]spawnUse, bool) {
	if callee == nil {
		return nil, false
	}
	if s, ok := apis.Spawners[apis.RawFullName(callee)]; ok {
		return map[int]spawnUse{s.Arg: {s.Kind, s.Lib}}, true
	}
	if f := facts[callee.Origin()]; f != nil {
		m := map[int]spawnUse{}
		for _, p := range f.Params {
			m[p.Index] = spawnUse{p.Kind, p.Lib}
		}
		return m, true
	}
	return nil, false
}

// spawnerOf returns the arguments a callee runs concurrently: from the
// library tables, a fact, or, for a function of this package, its own
// code (a service's wrapper, schedule(c, spec, cmd) calling
// c.AddFunc(spec, cmd)).
func (g *graph) spawnerOf(callee *types.Func) (map[int]spawnUse, bool) {
	if sp, ok := spawner(g.r.spawns, callee); ok || callee == nil {
		return sp, ok
	}
	fn := g.byObj[callee.Origin()]
	if fn == nil || fn.Parent() != nil || !hasFuncParamSig(fn.Signature) {
		return nil, false
	}
	if m, ok := g.local[fn]; ok {
		return m, m != nil
	}
	if g.local == nil {
		g.local = map[*ssa.Function]map[int]spawnUse{}
	}
	g.local[fn] = nil // in progress: a recursive wrapper adds nothing
	m := g.paramSpawns(fn)
	if len(m) == 0 {
		return nil, false
	}
	g.local[fn] = m
	return m, true
}

// localSched reports whether fn, a function of this package, registers a
// func parameter on a schedule: its own registrations are its callers'.
func (g *graph) localSched(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return false
	}
	m, _ := g.spawnerOf(obj)
	for _, u := range m {
		if u.kind == apis.EntrySchedule {
			return true
		}
	}
	return false
}

func hasFuncParamSig(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// paramSpawns lists the func parameters fn runs concurrently, by index
// without the receiver.
func (g *graph) paramSpawns(fn *ssa.Function) map[int]spawnUse {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var m map[int]spawnUse
	for i, p := range fn.Params {
		if i < recv {
			continue
		}
		if _, ok := p.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		if u, ok := g.spawned(p); ok {
			if m == nil {
				m = map[int]spawnUse{}
			}
			m[i-recv] = u
		}
	}
	return m
}

// exportSpawns exports a spawnFact for each named function that runs a
// func parameter concurrently.
func (g *graph) exportSpawns(pass *analysis.Pass, fns []*ssa.Function) {
	for _, fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg {
			continue
		}
		var f spawnFact
		for i, u := range g.paramSpawns(fn) {
			f.Params = append(f.Params, spawnParam{Index: i, Kind: u.kind, Lib: u.lib})
		}
		sort.Slice(f.Params, func(i, j int) bool { return f.Params[i].Index < f.Params[j].Index })
		if len(f.Params) > 0 {
			pass.ExportObjectFact(obj, &f)
		}
	}
}

// spawned reports whether the parameter p is run concurrently by its
// function: go p(), handed to a spawner, or captured by a closure that is
// (go func() { p() }()). Captured parameters live in an Alloc.
func (g *graph) spawned(p *ssa.Parameter) (spawnUse, bool) {
	vals := []ssa.Value{p}
	for _, r := range refsOf(p) {
		if st, ok := r.(*ssa.Store); ok && st.Val == p {
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				vals = append(vals, a)
			}
		}
	}
	// A schedule wins over a goroutine (scheduleAndRun: go cmd(), then
	// c.AddFunc(spec, cmd)): the function is both, and its registration
	// is what cronlease judges.
	var found spawnUse
	ok := false
	note := func(u spawnUse) bool {
		if !ok || u.kind == apis.EntrySchedule && found.kind != apis.EntrySchedule {
			found, ok = u, true
		}
		return found.kind == apis.EntrySchedule
	}
	for _, v := range vals {
		for _, instr := range refsOf(v) {
			switch x := instr.(type) {
			case *ssa.Go:
				if x.Call.Value == v && note(spawnUse{apis.EntryGoroutine, "go"}) {
					return found, true
				}
			case *ssa.MakeClosure:
				for i, b := range x.Bindings {
					if b == v {
						if u, yes := g.spawnedFreeVar(x, i); yes && note(u) {
							return found, true
						}
					}
				}
			case ssa.CallInstruction:
				if u, yes := g.spawnedArg(x.Common(), v); yes && note(u) {
					return found, true
				}
			case *ssa.Store, *ssa.MapUpdate:
				// Kept in a registry whose values are run later.
				if s, yes := g.storedSlot(instr, v); yes {
					if u, yes := g.registrySlots()[s]; yes && note(u) {
						return found, true
					}
				}
			}
		}
	}
	return found, ok
}

func refsOf(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

// calls reports whether v, or the value loaded from it, is called.
func calls(v ssa.Value) bool {
	for _, r := range refsOf(v) {
		switch x := r.(type) {
		case ssa.CallInstruction:
			if x.Common().Value == v {
				return true
			}
		case *ssa.UnOp:
			if x.Op == token.MUL && calls(x) {
				return true
			}
		}
	}
	return false
}

// spawnedFreeVar reports a closure whose i-th free variable it calls and
// that is run concurrently.
func (g *graph) spawnedFreeVar(mc *ssa.MakeClosure, i int) (spawnUse, bool) {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || i >= len(fn.FreeVars) || !calls(fn.FreeVars[i]) {
		return spawnUse{}, false
	}
	for _, r := range refsOf(mc) {
		switch x := r.(type) {
		case *ssa.Go:
			if x.Call.Value == mc {
				return spawnUse{apis.EntryGoroutine, "go"}, true
			}
		case ssa.CallInstruction:
			if u, ok := g.spawnedArg(x.Common(), mc); ok {
				return u, true
			}
		}
	}
	return spawnUse{}, false
}

// verifierFact is a fact indicating that a function verifies or parses a
// provider's webhook event and is not itself an HTTP handler: a handler
// in another package calling it receives the provider's deliveries.
//
//	func (s *PaymentService) ParseWebhookEvent(payload []byte, sig, secret string) (*stripe.Event, error)
type verifierFact struct {
	Lib string
	ID  string
}

func (*verifierFact) AFact() {}

func (f *verifierFact) String() string { return "webhook verifier (" + f.Lib + ")" }

// exportVerifiers exports a verifierFact for each function of the package
// with a webhook delivery that is no HTTP handler of its own.
func (g *graph) exportVerifiers(pass *analysis.Pass) {
	for _, n := range g.order {
		fn := n.fn
		d := g.deliveries[fn]
		obj, ok := fn.Object().(*types.Func)
		if d == nil || d.Kind != apis.DeliveryWebhook || !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg {
			continue
		}
		if kind, _, ok := entryShape(fn.Signature); ok && kind == apis.EntryHTTP {
			continue
		}
		pass.ExportObjectFact(obj, &verifierFact{Lib: d.Lib, ID: d.ID})
	}
}

// opensFact is a fact indicating that a function opens a database
// connection or pool (apis.DBOpeners), itself or through a function
// with the fact: a store's InitSQLite(path) calling sql.Open. A function
// that syncs its tables' schema (apis.SchemaSyncs) is start-up code
// itself, and passes nothing on to its callers.
type opensFact struct {
	// Opener is the full name of the library function it reaches.
	Opener string
}

func (*opensFact) AFact() {}

// String summarizes the fact for tests: "opens a database (database/sql.Open)".
func (f *opensFact) String() string { return "opens a database (" + f.Opener + ")" }

// maxOpenerRounds bounds the rounds scanOpeners makes over the package,
// for openers calling openers declared after them.
const maxOpenerRounds = 3

// scanOpeners reads, from the syntax, the functions of the package that
// open a database: they call an opener of apis.DBOpeners or a function
// imported (a fact) or of the package (an earlier round) that does. The
// exported ones get an opensFact, so callers in other packages know.
func scanOpeners(pass *analysis.Pass, imported map[*types.Func]string) map[*types.Func]string {
	own := map[*types.Func]string{}
	opens := func(f *types.Func) string {
		f = f.Origin()
		// A schema sync marks only the function that calls it: helpers
		// that build a policy adapter per request sync its table on the
		// way (casbin's xorm adapter), and their callers are no start-up
		// code for it.
		if o := own[f]; o != "" && !apis.SchemaSyncs[o] {
			return o
		}
		if o := imported[f]; o != "" && !apis.SchemaSyncs[o] {
			return o
		}
		if name := apis.RawFullName(f); apis.DBOpeners[name] || apis.SchemaSyncs[name] {
			return name
		}
		return ""
	}
	for round := 0; round < maxOpenerRounds; round++ {
		changed := false
		for _, file := range pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || own[obj] != "" {
					continue
				}
				found := ""
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if found != "" && !apis.SchemaSyncs[found] {
						return false // an opener: callers learn of it; a sync found first does not stop the search
					}
					if call, ok := n.(*ast.CallExpr); ok {
						if f, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok {
							if o := opens(f); o != "" {
								found = o
							}
						}
					}
					return true
				})
				if found != "" {
					own[obj] = found
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	for obj, o := range own {
		if obj.Exported() && !apis.SchemaSyncs[o] {
			pass.ExportObjectFact(obj, &opensFact{Opener: o})
		}
	}
	return own
}
