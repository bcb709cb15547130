package retry

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// clientState is what the model knows of a client value's retries.
type clientState struct {
	known   bool
	lib     apis.HTTPLib
	retries int64 // -1: set to a value the model cannot read
	dflt    bool
	custom  bool // a custom retry policy (CheckRetry)
	// installed reports a gRPC retry interceptor, which calls can ask to
	// retry with a WithMax call option even when it retries nothing.
	installed bool
	pos       token.Pos
	where     string
}

func (s clientState) retrying() bool {
	return s.known && !s.custom && (s.retries > 0 || s.lib == apis.HTTPGRPC && s.installed)
}

// clientOf follows a client value to its construction and configuration:
//
//	c := retryablehttp.NewClient()            // retries 4 times
//	c.RetryMax = 0                            // never
//	resty.New().SetRetryCount(3)              // 3 times
//	c.R().SetHeader(...).Post(url)            // the request's client
//	rc.StandardClient()                       // an *http.Client retrying like rc
//	httpx.NewRetryingClient()                 // through a constructor (fact)
//	s.client                                  // through a struct field (fact)
//
// phis holds the answers for the phis met in one query (made on the
// first): each phi is followed once, and one met again while its own
// edges are being followed (a loop) is an unknown client, as the depth
// bound would make it.
func (b *builder) clientOf(v ssa.Value, depth int) clientState {
	var phis map[*ssa.Phi]clientState
	return b.clientWalk(v, depth, &phis)
}

func (b *builder) clientWalk(v ssa.Value, depth int, phis *map[*ssa.Phi]clientState) clientState {
	if depth > 12 || v == nil {
		return clientState{}
	}
	v = unwrap(v)
	if phi, ok := v.(*ssa.Phi); ok {
		if st, ok := (*phis)[phi]; ok {
			return st
		}
		if *phis == nil {
			*phis = map[*ssa.Phi]clientState{}
		}
		(*phis)[phi] = clientState{}
		st := b.phiClient(phi, depth, phis)
		(*phis)[phi] = st
		return st
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if apis.GRPCConn(x.Type()) {
			return b.paramClient(x, depth)
		}
	case *ssa.Call:
		st := b.callClient(x, 0, depth, phis)
		if st.known {
			b.configure(&st, x)
		}
		return st
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return b.callClient(call, x.Index, depth, phis)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return clientState{}
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			if obj := fieldObj(a); obj != nil {
				return b.objClient(obj)
			}
		case *ssa.Global:
			if obj, ok := a.Object().(*types.Var); ok {
				return b.objClient(obj)
			}
		case *ssa.Alloc:
			vals := storesTo(a)
			if len(vals) == 1 {
				return b.clientWalk(vals[0], depth+1, phis)
			}
		}
	}
	return clientState{}
}

// phiClient is the client a phi holds: unknown unless every edge's is
// known; a retrying one only if every edge's retries.
func (b *builder) phiClient(x *ssa.Phi, depth int, phis *map[*ssa.Phi]clientState) clientState {
	var st clientState
	for i, e := range x.Edges {
		s := b.clientWalk(e, depth+1, phis)
		if !s.known {
			return clientState{}
		}
		if i == 0 || !s.retrying() {
			st = s
		}
	}
	return st
}

// paramClient returns the gRPC connection an unexported function of the
// package is given by all its callers there:
//
//	event := newEvent(conn, shared) // func newEvent(conn *grpc.ClientConn, ...) EventClient
//
// A function other packages may call, or one called with connections that
// differ, is unknown.
func (b *builder) paramClient(p *ssa.Parameter, depth int) clientState {
	if b.params == nil {
		b.params = map[*ssa.Parameter]*clientState{}
	}
	if st, ok := b.params[p]; ok {
		if st == nil {
			return clientState{}
		}
		return *st
	}
	b.params[p] = nil
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	obj, _ := fn.Object().(*types.Func)
	if idx < 0 || fn.Parent() != nil || obj == nil || obj.Exported() {
		return clientState{}
	}
	var st clientState
	n := 0
	for _, g := range b.fns {
		for _, blk := range g.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().StaticCallee() != fn {
					continue
				}
				args := ssautil.FullArgs(call.Common())
				if idx >= len(args) {
					return clientState{}
				}
				s := b.clientOf(args[idx], depth+1)
				if !s.known {
					return clientState{}
				}
				if n == 0 || !s.retrying() {
					st = s
				}
				n++
			}
		}
	}
	if n == 0 {
		return clientState{}
	}
	b.params[p] = &st
	return st
}

// callClient returns the client a call's result (at index) is.
func (b *builder) callClient(call *ssa.Call, index, depth int, phis *map[*ssa.Phi]clientState) clientState {
	common := call.Common()
	name := analysisutil.FuncName(common)
	if c, ok := apis.RetryClientCtors[name]; ok {
		return clientState{known: true, lib: c.Lib, retries: c.Default, dflt: true, pos: call.Pos()}
	}
	if i, ok := apis.GRPCDials[name]; ok && index == 0 {
		return b.grpcDial(call, i)
	}
	if st, ok := b.grpcStub(call, depth); ok {
		return st
	}
	recv := ssautil.Receiver(common)
	if apis.RetryCountSetters[name] && recv != nil {
		st := b.clientWalk(recv, depth+1, phis)
		if st.known {
			st.retries, st.dflt, st.pos = constInt(ssautil.CallArgs(common), 0), false, call.Pos()
		}
		return st
	}
	if apis.StandardClients[name] && recv != nil {
		return b.clientWalk(recv, depth+1, phis)
	}
	if recv != nil && !common.IsInvoke() && passesThrough(common) {
		return b.clientWalk(recv, depth+1, phis)
	}
	callee := common.StaticCallee()
	if callee == nil {
		return clientState{}
	}
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	if b.own[callee] {
		rs := b.returnClients(callee)
		if index < len(rs) {
			return rs[index]
		}
		return clientState{}
	}
	if obj, ok := callee.Object().(*types.Func); ok {
		if f := b.r.imported.clients[obj]; f != nil && f.Result == index {
			return f.state()
		}
	}
	return clientState{}
}

// passesThrough reports builder methods of the clients and requests of
// resty and go-retryablehttp that return their receiver, and the calls
// deriving a request from a client (resty's R).
func passesThrough(common *ssa.CallCommon) bool {
	f := analysisutil.CalleeFunc(common)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.RestyPkg {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Results().Len() != 1 {
		return false
	}
	res := types.TypeString(sig.Results().At(0).Type(), nil)
	return res == "*"+apis.RestyPkg+".Client" || res == "*"+apis.RestyPkg+".Request"
}

// configure applies the configuration done on a client value in its
// function: c.RetryMax = n, c.CheckRetry = f, c.SetRetryCount(n).
func (b *builder) configure(st *clientState, v ssa.Value) {
	if v.Referrers() == nil {
		return
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			key := fieldKey(x)
			switch {
			case apis.RetryCountFields[key]:
				for _, val := range storesTo(x) {
					st.retries, st.dflt, st.pos = constInt([]ssa.Value{val}, 0), false, storePos(x)
				}
			case apis.RetryPolicyFields[key]:
				if len(storesTo(x)) > 0 {
					st.custom = true
				}
			}
		case *ssa.Call:
			common := x.Common()
			if apis.RetryCountSetters[analysisutil.FuncName(common)] && ssautil.Receiver(common) == v {
				st.retries, st.dflt, st.pos = constInt(ssautil.CallArgs(common), 0), false, x.Pos()
			}
		}
	}
}

func storePos(fa *ssa.FieldAddr) token.Pos {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); ok {
			return st.Pos()
		}
	}
	return fa.Pos()
}

// returnClients computes the clients fn returns, per result.
func (b *builder) returnClients(fn *ssa.Function) []clientState {
	if rs, ok := b.returns[fn]; ok {
		return rs
	}
	b.returns[fn] = nil
	n := fn.Signature.Results().Len()
	out := make([]clientState, n)
	first := true
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if !isClientType(v.Type()) {
				continue
			}
			s := b.clientOf(v, 1)
			if first || !s.retrying() {
				out[i] = s
			}
		}
		first = false
	}
	b.returns[fn] = out
	return out
}

// objClient returns the client stored in a struct field or package
// variable: from the stores of this package, or from a fact.
func (b *builder) objClient(obj types.Object) clientState {
	if f := b.r.imported.clients[obj]; f != nil {
		return f.state()
	}
	if obj.Pkg() != b.r.pkg {
		return clientState{}
	}
	if b.fields == nil {
		b.fields = map[types.Object]*clientState{}
		b.collectFields()
	}
	if st := b.fields[obj]; st != nil {
		return *st
	}
	return clientState{}
}

// collectFields records, for each field and package variable of this
// package holding a client, what every store into it puts there; one
// store of a client that does not retry (or of an unknown one) makes the
// field unknown.
func (b *builder) collectFields() {
	bad := map[types.Object]bool{}
	for _, fn := range b.fns {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || !isClientType(st.Val.Type()) {
					continue
				}
				var obj types.Object
				switch a := st.Addr.(type) {
				case *ssa.FieldAddr:
					obj = fieldObj(a)
				case *ssa.Global:
					obj, _ = a.Object().(*types.Var)
				}
				if obj == nil || obj.Pkg() != b.r.pkg || bad[obj] {
					continue
				}
				s := b.clientOf(st.Val, 1)
				if !s.retrying() {
					bad[obj] = true
					delete(b.fields, obj)
					continue
				}
				if b.fields[obj] == nil {
					b.fields[obj] = &s
				}
			}
		}
	}
}

func isClientType(t types.Type) bool {
	s := types.TypeString(t, nil)
	_, ok := apis.ClientTypes[s]
	return ok || s == "*net/http.Client" || apis.GRPCConn(t) || apis.GRPCStub(t)
}

// fieldObj returns the field a FieldAddr selects.
func fieldObj(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
}

// fieldKey names a field as "(pkg.Type).Field".
func fieldKey(fa *ssa.FieldAddr) string {
	f := fieldObj(fa)
	if f == nil {
		return ""
	}
	p := fa.X.Type().Underlying().(*types.Pointer)
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return "(" + n.Obj().Pkg().Path() + "." + n.Obj().Name() + ")." + f.Name()
}

// constInt returns the integer constant at args[i], or -1.
func constInt(args []ssa.Value, i int) int64 {
	if i >= len(args) {
		return -1
	}
	if c, ok := unwrap(args[i]).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		if n, ok := constant.Int64Val(c.Value); ok {
			return n
		}
	}
	return -1
}
