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
}

// noteTicks records the ticker loops of n's function (g.ticks); schedules
// are made from them once the graph tells which functions serve requests
// (tickSchedules).
func (g *graph) noteTicks(n *node, instr ssa.Instruction) {
	switch x := instr.(type) {
	case *ssa.UnOp:
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
		seen := map[*ssa.Function]bool{}
		seenObj := map[*types.Func]bool{}
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
	}
}
