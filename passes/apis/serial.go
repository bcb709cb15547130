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
