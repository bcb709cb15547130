package dbcall

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// serialParams lists the func parameters of fn that it hands to a single
// worker goroutine: a serializing executor, the way a service on SQLite
// queues its writes so that only one runs at a time (dendrite's
// sqlutil.ExclusiveWriter):
//
//	func (w *ExclusiveWriter) Do(db *sql.DB, txn *sql.Tx, f func(*sql.Tx) error) error {
//		if !w.running.Load() {
//			go w.run()
//		}
//		task := writerTask{db: db, txn: txn, f: f, wait: make(chan error, 1)}
//		w.todo <- task
//		return <-task.wait
//	}
//
//	func (w *ExclusiveWriter) run() {
//		if !w.running.CompareAndSwap(false, true) {
//			return // another worker runs
//		}
//		defer w.running.Store(false)
//		for task := range w.todo {
//			task.wait <- WithTransaction(task.db, task.f)
//		}
//	}
//
// fn sends f (or a struct holding it) on a channel kept in a field, and
// every function of the package that receives from a channel of that
// field is a single worker: it receives in a loop, starts no goroutine
// (the task runs in the worker, or not at all), and either claims the
// worker's place with an atomic compare-and-swap before it receives or is
// started by go statements outside loops in functions other than the
// sender. A pool of workers started in a loop serializes nothing, and a
// channel whose receivers the package does not show proves nothing.
func (b *builder) serialParams(fn *ssa.Function) []int {
	var out []int
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			send, ok := instr.(*ssa.Send)
			if !ok {
				continue
			}
			field := chanField(send.Chan)
			if field == nil {
				continue
			}
			for _, p := range sentFuncParams(fn, send.X) {
				if !containsInt(out, p) && b.singleWorker(fn, field) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// chanField returns the struct field a channel value is loaded from
// (w.todo), or nil.
func chanField(ch ssa.Value) *types.Var {
	ld, ok := unwrap(ch).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
}

// sentFuncParams returns the indices of fn's func parameters that the sent
// value v is or holds in a field: f itself, or a task struct built from it
// (by value or by pointer).
func sentFuncParams(fn *ssa.Function, v ssa.Value) []int {
	param := func(x ssa.Value) int {
		p, ok := unwrap(x).(*ssa.Parameter)
		if !ok {
			return -1
		}
		if _, isFunc := p.Type().Underlying().(*types.Signature); !isFunc {
			return -1
		}
		for i, q := range fn.Params {
			if q == p {
				return i
			}
		}
		return -1
	}
	if i := param(v); i >= 0 {
		return []int{i}
	}
	var out []int
	add := func(i int) {
		if i >= 0 && !containsInt(out, i) {
			out = append(out, i)
		}
	}
	// The struct's fields are stored into the composite literal's
	// allocation, which may be copied whole into the variable sent
	// (task := writerTask{...}: *t0 = *complit).
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		v = unwrap(v)
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
		}
		alloc, ok := v.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil || depth > 3 {
			return
		}
		for _, ref := range *alloc.Referrers() {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Addr == alloc {
					visit(x.Val, depth+1)
				}
			case *ssa.FieldAddr:
				if x.Referrers() == nil {
					continue
				}
				for _, r2 := range *x.Referrers() {
					if st, ok := r2.(*ssa.Store); ok && st.Addr == x {
						add(param(st.Val))
					}
				}
			}
		}
	}
	visit(v, 0)
	return out
}

// singleWorker reports that the package's receivers of the channel in
// field are single workers (see serialParams), and that there is one.
func (b *builder) singleWorker(sender *ssa.Function, field *types.Var) bool {
	found := false
	for _, c := range b.srcFuncs {
		recvs := receivesFrom(c, field)
		if len(recvs) == 0 {
			continue
		}
		found = true
		if spawns(c) {
			return false
		}
		for _, r := range recvs {
			if !inLoop(r.Block()) {
				return false
			}
			if !casBefore(c, r) && !b.startedOnce(c, sender) {
				return false
			}
		}
	}
	return found
}

// receivesFrom returns fn's receives (and selects) on a channel loaded
// from field.
func receivesFrom(fn *ssa.Function, field *types.Var) []ssa.Instruction {
	var out []ssa.Instruction
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW && chanField(x.X) == field {
					out = append(out, x)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly && chanField(st.Chan) == field {
						out = append(out, x)
						break
					}
				}
			}
		}
	}
	return out
}

// spawns reports a go statement in fn or a closure it makes.
func spawns(fn *ssa.Function) bool {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if _, ok := instr.(*ssa.Go); ok {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if spawns(anon) {
			return true
		}
	}
	return false
}

// casBefore reports an atomic compare-and-swap that runs before the
// receive r and whose outcome is branched on: the worker claims its place,
// and a second one started returns.
func casBefore(fn *ssa.Function, r ssa.Instruction) bool {
	for call, f := range analysisutil.Calls(fn) {
		if !apis.AtomicCompareAndSwap[apis.RawFullName(f)] || !ssautil.Before(call, r) {
			continue
		}
		v, ok := call.(*ssa.Call)
		if !ok || v.Referrers() == nil {
			continue
		}
		for _, ref := range *v.Referrers() {
			switch x := ref.(type) {
			case *ssa.If:
				return true
			case *ssa.UnOp:
				if x.Op == token.NOT && x.Referrers() != nil {
					for _, r2 := range *x.Referrers() {
						if _, ok := r2.(*ssa.If); ok {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// startedOnce reports that every go statement of the package that starts
// the worker c lies outside loops, in a function other than the sender
// (a constructor), and that there is one.
func (b *builder) startedOnce(c, sender *ssa.Function) bool {
	found := false
	for _, fn := range b.srcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				g, ok := instr.(*ssa.Go)
				if !ok || g.Call.StaticCallee() != c {
					continue
				}
				if fn == sender || inLoop(blk) {
					return false
				}
				found = true
			}
		}
	}
	return found
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// serialCallback reports both accesses inside one callback given to a
// serializing executor (see serialParams), or a closure nested in it: the
// executor's worker runs one callback at a time. An executor reached
// through an interface counts when a type assertion on the same value
// selects its concrete type on the way to the call:
//
//	if _, ok := d.Writer.(*sqlutil.ExclusiveWriter); ok {
//		return d.Writer.Do(d.DB, nil, func(txn *sql.Tx) error { ... })
//	}
func (r *Result) serialCallback(first, second *Access) bool {
	if r == nil || r.b == nil || first == nil || second == nil || first.Fn != second.Fn {
		return false
	}
	fn := first.Fn
	for depth := 0; fn != nil && depth < 4; depth++ {
		parent := fn.Parent()
		if parent == nil {
			return false
		}
		for _, blk := range parent.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, isGo := call.(*ssa.Go); isGo {
					continue
				}
				args := ssautil.FullArgs(call.Common())
				for i, a := range args {
					if ssautil.FuncOf(a) != fn {
						continue
					}
					if sum := r.b.executorSummary(call); sum != nil && containsInt(sum.Serial, i) {
						return true
					}
				}
			}
		}
		fn = parent
	}
	return false
}

// executorSummary returns the summary of the function call runs: its
// static callee, or for an interface call the method of the concrete type
// a dominating type assertion on the receiver established.
func (b *builder) executorSummary(call ssa.CallInstruction) *summaryFact {
	common := call.Common()
	if !common.IsInvoke() {
		if callee := common.StaticCallee(); callee != nil {
			return b.summaryOf(callee)
		}
		return nil
	}
	t := assertedType(call, common.Value)
	if t == nil {
		return nil
	}
	sel := types.NewMethodSet(t).Lookup(common.Method.Pkg(), common.Method.Name())
	if sel == nil {
		return nil
	}
	m, ok := sel.Obj().(*types.Func)
	if !ok {
		return nil
	}
	return b.methodSummary(m)
}

// samePlace reports two loads of one variable or field path: d.Writer
// loaded twice from a receiver d that closures capture (and SSA keeps in
// a cell, loaded at each use).
func samePlace(a, b ssa.Value, depth int) bool {
	a, b = unwrap(a), unwrap(b)
	if a == b {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && samePlace(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && samePlace(x.X, y.X, depth+1)
	}
	return false
}

// assertedType returns the type T of a comma-ok type assertion v.(T) on
// the receiver (or another load of the same field) whose "ok" branch
// dominates the call.
func assertedType(call ssa.CallInstruction, recv ssa.Value) types.Type {
	fn := call.Parent()
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			ta, ok := instr.(*ssa.TypeAssert)
			if !ok || !ta.CommaOk || !samePlace(ta.X, recv, 0) || ta.Referrers() == nil {
				continue
			}
			if _, isIface := ta.AssertedType.Underlying().(*types.Interface); isIface {
				continue
			}
			for _, ref := range *ta.Referrers() {
				ex, ok := ref.(*ssa.Extract)
				if !ok || ex.Index != 1 || ex.Referrers() == nil {
					continue
				}
				for _, r2 := range *ex.Referrers() {
					ifi, ok := r2.(*ssa.If)
					if ok && len(ifi.Block().Succs) == 2 && len(ifi.Block().Succs[0].Preds) == 1 && ifi.Block().Succs[0].Dominates(call.Block()) {
						return ta.AssertedType
					}
				}
			}
		}
	}
	return nil
}
