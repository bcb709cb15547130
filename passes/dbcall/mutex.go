package dbcall

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// mutexLocks and mutexUnlocks are the write-lock calls of the standard
// library's mutexes.
var (
	mutexLocks   = map[string]bool{"(*sync.Mutex).Lock": true, "(*sync.RWMutex).Lock": true}
	mutexUnlocks = map[string]bool{"(*sync.Mutex).Unlock": true, "(*sync.RWMutex).Unlock": true}
)

// MutexHeld reports whether a sync.Mutex (or RWMutex write lock) is held
// in the process over both accesses of one function: Lock is called before
// them, and no Unlock runs between the Lock and the later access (a
// deferred Unlock runs at return). The lock may be taken by an enclosing
// function before the closure holding the accesses is made:
//
//	mu.Lock()
//	defer mu.Unlock()
//	return db.Transaction(func(tx *gorm.DB) error {
//		if tx.Where(...).Find(&existing).RowsAffected > 0 { return ErrPending }
//		return tx.Create(&row).Error
//	})
//
// Writers in one process are then serialized; other processes are not.
func MutexHeld(first, second *Access) bool {
	if first == nil || second == nil || first.Fn != second.Fn || first.Call == nil || second.Call == nil {
		return false
	}
	return heldOver(first.Fn, first.Call, second.Call)
}

// MutexHeldOver reports whether a sync.Mutex is held over the call, in its
// function or around the closure holding it, as MutexHeld does for two
// accesses: a caller that serializes a callee's check-then-create.
//
//	thumbMu.Lock()
//	defer thumbMu.Unlock()
//	store.EnsureThumbnail(path)   // checks, then creates: serialized here
func MutexHeldOver(call ssa.CallInstruction) bool {
	return call != nil && call.Parent() != nil && heldOver(call.Parent(), call, call)
}

// heldOver reports a lock held from before a to b in fn, or around the
// closure that is fn in its enclosing functions.
func heldOver(fn *ssa.Function, a, b ssa.Instruction) bool {
	for depth := 0; fn != nil && depth < 4; depth++ {
		if held(fn, a, b) {
			return true
		}
		parent := fn.Parent()
		if parent == nil {
			return false
		}
		mc := closureOf(parent, fn)
		if mc == nil {
			return false
		}
		fn, a, b = parent, mc, mc
	}
	return false
}

// held reports a Lock before a in fn with no Unlock after it and before b.
func held(fn *ssa.Function, a, b ssa.Instruction) bool {
	var locks, unlocks []ssa.Instruction
	for call, f := range analysisutil.Calls(fn) {
		if f.Pkg() == nil || f.Pkg().Path() != "sync" {
			continue // not a mutex call (FullName is costly, and held runs for each pair of accesses)
		}
		switch name := apis.RawFullName(f); {
		case mutexLocks[name]:
			locks = append(locks, call)
		case mutexUnlocks[name]:
			if _, deferred := call.(*ssa.Defer); !deferred {
				unlocks = append(unlocks, call)
			}
		}
	}
	for _, l := range locks {
		if !ssautil.Before(l, a) {
			continue
		}
		released := false
		for _, u := range unlocks {
			if ssautil.Before(l, u) && (ssautil.Before(u, b) || ssautil.Reachable(u.Block(), b.Block()) && u.Block() != b.Block()) {
				released = true
			}
		}
		if !released {
			return true
		}
	}
	return false
}

// MadeAt returns the instruction of fn's enclosing function that makes
// the closure fn (the first, if several do; or the call passing it as a
// value), or nil for a declared function.
func MadeAt(fn *ssa.Function) ssa.Instruction {
	if fn == nil || fn.Parent() == nil {
		return nil
	}
	return closureOf(fn.Parent(), fn)
}

// closureOf returns the MakeClosure (or the function value use) in parent
// that makes fn.
func closureOf(parent, fn *ssa.Function) ssa.Instruction {
	for _, blk := range parent.Blocks {
		for _, instr := range blk.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
			if call, ok := instr.(ssa.CallInstruction); ok {
				for _, arg := range call.Common().Args {
					if arg == ssa.Value(fn) {
						return instr
					}
				}
			}
		}
	}
	return nil
}

// Serialized reports whether the process serializes the two accesses of
// one function against every other run of them with the same key, so that
// within the process no other request runs between them:
//
//   - a sync.Mutex is held over both (MutexHeld);
//   - both run in a callback of a single-flight group (singleflight's
//     Do and DoChan, apis.InProcessOnce), which runs one call per key at a
//     time;
//   - a call of a function that claims a key in-process (see
//     claimedParams) precedes both, given the very value both accesses
//     bind to a key column: the request holds the claim on that key, or
//     waited until the request holding it was done;
//   - both run in a callback handed to a serializing executor, whose one
//     worker goroutine runs the callbacks one at a time (serialCallback).
//
// Other processes are not serialized: this is evidence for a service that
// runs one instance (a media store on local disk, a wallet hub), and the
// checkers' documentation says so. One case serializes every process: a
// transaction begun with SQLite's BEGIN IMMEDIATE or BEGIN EXCLUSIVE
// before both, not ended between them (writeLocked).
func (r *Result) Serialized(first, second *Access) bool {
	if MutexHeld(first, second) || onceCallback(first, second) || r.writeLocked(first, second) || r.serialCallback(first, second) {
		return true
	}
	return r != nil && (r.claimedBefore(first, second) || r.distLocked(first, second))
}

// onceCallback reports both accesses inside one callback given to a
// single-flight group (or a closure nested in it).
func onceCallback(first, second *Access) bool {
	if first == nil || second == nil || first.Fn != second.Fn {
		return false
	}
	fn := first.Fn
	for depth := 0; fn != nil && depth < 4; depth++ {
		parent := fn.Parent()
		if parent == nil {
			return false
		}
		for call, f := range analysisutil.Calls(parent) {
			i, ok := apis.InProcessOnce[apis.RawFullName(f)]
			if !ok {
				continue
			}
			args := call.Common().Args
			if f.Type().(*types.Signature).Recv() != nil && !call.Common().IsInvoke() {
				i++ // a static method call passes the receiver first
			}
			if i < len(args) && ssautil.FuncOf(args[i]) == fn {
				return true
			}
		}
		fn = parent
	}
	return false
}

// claimedBefore reports a call of a claiming function that precedes both
// accesses and claims the value both bind to a key column: a waiting
// claim before both on every path, or a tested claim whose "claimed"
// branch alone leads to them.
func (r *Result) claimedBefore(first, second *Access) bool {
	return r.anyCallBefore(first, second, func(call ssa.CallInstruction) bool {
		callee := call.Common().StaticCallee()
		if callee == nil {
			return false
		}
		sum := r.b.summaryOf(callee)
		if sum == nil || len(sum.Claims) == 0 {
			return false
		}
		args := ssautil.FullArgs(call.Common())
		for _, c := range sum.Claims {
			if c.Param >= len(args) || !bindsKey(first, second, RefOf(args[c.Param])) {
				continue
			}
			if c.Result < 0 || onlyWhenClaimed(call, c.Result, first.Call, second.Call) {
				return true
			}
		}
		return false
	})
}

// anyCallBefore reports whether pred holds for a call of the accesses'
// function, other than theirs, that runs before both on every path to
// them (a claim held or waited for, a lock taken).
func (r *Result) anyCallBefore(first, second *Access, pred func(ssa.CallInstruction) bool) bool {
	if first == nil || second == nil || first.Fn != second.Fn || first.Call == nil || second.Call == nil || r.b == nil {
		return false
	}
	for _, blk := range first.Fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == first.Call || call == second.Call {
				continue
			}
			if !ssautil.Before(call, first.Call) || !ssautil.Before(call, second.Call) {
				continue
			}
			if pred(call) {
				return true
			}
		}
	}
	return false
}

// onlyWhenClaimed reports that the accesses a and b run only on the true
// side of a branch on result res of the claim call:
//
//	if !inflight.Add(path) { return ErrBusy }
//	... the check and the create ...
func onlyWhenClaimed(call ssa.CallInstruction, res int, a, b ssa.Instruction) bool {
	v, ok := call.(*ssa.Call)
	if !ok {
		return false
	}
	var flag ssa.Value = v
	if v.Call.Signature().Results().Len() > 1 {
		flag = nil
		for _, ref := range *v.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == res {
				flag = ex
			}
		}
	}
	if flag == nil || flag.Referrers() == nil {
		return false
	}
	type branch struct {
		ifi     *ssa.If
		negated bool
	}
	var branches []branch
	for _, ref := range *flag.Referrers() {
		switch x := ref.(type) {
		case *ssa.If:
			branches = append(branches, branch{x, false})
		case *ssa.UnOp: // if !claim(k)
			if x.Op == token.NOT && x.Referrers() != nil {
				for _, r2 := range *x.Referrers() {
					if ifi, ok := r2.(*ssa.If); ok {
						branches = append(branches, branch{ifi, true})
					}
				}
			}
		}
	}
	for _, br := range branches {
		if len(br.ifi.Block().Succs) != 2 {
			continue
		}
		claimed, not := br.ifi.Block().Succs[0], br.ifi.Block().Succs[1]
		if br.negated {
			claimed, not = not, claimed
		}
		if claimed.Dominates(a.Block()) && claimed.Dominates(b.Block()) && !ssautil.Reachable(not, a.Block()) && !ssautil.Reachable(not, b.Block()) {
			return true
		}
	}
	return false
}

// bindsKey reports a key column that both accesses bind to the value k:
// the read's WHERE (or the write's) and the other's SET or WHERE.
func bindsKey(first, second *Access, k Ref) bool {
	bound := func(a *Access, col string) bool {
		if b, ok := a.WhereColumn(col); ok && b.Value.Same(k) {
			return true
		}
		b, ok := a.SetColumn(col)
		return ok && b.Value.Same(k)
	}
	for _, col := range append(first.KeyColumns(), setColumns(first)...) {
		if bound(first, col) && bound(second, col) {
			return true
		}
	}
	return false
}

func setColumns(a *Access) []string {
	var out []string
	for _, s := range a.Set {
		out = append(out, s.Column)
	}
	return out
}

// claimFact describes a parameter a function claims in-process. Result
// is -1 when a request that finds the key taken waits for the holder, so
// that whoever goes on after the call holds the key or comes after the
// holder; otherwise it is the index of a bool result that is true only
// when the call recorded the key (and the caller must test it).
type claimFact struct {
	Param  int
	Result int
}

// claimsOf lists the parameters that fn claims in-process: under a
// sync.Mutex it looks the parameter up in a map and, when it is absent,
// stores it there, the lock held throughout. When the key is present, it
// either waits for the holder (sync.Cond.Wait, sync.WaitGroup.Wait, a
// channel receive) before it returns, a hand-rolled single flight
// (dendrite's getActiveThumbnailGeneration):
//
//	active.Lock()
//	defer active.Unlock()
//	if res, ok := active.PathToResult[string(dst)]; ok {
//		res.Cond.Wait()
//		return false, res.Err
//	}
//	active.PathToResult[string(dst)] = &Result{Cond: sync.NewCond(active)}
//	return true, nil
//
// or it returns a bool result that is true only on the paths that stored
// the key (an in-flight set: "if !inflight.Add(k) { return }").
// A map that records the key, lets a second request go on without waiting
// and does not say which request got it claims nothing.
func claimsOf(fn *ssa.Function) []claimFact {
	params := map[ssa.Value]int{}
	for i, p := range fn.Params {
		params[p] = i
	}
	var out []claimFact
	has := func(p int) bool {
		for _, c := range out {
			if c.Param == p {
				return true
			}
		}
		return false
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			lk, ok := instr.(*ssa.Lookup)
			if !ok || !lk.CommaOk {
				continue
			}
			if _, isMap := lk.X.Type().Underlying().(*types.Map); !isMap {
				continue
			}
			p, ok := params[unwrap(lk.Index)]
			if !ok || has(p) {
				continue
			}
			present, absent := okBranch(lk)
			if present == nil {
				continue
			}
			var stores []*ssa.MapUpdate
			for _, b2 := range fn.Blocks {
				for _, in2 := range b2.Instrs {
					u, ok := in2.(*ssa.MapUpdate)
					if !ok || !sameMap(u.Map, lk.X) || unwrap(u.Key) != unwrap(lk.Index) {
						continue
					}
					if ssautil.Reachable(absent, b2) && !ssautil.Reachable(present, b2) && held(fn, lk, u) {
						stores = append(stores, u)
					}
				}
			}
			if len(stores) == 0 {
				continue
			}
			if waitsFrom(present) {
				out = append(out, claimFact{Param: p, Result: -1})
			} else if res, ok := claimedResult(fn, present, stores); ok {
				out = append(out, claimFact{Param: p, Result: res})
			}
		}
	}
	return out
}

// claimedResult returns the index of a bool result of fn that is false on
// every return reachable from present and true only on returns that a
// store of the key precedes.
func claimedResult(fn *ssa.Function, present *ssa.BasicBlock, stores []*ssa.MapUpdate) (int, bool) {
	results := fn.Signature.Results()
	for res := 0; res < results.Len(); res++ {
		if !isBoolType(results.At(res).Type()) {
			continue
		}
		ok, anyTrue := true, false
		for _, blk := range fn.Blocks {
			ret, isRet := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !isRet || res >= len(ret.Results) || blk == fn.Recover {
				continue // the recover block returns what a panic left
			}
			c, isConst := returned(ret, res).(*ssa.Const)
			isTrue := isConst && c.Value != nil && c.Value.String() == "true"
			if !isConst {
				ok = false // computed: cannot tell which request got the key
				break
			}
			if ssautil.Reachable(present, blk) && isTrue {
				ok = false
				break
			}
			if isTrue {
				anyTrue = true
				stored := false
				for _, u := range stores {
					if ssautil.Before(u, ret) {
						stored = true
					}
				}
				if !stored {
					ok = false
					break
				}
			}
		}
		if ok && anyTrue {
			return res, true
		}
	}
	return -1, false
}

// okBranch returns the successors of the branch on lk's ok result: taken
// when the key is present, and when it is absent.
func okBranch(lk *ssa.Lookup) (present, absent *ssa.BasicBlock) {
	for _, ref := range *lk.Referrers() {
		ex, ok := ref.(*ssa.Extract)
		if !ok || ex.Index != 1 || ex.Referrers() == nil {
			continue
		}
		for _, r2 := range *ex.Referrers() {
			if ifi, ok := r2.(*ssa.If); ok && len(ifi.Block().Succs) == 2 {
				return ifi.Block().Succs[0], ifi.Block().Succs[1]
			}
		}
	}
	return nil, nil
}

// waitsFrom reports a blocking wait for another goroutine reachable from
// blk: a call of apis.ProcessWaits or a channel receive.
func waitsFrom(blk *ssa.BasicBlock) bool {
	fn := blk.Parent()
	for _, b := range fn.Blocks {
		if !ssautil.Reachable(blk, b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case ssa.CallInstruction:
				if f := analysisutil.CalleeFunc(x.Common()); f != nil && apis.ProcessWaits[apis.RawFullName(f)] {
					return true
				}
			}
		}
	}
	return false
}

// returned is result res of ret, through the result variable a function
// with defers stores it in (*t0 = false; rundefers; return *t0).
func returned(ret *ssa.Return, res int) ssa.Value {
	v := unwrap(ret.Results[res])
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	if _, local := ld.X.(*ssa.Alloc); !local {
		return v
	}
	var last ssa.Value
	for _, instr := range ret.Block().Instrs {
		if st, ok := instr.(*ssa.Store); ok && st.Addr == ld.X {
			last = st.Val
		}
	}
	if last == nil {
		return v
	}
	return unwrap(last)
}

// sameMap reports two loads of one map variable: the same field of the
// same struct pointer, or the same global or value.
func sameMap(a, b ssa.Value) bool {
	a, b = unwrap(a), unwrap(b)
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
		return false
	}
	if la.X == lb.X {
		return true
	}
	fa, ok1 := la.X.(*ssa.FieldAddr)
	fb, ok2 := lb.X.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && unwrap(fa.X) == unwrap(fb.X)
}

// writeLocked reports both accesses of one function after a BEGIN
// IMMEDIATE (or EXCLUSIVE) run as SQL on every path to the first, with no
// COMMIT or ROLLBACK run between the BEGIN and the second: SQLite gives
// the transaction the database's write lock when it begins, and every
// other writer waits for it (conn.ExecContext(ctx, "BEGIN IMMEDIATE"),
// then reads that decide writes).
func (r *Result) writeLocked(first, second *Access) bool {
	if r == nil || first == nil || second == nil || first.Fn != second.Fn || first.Call == nil || second.Call == nil {
		return false
	}
	fi := r.Func(first.Fn)
	if fi == nil {
		return false
	}
	var begin *Access
	for _, a := range fi.Accesses {
		if a.Kind == KindTxControl && a.Stmt != nil && a.Stmt.Kind == sqltext.KindBegin && a.Stmt.WriteLock && a.Call != nil && ssautil.Before(a.Call, first.Call) {
			begin = a
			break
		}
	}
	if begin == nil {
		return false
	}
	for _, a := range fi.Accesses {
		if a.Kind != KindTxControl || a.Stmt == nil || a.Stmt.Kind != sqltext.KindCommit && a.Stmt.Kind != sqltext.KindRollback || a.Call == nil || a.Call.Block() == nil {
			continue
		}
		if ssautil.Reachable(begin.Call.Block(), a.Call.Block()) && ssautil.Reachable(a.Call.Block(), second.Call.Block()) {
			if a.Call.Block() != second.Call.Block() || ssautil.Index(a.Call) < ssautil.Index(second.Call) {
				return false // the transaction may end before the second
			}
		}
	}
	return true
}
