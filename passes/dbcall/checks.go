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
// parameters: the function fails (returns a non-nil error, or false for a
// predicate) when Field Op Other holds, and can succeed otherwise. The
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
type checkFact struct {
	Result int  // the result that says the check failed
	Bool   bool // a predicate: false when the check holds (else a non-nil error)
	Field  paramRef
	Op     token.Token
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
	if c.Bool {
		fails = "false"
	}
	return fmt.Sprintf("check r%d %s when p%d%s %s %s", c.Result, fails, c.Field.Param, c.Field.Path, c.Op, other)
}

// maxChecks bounds the checks a summary carries.
const maxChecks = 8

// checksOf returns the checks fn makes of its parameters' fields on its
// way to failing: a branch one side of which only fails and the other can
// succeed, on a comparison of a parameter's field (or on a flag field), or
// on the outcome of a call to another helper with checks of fn's own
// parameters.
func (b *builder) checksOf(fn *ssa.Function) []checkFact {
	res, isBool, ok := failResult(fn.Signature)
	if !ok || len(fn.Params) == 0 || fn.Blocks == nil {
		return nil
	}
	rets := returns(fn)
	if len(rets) < 2 {
		return nil
	}
	// Which returns each block can reach, in two backward walks over the
	// blocks (linear in the function, however many branches it has).
	var failRets, okRets []*ssa.BasicBlock
	for _, r := range rets {
		if res < len(r.Results) && fails(fn, r, r.Results[res], isBool) {
			failRets = append(failRets, r.Block())
		} else {
			okRets = append(okRets, r.Block())
		}
	}
	if len(failRets) == 0 || len(okRets) == 0 {
		return nil
	}
	reachesFail, reachesOK := reachingBlocks(failRets), reachingBlocks(okRets)
	onlyFails := func(from *ssa.BasicBlock) bool { return reachesFail[from] && !reachesOK[from] }
	canSucceed := func(from *ssa.BasicBlock) bool { return reachesOK[from] }
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
		for _, c := range b.conditionChecks(fn, ifi.Cond, failOn == 0) {
			c.Result, c.Bool = res, isBool
			add(c)
		}
	}
	return out
}

// reachingBlocks returns the blocks from which one of to is reachable.
func reachingBlocks(to []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), to...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Preds...)
	}
	return seen
}

// conditionChecks reads a branch condition as checks of fn's parameter
// fields that hold when the condition is onTrue (true or false).
func (b *builder) conditionChecks(fn *ssa.Function, cond ssa.Value, onTrue bool) []checkFact {
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
			return b.calleeChecks(fn, call, onTrue != nilOnTrue, false)
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
			field := paramRefOf(fn, refOf(s.field))
			if field.Param < 0 || field.Path == "" {
				continue
			}
			c := checkFact{Field: field, Op: s.op, Other: paramRefOf(fn, refOf(s.other))}
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
		return b.calleeChecks(fn, call, !onTrue, true)
	}
	field := paramRefOf(fn, refOf(cond))
	if field.Param < 0 || field.Path == "" {
		return nil
	}
	return []checkFact{{Field: field, Op: token.EQL, Other: paramRef{Param: -1}, Const: fmt.Sprint(onTrue), Kind: constant.Bool}}
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

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// calleeChecks returns the checks of the helper call makes, in terms of
// fn's parameters, when the branch's fail side is the helper's failing
// outcome (failing: the error is non-nil, or the predicate false, on the
// side that fails).
func (b *builder) calleeChecks(fn *ssa.Function, call *ssa.Call, failing, isBool bool) []checkFact {
	if !failing {
		return nil
	}
	args := ssautil.FullArgs(call.Common())
	var out []checkFact
	for _, hc := range b.helperChecks(call.Common()) {
		if hc.Bool != isBool {
			continue
		}
		field := paramRefOf(fn, b.argRef(args, hc.Field))
		if field.Param < 0 || field.Path == "" {
			continue
		}
		c := checkFact{Field: field, Op: hc.Op, Other: paramRef{Param: -1}, Const: hc.Const, Kind: hc.Kind}
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
			if builtError(x.Common()) {
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
	var call *ssa.Call
	var failOnTrue, isBool bool
	for i := 0; i < 4; i++ {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, failOnTrue = unwrap(not.X), !failOnTrue
			continue
		}
		break
	}
	if bin, ok := cond.(*ssa.BinOp); ok {
		c, nilOnTrue, ok := errTest(bin)
		if !ok {
			return nil
		}
		call, failOnTrue = c, failOnTrue != !nilOnTrue
	} else if c, ok := cond.(*ssa.Call); ok && isBoolType(c.Type()) {
		call, isBool, failOnTrue = c, true, !failOnTrue
	} else {
		return nil
	}
	if onTrue == failOnTrue {
		return nil // the write runs when the helper failed
	}
	args := ssautil.FullArgs(call.Common())
	var out []Guard
	for _, hc := range b.helperChecks(call.Common()) {
		if hc.Bool != isBool {
			continue
		}
		ref := b.argRef(args, hc.Field)
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
