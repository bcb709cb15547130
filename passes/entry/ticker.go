package entry

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// A tick is a loop of n's function that waits for a ticker's channel
// (apis.Tickers) and runs its body on each tick: a schedule of its own,
// which every instance of the program keeps, as it keeps a cron job.
//
//	go func() {
//		ticker := time.NewTicker(h.interval)
//		for {
//			select {
//			case <-h.stop:
//				return
//			case <-ticker.C:
//				h.Reconcile(ctx) // Schedule{Call: this call, Fn: Reconcile, Lib: "ticker"}
//			}
//		}
//	}()
//
//	for range time.Tick(time.Hour) { s.bill(ctx) }
type tick struct {
	n     *node
	lib   string
	start *ssa.BasicBlock // the first block of the body run on a tick
	recv  ssa.Instruction // the receive, when the body begins in its block
	// body and pause are set for a polling loop (notePoll): the blocks of
	// the loop, and the call that pauses it between turns.
	body  map[*ssa.BasicBlock]bool
	pause ssa.CallInstruction
}

// noteTicks records the ticker loops of n's function (g.ticks); schedules
// are made from them once the graph tells which functions serve requests
// (tickSchedules).
func (g *graph) noteTicks(n *node, instr ssa.Instruction) {
	switch x := instr.(type) {
	case *ssa.Call:
		if sleeper(x) == "time.Sleep" {
			g.notePoll(n, x)
		}
	case *ssa.UnOp:
		if c, ok := x.X.(*ssa.Call); ok && sleeper(c) == "time.After" {
			g.notePoll(n, c)
			return
		}
		lib := tickerChan(x.X)
		if lib == "" || !inLoop(x.Block()) {
			return
		}
		if !x.CommaOk {
			g.ticks = append(g.ticks, &tick{n: n, lib: lib, start: x.Block(), recv: x})
			return
		}
		// for range ticker.C: the body is the side where the receive
		// delivered a value.
		if b := okSucc(x); b != nil {
			g.ticks = append(g.ticks, &tick{n: n, lib: lib, start: b})
		}
	case *ssa.Select:
		if !inLoop(x.Block()) {
			return
		}
		for i, st := range x.States {
			if st.Dir != types.RecvOnly {
				continue
			}
			if c, ok := st.Chan.(*ssa.Call); ok && sleeper(c) == "time.After" {
				g.notePoll(n, c)
				continue
			}
			if lib := tickerChan(st.Chan); lib != "" {
				if b := caseSucc(x, i); b != nil {
					g.ticks = append(g.ticks, &tick{n: n, lib: lib, start: b})
				}
			}
		}
	}
}

// tickerChan names the scheduler of a ticker's channel: a load of the
// channel field of a ticker, or the result of a function returning one;
// "" for any other channel.
func tickerChan(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return apis.Tickers[fieldName(fa)]
		}
	case *ssa.Call:
		if f := analysisutil.CalleeFunc(x.Common()); f != nil {
			return apis.Tickers[apis.RawFullName(f)]
		}
	}
	return ""
}

// sleeper returns the full name of the pause call makes (apis.Sleepers),
// or "".
func sleeper(call *ssa.Call) string {
	if f := analysisutil.CalleeFunc(call.Common()); f != nil {
		if name := apis.RawFullName(f); apis.Sleepers[name] {
			return name
		}
	}
	return ""
}

// notePoll records the polling loop that pause (a time.Sleep, or the
// time.After a receive waits on) paces: the loop around it, when the loop
// leaves only when told to stop or when it fails (pollsForever). A loop
// that leaves once its work succeeds, or after a number of turns, is a
// retry or a wait, not a schedule:
//
//	for {                          // a polling loop: a schedule
//		if err := backoff.Retry(func() error { return c.dispatchQueue(ctx) }, b); err != nil {
//			return
//		}
//		time.Sleep(wait)
//	}
//	for {                          // a retry: leaves when Ping succeeds
//		if err := db.Ping(); err == nil {
//			break
//		}
//		time.Sleep(time.Second)
//	}
//	for i := 0; i < n; i++ { go work(i); time.Sleep(stagger) } // a counted loop
func (g *graph) notePoll(n *node, pause ssa.CallInstruction) {
	for _, t := range g.ticks {
		if t.n == n && t.body != nil && t.body[pause.Block()] {
			return // one schedule per loop, however many pauses it has
		}
	}
	body := loopOf(pause.Block())
	if body == nil || !pollsForever(body) || drivenByMessages(body) {
		return
	}
	g.ticks = append(g.ticks, &tick{n: n, lib: "polling loop", body: body, pause: pause})
}

// loopOf returns the blocks of the cycle through blk (those it reaches
// that reach it), nil when blk is in none. Two walks over the function's
// blocks, each visiting a block once.
func loopOf(blk *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	fwd := ssautil.Walk(blk.Succs, ssautil.Succs)
	if !fwd[blk] {
		return nil
	}
	bwd := ssautil.Walk(blk.Preds, ssautil.Preds)
	body := map[*ssa.BasicBlock]bool{}
	for b := range fwd {
		if bwd[b] {
			body[b] = true
		}
	}
	return body
}

// pollsForever reports whether every way out of the loop body is taken
// when the loop is told to stop or fails: a select's case (ctx.Done(), a
// stop channel), a receive finding its channel closed, an error set (the
// work's, ctx.Err()'s) or errors.Is(err, context.Canceled). Any other
// test leading out (a counter, a flag, a result found, an error that is
// nil) makes the loop a retry or a wait.
func pollsForever(body map[*ssa.BasicBlock]bool) bool {
	for b := range body {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		for side, succ := range b.Succs {
			if !body[succ] && !stopExit(ifi.Cond, side) {
				return false
			}
		}
	}
	return true
}

// drivenByMessages reports whether the loop waits for values from a
// channel other than a clock's or ctx.Done() on its turns: a consumer
// whose pause is a retry's (for { job := <-jobs; for i := 0; i < 3; i++ {
// ...; time.Sleep(b) } }), or a hub selecting over its channels with an
// idle timeout (case <-time.After(idle):), not a polling loop.
func drivenByMessages(body map[*ssa.BasicBlock]bool) bool {
	for b := range body {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW && !clockOrDone(x.X) {
					return true
				}
			case *ssa.Select:
				if !x.Blocking {
					continue // polled without waiting
				}
				msgs := false
				for _, st := range x.States {
					if st.Dir == types.RecvOnly && !clockOrDone(st.Chan) {
						msgs = true
					}
				}
				if msgs {
					return true // a hub's loop with an idle timeout among its cases
				}
			}
		}
	}
	return false
}

// clockOrDone reports whether ch is a clock's channel (time.After, a
// ticker's or timer's) or a context's Done channel.
func clockOrDone(ch ssa.Value) bool {
	if c, ok := ch.(*ssa.Call); ok && sleeper(c) != "" {
		return true
	}
	return tickerChan(ch) != "" || isDone(ch)
}

// isDone reports whether ch is ctx.Done() of a context.Context.
func isDone(ch ssa.Value) bool {
	c, ok := ch.(*ssa.Call)
	if !ok || !c.Call.IsInvoke() || c.Call.Method.Name() != "Done" {
		return false
	}
	n, ok := types.Unalias(c.Call.Value.Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// stopExit reports whether the branch side (0: true) of a test of cond is
// taken when the loop is told to stop or fails.
func stopExit(cond ssa.Value, side int) bool {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, side = u.X, 1-side
	}
	switch c := cond.(type) {
	case *ssa.BinOp:
		if ex, ok := c.X.(*ssa.Extract); ok && ex.Index == 0 {
			if _, ok := ex.Tuple.(*ssa.Select); ok {
				return true // a select's case: ctx.Done(), a stop channel
			}
		}
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false
		}
		x := c.X
		if isNilConst(x) {
			x = c.Y
		} else if !isNilConst(c.Y) {
			return false
		}
		if !types.Implements(x.Type(), errorIface) {
			return false
		}
		set := side == 0 // err != nil is true
		if c.Op == token.EQL {
			set = side == 1
		}
		return set
	case *ssa.Extract:
		if u, ok := c.Tuple.(*ssa.UnOp); ok && u.Op == token.ARROW && c.Index == 1 {
			return true // the channel was closed
		}
	case *ssa.Call:
		// errors.Is(err, context.Canceled): leaving when it is true.
		if f := analysisutil.CalleeFunc(c.Common()); f != nil && apis.RawFullName(f) == "errors.Is" && side == 0 && len(c.Call.Args) == 2 {
			if g, ok := c.Call.Args[1].(*ssa.UnOp); ok {
				if gl, ok := g.X.(*ssa.Global); ok && gl.Pkg != nil && gl.Pkg.Pkg.Path() == "context" {
					return true
				}
			}
		}
	}
	return false
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// inLoop reports whether blk is in a cycle of its function: a receive
// outside any loop waits for one tick, once.
func inLoop(blk *ssa.BasicBlock) bool {
	for _, s := range blk.Succs {
		if ssautil.Reachable(s, blk) {
			return true
		}
	}
	return false
}

// okSucc returns the block a comma-ok receive continues in when it
// delivered a value (the body of a for-range over the channel), or nil.
func okSucc(x *ssa.UnOp) *ssa.BasicBlock {
	for _, r := range referrers(x) {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 1 {
			continue
		}
		for _, rr := range referrers(ex) {
			if ifi, ok := rr.(*ssa.If); ok && ifi.Cond == ex {
				return ifi.Block().Succs[0]
			}
		}
	}
	return nil
}

// caseSucc returns the block a select continues in when its i'th state
// (a receive) is chosen: the true side of the test of the select's index
// against i, or nil.
func caseSucc(sel *ssa.Select, i int) *ssa.BasicBlock {
	for _, r := range referrers(sel) {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, rr := range referrers(ex) {
			bin, ok := rr.(*ssa.BinOp)
			if !ok || bin.Op != token.EQL {
				continue
			}
			c, ok := bin.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			if idx, ok := constant.Int64Val(c.Value); !ok || int(idx) != i {
				continue
			}
			for _, b := range referrers(bin) {
				if ifi, ok := b.(*ssa.If); ok && ifi.Cond == bin {
					return ifi.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

func referrers(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

// tickSchedules turns the ticker loops into schedules: each call of the
// body (the blocks the body's first block dominates, after the receive)
// of a function, of this package or another, is a job run on every tick.
// A loop of a function that serves requests or messages (a handler
// polling until a row changes) or of a test is no schedule: it runs once
// per request, not once per instance.
func (g *graph) tickSchedules() {
	for _, t := range g.ticks {
		fn := t.n.fn
		if v := t.n.verdict(); v.Answer == Yes && v.Kind != apis.EntryGoroutine && v.Kind != apis.EntrySchedule {
			continue // a loop inside a handler, consumer or job: per request
		}
		if strings.HasSuffix(g.r.fset.Position(fn.Pos()).Filename, "_test.go") {
			continue
		}
		if t.body != nil {
			// A polling loop is one job: the loop's turn, its claim and its
			// work together (a claim made by one call of the body covers the
			// work of the next), unless a ticker loop of its own is in it.
			if !g.tickIn(t) {
				g.schedules = append(g.schedules, &Schedule{Call: t.pause, Fn: fn, Lib: t.lib, Polls: true, Body: t.body})
			}
			continue
		}
		seen := map[*ssa.Function]bool{}
		seenObj := map[*types.Func]bool{}
		n0 := len(g.schedules)
		for _, b := range fn.Blocks {
			if !t.start.Dominates(b) {
				continue
			}
			after := t.recv == nil || b != t.start
			for _, instr := range b.Instrs {
				if instr == t.recv {
					after = true
					continue
				}
				call, ok := instr.(*ssa.Call)
				if !ok || !after || call.Call.IsInvoke() {
					continue // interface calls: which implementation runs is not in view here
				}
				sc := &Schedule{Call: call, Lib: t.lib, Polls: true}
				if callee := g.target(call.Call.Value); callee != nil {
					if seen[callee] {
						continue
					}
					seen[callee] = true
					sc.Fn = callee
				} else if obj := g.foreign(call.Call.Value); obj != nil && obj.Pkg() != nil && !apis.Library(obj.Pkg().Path()) {
					if seenObj[obj] {
						continue
					}
					seenObj[obj] = true
					sc.Obj = obj
				} else {
					continue
				}
				g.schedules = append(g.schedules, sc)
			}
		}
		if len(g.schedules) == n0 {
			g.workThenWait(t, fn)
		}
	}
}

// workThenWait makes a schedule of the loop around ticker loop t when
// nothing runs after its receive: the work comes first in the turn and
// the receive ends it (for { s.sync(ctx); <-t.C }; a select's case that
// goes straight back to the loop's head has the turn in its body
// already). As a polling loop's, the whole turn is the
// job, reported at its first call; the loop must leave only when told to
// stop or when it fails, and wait on no channel but clocks.
func (g *graph) workThenWait(t *tick, fn *ssa.Function) {
	body := loopOf(t.start)
	if body == nil || !pollsForever(body) || drivenByMessages(body) {
		return
	}
	var first ssa.CallInstruction
	for _, b := range fn.Blocks {
		if !body[b] {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() {
				continue
			}
			if g.target(call.Call.Value) != nil {
				first = call
			} else if obj := g.foreign(call.Call.Value); obj != nil && obj.Pkg() != nil && !apis.Library(obj.Pkg().Path()) {
				first = call
			}
			if first != nil {
				break
			}
		}
		if first != nil {
			break
		}
	}
	if first == nil {
		return
	}
	g.schedules = append(g.schedules, &Schedule{Call: first, Fn: fn, Lib: t.lib, Polls: true, Body: body})
}

// tickIn reports whether a ticker loop of t's function starts inside the
// polling loop t: the ticker schedules its body already.
func (g *graph) tickIn(t *tick) bool {
	for _, o := range g.ticks {
		if o.n == t.n && o.body == nil && t.body[o.start] {
			return true
		}
	}
	return false
}
