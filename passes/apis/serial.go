package apis

// InProcessOnce maps the calls that run a callback at most once at a time
// per key within the process (a single-flight group) to the index of the
// callback among the call's arguments, the receiver not counted. Code in
// the callback runs serialized with every other call of the group for the
// same key; callers of another process are not.
var InProcessOnce = map[string]int{
	"(*golang.org/x/sync/singleflight.Group).Do":     1,
	"(*golang.org/x/sync/singleflight.Group).DoChan": 1,
}

// ProcessWaits are the calls that block until another goroutine signals or
// finishes: what a request that finds a key taken in an in-process claim
// map does to wait for the holder (a channel receive waits too).
var ProcessWaits = map[string]bool{
	"(*sync.Cond).Wait":      true,
	"(*sync.WaitGroup).Wait": true,
}

// AtomicCompareAndSwap are the atomic compare-and-swap operations: a worker
// goroutine that starts with "if !w.running.CompareAndSwap(false, true)
// { return }" is the only one of its kind running.
var AtomicCompareAndSwap = map[string]bool{
	"(*sync/atomic.Bool).CompareAndSwap":   true,
	"(*sync/atomic.Int32).CompareAndSwap":  true,
	"(*sync/atomic.Int64).CompareAndSwap":  true,
	"(*sync/atomic.Uint32).CompareAndSwap": true,
	"(*sync/atomic.Uint64).CompareAndSwap": true,
	"sync/atomic.CompareAndSwapInt32":      true,
	"sync/atomic.CompareAndSwapInt64":      true,
	"sync/atomic.CompareAndSwapUint32":     true,
	"sync/atomic.CompareAndSwapUint64":     true,
}
