package dbcall

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
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
	fn := first.Fn
	var a, b ssa.Instruction = first.Call, second.Call
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
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			f := analysisutil.CalleeFunc(call.Common())
			if f == nil {
				continue
			}
			switch name := f.FullName(); {
			case mutexLocks[name]:
				locks = append(locks, instr)
			case mutexUnlocks[name]:
				if _, deferred := instr.(*ssa.Defer); !deferred {
					unlocks = append(unlocks, instr)
				}
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
