// Package netcall defines an Analyzer that finds the calls that may
// perform network I/O: HTTP requests (net/http, go-retryablehttp, resty),
// gRPC calls (ClientConn.Invoke and NewStream, generated stubs), net.Dial*,
// net/smtp, Kafka (segmentio/kafka-go) and NATS producers, directly or
// through functions of any package. Each such call comes with a witness
// chain ("payments.Client.Charge → payments.Client.post →
// (*net/http.Client).Do") and, for HTTP, the requests it sends as far as
// they can be resolved: the method, the URL, and the headers set on the
// request with where each value comes from (a constant, a parameter, a
// value minted anew on every call such as uuid.NewString()).
//
// Functions are summarized in facts ("may reach the network via X; sends
// POST to {baseURL}/v1/charges with Idempotency-Key = p2"), so callers in
// other packages see what they do, including requests built by helpers
// (a function returning the request, or setting headers on one it is
// given) and interface methods whose implementations in the declaring
// package reach the network.
//
// It reports no diagnostics. Checkers use its Result:
//
//	c := res.CallAt(call)  // the call's network effect, or nil
//	c.Witness()            // "payments.Client.Charge → (*net/http.Client).Do"
//	for _, q := range c.Requests { q.Method; q.URL; q.Header(names) }
//
// The library calls it recognizes are listed in passes/apis (net.go).
package netcall

import (
	"fmt"
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/retry"
)

// Analyzer finds the calls that may reach the network.
var Analyzer = &analysis.Analyzer{
	Name:       "netcall",
	Doc:        "find the calls that may perform network I/O and the HTTP requests they send (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/netcall",
	Run:        run,
	Requires:   []*analysis.Analyzer{ssabuild.Analyzer, retry.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(netFact), new(freshFact)},
}

// Result holds the network calls of a package.
type Result struct {
	// Err is set when the model could not be built; checkers then stay
	// silent for the package.
	Err error
	// Funcs lists the functions with network calls, in source order.
	Funcs []*FuncInfo
	funcs map[*ssa.Function]*FuncInfo
	calls map[ssa.CallInstruction]*Call
	// fns are the package's functions, for ParamTexts.
	fns []*ssa.Function
}

// FuncInfo lists the network calls of one function.
type FuncInfo struct {
	Fn    *ssa.Function
	Calls []*Call
}

// Func returns the network calls of fn, or nil.
func (r *Result) Func(fn *ssa.Function) *FuncInfo {
	if r == nil {
		return nil
	}
	return r.funcs[fn]
}

// CallAt returns the network effect of a call of the package, or nil when
// it cannot reach the network. Calls started with go are not included.
func (r *Result) CallAt(call ssa.CallInstruction) *Call {
	if r == nil {
		return nil
	}
	return r.calls[call]
}

// Call is a call that may reach the network.
type Call struct {
	Instr ssa.CallInstruction
	Kind  apis.NetKind
	// Chain names the functions from the callee of Instr down to the
	// library call that reaches the network, outermost first; for a
	// direct library call it holds only that call.
	Chain []string
	// Requests are the HTTP requests the call sends, as far as resolved.
	Requests []*Request
}

// Witness renders the chain: "payments.Client.Charge →
// payments.Client.post → (*net/http.Client).Do".
func (c *Call) Witness() string { return strings.Join(c.Chain, " → ") }

// Hops renders the first hop and the library call of the chain, for
// messages: "payments.Client.Charge → (*net/http.Client).Do".
func (c *Call) Hops() string {
	if len(c.Chain) <= 2 {
		return c.Witness()
	}
	return c.Chain[0] + " → " + c.Chain[len(c.Chain)-1]
}

// Request is an HTTP request sent by a call.
type Request struct {
	Lib apis.HTTPLib
	// Method is the upper-case HTTP method, or "" when unknown.
	Method string
	// URL renders the URL expression: constants as written, other parts
	// by name in braces ("{baseURL}/v1/charges"), "{…}" for parts it
	// cannot name. URLKnown reports that some part is constant text or
	// named.
	URL      string
	URLKnown bool
	// API names the operation of a service SDK ("SQS SendMessage",
	// "Stripe charge.New") when the request is sent by one; its URL is
	// then empty. Idempotent reports an operation whose repeat repeats no
	// effect whatever its method (an SDK's read, delete or absolute
	// update).
	API        string
	Idempotent bool
	// Keyable reports an operation whose input takes an idempotency key
	// the server deduplicates on (stripe-go's Params.IdempotencyKey, AWS
	// ClientToken, a gRPC request message's key field), set or not.
	Keyable bool
	// RetriedBy names the retry loop of a callee that repeats the request
	// ("the loop at client.go:57"), set where the callee's method
	// parameter is filled in: the caller decides that it is a POST.
	RetriedBy string
	// CallRetries is the number of retries a gRPC call asks of its
	// connection's retry interceptor (retry.WithMax as a call option; 0
	// for retry.Disable), -1 when it asks nothing.
	CallRetries int64
	Headers     []Header
	// Send and Client are the send call and the client value, when the
	// request is sent in the function of the Call (not in a callee).
	Send   ssa.CallInstruction
	Client ssa.Value
	// Inner is, for a request sent by a function literal the call runs
	// (a transaction callback), the call in the literal that sends it;
	// nil otherwise.
	Inner ssa.CallInstruction
}

// Header returns the first header of the request among names (compared
// case-insensitively) whose value is not always empty, or nil.
func (q *Request) Header(names []string) *Header {
	for i := range q.Headers {
		h := &q.Headers[i]
		for _, n := range names {
			if strings.EqualFold(h.Name, n) && !h.Value.Empty() {
				return h
			}
		}
	}
	return nil
}

// Header is a header set on a request.
type Header struct {
	Name  string
	Value Value
}

// Value tells where a value comes from, relative to the function of the
// Call that sends it.
type Value struct {
	// Consts lists the constant strings it may be.
	Consts []string
	// Fresh lists the calls that make it new every time they run: a call
	// of uuid.NewString(), or of a function that mints a new key inside.
	// The calls are in the function of the Call, in functions enclosing
	// it (through captured variables), or in function literals the Call
	// runs (a transaction callback minting a key).
	Fresh []Fresh
	// Other reports parts computed otherwise (parameters, fields, calls
	// of other functions): the same on every attempt as far as the model
	// knows.
	Other bool
}

// Empty reports a value that is always the empty string (a header set
// only when a key is given, called with "").
func (v Value) Empty() bool {
	if len(v.Fresh) > 0 || v.Other {
		return false
	}
	for _, c := range v.Consts {
		if c != "" {
			return false
		}
	}
	return true
}

// Fresh is a call that returns a new value every time it runs.
type Fresh struct {
	Call ssa.CallInstruction
	// Name names the generator: "uuid.NewString", "payments.NewKey".
	Name string
}

func run(pass *analysis.Pass) (res any, err error) {
	r := &Result{funcs: map[*ssa.Function]*FuncInfo{}, calls: map[ssa.CallInstruction]*Call{}}
	defer func() {
		if p := recover(); p != nil {
			res, err = &Result{funcs: map[*ssa.Function]*FuncInfo{}, calls: map[ssa.CallInstruction]*Call{}, Err: fmt.Errorf("netcall: internal error: %v", p)}, nil
		}
	}()
	rt := pass.ResultOf[retry.Analyzer].(*retry.Result)
	if rt.Err != nil {
		r.Err = rt.Err
		return r, nil
	}
	path := pass.Pkg.Path()
	if dbcall.IsLibrary(path) {
		return r, nil
	}
	imported := importFacts(pass)
	if !relevant(pass, imported) {
		return r, nil
	}
	_, fns := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy).Get()
	r.fns = fns
	b := newBuilder(pass, rt, fns, imported)
	for _, fn := range fns {
		s := b.analyze(fn)
		if len(s.calls) > 0 {
			fi := &FuncInfo{Fn: fn, Calls: s.calls}
			r.funcs[fn] = fi
			r.Funcs = append(r.Funcs, fi)
			for _, c := range s.calls {
				r.calls[c.Instr] = c
			}
		}
	}
	sort.SliceStable(r.Funcs, func(i, j int) bool { return r.Funcs[i].Fn.Pos() < r.Funcs[j].Fn.Pos() })
	b.exportFacts()
	return r, nil
}

// importedFacts are the facts of this analyzer on imported objects.
type importedFacts struct {
	net   map[types.Object]*netFact
	fresh map[types.Object]*freshFact
}

func importFacts(pass *analysis.Pass) importedFacts {
	f := importedFacts{net: map[types.Object]*netFact{}, fresh: map[types.Object]*freshFact{}}
	for _, of := range pass.AllObjectFacts() {
		switch x := of.Fact.(type) {
		case *netFact:
			f.net[of.Object] = x
		case *freshFact:
			f.fresh[of.Object] = x
		}
	}
	return f
}

// relevant reports whether the package uses a network API, a request
// constructor, or a function or method with a fact: only then is its SSA
// form built.
func relevant(pass *analysis.Pass, imported importedFacts) bool {
	for _, obj := range pass.TypesInfo.Uses {
		f, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		// A method of an instantiated generic type or interface
		// (ingress.Requester[*Req, *Resp].Send) is used as its own
		// object; the fact is its origin's.
		if o := f.Origin(); imported.net[f] != nil || imported.fresh[f] != nil || imported.net[o] != nil || imported.fresh[o] != nil {
			return true
		}
		name := apis.RawFullName(f)
		if _, ok := apis.NetFuncOf(f); ok {
			return true
		}
		if _, ok := apis.RequestCtors[name]; ok {
			return true
		}
		if _, ok := apis.HeaderSetters[name]; ok {
			return true
		}
	}
	return false
}

// label names a function for chains: "payments.Client.Charge".
func label(fn *ssa.Function) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return ssautil.ObjLabel(obj)
	}
	if fn.Parent() != nil {
		return label(fn.Parent())
	}
	return fn.Name()
}

// sinkLabel names a library call in a chain by its full name.
func sinkLabel(common *ssa.CallCommon) string {
	return analysisutil.FuncName(common)
}
