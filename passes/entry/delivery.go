package entry

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Delivery describes a function that a provider, broker or queue calls at
// least once per event: the same event may come again.
type Delivery struct {
	Kind apis.DeliveryKind
	Lib  string
	// ID says what identifies the event ("event.ID", "the
	// X-GitHub-Delivery header"), for messages.
	ID string
	// Pos is where the delivery is received: the verify or consume call,
	// or the handler's declaration.
	Pos token.Pos
}

// Schedule is a registration of a function on a schedule (robfig/cron
// AddFunc, gocron NewTask): every instance of the program runs it.
type Schedule struct {
	Call ssa.CallInstruction
	// Fn is the scheduled function when it is a function of this package.
	Fn *ssa.Function
	// Obj is the scheduled function or method when it is one of another
	// package (c.AddFunc("@daily", jobs.Cleanup), a method value
	// svc.RunDaily, the Run method of a job given to AddJob); nil
	// otherwise. Its facts tell what it does.
	Obj *types.Func
	Lib string
	// Guard names the option that runs the package's schedules in one
	// instance only (a gocron distributed elector), "" when none is used.
	Guard string
	// Polls reports a job run by a ticker loop of the program
	// (apis.Tickers) rather than registered with a scheduler. Such loops
	// also flush what their own instance buffered (a channel of hits, a
	// map of counts): that work is each instance's own, and the job
	// repeats another instance's work only when it acts on state it reads
	// from the database.
	Polls bool
	// Body, for a polling loop (a loop pausing with time.Sleep or
	// time.After on every turn, left only when told to stop or when it
	// fails), holds the loop's blocks in Fn, the function the loop is in;
	// Call is the pause. The job is what those blocks do, their calls and
	// the closures made in them.
	Body map[*ssa.BasicBlock]bool
}

// Lock is a distributed lock acquired in a function, its outcome used.
type Lock struct {
	Call ssa.CallInstruction
	Lib  string
	// Key is the key argument of a lock that keeps its key until it
	// expires (apis.DedupLocks), nil for a mutex released by its holder.
	Key ssa.Value
}

// MayDeliver reports whether the package imports a library whose
// deliveries it could handle; Delivery answers nil for every function of
// a package that does not.
func (r *Result) MayDeliver() bool { return r != nil && r.delivers }

// MaySchedule reports whether the package imports a scheduler; Schedules
// is empty for a package that does not.
func (r *Result) MaySchedule() bool { return r != nil && r.schedules }

// Delivery returns the at-least-once delivery fn handles, or nil.
func (r *Result) Delivery(fn *ssa.Function) *Delivery {
	if g := r.graph(); g != nil {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		return g.deliveries[fn]
	}
	return nil
}

// Schedules returns the schedule registrations of the package.
func (r *Result) Schedules() []*Schedule {
	if g := r.graph(); g != nil {
		return g.schedules
	}
	return nil
}

// Locks returns the distributed locks fn acquires and tests.
func (r *Result) Locks(fn *ssa.Function) []*Lock {
	if r == nil || !r.locking {
		return nil // the package uses no distributed lock: no graph to build
	}
	if g := r.graph(); g != nil {
		return g.locks[fn]
	}
	return nil
}

// graph builds the package's graph on first use; nil on failure.
func (r *Result) graph() (g *graph) {
	if r == nil || r.Err != nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			g = nil
		}
	}()
	r.once.Do(func() { r.g = r.build() })
	return r.g
}

// deliveryShape reports a handler signature of a message or job library:
// at most two parameters (a context and the message), at most an error
// result, or the messages a handler publishes and an error (watermill's
// HandlerFunc: func(msg *message.Message) ([]*message.Message, error)).
func deliveryShape(fn *ssa.Function) *Delivery {
	sig := fn.Signature
	if sig.Params().Len() > 2 || sig.Results().Len() > 2 {
		return nil
	}
	if sig.Results().Len() == 2 && !publishes(sig) {
		return nil
	}
	for i := 0; i < sig.Params().Len(); i++ {
		p, ok := apis.EntryParams[namedKey(sig.Params().At(i).Type())]
		if !ok {
			continue
		}
		switch p.Kind {
		case apis.EntryMessage:
			return &Delivery{Kind: apis.DeliveryMessage, Lib: p.Lib, ID: apis.DeliveryIDs[p.Lib], Pos: fn.Pos()}
		case apis.EntryJob:
			return &Delivery{Kind: apis.DeliveryJob, Lib: p.Lib, ID: apis.DeliveryIDs[p.Lib], Pos: fn.Pos()}
		}
	}
	return nil
}

// publishes reports the results of a handler that returns the messages
// it publishes: a slice of a message type of apis.EntryParams, then an
// error.
func publishes(sig *types.Signature) bool {
	sl, ok := sig.Results().At(0).Type().(*types.Slice)
	if !ok {
		return false
	}
	p, ok := apis.EntryParams[namedKey(sl.Elem())]
	return ok && p.Kind == apis.EntryMessage && types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// noteCall records what a call tells about deliveries, schedules and
// locks; sp are the arguments the callee runs concurrently (spawnerOf).
func (g *graph) noteCall(n *node, call ssa.CallInstruction, callee *types.Func, sp map[int]spawnUse) {
	if callee == nil {
		return
	}
	name := apis.RawFullName(callee)
	if w, ok := apis.WebhookCalls[name]; ok && g.deliveries[n.fn] == nil {
		g.deliveries[n.fn] = &Delivery{Kind: apis.DeliveryWebhook, Lib: w.Lib, ID: w.ID, Pos: call.Pos()}
	}
	if v := g.r.verifiers[callee]; v != nil && g.deliveries[n.fn] == nil {
		g.deliveries[n.fn] = &Delivery{Kind: apis.DeliveryWebhook, Lib: v.Lib, ID: v.ID, Pos: call.Pos()}
	}
	if c, ok := apis.ConsumeCalls[name]; ok && g.deliveries[n.fn] == nil {
		g.deliveries[n.fn] = &Delivery{Kind: apis.DeliveryMessage, Lib: c.Lib, ID: apis.DeliveryIDs[c.Lib], Pos: call.Pos()}
	}
	if l, ok := apis.DistLocks[name]; ok && outcomeUsed(call, l) {
		lk := &Lock{Call: call, Lib: l.Lib}
		if i, ok := apis.DedupLocks[name]; ok {
			if args := call.Common().Args; i+1 < len(args) {
				lk.Key = args[i+1] // after the receiver
			}
		}
		g.locks[n.fn] = append(g.locks[n.fn], lk)
	}
	if len(sp) > 0 {
		args := ssautil.CallArgs(call.Common())
		for i := 0; i < len(args); i++ {
			u, ok := sp[i]
			if !ok || u.kind != apis.EntrySchedule {
				continue
			}
			if _, ok := args[i].(*ssa.Parameter); ok && g.localSched(n.fn) {
				continue // the package's own wrapper: its callers register the job
			}
			sc := &Schedule{Call: call, Lib: u.lib, Guard: g.r.guard}
			sc.Fn = g.target(args[i])
			if sc.Fn == nil {
				sc.Fn = g.runMethod(args[i])
			}
			if sc.Fn == nil {
				sc.Fn = g.factoryClosure(args[i])
			}
			if sc.Fn == nil {
				sc.Obj = g.foreign(args[i])
			}
			g.schedules = append(g.schedules, sc)
		}
	}
}

// runMethod returns the Run method of this package of a job value handed
// to cron's AddJob or Schedule.
func (g *graph) runMethod(v ssa.Value) *ssa.Function {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return nil
	}
	ms := types.NewMethodSet(mi.X.Type())
	for i := 0; i < ms.Len(); i++ {
		if f, ok := ms.At(i).Obj().(*types.Func); ok && f.Name() == "Run" {
			if fn := g.byObj[f]; fn != nil {
				return fn
			}
		}
	}
	return nil
}

// foreign returns the function or method of another package a func or
// job value denotes: a named function, a method value (its bound
// wrapper), or the Run method of a job of another package's type.
func (g *graph) foreign(v ssa.Value) *types.Func {
	if mi, ok := v.(*ssa.MakeInterface); ok && ssautil.FuncOf(v) == nil {
		// A job value; a func converted to one (cron.FuncJob(jobs.Sweep))
		// or handed as any (gocron.NewTask(jobs.Sweep, ctx)) is the func.
		ms := types.NewMethodSet(mi.X.Type())
		for i := 0; i < ms.Len(); i++ {
			if f, ok := ms.At(i).Obj().(*types.Func); ok && f.Name() == "Run" && f.Pkg() != g.r.pkg {
				return f
			}
		}
		return nil
	}
	fn := ssautil.FuncOf(v)
	if fn == nil {
		return nil
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != g.r.pkg {
		return obj
	}
	return nil
}

// outcomeUsed reports whether the result that says whether the lock is
// held is used: the error (l.Err) or the flag (l.OK) of a multi-valued
// call, the value itself otherwise (a go-redis *BoolCmd, or the error of
// redsync's Lock).
//
//	lock, _ := locker.Obtain(ctx, "invoice", ttl, nil)  // not used: runs anyway
func outcomeUsed(call ssa.CallInstruction, l apis.DistLock) bool {
	idx := l.Err
	if idx < 0 {
		idx = l.OK
	}
	v := call.Value()
	if v == nil {
		return false
	}
	if _, ok := v.Type().(*types.Tuple); !ok || idx < 0 {
		return used(call)
	}
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if x, ok := r.(*ssa.Extract); ok && x.Index == idx {
			if xr := x.Referrers(); xr != nil && len(*xr) > 0 {
				return true
			}
		}
	}
	return false
}

// used reports whether a call's result is used at all: a lock whose
// outcome is discarded guards nothing.
func used(call ssa.CallInstruction) bool {
	v := call.Value()
	if v == nil {
		return false
	}
	refs := v.Referrers()
	return refs != nil && len(*refs) > 0
}

// guardOf names the scheduler option of the package that runs jobs in one
// instance, or "".
func guardOf(uses map[*types.Func]bool) string {
	for f := range uses {
		if g, ok := apis.ScheduleGuards[apis.RawFullName(f)]; ok {
			return g
		}
	}
	return ""
}
