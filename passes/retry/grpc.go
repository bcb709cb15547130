package retry

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// gRPC connections retry the unary calls made through them when they are
// dialed with a retrying interceptor or a service config with a
// retryPolicy:
//
//	conn, _ := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3))))
//	conn, _ := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(`{"methodConfig": [{"retryPolicy": {"maxAttempts": 4, ...}}]}`))
//	payments := pb.NewPaymentsClient(conn)   // the stub retries like conn
//
// The state of a connection is a clientState with lib apis.HTTPGRPC:
// known once the dial call is seen, retries 0 when nothing retries, and
// installed when a retry interceptor is there (a call can then ask for
// retries with a WithMax call option).

// grpcStub follows a generated client created from a connection:
// pb.NewPaymentsClient(conn) returns a stub retrying like conn.
func (b *builder) grpcStub(call *ssa.Call, depth int) (clientState, bool) {
	if !apis.GRPCStub(call.Type()) && !apis.GRPCConn(call.Type()) {
		return clientState{}, false
	}
	for _, a := range ssautil.CallArgs(call.Common()) {
		if a != nil && apis.GRPCConn(a.Type()) {
			return b.clientOf(a, depth+1), true
		}
	}
	return clientState{}, false
}

// grpcDial describes the connection a dial call creates.
func (b *builder) grpcDial(call *ssa.Call, optsArg int) clientState {
	st := clientState{known: true, lib: apis.HTTPGRPC, pos: call.Pos()}
	args := ssautil.CallArgs(call.Common())
	if optsArg >= len(args) {
		return st
	}
	for _, opt := range sliceElems(args[optsArg], 0, map[ssa.Value]bool{}) {
		b.dialOption(&st, opt, 0)
	}
	return st
}

// dialOption applies one dial option to st.
func (b *builder) dialOption(st *clientState, opt ssa.Value, depth int) {
	call, ok := unwrap(opt).(*ssa.Call)
	if !ok || depth > 4 {
		return
	}
	common := call.Common()
	name := analysisutil.FuncName(common)
	args := ssautil.CallArgs(common)
	switch {
	case apis.GRPCInterceptorOptions[name]:
		for _, a := range args {
			for _, ic := range sliceElems(a, 0, map[ssa.Value]bool{}) {
				b.interceptor(st, ic, 0)
			}
		}
	case apis.GRPCServiceConfigOptions[name]:
		if len(args) > 0 {
			if s, ok := ssautil.ConstString(args[0]); ok {
				if n := retryPolicyRetries(s); n > 0 {
					st.retries, st.installed, st.pos = n, true, call.Pos()
				}
			}
		}
	default:
		// Options made by a helper of the package, or of another package
		// (a fact): retry.GRPCDialOptions(logger, enabled)...
		b.helperOptions(st, common, depth)
	}
}

// helperOptions applies the dial options or interceptors a helper
// returns: from its code for the package's own, from a fact otherwise.
func (b *builder) helperOptions(st *clientState, common *ssa.CallCommon, depth int) {
	for _, r := range b.ownReturns(common) {
		if apis.GRPCInterceptor(r.Type()) {
			b.interceptor(st, r, depth+1)
			continue
		}
		for _, o := range sliceElems(r, 0, map[ssa.Value]bool{}) {
			b.dialOption(st, o, depth+1)
		}
	}
	if callee := common.StaticCallee(); callee != nil && !b.own[callee] {
		if obj, ok := callee.Object().(*types.Func); ok {
			if f := b.r.imported.grpcOpts[obj]; f != nil {
				st.installed = st.installed || f.Installed
				if f.Retries > st.retries {
					st.retries = f.Retries
				}
				if f.Where != "" {
					st.pos, st.where = token.NoPos, f.Where // the interceptor's place in the other package
				}
			}
		}
	}
}

// grpcOptionsOf computes what the dial options or interceptor fn returns
// configure, for the fact exported to other packages.
func (b *builder) grpcOptionsOf(fn *ssa.Function) (*grpcOptFact, token.Pos) {
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.GRPCOptionType(res.At(0).Type()) {
		return nil, token.NoPos
	}
	st := clientState{known: true, lib: apis.HTTPGRPC}
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		r := ret.Results[0]
		if apis.GRPCInterceptor(r.Type()) {
			b.interceptor(&st, r, 0)
			continue
		}
		for _, o := range sliceElems(r, 0, map[ssa.Value]bool{}) {
			b.dialOption(&st, o, 0)
		}
	}
	if !st.installed && st.retries <= 0 {
		return nil, token.NoPos
	}
	return &grpcOptFact{Retries: st.retries, Installed: st.installed, Where: st.where}, st.pos
}

// interceptor applies a unary interceptor to st: a retry interceptor, or
// a helper of the package returning one.
func (b *builder) interceptor(st *clientState, v ssa.Value, depth int) {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok || depth > 4 {
		return
	}
	common := call.Common()
	if apis.GRPCRetryInterceptors[analysisutil.FuncName(common)] {
		st.installed = true
		st.pos = call.Pos()
		args := ssautil.CallArgs(common)
		if len(args) > 0 {
			for _, o := range sliceElems(args[0], 0, map[ssa.Value]bool{}) {
				if n, ok := withMax(o); ok {
					st.retries = n
				}
			}
		}
		return
	}
	b.helperOptions(st, common, depth)
}

// withMax reads a WithMax(n) option (or Disable(), n = 0); n is -1 when
// not constant.
func withMax(v ssa.Value) (int64, bool) {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok {
		return 0, false
	}
	name := analysisutil.FuncName(call.Common())
	if apis.GRPCRetryDisable[name] {
		return 0, true
	}
	if !apis.GRPCRetryMax[name] {
		return 0, false
	}
	args := ssautil.CallArgs(call.Common())
	if len(args) == 0 {
		return -1, true
	}
	if c, ok := unwrap(args[0]).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		if n, ok := constant.Int64Val(c.Value); ok {
			return n, true
		}
	}
	return -1, true
}

// CallRetries reads the per-call retry options of a gRPC call's variadic
// call options: the number of retries WithMax asks for, 0 for Disable,
// or -1 when the call says nothing.
func CallRetries(call ssa.CallInstruction) int64 {
	args := ssautil.CallArgs(call.Common())
	if len(args) == 0 {
		return -1
	}
	n := int64(-1)
	for _, o := range sliceElems(args[len(args)-1], 0, map[ssa.Value]bool{}) {
		if m, ok := withMax(o); ok {
			n = m
		}
	}
	return n
}

// ownReturns returns the values a call of a function of the package
// returns (first result), for helpers building options.
func (b *builder) ownReturns(common *ssa.CallCommon) []ssa.Value {
	callee := common.StaticCallee()
	if callee == nil || !b.own[callee] {
		return nil
	}
	var out []ssa.Value
	for _, blk := range callee.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			out = append(out, ret.Results[0])
		}
	}
	return out
}

// sliceElems returns the elements of a slice value as far as they can be
// seen: a literal packing (f(a, b)), appends to it, an opts... built in
// the function; the element itself when v is not a slice.
func sliceElems(v ssa.Value, depth int, seen map[ssa.Value]bool) []ssa.Value {
	if v == nil || depth > 8 || seen[v] {
		return nil
	}
	seen[v] = true
	if vals, ok := ssautil.VariadicArgs(v); ok {
		return vals
	}
	switch x := v.(type) {
	case *ssa.Call:
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
			var out []ssa.Value
			for _, a := range x.Call.Args {
				out = append(out, sliceElems(a, depth+1, seen)...)
			}
			return out
		}
		return []ssa.Value{v}
	case *ssa.Phi:
		var out []ssa.Value
		for _, e := range x.Edges {
			out = append(out, sliceElems(e, depth+1, seen)...)
		}
		return out
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok {
			var out []ssa.Value
			for _, s := range storesTo(a) {
				out = append(out, sliceElems(s, depth+1, seen)...)
			}
			return out
		}
	case *ssa.Slice:
		if a, ok := x.X.(*ssa.Alloc); ok && a.Referrers() != nil {
			var out []ssa.Value
			for _, r := range *a.Referrers() {
				if ia, ok := r.(*ssa.IndexAddr); ok {
					out = append(out, storesTo(ia)...)
				}
			}
			return out
		}
	case *ssa.Const:
		return nil
	}
	if _, ok := v.Type().Underlying().(interface{ Elem() }); ok {
		return nil
	}
	return []ssa.Value{v}
}

var maxAttempts = lazyregexp.New(`"maxAttempts"\s*:\s*"?(\d+)`)

// retryPolicyRetries returns the retries of the first retryPolicy of a
// service config (maxAttempts - 1), or 0.
func retryPolicyRetries(cfg string) int64 {
	i := strings.Index(cfg, `"retryPolicy"`)
	if i < 0 {
		return 0
	}
	m := maxAttempts.FindStringSubmatch(cfg[i:])
	if m == nil {
		return 0
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || n < 2 {
		return 0
	}
	return n - 1
}
