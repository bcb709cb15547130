package netcall

import (
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/retry"
)

// keyHeader is the header name under which an SDK operation's idempotency
// key field is reported: the one the key travels in (Stripe), or the
// closest equivalent (SQS MessageDeduplicationId, AWS ClientToken).
const keyHeader = "Idempotency-Key"

// inputKeys returns the idempotency keys set on an SDK operation's input
// in fn, as headers:
//
//	params := &stripe.ChargeParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}}
//	params.SetIdempotencyKey(key)
//	&sqs.SendMessageInput{MessageDeduplicationId: aws.String(id)}
func (b *builder) inputKeys(fn *ssa.Function, input ssa.Value, fields []string) []hdr {
	want := map[string]bool{}
	for _, f := range fields {
		want[f] = true
	}
	var out []hdr
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		v = ssautil.Unwrap(v)
		if depth > 4 || seen[v] || v.Referrers() == nil {
			return
		}
		seen[v] = true
		if ld, ok := v.(*ssa.UnOp); ok {
			if a, ok := ld.X.(*ssa.Alloc); ok {
				// A struct value copied from a local or a literal.
				walk(a, depth+1)
				if vals := storesTo(a); len(vals) == 1 {
					walk(vals[0], depth+1)
				}
			}
		}
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.FieldAddr:
				if x.X != v {
					continue
				}
				fv := fieldVar(x.X.Type(), x.Field)
				if fv == nil {
					continue
				}
				if want[fv.Name()] {
					for _, val := range storesTo(x) {
						out = append(out, hdr{name: keyHeader, v: b.classify(fn, val, "")})
					}
				} else if fv.Embedded() {
					walk(x, depth+1)
					for _, val := range storesTo(x) {
						walk(val, depth+1) // Params: stripe.Params{IdempotencyKey: ...}
					}
				}
			case *ssa.Call:
				common := x.Common()
				if f := analysisutil.CalleeFunc(common); f != nil && f.Name() == "SetIdempotencyKey" && ssautil.Receiver(common) == v {
					if args := ssautil.CallArgs(common); len(args) > 0 {
						out = append(out, hdr{name: keyHeader, v: b.classify(fn, args[0], "")})
					}
				}
			}
		}
	}
	walk(input, 0)
	return out
}

// fieldVar returns field i of the struct t points to or is.
func fieldVar(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// grpcRequest describes a unary call of a generated gRPC client as a
// request, so its retries can be judged: a POST (gRPC's method on the
// wire) unless the method's name says it reads or sets absolute state,
// sent by the stub (the client whose connection may retry it), with the
// request message's idempotency key field, when it declares one, as its
// key.
//
//	resp, err := payments.Charge(ctx, &pb.ChargeRequest{...})
//
// A unary method of a Connect client interface is described alike, the
// message being the type argument of its *connect.Request[T]; its client
// retries nothing by itself, so only retry constructs around the call
// repeat it.
func (b *builder) grpcRequest(fn *ssa.Function, call ssa.CallInstruction) (reqSum, bool) {
	common := call.Common()
	m := common.Method
	sig := m.Type().(*types.Signature)
	var msg types.Type
	q := newReq()
	if t, ok := apis.ConnectUnary(m); ok {
		msg = types.NewPointer(t)
		q.lib, q.method, q.send = apis.HTTPGRPC, "POST", call
		q.api = "Connect " + ssautil.ObjLabel(m)
	} else {
		if !apis.GRPCStubMethod(m) {
			return reqSum{}, false
		}
		if sig.Results().Len() != 2 || sig.Params().Len() != 3 {
			return reqSum{}, false // a stream
		}
		if _, ok := sig.Results().At(0).Type().(*types.Pointer); !ok {
			return reqSum{}, false
		}
		msg = sig.Params().At(1).Type()
		q.lib, q.method, q.send, q.client = apis.HTTPGRPC, "POST", call, common.Value
		q.api = "gRPC " + ssautil.ObjLabel(m)
		q.grpcCallRetries = retry.CallRetries(call)
	}
	q.idempotent = true
	name := m.Name()
	for _, p := range []string{"Bulk", "Batch"} {
		if rest, ok := strings.CutPrefix(name, p); ok && rest != "" && unicode.IsUpper(rune(rest[0])) {
			name = rest
		}
	}
	for _, p := range apis.GRPCEffects {
		if strings.HasPrefix(name, p) && (len(name) == len(p) || unicode.IsUpper(rune(name[len(p)]))) {
			q.idempotent = false
		}
	}
	if p, ok := msg.(*types.Pointer); ok {
		if st, ok := p.Elem().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				for _, k := range apis.GRPCKeyFields {
					if st.Field(i).Name() == k {
						// The message carries a key; a retry of the
						// interceptor re-sends the same message.
						q.keyable = true
						q.headers = append(q.headers, hdr{name: keyHeader, v: src{other: true}})
					}
				}
			}
		}
	}
	return q, true
}

// standInName matches the names of types that stand in for a real
// implementation: fakes and mocks for tests, no-ops for disabled features.
var standInName = lazyregexp.New(`(?i)^(fake|mock|noop|nop|stub|dummy|null|discard|disabled)|(fake|mock|noop|nop|stub|dummy|null|discard|disabled)$`)

// standIn reports an implementation of an interface method that does not
// veto the network implementations beside it: one declared in a _test.go
// file, one of a type named as a fake, mock or no-op, or (for the
// package's own code) a method whose body does nothing but return
// constants, its parameters or fields.
//
// How far to trust the visible implementations: an interface call counts
// as a network call when every implementation in view reaches the network
// once stand-ins are set aside (and one does). A local implementation
// that does real work (a cache, a file store, a local key manager) still
// vetoes: which one runs is configuration the model cannot see, and
// precision comes first.
func (b *builder) standIn(tn *types.TypeName, impl *types.Func, own bool) bool {
	if strings.HasSuffix(b.pass.Fset.Position(impl.Pos()).Filename, "_test.go") {
		return true
	}
	if standInName.MatchString(tn.Name()) {
		return true
	}
	if !own {
		return false
	}
	fn := b.ssaFunc(impl)
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			switch instr.(type) {
			case ssa.CallInstruction, *ssa.Store, *ssa.MapUpdate, *ssa.Send, *ssa.Panic:
				return false
			}
		}
	}
	return true
}
