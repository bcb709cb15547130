package dbcall

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// checkFact is a check a validation helper makes of a field of one of its
// parameters, or of the row it returns: the function fails (returns a
// non-nil error, false for a predicate, or a non-nil failure value beside
// its row) when Field Op Other holds, and can succeed otherwise. The
// caller that tests the helper's outcome before a write has made the
// check itself (Guards).
//
//	func checkCap(c Coupon) error {
//		if c.MaxUses != nil && c.Uses >= *c.MaxUses {   // p0.Uses >= p0.MaxUses
//			return &LimitError{...}
//		}
//		return nil
//	}
//	func ensureFunds(w Wallet, amount int64) error {   // p0.Balance < p1
//		if w.Balance < amount { return ErrInsufficient }
//		return nil
//	}
//	func codeGrant(code string) (*Grant, *GrantError, error) {
//		g, err := grantByCode(code)                      // the row, returned below
//		...
//		if g.CodeUsed {                                  // r1 non-nil when r0.CodeUsed == true
//			return nil, &GrantError{Error: "invalid_grant"}, nil
//		}
//		return g, nil, nil
//	}
type checkFact struct {
	Result int  // the result that says the check failed
	Bool   bool // a predicate: false when the check holds (else a non-nil error)
	// NonNil: the check failed when Result, a pointer other than an
	// error (an OAuth *TokenError beside the token), is not nil.
	NonNil bool
	// FieldResult: Field.Param is the index of a result, the row the
	// helper returns when the check passed, not of a parameter.
	FieldResult bool
	Field       paramRef
	Op          token.Token
	// Other is the operand: a parameter (or a field of one), or, with
	// Param -1, the constant Const of kind Kind ("" when the operand is a
	// value of the helper's own).
	Other paramRef
	Const string
	Kind  constant.Kind
}

func (c checkFact) String() string {
	other := "?"
	switch {
	case c.Other.Param >= 0:
		other = fmt.Sprintf("p%d%s", c.Other.Param, c.Other.Path)
	case c.Const != "":
		other = c.Const
	}
	fails := "error"
	switch {
	case c.Bool:
		fails = "false"
	case c.NonNil:
		fails = "non-nil"
	}
	field := "p"
	if c.FieldResult {
		field = "r"
	}
	return fmt.Sprintf("check r%d %s when %s%d%s %s %s", c.Result, fails, field, c.Field.Param, c.Field.Path, c.Op, other)
}

// maxChecks bounds the checks a summary carries.
const maxChecks = 8

// checksOf returns the checks fn makes of its parameters' fields, or of
// the row it returns, on its way to failing: a branch one side of which
// only fails and the other can succeed, on a comparison of such a field
// (or on a flag field), or on the outcome of a call to another helper
// with checks of fn's own parameters or rows. fn fails by its error (or
// predicate) result, or by a failure value: a result of pointer type
// (no error) that is a new value on some returns and nil on the others.
func (b *builder) checksOf(fn *ssa.Function) []checkFact {
	if fn.Blocks == nil {
		return nil
	}
	rets := returns(fn)
	if len(rets) < 2 {
		return nil
	}
	var out []checkFact
	add := func(c checkFact) {
		if len(out) >= maxChecks {
			return
		}
		for _, o := range out {
			if o == c {
				return
			}
		}
		out = append(out, c)
	}
	if res, isBool, ok := failResult(fn.Signature); ok {
		b.checksFailingBy(fn, rets, res, isBool, false, add)
	}
	for i := 0; i < fn.Signature.Results().Len(); i++ {
		if isFailureValue(fn.Signature.Results().At(i).Type()) {
			b.checksFailingBy(fn, rets, i, false, true, add)
		}
	}
	return out
}

// isFailureValue reports a result type that may say a call failed
// besides an error: a pointer to a struct that is no error.
func isFailureValue(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok || types.Implements(t, errorIface) {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// checksFailingBy adds the checks fn makes on its way to failing by
// result res: an error or predicate result, or (nonNil) a failure value
// that is a new value (&TokenError{...}) where fn fails and nil where it
// succeeds.
func (b *builder) checksFailingBy(fn *ssa.Function, rets []*ssa.Return, res int, isBool, nonNil bool, add func(checkFact)) {
	var failRets, okRets []*ssa.BasicBlock
	var okReturns []*ssa.Return
	for _, r := range rets {
		if res >= len(r.Results) {
			return
		}
		failing := false
		if nonNil {
			_, failing = unwrap(r.Results[res]).(*ssa.Alloc)
		} else {
			failing = fails(fn, r, r.Results[res], isBool)
		}
		switch {
		case failing:
			failRets = append(failRets, r.Block())
		case tailCall(r):
			// return createGuestToken(app): another helper's outcome,
			// which may succeed, with a row of its own.
			okRets = append(okRets, r.Block())
		case nonNil && !isNilConst(unwrap(r.Results[res])):
			return // a value passed on, that may or may not be nil: no failure value
		default:
			okRets = append(okRets, r.Block())
			okReturns = append(okReturns, r)
		}
	}
	if len(failRets) == 0 || len(okRets) == 0 {
		return
	}
	if len(fn.Params) == 0 && rowResult(okReturns, res) < 0 {
		return // nothing to check of a caller's
	}
	reachesFail, reachesOK := reachingBlocks(failRets), reachingBlocks(okRets)
	onlyFails := func(from *ssa.BasicBlock) bool { return reachesFail[from] && !reachesOK[from] }
	canSucceed := func(from *ssa.BasicBlock) bool { return reachesOK[from] }
	sc := checkScope{fn: fn, okReturns: okReturns, res: res}
	for ifi := range ssautil.Branches(fn) {
		succ := ifi.Block().Succs
		failOn := -1
		switch {
		case onlyFails(succ[0]) && canSucceed(succ[1]):
			failOn = 0
		case onlyFails(succ[1]) && canSucceed(succ[0]):
			failOn = 1
		default:
			continue
		}
		for _, c := range b.conditionChecks(sc, ifi.Cond, failOn == 0) {
			c.Result, c.Bool, c.NonNil = res, isBool, nonNil
			add(c)
		}
	}
}

// rowResult returns a result other than res that some succeeding
// return gives a value, or -1.
func rowResult(okReturns []*ssa.Return, res int) int {
	for _, r := range okReturns {
		for i, v := range r.Results {
			if i != res && !isNilConst(unwrap(v)) {
				if _, ok := v.Type().Underlying().(*types.Pointer); ok {
					return i
				}
			}
		}
	}
	return -1
}

// checkScope is what a check's field is read against: the function's
// parameters, and the rows its succeeding returns give back.
type checkScope struct {
	fn        *ssa.Function
	okReturns []*ssa.Return
	res       int // the failing result
}

// fieldOf expresses a checked field of fn in terms of its parameters, or
// of the result that every succeeding return gives as the very value
// checked (or nil): the row the helper read, checked and returned. The
// second result says it is a result's.
func (sc checkScope) fieldOf(r Ref) (paramRef, bool) {
	if p := paramRefOf(sc.fn, r); p.Param >= 0 || r.Root == nil || r.Path == "" {
		return p, false
	}
	root := unwrap(r.Root)
	if _, ok := root.Type().Underlying().(*types.Pointer); !ok {
		return paramRef{Param: -1}, false
	}
	found := -1
	for _, ret := range sc.okReturns {
		at := -1
		for i, v := range ret.Results {
			if i != sc.res && unwrap(v) == root {
				at = i
			}
		}
		switch {
		case at >= 0 && (found < 0 || found == at):
			found = at
		case at < 0 && sc.res < len(ret.Results) && allNilBut(ret, sc.res):
			// return nil, nil, nil: nothing found, no row to write
		default:
			return paramRef{Param: -1}, false
		}
	}
	if found < 0 {
		return paramRef{Param: -1}, false
	}
	return paramRef{Param: found, Path: r.Path}, true
}

// allNilBut reports a return whose pointer results other than res are
// all nil.
func allNilBut(ret *ssa.Return, res int) bool {
	for i, v := range ret.Results {
		if i == res {
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Pointer); ok && !isNilConst(unwrap(v)) {
			return false
		}
	}
	return true
}

// reachingBlocks returns the blocks from which one of to is reachable.
func reachingBlocks(to []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	return ssautil.Walk(to, ssautil.Preds)
}

// conditionChecks reads a branch condition as checks of fn's parameter
// fields (or of the rows it returns) that hold when the condition is
// onTrue (true or false).
func (b *builder) conditionChecks(sc checkScope, cond ssa.Value, onTrue bool) []checkFact {
	fn := sc.fn
	cond = unwrap(cond)
	for i := 0; i < 4; i++ {
		not, ok := cond.(*ssa.UnOp)
		if !ok || not.Op != token.NOT {
			break
		}
		cond, onTrue = unwrap(not.X), !onTrue
	}
	if bin, ok := cond.(*ssa.BinOp); ok {
		if call, nilOnTrue, ok := errTest(bin); ok {
			// if err := helper(p); err != nil: the helper's checks.
			return b.calleeChecks(sc, failTest{call: call}, onTrue != nilOnTrue)
		}
		if tests, nilOnTrue, ok := failureTests(bin); ok {
			// if terr != nil, terr a helper's failure value: its checks.
			var out []checkFact
			for _, t := range tests {
				out = append(out, b.calleeChecks(sc, t, onTrue != nilOnTrue)...)
			}
			return out
		}
	}
	if x, y, op, ok := comparison(cond); ok {
		if !onTrue {
			op = negate(op)
		}
		for _, s := range []struct {
			field, other ssa.Value
			op           token.Token
		}{{x, y, op}, {y, x, mirror(op)}} {
			field, fromResult := sc.fieldOf(refOf(s.field))
			if field.Param < 0 || field.Path == "" {
				continue
			}
			c := checkFact{Field: field, FieldResult: fromResult, Op: s.op, Other: paramRefOf(fn, refOf(s.other))}
			if c.Other.Param < 0 {
				k, ok := ssautil.Unwrap(s.other).(*ssa.Const)
				if ok && k.Value == nil {
					return nil // nil: a pointer tested, not a value compared
				}
				if ok {
					c.Const, c.Kind = k.Value.ExactString(), k.Value.Kind()
				}
			}
			return []checkFact{c}
		}
		return nil
	}
	if !isBoolType(cond.Type()) {
		return nil
	}
	if call, ok := cond.(*ssa.Call); ok {
		// if !valid(p): a predicate's checks, failing when false.
		return b.calleeChecks(sc, failTest{call: call, isBool: true}, !onTrue)
	}
	field, fromResult := sc.fieldOf(refOf(cond))
	if field.Param < 0 || field.Path == "" {
		return nil
	}
	return []checkFact{{Field: field, FieldResult: fromResult, Op: token.EQL, Other: paramRef{Param: -1}, Const: fmt.Sprint(onTrue), Kind: constant.Bool}}
}

// errTest reads "x != nil" or "x == nil" for an error x that a call
// returns: the call, and whether the comparison is true when x is nil.
func errTest(bin *ssa.BinOp) (*ssa.Call, bool, bool) {
	if bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, false, false
	}
	x, y := bin.X, bin.Y
	if isNilConst(x) {
		x, y = y, x
	}
	if !isNilConst(y) || !isErrorType(x.Type()) {
		return nil, false, false
	}
	call, _ := resultCall(x)
	if call == nil {
		return nil, false, false
	}
	return call, bin.Op == token.EQL, true
}

// failTest is a test of a helper call's outcome: its error (res is
// ignored), its predicate result (isBool), or its failure value res
// (nonNil).
type failTest struct {
	call           *ssa.Call
	res            int
	isBool, nonNil bool
}

// matches reports a check of the helper that fails the way t tests.
func (t failTest) matches(c checkFact) bool {
	return c.Bool == t.isBool && c.NonNil == t.nonNil && (!t.nonNil || c.Result == t.res)
}

// failureTests reads "x != nil" or "x == nil" for a failure value x (a
// pointer other than an error) that a call returns, or that one of
// several calls returned on the paths that merge here (the token error
// of the grant type's helper, set in each case of a switch): the tests,
// and whether the comparison is true when x is nil.
func failureTests(bin *ssa.BinOp) ([]failTest, bool, bool) {
	if bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, false, false
	}
	x, y := bin.X, bin.Y
	if isNilConst(x) {
		x, y = y, x
	}
	if !isNilConst(y) || !isFailureValue(x.Type()) {
		return nil, false, false
	}
	var out []failTest
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if depth > 3 || seen[v] || len(out) >= 8 {
			return
		}
		seen[v] = true
		if phi, ok := v.(*ssa.Phi); ok {
			for _, e := range phi.Edges {
				visit(e, depth+1)
			}
			return
		}
		if call, res := resultCall(v); call != nil {
			out = append(out, failTest{call: call, res: res, nonNil: true})
		}
	}
	visit(x, 0)
	return out, bin.Op == token.EQL, len(out) > 0
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// resultValue returns the value of result i of call, or nil when the
// caller does not take it.
func resultValue(call *ssa.Call, i int) ssa.Value {
	if call.Common().Signature().Results().Len() == 1 {
		if i == 0 {
			return call
		}
		return nil
	}
	if call.Referrers() == nil {
		return nil
	}
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && x.Index == i {
			return x
		}
	}
	return nil
}

// checkField returns the value a helper's check is of, at the call: the
// argument's field, or the field of the row the helper returned.
func (b *builder) checkField(call *ssa.Call, args []ssa.Value, hc checkFact) Ref {
	if !hc.FieldResult {
		return b.argRef(args, hc.Field)
	}
	v := resultValue(call, hc.Field.Param)
	if v == nil {
		return Ref{}
	}
	return Ref{Root: v, Path: hc.Field.Path}
}

// calleeChecks returns the checks the helper call makes, in terms of
// fn's parameters or rows, when the branch's fail side is the helper's
// failing outcome (failing: the error is non-nil, the predicate false, or
// the failure value non-nil, on the side that fails).
func (b *builder) calleeChecks(sc checkScope, t failTest, failing bool) []checkFact {
	if !failing {
		return nil
	}
	fn := sc.fn
	args := ssautil.FullArgs(t.call.Common())
	var out []checkFact
	for _, hc := range b.helperChecks(t.call.Common()) {
		if !t.matches(hc) {
			continue
		}
		field, fromResult := sc.fieldOf(b.checkField(t.call, args, hc))
		if field.Param < 0 || field.Path == "" {
			continue
		}
		c := checkFact{Field: field, FieldResult: fromResult, Op: hc.Op, Other: paramRef{Param: -1}, Const: hc.Const, Kind: hc.Kind}
		if hc.Other.Param >= 0 {
			c.Other = paramRefOf(fn, b.argRef(args, hc.Other))
		}
		out = append(out, c)
	}
	return out
}

// helperChecks returns the checks of a call's callee: a function or
// method of this package or with a summary, or the implementations in view
// of an interface method.
func (b *builder) helperChecks(common *ssa.CallCommon) []checkFact {
	if callee := common.StaticCallee(); callee != nil {
		if sum := b.summaryOf(callee); sum != nil {
			return sum.Checks
		}
		return nil
	}
	if !common.IsInvoke() {
		return nil
	}
	iface, ok := common.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for _, impl := range b.implementations(iface, common.Method.Name(), analysisutil.TypeArgs(common.Value.Type())) {
		var sum *summaryFact
		if impl.fn != nil {
			sum = b.summaryOf(impl.fn)
		} else {
			sum = b.methodSummary(impl.obj)
		}
		if sum != nil && len(sum.Checks) > 0 {
			return sum.Checks // a fake that checks nothing does not undo the real one's checks
		}
	}
	return nil
}

// failResult returns the result of sig that says a call failed: its last
// result when that is an error, or its only result when that is a bool.
func failResult(sig *types.Signature) (int, bool, bool) {
	n := sig.Results().Len()
	if n == 0 {
		return 0, false, false
	}
	last := sig.Results().At(n - 1).Type()
	if isErrorType(last) {
		return n - 1, false, true
	}
	if n == 1 && isBoolType(last) {
		return 0, true, true
	}
	return 0, false, false
}

// fails reports a returned value that says the call failed: false for a
// predicate; for an error, one that cannot be nil (an error value boxed in
// the interface, a sentinel, errors.New or fmt.Errorf, or an error tested
// non-nil on the way here).
func fails(fn *ssa.Function, ret *ssa.Return, v ssa.Value, isBool bool) bool {
	if isBool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
	}
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			return true
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.UnOp:
			_, global := x.X.(*ssa.Global)
			return x.Op == token.MUL && global
		case *ssa.Call:
			if callee := x.Common().StaticCallee(); callee != nil && callee.Pkg != nil {
				path, name := callee.Pkg.Pkg.Path(), callee.Name()
				if (path == "errors" || path == "fmt" || strings.HasSuffix(path, "/errors")) && (name == "New" || name == "Errorf" || name == "Newf") {
					return true
				}
			}
			if builtError(x.Common()) || errorConstructor(x.Common()) {
				return true
			}
		}
		break
	}
	return testedNonNil(v, ret.Block())
}

// builtError reports a call that ends an error builder's chain:
// ierr.NewError("limit reached").Mark(ierr.ErrValidation), a method of a
// type named for errors (ErrorBuilder, AppErr) that returns an error and
// wraps no error that may be nil (its error arguments are sentinels). A
// repository's method returning its error (return s.repo.Save(c)) is no
// builder: that error is nil when the save works.
func builtError(common *ssa.CallCommon) bool {
	callee := common.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil {
		return false
	}
	recv := callee.Signature.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok || !strings.Contains(named.Obj().Name(), "Err") {
		return false
	}
	if res := callee.Signature.Results(); res.Len() != 1 || !isErrorType(res.At(0).Type()) {
		return false
	}
	for _, a := range common.Args[1:] {
		if !isErrorType(a.Type()) {
			continue
		}
		if u, ok := a.(*ssa.UnOp); ok && u.Op == token.MUL {
			if _, global := u.X.(*ssa.Global); global {
				continue
			}
		}
		return false // wraps an error that may be nil
	}
	return true
}

// checkConst rebuilds a check's constant operand.
func checkConst(c checkFact) ssa.Value {
	switch c.Kind {
	case constant.Bool:
		return ssa.NewConst(constant.MakeBool(c.Const == "true"), types.Typ[types.Bool])
	case constant.String:
		return ssa.NewConst(constant.MakeFromLiteral(c.Const, token.STRING, 0), types.Typ[types.String])
	case constant.Int:
		return ssa.NewConst(constant.MakeFromLiteral(c.Const, token.INT, 0), types.Typ[types.Int])
	}
	return nil
}

// helperGuards returns the guards a branch on the outcome of a validation
// helper makes, when the write is on the side where the helper succeeded:
// "if err := checkCap(*c); err != nil { return err }" then the update of
// c's row. Each check the helper makes of a field of an argument read from
// w's row is a guard of that column, its operator the one that holds when
// the helper succeeds.
func (r *Result) helperGuards(fi *FuncInfo, ifi *ssa.If, w *Access, onTrue bool, reach *ssautil.Reach) []Guard {
	b := r.b
	if b == nil {
		return nil
	}
	cond := unwrap(ifi.Cond)
	var tests []failTest
	var failOnTrue bool
	for i := 0; i < 4; i++ {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, failOnTrue = unwrap(not.X), !failOnTrue
			continue
		}
		break
	}
	if bin, ok := cond.(*ssa.BinOp); ok {
		if c, nilOnTrue, ok := errTest(bin); ok {
			tests, failOnTrue = []failTest{{call: c}}, failOnTrue != !nilOnTrue
		} else if ts, nilOnTrue, ok := failureTests(bin); ok {
			tests, failOnTrue = ts, failOnTrue != !nilOnTrue
		} else {
			return nil
		}
	} else if c, ok := cond.(*ssa.Call); ok && isBoolType(c.Type()) {
		tests, failOnTrue = []failTest{{call: c, isBool: true}}, !failOnTrue
	} else {
		return nil
	}
	if onTrue == failOnTrue {
		return nil // the write runs when the helper failed
	}
	var out []Guard
	for _, t := range tests {
		call := t.call
		args := ssautil.FullArgs(call.Common())
		for _, hc := range b.helperChecks(call.Common()) {
			if !t.matches(hc) {
				continue
			}
			ref := b.checkField(call, args, hc)
			if ref.IsZero() {
				continue
			}
			var other ssa.Value
			switch {
			case hc.Other.Param >= 0:
				if o := b.argRef(args, hc.Other); o.Path == "" {
					other = o.Root
				}
			case hc.Const != "":
				other = checkConst(hc)
			}
			for _, src := range r.Sources(fi.Fn, ref) {
				rd := src.Read
				if rd.Kind != KindRead || rd.Table != w.Table || rd.Call == w.Call || rd.Count || rd.Exists || src.Derived {
					continue
				}
				if !ssautil.Before(rd.Call, ifi) && !(rd.Call.Block() != nil && reach.Reachable(rd.Call.Block(), ifi.Block())) {
					continue
				}
				if !r.SameRow(fi, rd, w) {
					continue
				}
				out = append(out, Guard{Read: rd, Column: src.Column, If: ifi, Op: negate(hc.Op), Other: other, By: calleeName(call.Common())})
			}
		}
	}
	return out
}

// calleeName names the helper a call runs, as the source spells it.
func calleeName(common *ssa.CallCommon) string {
	if common.IsInvoke() {
		return common.Method.Name()
	}
	if callee := common.StaticCallee(); callee != nil {
		return callee.Name()
	}
	return "the helper"
}

// errorConstructor reports a call of a function of this package whose
// only result is an error that every return builds anew: func
// NewInsufficientBalanceError() error { return &insufficientBalanceError{} }.
func errorConstructor(common *ssa.CallCommon) bool {
	callee := common.StaticCallee()
	if callee == nil || callee.Blocks == nil {
		return false
	}
	if res := callee.Signature.Results(); res.Len() != 1 || !isErrorType(res.At(0).Type()) {
		return false
	}
	rets := returns(callee)
	for _, r := range rets {
		if len(r.Results) != 1 {
			return false
		}
		switch x := r.Results[0].(type) {
		case *ssa.MakeInterface:
			if isNilConst(x.X) {
				return false
			}
		case *ssa.Call:
			f := x.Common().StaticCallee()
			if f == nil || f.Pkg == nil || f.Name() != "New" && f.Name() != "Errorf" || f.Pkg.Pkg.Path() != "errors" && f.Pkg.Pkg.Path() != "fmt" {
				return false
			}
		default:
			return false
		}
	}
	return len(rets) > 0
}

// tailCall reports a return of the results of one call, as they are:
// return createGuestUserToken(app, secret).
func tailCall(r *ssa.Return) bool {
	if len(r.Results) < 2 {
		return false
	}
	var call *ssa.Call
	for i, v := range r.Results {
		x, ok := v.(*ssa.Extract)
		if !ok || x.Index != i {
			return false
		}
		c, ok := x.Tuple.(*ssa.Call)
		if !ok || call != nil && c != call {
			return false
		}
		call = c
	}
	return call != nil
}
