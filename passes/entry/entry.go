package entry

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Analyzer computes where the functions of a package are called from.
var Analyzer = &analysis.Analyzer{
	Name:       "entry",
	Doc:        "tell whether each function may run concurrently with itself, with the evidence (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/entry",
	Run:        run,
	Requires:   []*analysis.Analyzer{ssabuild.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(spawnFact), new(verifierFact), new(registryFact), new(opensFact)},
}

// Answer is the verdict on whether a function runs concurrently with
// itself.
type Answer uint8

const (
	Unknown Answer = iota // no evidence either way
	Yes                   // reached from a handler, consumer, job, schedule or goroutine
	No                    // reached only from main, init or a one-shot command
)

var answerNames = [...]string{"unknown", "yes", "no"}

func (a Answer) String() string { return answerNames[a] }

// Verdict is the answer with its evidence.
type Verdict struct {
	Answer Answer
	// Kind is the entry that makes the answer Yes (or EntryCommand for a
	// command's action).
	Kind apis.EntryKind
	// Reason says why, for messages and tests: "reached from the gin
	// handler api.Handler.Create (api.go:12)", "reached only from main".
	Reason string
	// API lists the exported functions of the package through which
	// callers in other packages reach the function, when those callers are
	// the only reason the answer is Unknown: the callers decide.
	API []*types.Func
}

// Deferred reports an Unknown verdict that only the callers of the
// package's exported API can settle.
func (v Verdict) Deferred() bool { return v.Answer == Unknown && len(v.API) > 0 }

// Result answers for the functions of one package.
type Result struct {
	// Err is set when the pass failed; checkers then treat every verdict
	// as Unknown.
	Err error

	lazy   *ssabuild.Lazy
	pkg    *types.Package
	fset   *token.FileSet
	spawns map[*types.Func]*spawnFact
	// verifiers are the imported functions that verify a webhook event.
	verifiers map[*types.Func]*verifierFact
	// fields are the struct fields whose values are registered with a
	// worker (registryFact), imported and the package's own.
	fields map[*types.Var]*registryFact
	once   sync.Once
	g      *graph
	guard  string // a scheduler option that elects one instance

	delivers, schedules bool            // imports of delivery libraries and schedulers
	locking             bool            // uses of distributed locks
	tickers             bool            // uses of a ticker maker (apis.TickerMakers): ticker loops may be schedules
	registers           bool            // uses of registrars or registry fields
	memLibs             map[string]bool // inMemory's answers
	// opens holds the functions of the package that open a database
	// (opensFact).
	opens map[*types.Func]string
}

// Concurrent tells whether fn may run concurrently with itself. It
// answers Unknown for functions of other packages and on any failure.
func (r *Result) Concurrent(fn *ssa.Function) (v Verdict) {
	if r == nil || r.Err != nil || fn == nil {
		return Verdict{Reason: "no model"}
	}
	defer func() {
		if p := recover(); p != nil {
			v = Verdict{Reason: fmt.Sprintf("entry: internal error: %v", p)}
		}
	}()
	r.once.Do(func() { r.g = r.build() })
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	n := r.g.nodes[fn]
	if n == nil {
		return Verdict{Reason: "not a function of this package"}
	}
	return n.verdict()
}

func run(pass *analysis.Pass) (res any, err error) {
	r := &Result{pkg: pass.Pkg, fset: pass.Fset, spawns: map[*types.Func]*spawnFact{}, verifiers: map[*types.Func]*verifierFact{}, fields: map[*types.Var]*registryFact{}}
	defer func() {
		if p := recover(); p != nil {
			res, err = &Result{Err: fmt.Errorf("entry: internal error: %v", p)}, nil
		}
	}()
	if apis.Library(pass.Pkg.Path()) {
		return r, nil
	}
	importedOpens := map[*types.Func]string{}
	for _, of := range pass.AllObjectFacts() {
		if f, ok := of.Fact.(*spawnFact); ok {
			if fn, ok := of.Object.(*types.Func); ok {
				r.spawns[fn] = f
			}
		}
		if f, ok := of.Fact.(*verifierFact); ok {
			if fn, ok := of.Object.(*types.Func); ok {
				r.verifiers[fn] = f
			}
		}
		if f, ok := of.Fact.(*registryFact); ok {
			if v, ok := of.Object.(*types.Var); ok {
				r.fields[v] = f
			}
		}
		if f, ok := of.Fact.(*opensFact); ok {
			if fn, ok := of.Object.(*types.Func); ok {
				importedOpens[fn] = f.Opener
			}
		}
	}
	r.opens = scanOpeners(pass, importedOpens)
	r.lazy = pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy)
	for _, imp := range pass.Pkg.Imports() {
		r.delivers = r.delivers || apis.DeliveryImport(imp.Path())
		r.schedules = r.schedules || apis.ScheduleImport(imp.Path())
	}
	uses := map[*types.Func]bool{}
	verifies, spawns := false, false
	seen := map[*types.Func]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		if v, ok := obj.(*types.Var); ok && r.fields[v] != nil {
			r.registers, r.delivers = true, true // a definition stored for another package's worker
		}
		f, ok := obj.(*types.Func)
		if !ok || seen[f] {
			continue
		}
		seen[f] = true // FullName builds a string: once per function used
		name := apis.RawFullName(f)
		if _, ok := apis.ScheduleGuards[name]; ok {
			uses[f] = true
		}
		if apis.TickerMakers[name] {
			r.tickers, r.schedules = true, true // a ticker loop is a schedule of its own
		}
		if _, ok := apis.WebhookCalls[name]; ok {
			verifies = true
		}
		if _, ok := apis.DistLocks[name]; ok {
			r.locking = true
		}
		if _, ok := apis.Registrars[name]; ok {
			r.registers = true
		}
		if _, ok := apis.Spawners[name]; ok || r.spawns[f] != nil {
			spawns = true
		}
		if sf := r.spawns[f]; sf != nil {
			for _, p := range sf.Params {
				r.schedules = r.schedules || p.Kind == apis.EntrySchedule // another package's scheduler wrapper
			}
		}
		if r.verifiers[f] != nil {
			r.delivers = true // a handler calling another package's verifier
		}
	}
	r.guard = guardOf(uses)
	if spawns || goWithFuncParam(pass) {
		// Spawn facts need the SSA form only, not the graph: a package
		// with a go statement and no handler pays no more.
		if _, fns := r.lazy.Get(); fns != nil {
			g := &graph{r: r, byObj: map[*types.Func]*ssa.Function{}, fns: fns}
			for _, fn := range fns {
				if obj, ok := fn.Object().(*types.Func); ok {
					g.byObj[obj] = fn // the package's own wrappers, for exported ones calling them
				}
			}
			g.exportSpawns(pass, fns)
		}
	}
	if verifies || r.delivers && len(r.verifiers) > 0 {
		r.once.Do(func() { r.g = r.build() })
		r.g.exportVerifiers(pass)
	}
	if r.registers {
		r.once.Do(func() { r.g = r.build() })
		r.g.exportRegistryFields(pass)
	}
	return r, nil
}

// goWithFuncParam reports whether some function of the package with a
// func parameter has a go statement. With a call of a spawner, only then
// could a function run a func parameter concurrently, and SSA is built
// eagerly to export spawn facts.
func goWithFuncParam(pass *analysis.Pass) bool {
	// A go statement in a function with a func parameter.
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !hasFuncParam(pass, fd) {
				continue
			}
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, ok := n.(*ast.GoStmt); ok {
					found = true
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

func hasFuncParam(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	for _, f := range fd.Type.Params.List {
		if t := pass.TypesInfo.TypeOf(f.Type); t != nil {
			if _, ok := t.Underlying().(*types.Signature); ok {
				return true
			}
		}
	}
	return false
}

// Root bits: what reaches a function.
const (
	bitConc   = 1 << iota // a handler, consumer, job, schedule or goroutine
	bitStart              // main or init
	bitCmd                // a one-shot command's action
	bitAPI                // an exported function: callers in other packages
	bitEscape             // its address escapes where the analysis cannot follow
	nbits     = 5
)

type node struct {
	fn     *ssa.Function
	bits   uint8
	reason [nbits]string
	kind   apis.EntryKind
	api    []*types.Func
	succs  []*node
}

const maxAPI = 8

func (n *node) verdict() Verdict {
	switch {
	case n.bits&bitConc != 0:
		return Verdict{Answer: Yes, Kind: n.kind, Reason: n.reason[0]}
	case n.bits&bitEscape != 0:
		return Verdict{Answer: Unknown, Reason: n.reason[4]}
	case n.bits&bitAPI != 0:
		if f := startupAPI(n.api); f != nil && n.bits&(bitConc|bitEscape) == 0 {
			return Verdict{Answer: No, Reason: "reached only through the start-up function " + f.Pkg().Name() + "." + f.Name()}
		}
		return Verdict{Answer: Unknown, Reason: n.reason[3], API: n.api}
	case n.bits&bitCmd != 0:
		return Verdict{Answer: No, Kind: apis.EntryCommand, Reason: n.reason[2]}
	case n.bits&bitStart != 0:
		return Verdict{Answer: No, Reason: n.reason[1]}
	}
	return Verdict{Answer: Unknown, Reason: "no caller in view"}
}

// startupVerbs name the exported functions a service calls once while it
// starts: InitializeDBClient, MigrateSchema, BootstrapAdmin, SeedDefaults.
var startupVerbs = []string{"Init", "Migrate", "Bootstrap", "Seed"}

// startupAPI returns the first of api when every function of it is named
// as a start-up step (a verb of startupVerbs, then an upper-case letter or
// nothing), and nil otherwise. The callers of such a function are out of
// view, but it is called once, before anything serves. (Setup, Install
// and Provision also name request-time actions: SetupIntent, InstallApp.)
func startupAPI(api []*types.Func) *types.Func {
	if len(api) == 0 {
		return nil
	}
	for _, f := range api {
		ok := false
		for _, v := range startupVerbs {
			rest, found := strings.CutPrefix(f.Name(), v)
			if !found {
				continue
			}
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "ialize"), "ialise")
			if rest == "" || rest[0] >= 'A' && rest[0] <= 'Z' {
				ok = true
			}
		}
		if !ok || f.Type().(*types.Signature).Recv() != nil && f.Name() == "Init" {
			return nil
		}
	}
	return api[0]
}

// mark sets a root bit on n with its reason; it reports whether n changed.
func (n *node) mark(bit uint8, reason string, kind apis.EntryKind, api []*types.Func) bool {
	changed := false
	if n.bits&bit == 0 {
		n.bits |= bit
		for i := 0; i < nbits; i++ {
			if bit == 1<<i {
				n.reason[i] = reason
			}
		}
		if bit == bitConc {
			n.kind = kind
		}
		changed = true
	}
	for _, f := range api {
		if len(n.api) >= maxAPI || containsFunc(n.api, f) {
			continue
		}
		n.api = append(n.api, f)
		changed = true
	}
	return changed
}

func containsFunc(fs []*types.Func, f *types.Func) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

type graph struct {
	r       *Result
	nodes   map[*ssa.Function]*node
	byObj   map[*types.Func]*ssa.Function
	methods map[string][]*ssa.Function // in-package methods by name
	order   []*node

	deliveries map[*ssa.Function]*Delivery
	schedules  []*Schedule
	ticks      []*tick // ticker loops, made schedules once verdicts are known
	locks      map[*ssa.Function][]*Lock
	// local holds what the package's own functions run concurrently
	// (spawnerOf), nil while being computed or when nothing.
	local map[*ssa.Function]map[int]spawnUse
	// fns are the package's functions; slots the registry slots whose
	// values run concurrently (registrySlots), computed once.
	fns       []*ssa.Function
	slots     map[slot]spawnUse
	slotsBusy bool

	// registrations of other packages' functions with a worker, and the
	// package's own fields whose values are registered.
	registrations []*Registration
	ownFields     []*types.Var
}

func (r *Result) build() *graph {
	g := &graph{r: r, nodes: map[*ssa.Function]*node{}, byObj: map[*types.Func]*ssa.Function{}, methods: map[string][]*ssa.Function{},
		deliveries: map[*ssa.Function]*Delivery{}, locks: map[*ssa.Function][]*Lock{}}
	if r.lazy == nil {
		return g
	}
	pkg, fns := r.lazy.Get()
	if pkg == nil {
		return g
	}
	add := func(fn *ssa.Function) {
		if g.nodes[fn] != nil {
			return
		}
		n := &node{fn: fn}
		g.nodes[fn] = n
		g.order = append(g.order, n)
		if obj, ok := fn.Object().(*types.Func); ok {
			g.byObj[obj] = fn
			if fn.Signature.Recv() != nil {
				g.methods[fn.Name()] = append(g.methods[fn.Name()], fn)
			}
		}
	}
	g.fns = fns
	for _, fn := range fns {
		add(fn)
	}
	init := pkg.Func("init")
	if init != nil {
		add(init)
	}
	for _, n := range g.order {
		g.roots(n)
		if d := deliveryShape(n.fn); d != nil && !r.inMemory(d.Lib) {
			g.deliveries[n.fn] = d
		}
	}
	if r.registers {
		g.collectRegistryFields()
	}
	for _, n := range g.order {
		g.uses(n)
	}
	g.liftVerifiers()
	g.propagate()
	if r.tickers {
		g.tickSchedules()
	}
	return g
}

// inMemory reports whether the package's messages of lib travel only
// through the library's in-process transport (apis.InMemoryBackends):
// its imports reach that transport, transitively, and none of the
// library's durable ones. Memoized per library.
func (r *Result) inMemory(lib string) bool {
	b, ok := apis.InMemoryBackends[lib]
	if !ok {
		return false
	}
	if v, ok := r.memLibs[lib]; ok {
		return v
	}
	if r.memLibs == nil {
		r.memLibs = map[string]bool{}
	}
	seen := map[*types.Package]bool{}
	mem, durable := false, false
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] || durable {
			return
		}
		seen[p] = true
		switch path := p.Path(); {
		case path == b.Path:
			mem = true
		case strings.HasPrefix(path, b.Durable):
			durable = true
		}
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(r.pkg)
	r.memLibs[lib] = mem && !durable
	return r.memLibs[lib]
}

// liftVerifiers hands the webhook delivery of a verify helper (a function
// of the package that calls webhook.ConstructEvent and returns the event,
// not itself an HTTP handler) to the handlers calling it, two levels deep:
//
//	func (h *Hooks) event(r *http.Request) (stripe.Event, error) { ... ConstructEvent ... }
//	func (h *Hooks) Paid(w http.ResponseWriter, r *http.Request) { ev, err := h.event(r); ... }
func (g *graph) liftVerifiers() {
	for round := 0; round < 2; round++ {
		for _, n := range g.order {
			if g.deliveries[n.fn] != nil {
				continue
			}
			for _, s := range n.succs {
				d := g.deliveries[s.fn]
				if d == nil || d.Kind != apis.DeliveryWebhook || s.fn.Parent() != nil {
					continue
				}
				if kind, _, ok := entryShape(s.fn.Signature); ok && kind == apis.EntryHTTP {
					continue // a handler of its own
				}
				g.deliveries[n.fn] = d
				break
			}
		}
	}
}

// roots marks the evidence a function carries by itself: its name, its
// signature, its receiver.
func (g *graph) roots(n *node) {
	fn := n.fn
	pkg := g.r.pkg
	if kind, lib, ok := entryShape(fn.Signature); ok {
		n.mark(bitConc, fmt.Sprintf("%s %s %s (%s)", article(lib), lib, kind, g.label(fn)), kind, nil)
	}
	if fn.Parent() != nil {
		return // a closure: its uses decide
	}
	obj, _ := fn.Object().(*types.Func)
	isMain := pkg.Name() == "main"
	switch {
	case fn.Synthetic == "package initializer" || obj != nil && obj.Name() == "init" && fn.Signature.Recv() == nil:
		n.mark(bitStart, "reached only from init", 0, nil)
	case isMain && obj != nil && obj.Name() == "main" && fn.Signature.Recv() == nil:
		n.mark(bitStart, "reached only from main", 0, nil)
	}
	if obj == nil {
		return
	}
	if fn.Signature.Recv() != nil && obj.Exported() && grpcService(fn.Signature.Recv().Type()) {
		n.mark(bitConc, fmt.Sprintf("the gRPC method %s", g.label(fn)), apis.EntryGRPC, nil)
	}
	if !obj.Exported() {
		return
	}
	if g.isTestFunc(fn, obj) {
		// go test calls it, one test at a time unless it calls
		// t.Parallel; tests in view are no callers in other packages.
		if g.callsParallel(fn) {
			n.mark(bitConc, fmt.Sprintf("the parallel test %s", g.label(fn)), apis.EntryGoroutine, nil)
		} else {
			n.mark(bitStart, fmt.Sprintf("reached only from the test %s", obj.Name()), 0, nil)
		}
		return
	}
	if isMain {
		if fn.Signature.Recv() != nil {
			// A method of package main may be called through an interface
			// by a library the value is handed to.
			n.mark(bitEscape, fmt.Sprintf("the method %s may be called through an interface", g.label(fn)), 0, nil)
		}
		return
	}
	if g.r.opens[obj] != "" {
		// It opens the database its work runs on: a service does that
		// once, while it starts (a mint's LoadMint(config) opening its
		// store, then saving the seed it generated on first run).
		what := "opens its database"
		if apis.SchemaSyncs[g.r.opens[obj]] {
			// It creates or alters its tables (engine.Sync(new(Version))):
			// start-up or upgrade code.
			what = "syncs its tables' schema"
		}
		n.mark(bitStart, fmt.Sprintf("reached only from %s, which %s: start-up code", g.label(fn), what), 0, nil)
		return
	}
	n.mark(bitAPI, fmt.Sprintf("%s is exported: its callers are in other packages", g.label(fn)), 0, []*types.Func{obj})
}

// isTestFunc reports a Test, Benchmark or Fuzz function of a _test.go file.
func (g *graph) isTestFunc(fn *ssa.Function, obj *types.Func) bool {
	if fn.Signature.Recv() != nil || fn.Signature.Params().Len() != 1 {
		return false
	}
	name := obj.Name()
	if !strings.HasPrefix(name, "Test") && !strings.HasPrefix(name, "Benchmark") && !strings.HasPrefix(name, "Fuzz") {
		return false
	}
	if !strings.HasSuffix(g.r.fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	t := types.TypeString(fn.Signature.Params().At(0).Type(), nil)
	return t == "*testing.T" || t == "*testing.B" || t == "*testing.F"
}

// onceInTest reports a go statement of a _test.go file outside any loop.
func (g *graph) onceInTest(fn *ssa.Function, blk *ssa.BasicBlock) bool {
	if !strings.HasSuffix(g.r.fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	for _, succ := range blk.Succs {
		if ssautil.Reachable(succ, blk) {
			return false // in a loop: many goroutines at once
		}
	}
	return true
}

// callsParallel reports a call of (*testing.T).Parallel in fn or the
// closures it makes (its subtests).
func (g *graph) callsParallel(fn *ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function) bool
	walk = func(f *ssa.Function) bool {
		if seen[f] {
			return false
		}
		seen[f] = true
		for _, callee := range analysisutil.Calls(f) {
			if apis.RawFullName(callee) == "(*testing.T).Parallel" {
				return true
			}
		}
		for _, anon := range f.AnonFuncs {
			if walk(anon) {
				return true
			}
		}
		return false
	}
	return walk(fn)
}

// uses adds the edges and roots that the instructions of n's function
// give to the functions they call or take the value of.
func (g *graph) uses(n *node) {
	for _, blk := range n.fn.Blocks {
		for _, instr := range blk.Instrs {
			switch x := instr.(type) {
			case *ssa.Go:
				if g.onceInTest(n.fn, blk) {
					// A test starting the code under test once beside
					// itself (go func() { done <- run(ctx) }()): one
					// execution, not many at once.
					g.call(n, x)
					continue
				}
				if t := g.target(x.Call.Value); t != nil && !x.Call.IsInvoke() {
					g.nodes[t].mark(bitConc, fmt.Sprintf("a goroutine started at %s", g.pos(x.Pos())), apis.EntryGoroutine, nil)
				}
				for _, a := range x.Call.Args {
					if t := g.target(a); t != nil {
						g.nodes[t].mark(bitConc, fmt.Sprintf("a function handed to a goroutine at %s", g.pos(x.Pos())), apis.EntryGoroutine, nil)
					}
				}
				continue
			case ssa.CallInstruction:
				g.call(n, x)
				if c, ok := x.(*ssa.Call); ok && g.r.tickers {
					g.noteTicks(n, c)
				}
				continue
			case *ssa.MakeClosure:
				if t := g.target(x); t != nil {
					g.valueUses(n, t, x, 0)
				}
				continue
			case *ssa.Store:
				if f := storedField(x); f != nil && g.r.fields[f] != nil {
					g.registered(x, x.Val, g.r.fields[f].Kind, g.r.fields[f].Lib)
				}
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					g.received(n, x.X, x.Pos())
					if g.r.tickers {
						g.noteTicks(n, x)
					}
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly {
						g.received(n, st.Chan, st.Pos)
					}
				}
				if g.r.tickers {
					g.noteTicks(n, x)
				}
			}
			for op := range ssautil.Operands(instr) {
				if f, ok := op.(*ssa.Function); ok {
					if t := g.target(f); t != nil {
						g.valueUse(n, t, instr, op)
					}
				}
			}
		}
	}
}

// received notes a receive from a channel of a broker's messages (a
// service's own wrapper of amqp091-go Consume returning <-chan
// amqp.Delivery, ranged over or selected on): the function consumes them,
// whoever made the channel.
func (g *graph) received(n *node, ch ssa.Value, pos token.Pos) {
	c, ok := ch.Type().Underlying().(*types.Chan)
	if !ok {
		return
	}
	p, ok := apis.EntryParams[namedKey(c.Elem())]
	if !ok || p.Kind != apis.EntryMessage && p.Kind != apis.EntryJob {
		return
	}
	if g.deliveries[n.fn] == nil && !g.r.inMemory(p.Lib) {
		kind := apis.DeliveryMessage
		if p.Kind == apis.EntryJob {
			kind = apis.DeliveryJob
		}
		g.deliveries[n.fn] = &Delivery{Kind: kind, Lib: p.Lib, ID: apis.DeliveryIDs[p.Lib], Pos: pos}
	}
	n.mark(bitConc, fmt.Sprintf("a %s consumer (a receive at %s)", p.Lib, g.pos(pos)), p.Kind, nil)
}

// call handles a call: an edge to its static or interface callees, and
// the func values it is given.
func (g *graph) call(n *node, call ssa.CallInstruction) {
	common := call.Common()
	if common.IsInvoke() {
		for _, m := range g.methods[common.Method.Name()] {
			if recv := m.Signature.Recv(); recv != nil && types.Implements(recv.Type(), common.Value.Type().Underlying().(*types.Interface)) {
				n.succs = append(n.succs, g.nodes[m])
			}
		}
	} else if t := g.target(common.Value); t != nil {
		n.succs = append(n.succs, g.nodes[t])
	}
	callee := analysisutil.CalleeFunc(common)
	sp, spOK := g.spawnerOf(callee)
	g.noteCall(n, call, callee, sp)
	regArg := -1
	if reg, ok := registrar(callee); ok {
		if args := ssautil.CallArgs(common); reg.Arg < len(args) {
			regArg = reg.Arg
			g.registered(call, args[reg.Arg], reg.Kind, reg.Lib)
		}
	}
	if callee != nil {
		if c, ok := apis.CommandRegistrars[apis.RawFullName(callee)]; ok {
			if args := ssautil.CallArgs(common); len(args) > 0 {
				g.commandRegistered(call, args[0], c.Lib, c.Method)
			}
		}
		if c, ok := apis.ConsumeCalls[apis.RawFullName(callee)]; ok {
			n.mark(bitConc, fmt.Sprintf("a %s consumer (%s at %s)", c.Lib, callee.Name(), g.pos(call.Pos())), c.Kind, nil)
		}
	}
	cmdArg := -1
	if action, lib, ok := commandActionArg(common); ok {
		cmdArg = action
		if args := ssautil.CallArgs(common); action < len(args) {
			if t := g.target(args[action]); t != nil {
				g.nodes[t].mark(bitCmd, fmt.Sprintf("run once as the %s command action at %s", lib, g.pos(call.Pos())), apis.EntryCommand, nil)
			}
		}
	}
	for i, a := range ssautil.CallArgs(common) {
		if i == regArg || i == cmdArg {
			continue // run by the worker or the framework, not by the caller
		}
		t := g.target(a)
		if t == nil {
			if k, ok := sp[i]; ok && spOK {
				// A factory's or an adapter's closure (gocron.NewTask(tc.runPartition(ctx)), c.AddFunc(spec, wrap(r.t, r.fn))).
				for _, c := range g.adapted(a) {
					g.nodes[c].mark(bitConc, fmt.Sprintf("%s at %s", k.describe(), g.pos(call.Pos())), k.kind, nil)
				}
			}
			continue
		}
		if spOK {
			if k, ok := sp[i]; ok {
				g.nodes[t].mark(bitConc, fmt.Sprintf("%s at %s", k.describe(), g.pos(call.Pos())), k.kind, nil)
				continue
			}
		}
		n.succs = append(n.succs, g.nodes[t]) // called back by the callee, in the caller's context
	}
}

// valueUses follows the uses of v, the value of function t made in n's
// function (a closure, a method value, a conversion of it).
func (g *graph) valueUses(n *node, t *ssa.Function, v ssa.Value, depth int) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		switch x := instr.(type) {
		case *ssa.ChangeType, *ssa.MakeInterface, *ssa.Convert:
			if depth < 3 {
				g.valueUses(n, t, x.(ssa.Value), depth+1)
			}
		case *ssa.Go:
			if g.onceInTest(n.fn, x.Block()) {
				n.succs = append(n.succs, g.nodes[t]) // the code under test, started once beside the test
				continue
			}
			g.nodes[t].mark(bitConc, fmt.Sprintf("a goroutine started at %s", g.pos(x.Pos())), apis.EntryGoroutine, nil)
		case ssa.CallInstruction:
			common := x.Common()
			if common.Value == v && !common.IsInvoke() {
				n.succs = append(n.succs, g.nodes[t])
				continue
			}
			if k, ok := g.spawnedArg(common, v); ok {
				g.nodes[t].mark(bitConc, fmt.Sprintf("%s at %s", k.describe(), g.pos(x.Pos())), k.kind, nil)
				continue
			}
			if commandAction(common, v) {
				continue // the framework calls it (call marks it), not the caller
			}
			n.succs = append(n.succs, g.nodes[t])
		default:
			g.valueUse(n, t, instr, v)
		}
	}
}

// spawnedArg reports whether the call runs v, one of its arguments,
// concurrently.
func (g *graph) spawnedArg(common *ssa.CallCommon, v ssa.Value) (spawnUse, bool) {
	sp, ok := g.spawnerOf(analysisutil.CalleeFunc(common))
	if !ok {
		return spawnUse{}, false
	}
	for i, a := range ssautil.CallArgs(common) {
		if k, ok := sp[i]; ok && ssautil.Unwrap(a) == v {
			return k, true
		}
	}
	return spawnUse{}, false
}

// commandActionArg returns the argument of call that a command-line
// framework runs once per invocation (apis.CommandActions), and the
// framework's name.
func commandActionArg(call *ssa.CallCommon) (int, string, bool) {
	callee := analysisutil.CalleeFunc(call)
	if callee == nil {
		return 0, "", false
	}
	c, ok := apis.CommandActions[apis.RawFullName(callee)]
	return c.Arg, c.Lib, ok
}

// commandAction reports whether call gives v to a command-line framework
// as the action it runs once per invocation.
func commandAction(call *ssa.CallCommon, v ssa.Value) bool {
	i, _, ok := commandActionArg(call)
	args := ssautil.CallArgs(call)
	return ok && i < len(args) && args[i] == v
}

// valueUse handles a use of t's value other than a call: stored in a
// command's action field, returned (a factory: its callers use it), or
// escaping where its callers cannot be seen.
func (g *graph) valueUse(n *node, t *ssa.Function, instr ssa.Instruction, v ssa.Value) {
	switch x := instr.(type) {
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.Convert:
		g.valueUses(n, t, x.(ssa.Value), 1)
		return
	case *ssa.Store:
		if fa, ok := x.Addr.(*ssa.FieldAddr); ok && x.Val == v {
			if lib, ok := apis.CommandFields[fieldName(fa)]; ok {
				g.nodes[t].mark(bitCmd, fmt.Sprintf("run once as the %s command action at %s", lib, g.pos(x.Pos())), apis.EntryCommand, nil)
				return
			}
			if f := storedField(x); f != nil && g.r.fields[f] != nil {
				return // registered with a worker (uses)
			}
		}
		if ia, ok := x.Addr.(*ssa.IndexAddr); ok && x.Val == v {
			if alloc, ok := ia.X.(*ssa.Alloc); ok && calledList(alloc, 0) {
				// An element of a list the function keeps to itself and
				// calls (steps := []func(ctx, db) error{seedConfig,
				// seedRoles}; for _, step := range steps { step(ctx, db) }):
				// called from here, in this function's context.
				n.succs = append(n.succs, g.nodes[t])
				return
			}
		}
	case *ssa.Return:
		n.succs = append(n.succs, g.nodes[t])
		return
	case *ssa.DebugRef:
		return
	}
	g.nodes[t].mark(bitEscape, fmt.Sprintf("its value escapes at %s, to callers out of view", g.pos(instr.Pos())), 0, nil)
}

// calledList reports whether list, a slice or array local to one
// function (a literal's backing array, a slice of it), is only filled and
// indexed, and every element read from it is called there, in place: not
// passed on, kept, returned or started as a goroutine.
func calledList(list ssa.Value, depth int) bool {
	refs := list.Referrers()
	if refs == nil || depth > 3 {
		return false
	}
	for _, instr := range *refs {
		switch x := instr.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if x.Addr != list {
				return false // the list itself stored somewhere
			}
		case *ssa.Slice:
			if !calledList(x, depth+1) {
				return false
			}
		case *ssa.IndexAddr:
			if !calledElem(x) {
				return false
			}
		case *ssa.UnOp:
			// An array copied whole into a local variable (checks :=
			// [...]func() bool{a, b}): the copy must be such a list.
			if x.Op != token.MUL || x.Referrers() == nil {
				return false
			}
			for _, use := range *x.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Val != x {
					return false
				}
				if to, ok := st.Addr.(*ssa.Alloc); !ok || !calledList(to, depth+1) {
					return false
				}
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" && b.Name() != "cap" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// calledElem reports whether the element at addr is only stored and read
// to be called.
func calledElem(addr *ssa.IndexAddr) bool {
	for _, instr := range *addr.Referrers() {
		switch x := instr.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if x.Addr != addr {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || x.Referrers() == nil {
				return false
			}
			for _, use := range *x.Referrers() {
				switch c := use.(type) {
				case *ssa.DebugRef:
				case *ssa.Call:
					if c.Call.Value != x || c.Call.IsInvoke() {
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

func (g *graph) propagate() {
	work := append([]*node(nil), g.order...)
	in := map[*node]bool{}
	for _, n := range work {
		in[n] = true
	}
	for len(work) > 0 {
		n := work[0]
		work = work[1:]
		in[n] = false
		for _, s := range n.succs {
			if s == nil || s == n {
				continue
			}
			changed := false
			for i := 0; i < nbits; i++ {
				bit := uint8(1 << i)
				if n.bits&bit == 0 {
					continue
				}
				reason := n.reason[i]
				if !strings.HasPrefix(reason, "reached") {
					reason = "reached from " + reason
				}
				if s.mark(bit, reason, n.kind, nil) {
					changed = true
				}
			}
			if n.bits&bitAPI != 0 && s.mark(bitAPI, s.reason[3], 0, n.api) {
				changed = true
			}
			if changed && !in[s] {
				in[s] = true
				work = append(work, s)
			}
		}
	}
}

// target returns the function of this package a func value denotes: a
// named function, a closure, or the method of a method value or
// expression; nil otherwise.
func (g *graph) target(v ssa.Value) *ssa.Function {
	fn := ssautil.FuncOf(v)
	if fn == nil {
		return nil
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if g.nodes[fn] != nil {
		return fn
	}
	// Bound method wrappers and thunks stand for their method.
	if obj, ok := fn.Object().(*types.Func); ok {
		if m := g.byObj[obj]; m != nil {
			return m
		}
	}
	return nil
}

func (g *graph) pos(p token.Pos) string { return analysisutil.Position(g.r.fset, p) }

func (g *graph) label(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return "a function literal in " + g.label(fn.Parent())
	}
	return ssautil.FuncLabel(fn)
}

// entryShape reports a function that only a library calls, once per
// request, message or job: a net/http handler, or a function taking one
// of apis.EntryParams.
func entryShape(sig *types.Signature) (apis.EntryKind, string, bool) {
	params := sig.Params()
	if params.Len() >= len(apis.HTTPHandlerParams) {
		ok := true
		for i, want := range apis.HTTPHandlerParams {
			if types.TypeString(params.At(i).Type(), nil) != want {
				ok = false
				break
			}
		}
		if ok {
			return apis.EntryHTTP, "net/http", true
		}
	}
	for i := 0; i < params.Len(); i++ {
		if p, ok := apis.EntryParams[namedKey(params.At(i).Type())]; ok {
			return p.Kind, p.Lib, true
		}
	}
	return 0, "", false
}

// namedKey renders a (pointer to a) named type as "path.Name", without
// type arguments; "" for other types.
func namedKey(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// grpcService reports a receiver type that embeds a generated
// Unimplemented...Server (or the forward-compatible
// Unsafe...Server interface) of a gRPC service.
func grpcService(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		name := namedKey(f.Type())
		base := name[strings.LastIndex(name, ".")+1:]
		if (strings.HasPrefix(base, "Unimplemented") || strings.HasPrefix(base, "Unsafe")) && strings.HasSuffix(base, "Server") {
			if importsGRPC(namedPkg(f.Type())) {
				return true
			}
		}
	}
	return false
}

func namedPkg(t types.Type) *types.Package {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

func importsGRPC(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == apis.GRPCPkg {
			return true
		}
	}
	return false
}

// fieldName renders the field a FieldAddr addresses as
// "path.Type.Field".
func fieldName(fa *ssa.FieldAddr) string {
	pt, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return ""
	}
	n, ok := types.Unalias(pt.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + st.Field(fa.Field).Name()
}

func article(lib string) string {
	if lib == "" {
		return "a"
	}
	switch lib[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an"
	}
	return "a"
}
