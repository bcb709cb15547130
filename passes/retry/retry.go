// Package retry defines an Analyzer that finds retry constructs and the
// code each one repeats:
//
//   - hand-written loops that run an operation again when it fails: a for
//     loop (or a range over an integer) in which a test of a call's error,
//     or of a status code it returns, either leaves the loop or goes round
//     again ("continue on err", attempt counters, time.Sleep or a backoff
//     between attempts); a loop that goes round again only when a flag
//     is set (retry = false on every iteration, retry = true in a
//     transaction callback that found its row locked) repeats only what
//     runs on a path setting it;
//   - retry libraries: cenkalti/backoff (v2 and v3 paths, v4, v5), avast/retry-go v4,
//     sethvargo/go-retry, whose operation argument is repeated, and the
//     durable steps of the Restate SDK (restate.Run, RunVoid, RunAsync),
//     whose closure the engine runs again while it fails (Region.Step);
//   - an application's own helpers that run a func argument in such a loop
//     or through a retry library (withRetry(3, func() error {...})),
//     recognized across packages by a fact;
//   - retrying HTTP clients: a go-retryablehttp client (four retries unless
//     RetryMax says otherwise) and a resty client with SetRetryCount(n > 0),
//     decided from their construction, through constructors and struct
//     fields in any package (facts).
//
// It reports no diagnostics. Checkers use its Result:
//
//	for _, r := range res.Regions() { ... r.Repeats(instr) ... }
//	res.Client(v)   // how the HTTP client v retries, or nil
//	res.Runs(call)  // the func arguments a call runs before it returns
//
// The library functions it recognizes are listed in passes/apis.
package retry

import (
	"fmt"
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// Analyzer finds retry constructs.
var Analyzer = &analysis.Analyzer{
	Name:       "retry",
	Doc:        "find retry loops, retry library calls, retry helpers and retrying HTTP clients (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/retry",
	Run:        run,
	Requires:   []*analysis.Analyzer{ssabuild.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(helperFact), new(runsFact), new(clientFact), new(grpcOptFact)},
}

// Kind is the kind of a retry construct.
type Kind uint8

const (
	KindLoop    Kind = iota + 1 // a hand-written loop
	KindLibrary                 // a retry library call (backoff.Retry, retry.Do)
	KindHelper                  // an application's helper that retries its func argument
	KindClient                  // a retrying HTTP client
)

// Region is one retry construct and the code it repeats.
type Region struct {
	Kind Kind
	// Construct names the construct for messages: "the loop",
	// "backoff.Retry", "httpx.Retry".
	Construct string
	// Pos is the construct's position: the for statement, the library
	// or helper call.
	Pos token.Pos
	// Fn is the function whose code is repeated: the loop's function,
	// or the function value passed to the library or helper; nil when
	// that value is not a function the model can see (a parameter).
	Fn *ssa.Function
	// Func is the func value passed to the library or helper.
	Func ssa.Value
	// Body holds the loop's blocks (nil: all of Fn). Repeated holds those
	// that run before the test deciding whether to try again: calls
	// there run once per attempt.
	Body, Repeated map[*ssa.BasicBlock]bool
	// Call is the library or helper call (nil for loops).
	Call ssa.CallInstruction
	// Literal reports that Fn is a function literal whose code lies in the
	// package (a loop's function, or a closure passed to the library);
	// otherwise only Call is in the package's code.
	Literal bool
	// RateLimitOnly reports a loop that tries again only on 429 Too Many
	// Requests, an answer that says the request was not processed.
	RateLimitOnly bool
	// Step reports a durable-execution step (restate.Run; apis.RetryFunc
	// Step): the workflow engine runs the operation again while it fails.
	Step bool
	// gate is the flag a loop must find set to go round again, or nil.
	gate *flagGate
}

// Repeats reports whether instr (an instruction of r.Fn, or of a function
// literal made there: a transaction callback) runs once per attempt: it
// runs before the test deciding whether to try again, and, in a loop that
// goes round only when a flag is set (retry = true before the callback
// returns), on a path setting it.
func (r *Region) Repeats(instr ssa.Instruction) bool {
	if r.Fn == nil {
		return false
	}
	at := instr
	for at != nil && at.Parent() != r.Fn {
		at = closureOf(at.Parent())
	}
	if at == nil || r.Repeated != nil && !r.Repeated[at.Block()] {
		return false
	}
	return r.gate == nil || r.gate.reruns(r.Fn, instr)
}

// Inside reports whether instr runs inside the region on every attempt:
// in the loop's body or in the repeated function, or in a closure created
// there.
func (r *Region) Inside(instr ssa.Instruction) bool {
	for instr != nil && r.Fn != nil {
		fn := instr.Parent()
		if fn == r.Fn {
			return r.Body == nil || r.Body[instr.Block()]
		}
		instr = closureOf(fn)
	}
	return false
}

// closureOf returns the MakeClosure instruction creating the function
// literal fn in its parent, or nil.
func closureOf(fn *ssa.Function) ssa.Instruction {
	parent := fn.Parent()
	if parent == nil {
		return nil
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
		}
	}
	return nil
}

// Client describes an HTTP client that retries failed requests.
type Client struct {
	Lib apis.HTTPLib
	// Retries is the number of retries; Default reports the library's
	// default (RetryMax unset).
	Retries int64
	Default bool
	// Pos is where the client is created or its retries configured in
	// the package, or token.NoPos; Where names it in another package
	// ("clients.go:12").
	Pos   token.Pos
	Where string
}

// Result holds the retry constructs of a package. Its queries build what
// they need on first use, so packages nobody asks about cost nothing.
type Result struct {
	// Err is set when the model could not be built; checkers stay silent.
	Err error

	lazy     *ssabuild.Lazy
	once     sync.Once
	imported facts
	pkg      *types.Package
	fset     *token.FileSet
	files    []*ast.File

	regions []*Region
	b       *builder
}

type facts struct {
	helpers map[*types.Func]*helperFact
	runs    map[*types.Func]*runsFact
	clients map[types.Object]*clientFact
	// grpcOpts are the functions returning retrying gRPC options.
	grpcOpts map[types.Object]*grpcOptFact
}

// Regions returns the retry regions of the package, in source order.
func (r *Result) Regions() []*Region {
	r.init()
	if r.b == nil {
		return nil
	}
	return r.regions
}

// Runs returns the indexes (into the call's arguments, receiver first)
// of the func values the call runs before it returns: the operation of a
// retry library, the callback of a transaction function, a func parameter
// its callee calls.
func (r *Result) Runs(call ssa.CallInstruction) []int {
	r.init()
	if r.b == nil {
		return nil
	}
	return r.b.runsArgs(call.Common())
}

// Client returns how the HTTP client v (a go-retryablehttp or resty
// client, a resty request, or the *http.Client of a retryablehttp
// client's StandardClient) retries, or nil when it does not or the model
// cannot tell.
func (r *Result) Client(v ssa.Value) *Client {
	r.init()
	if r.b == nil {
		return nil
	}
	st := r.b.clientOf(v, 0)
	if !st.known || st.custom || st.retries <= 0 || st.lib == apis.HTTPGRPC {
		return nil
	}
	return &Client{Lib: st.lib, Retries: st.retries, Default: st.dflt, Pos: st.pos, Where: st.where}
}

// GRPCClient returns how the gRPC connection or generated client v
// retries unary calls: nil when no retry interceptor or retry policy is
// configured on it (or the model cannot follow it); Retries is 0 when an
// interceptor is installed that retries only the calls asking for it
// (a WithMax call option, see CallRetries).
func (r *Result) GRPCClient(v ssa.Value) *Client {
	r.init()
	if r.b == nil {
		return nil
	}
	st := r.b.clientOf(v, 0)
	if !st.known || st.lib != apis.HTTPGRPC || !st.installed && st.retries <= 0 {
		return nil
	}
	return &Client{Lib: st.lib, Retries: st.retries, Pos: st.pos, Where: st.where}
}

func (r *Result) init() {
	r.once.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				r.Err = fmt.Errorf("retry: internal error: %v", p)
				r.b = nil
			}
		}()
		if r.lazy == nil {
			return
		}
		_, fns := r.lazy.Get()
		b := newBuilder(r, fns)
		r.b = b
		for _, fn := range fns {
			r.regions = append(r.regions, b.regionsOf(fn)...)
		}
		sort.SliceStable(r.regions, func(i, j int) bool { return r.regions[i].Pos < r.regions[j].Pos })
	})
}

func run(pass *analysis.Pass) (res any, err error) {
	r := &Result{pkg: pass.Pkg, fset: pass.Fset, files: pass.Files}
	r.imported = facts{helpers: map[*types.Func]*helperFact{}, runs: map[*types.Func]*runsFact{}, clients: map[types.Object]*clientFact{}, grpcOpts: map[types.Object]*grpcOptFact{}}
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *helperFact:
			if fn, ok := f.Object.(*types.Func); ok {
				r.imported.helpers[fn] = fact
			}
		case *runsFact:
			if fn, ok := f.Object.(*types.Func); ok {
				r.imported.runs[fn] = fact
			}
		case *clientFact:
			r.imported.clients[f.Object] = fact
		case *grpcOptFact:
			r.imported.grpcOpts[f.Object] = fact
		}
	}
	if dbcall.IsLibrary(pass.Pkg.Path()) {
		return r, nil
	}
	r.lazy = pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy)
	if !exportsFacts(pass) {
		return r, nil
	}
	defer func() {
		if p := recover(); p != nil {
			r.Err = fmt.Errorf("retry: internal error: %v", p)
			r.b = nil
			res, err = r, nil
		}
	}()
	r.init()
	if r.b != nil {
		r.b.exportFacts(pass)
	}
	return r, nil
}

// exportsFacts reports whether the package may declare something other
// packages need a fact about: a use of a retry library or of a retrying
// client (helpers, constructors, struct fields holding one), or, outside
// dependency modules, a function with a func-typed parameter (a retry
// helper or a function running its argument).
func exportsFacts(pass *analysis.Pass) bool {
	// Uses holds every identifier's use: a function is named once, and
	// only when its package is one the tables name.
	seen := map[*types.Func]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		f, ok := obj.(*types.Func)
		if !ok || f.Pkg() == nil || seen[f] || !apis.RetryPackage(f.Pkg().Path()) {
			continue
		}
		seen[f] = true
		name := apis.RawFullName(f)
		if _, ok := apis.RetryClientCtors[name]; ok {
			return true
		}
		if _, ok := apis.RetryFuncs[name]; ok {
			return true
		}
		if _, ok := apis.GRPCDials[name]; ok {
			return true
		}
		if apis.GRPCRetryInterceptors[name] {
			return true
		}
	}
	if m := pass.Module; m != nil && m.Version != "" && !m.Main {
		// A dependency module: its functions running func arguments are
		// rarely retry helpers of the application, and building SSA for
		// every such package would charge go vet for all dependencies.
		return false
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			for _, field := range fd.Type.Params.List {
				if _, ok := pass.TypesInfo.TypeOf(field.Type).Underlying().(*types.Signature); ok {
					return true
				}
			}
		}
	}
	return false
}

// label names a function for messages: "httpx.Retry", "store.Client.Do".
func label(fn *ssa.Function) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return ssautil.ObjLabel(obj)
	}
	return fn.Name()
}

// calleeObj returns the types.Func a call invokes statically (origin of
// an instantiation), or nil.
func calleeObj(common *ssa.CallCommon) *types.Func {
	if common.IsInvoke() {
		return nil
	}
	return analysisutil.CalleeFunc(common)
}
