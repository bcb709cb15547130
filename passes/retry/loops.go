package retry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// builder computes the regions, helpers and clients of one package.
type builder struct {
	r        *Result
	fns      []*ssa.Function
	own      map[*ssa.Function]bool
	regions  map[*ssa.Function][]*Region
	helpers  map[*ssa.Function]*helperFact
	runs     map[*ssa.Function][]int
	returns  map[*ssa.Function][]clientState
	fields   map[types.Object]*clientState
	active   map[*ssa.Function]bool
	closures map[*ssa.Function][]*ssa.Parameter
	// params memoizes paramClient (nil while computing: a cycle).
	params map[*ssa.Parameter]*clientState
}

func newBuilder(r *Result, fns []*ssa.Function) *builder {
	b := &builder{r: r, fns: fns, own: map[*ssa.Function]bool{},
		regions: map[*ssa.Function][]*Region{}, helpers: map[*ssa.Function]*helperFact{},
		runs: map[*ssa.Function][]int{}, returns: map[*ssa.Function][]clientState{},
		active: map[*ssa.Function]bool{}, closures: map[*ssa.Function][]*ssa.Parameter{}}
	for _, fn := range fns {
		b.own[fn] = true
	}
	return b
}

// loop is a natural loop of a function's control-flow graph.
type loop struct {
	header  *ssa.BasicBlock
	latches []*ssa.BasicBlock
	body    map[*ssa.BasicBlock]bool
}

// loopsOf returns the natural loops of fn, by header, in block order.
func loopsOf(fn *ssa.Function) []*loop {
	byHeader := map[*ssa.BasicBlock]*loop{}
	var out []*loop
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				l := byHeader[s]
				if l == nil {
					l = &loop{header: s, body: map[*ssa.BasicBlock]bool{s: true}}
					byHeader[s] = l
					out = append(out, l)
				}
				l.latches = append(l.latches, b)
			}
		}
	}
	for _, l := range out {
		stack := append([]*ssa.BasicBlock(nil), l.latches...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if l.body[x] {
				continue
			}
			l.body[x] = true
			stack = append(stack, x.Preds...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].header.Index < out[j].header.Index })
	return out
}

// regionsOf returns the retry regions whose construct is in fn.
func (b *builder) regionsOf(fn *ssa.Function) []*Region {
	if rs, ok := b.regions[fn]; ok {
		return rs
	}
	b.regions[fn] = nil // recursion
	var out []*Region
	for _, l := range loopsOf(fn) {
		if r := b.retryLoop(fn, l); r != nil {
			out = append(out, r)
		}
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			if r := b.callRegion(fn, call); r != nil {
				out = append(out, r)
			}
		}
	}
	b.regions[fn] = out
	return out
}

// callRegion returns the region of a retry library or helper call.
//
//	backoff.Retry(func() error { ... }, b)
//	retry.Do(op, retry.Attempts(3))
//	httpx.Retry(3, func() error { ... })     // a helper, by fact
func (b *builder) callRegion(fn *ssa.Function, call ssa.CallInstruction) *Region {
	common := call.Common()
	full := ssautil.FullArgs(common)
	name := analysisutil.FuncName(common)
	if rf, ok := apis.RetryFuncs[name]; ok {
		args := ssautil.CallArgs(common)
		if rf.Op >= len(args) || turnsOffRetries(args) {
			return nil
		}
		if rf.Mark != "" && !calls(ssautil.FuncOf(args[rf.Op]), rf.Mark, 0) {
			return nil // go-retry retries only errors marked retryable
		}
		r := b.region(KindLibrary, rf.Label, fn, call, args[rf.Op])
		r.Step = rf.Step
		return r
	}
	callee := common.StaticCallee()
	if callee == nil {
		return nil
	}
	if h := b.helperOf(callee); h != nil && h.Func < len(full) {
		return b.region(KindHelper, label(callee), fn, call, full[h.Func])
	}
	return nil
}

func (b *builder) region(kind Kind, construct string, fn *ssa.Function, call ssa.CallInstruction, op ssa.Value) *Region {
	f := ssautil.FuncOf(op)
	return &Region{Kind: kind, Construct: construct, Pos: call.Pos(), Fn: f, Func: op, Call: call, Literal: f != nil && f.Parent() != nil}
}

// calls reports whether fn (or a function literal in it) calls the
// function named name.
func calls(fn *ssa.Function, name string, depth int) bool {
	if fn == nil || depth > 3 {
		return false
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && analysisutil.FuncName(call.Common()) == name {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if calls(anon, name, depth+1) {
			return true
		}
	}
	return false
}

// turnsOffRetries reports options that make a retry library run the
// operation once: retry.Attempts(1), backoff.WithMaxRetries(b, 0).
func turnsOffRetries(args []ssa.Value) bool {
	var opts []ssa.Value
	for _, a := range args {
		if elems, ok := ssautil.VariadicArgs(a); ok {
			opts = append(opts, elems...)
		} else {
			opts = append(opts, unwrap(a))
		}
	}
	for _, o := range opts {
		call, ok := unwrap(o).(*ssa.Call)
		if !ok {
			continue
		}
		nr, ok := apis.NoRetryOptions[analysisutil.FuncName(call.Common())]
		if !ok || nr.Arg < 0 || nr.Arg >= len(call.Call.Args) {
			continue
		}
		if c, ok := unwrap(call.Call.Args[nr.Arg]).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
			if n, ok := constant.Int64Val(c.Value); ok && n == nr.Value {
				return true
			}
		}
	}
	return false
}

// retryLoop decides whether l runs an operation again when it fails, and
// returns its region. The shapes:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		resp, err := send()
//		if err == nil { return resp }       // success leaves the loop
//		time.Sleep(backoff)                  // failure goes round again
//	}
//	for attempt := 0; ; attempt++ {
//		resp, err := client.Do(req)
//		if err != nil { return err }
//		if resp.StatusCode >= 500 && attempt < 4 { continue }
//		return nil
//	}
//
// A loop over a collection (range over a slice, map, channel or iterator)
// is never a retry: each iteration handles another item. A loop whose
// test sends the success side round again (a worker loop, a loop over
// pages) is not one either, nor one whose operation's arguments come from
// the operation's own earlier results (a cursor).
func (b *builder) retryLoop(fn *ssa.Function, l *loop) *Region {
	c := l.header.Comment
	if !strings.HasPrefix(c, "for.") && !strings.HasPrefix(c, "rangeint.") {
		return nil
	}
	var decisive []*ssa.BasicBlock
	var op *ssa.Call
	rateLimit, sawOther := false, false
	// The tests of an error that say it is a rate limit (the request was
	// refused, not processed: acme.AsRateLimitError(err)), and the
	// in-loop sides of the other decisive tests.
	var limitTests []*ssa.BasicBlock
	var otherSides []*ssa.BasicBlock
	for _, blk := range fn.Blocks {
		if !l.body[blk] || len(blk.Instrs) == 0 {
			continue
		}
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		in0, in1 := l.body[blk.Succs[0]], l.body[blk.Succs[1]]
		if in0 == in1 {
			continue
		}
		repeatOnTrue := in0
		if repeatOnTrue && rateLimitTest(ifi.Cond) {
			limitTests = append(limitTests, blk)
			continue
		}
		var srcs []outcome
		collectOutcomes(ifi.Cond, false, 0, map[ssa.Value]bool{}, &srcs)
		for _, s := range srcs {
			if !l.body[s.call.Block()] || !(s.call.Block() == blk || s.call.Block().Dominates(blk)) {
				continue
			}
			switch direction(ifi.Cond, s) {
			case failureTrue:
				if !repeatOnTrue {
					continue // goes round again on success
				}
			case failureFalse:
				if repeatOnTrue {
					continue
				}
			}
			if paginates(s.call, l) {
				continue
			}
			decisive = append(decisive, blk)
			if op == nil || s.call.Pos() < op.Pos() {
				op = s.call
			}
			if s.status && onlyRateLimit(ifi.Cond, repeatOnTrue) {
				rateLimit = true
			} else {
				sawOther = true
				if repeatOnTrue {
					otherSides = append(otherSides, blk.Succs[0])
				} else {
					otherSides = append(otherSides, blk.Succs[1])
				}
			}
			break
		}
	}
	if len(decisive) == 0 {
		return nil
	}
	if len(limitTests) == 1 && sawOther {
		// A failure goes round again only through the rate-limit test:
		// every other failure leaves the loop.
		lt := limitTests[0]
		through := false
		for _, side := range otherSides {
			if ssautil.ReachableAvoiding(side, l.header, lt, lt.Succs[0]) {
				through = true
				break
			}
		}
		if !through {
			rateLimit, sawOther = true, false
		}
	}
	repeated := map[*ssa.BasicBlock]bool{}
	stack := decisive
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if repeated[x] || !l.body[x] {
			continue
		}
		repeated[x] = true
		if x != l.header {
			stack = append(stack, x.Preds...)
		}
	}
	return &Region{Kind: KindLoop, Construct: "the loop", Pos: loopPos(fn, op.Pos()), Fn: fn,
		Body: l.body, Repeated: repeated, Literal: true, RateLimitOnly: rateLimit && !sawOther,
		gate: flagGateOf(fn, l)}
}

// loopPos returns the position of the innermost for statement around pos.
func loopPos(fn *ssa.Function, pos token.Pos) token.Pos {
	syntax := fn.Syntax()
	if syntax == nil {
		return pos
	}
	best := pos
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return n == nil || n.Pos() <= pos && pos < n.End()
		}
		switch x := n.(type) {
		case *ast.ForStmt:
			best = x.For
		case *ast.RangeStmt:
			best = x.For
		case *ast.FuncLit:
			if x != syntax {
				return false
			}
		}
		return true
	})
	return best
}

// outcome is a call whose result a condition tests: its error, or a
// status code it returns.
type outcome struct {
	call   *ssa.Call
	status bool
}

// collectOutcomes finds the calls whose error or status v is computed
// from: err != nil, errors.Is(err, x), isTemporary(err),
// resp.StatusCode >= 500, IsRetryable(resp.StatusCode).
func collectOutcomes(v ssa.Value, status bool, depth int, seen map[ssa.Value]bool, out *[]outcome) {
	if depth > 10 || seen[v] {
		return
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.BinOp:
		collectOutcomes(x.X, status, depth+1, seen, out)
		collectOutcomes(x.Y, status, depth+1, seen, out)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				if isStatusField(fa.X.Type(), fa.Field) {
					collectOutcomes(fa.X, true, depth+1, seen, out)
				}
				return
			}
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				for _, st := range storesTo(alloc) {
					collectOutcomes(st, status, depth+1, seen, out)
				}
			}
			return
		}
		collectOutcomes(x.X, status, depth+1, seen, out)
	case *ssa.Field:
		if isStatusField(x.X.Type(), x.Field) {
			collectOutcomes(x.X, true, depth+1, seen, out)
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if isError(x.Type()) {
				*out = append(*out, outcome{call: call})
			} else if status {
				*out = append(*out, outcome{call: call, status: true})
			}
		}
	case *ssa.Call:
		switch {
		case isError(x.Type()):
			*out = append(*out, outcome{call: x})
		case status:
			*out = append(*out, outcome{call: x, status: true})
		default:
			// A predicate: isTemporary(err), errors.Is(err, ErrX),
			// IsRetryableStatus(resp.StatusCode).
			if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsBoolean|types.IsInteger) != 0 {
				for _, a := range x.Call.Args {
					collectOutcomes(a, false, depth+1, seen, out)
				}
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			collectOutcomes(e, status, depth+1, seen, out)
		}
	case *ssa.ChangeType:
		collectOutcomes(x.X, status, depth+1, seen, out)
	case *ssa.Convert:
		collectOutcomes(x.X, status, depth+1, seen, out)
	case *ssa.MakeInterface:
		collectOutcomes(x.X, status, depth+1, seen, out)
	case *ssa.ChangeInterface:
		collectOutcomes(x.X, status, depth+1, seen, out)
	case *ssa.TypeAssert:
		collectOutcomes(x.X, status, depth+1, seen, out)
	}
}

func storesTo(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	if addr.Referrers() == nil {
		return nil
	}
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// isStatusField reports a struct field holding an HTTP status code:
// StatusCode, Status, Code.
func isStatusField(t types.Type, i int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return false
	}
	f := st.Field(i)
	if b, ok := f.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	switch f.Name() {
	case "StatusCode", "Status", "Code", "HTTPStatus", "HTTPStatusCode":
		return true
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

const (
	failureUnknown = iota
	failureTrue    // the condition is true when the operation failed
	failureFalse   // the condition is true when it succeeded
)

// direction tells which way a condition on an outcome points, when it can
// be read: err != nil (true on failure), err == nil, resp.StatusCode >= 500
// (true on failure), resp.StatusCode < 300. Predicates are unknown.
func direction(cond ssa.Value, s outcome) int {
	neg := false
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		neg = !neg
		cond = u.X
	}
	d := failureUnknown
	if bin, ok := cond.(*ssa.BinOp); ok {
		if !s.status && (bin.Op == token.EQL || bin.Op == token.NEQ) && (isNil(bin.X) || isNil(bin.Y)) {
			if bin.Op == token.NEQ {
				d = failureTrue
			} else {
				d = failureFalse
			}
		}
		if s.status {
			e503, ok1 := evalStatus(cond, 503)
			e200, ok2 := evalStatus(cond, 200)
			if ok1 && ok2 {
				switch {
				case e503 != 0 && e200 == 0:
					d = failureTrue
				case e503 == 0 && e200 != 0:
					d = failureFalse
				}
			}
		}
	}
	if neg && d != failureUnknown {
		d = 3 - d
	}
	return d
}

// onlyRateLimit reports a status condition whose repeating side holds for
// 429 Too Many Requests and for no 5xx answer.
func onlyRateLimit(cond ssa.Value, repeatOnTrue bool) bool {
	want := int64(0)
	if repeatOnTrue {
		want = 1
	}
	e, ok := evalStatus(cond, 429)
	if !ok || e != want {
		return false
	}
	for _, code := range []int64{500, 502, 503, 504} {
		if e, ok := evalStatus(cond, code); !ok || e == want {
			return false
		}
	}
	return true
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// maxStatusDepth bounds the operators evalStatus looks through.
const maxStatusDepth = 8

// evalStatus evaluates an integer or comparison expression over a status
// code field and constants, with the status set to code.
func evalStatus(v ssa.Value, code int64) (int64, bool) { return evalStatusDepth(v, code, 0) }

// evalStatusDepth is evalStatus below depth operators: an expression DAG
// (s := a + a; t := s + s) doubles the walk at every level, so the walk
// is cut at maxStatusDepth, far deeper than any status test.
func evalStatusDepth(v ssa.Value, code int64, depth int) (int64, bool) {
	if depth > maxStatusDepth {
		return 0, false
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.Int {
			return constant.Int64Val(x.Value)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if fa, ok := x.X.(*ssa.FieldAddr); ok && isStatusField(fa.X.Type(), fa.Field) {
				return code, true
			}
		}
		if x.Op == token.NOT {
			if n, ok := evalStatusDepth(x.X, code, depth+1); ok {
				return 1 - n, true
			}
		}
	case *ssa.Field:
		if isStatusField(x.X.Type(), x.Field) {
			return code, true
		}
	case *ssa.Convert:
		return evalStatusDepth(x.X, code, depth+1)
	case *ssa.BinOp:
		a, ok1 := evalStatusDepth(x.X, code, depth+1)
		b, ok2 := evalStatusDepth(x.Y, code, depth+1)
		if !ok1 || !ok2 {
			return 0, false
		}
		bool2int := func(c bool) int64 {
			if c {
				return 1
			}
			return 0
		}
		switch x.Op {
		case token.ADD:
			return a + b, true
		case token.SUB:
			return a - b, true
		case token.MUL:
			return a * b, true
		case token.QUO:
			if b != 0 {
				return a / b, true
			}
		case token.REM:
			if b != 0 {
				return a % b, true
			}
		case token.EQL:
			return bool2int(a == b), true
		case token.NEQ:
			return bool2int(a != b), true
		case token.LSS:
			return bool2int(a < b), true
		case token.LEQ:
			return bool2int(a <= b), true
		case token.GTR:
			return bool2int(a > b), true
		case token.GEQ:
			return bool2int(a >= b), true
		}
	}
	return 0, false
}

// paginates reports whether an argument of call is computed from the
// call's own results in an earlier iteration (a cursor, a next page).
func paginates(call *ssa.Call, l *loop) bool {
	for _, a := range call.Call.Args {
		if dependsOnHeaderPhiFrom(a, call, l, 0, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}

func dependsOnHeaderPhiFrom(v ssa.Value, call *ssa.Call, l *loop, depth int, seen map[ssa.Value]bool) bool {
	if depth > 8 || seen[v] {
		return false
	}
	seen[v] = true
	if phi, ok := v.(*ssa.Phi); ok && phi.Block() == l.header {
		for i, e := range phi.Edges {
			if l.body[l.header.Preds[i]] && derivesFrom(e, call, 0, map[ssa.Value]bool{}) {
				return true
			}
		}
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || !l.body[instr.Block()] {
		return false
	}
	for op := range ssautil.Operands(instr) {
		if dependsOnHeaderPhiFrom(op, call, l, depth+1, seen) {
			return true
		}
	}
	return false
}

// derivesFrom reports whether v is computed from a result of call.
func derivesFrom(v ssa.Value, call *ssa.Call, depth int, seen map[ssa.Value]bool) bool {
	if depth > 8 || seen[v] {
		return false
	}
	seen[v] = true
	if v == ssa.Value(call) {
		return true
	}
	if ex, ok := v.(*ssa.Extract); ok && ex.Tuple == ssa.Value(call) {
		return !isError(ex.Type())
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for op := range ssautil.Operands(instr) {
		if derivesFrom(op, call, depth+1, seen) {
			return true
		}
	}
	return false
}

// rateLimitTest reports a condition that tells whether an error is a
// rate limit: a call taking an error and named for it (IsRateLimitError,
// acme.AsRateLimitError's ok, isTooManyRequests).
func rateLimitTest(cond ssa.Value) bool {
	if ex, ok := cond.(*ssa.Extract); ok {
		cond = ex.Tuple
	}
	call, ok := cond.(*ssa.Call)
	if !ok {
		return false
	}
	name := strings.ToLower(analysisutil.FuncName(call.Common()))
	if i := strings.LastIndexAny(name, "./"); i >= 0 {
		name = name[i+1:]
	}
	if !strings.Contains(name, "ratelimit") && !strings.Contains(name, "toomanyrequests") {
		return false
	}
	for _, a := range call.Call.Args {
		if isError(a.Type()) {
			return true
		}
	}
	return false
}
