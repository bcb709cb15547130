package netcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/retry"
)

// maxChain bounds witness chains; maxSends bounds the requests a summary
// keeps, so facts stay small.
const (
	maxChain = 8
	maxSends = 8
)

// summary is what a function does to the network, relative to its
// parameters: the summary of own functions, and the decoded form of facts.
type summary struct {
	kind    apis.NetKind
	chain   []string
	sends   []reqSum
	returns []retSum
	params  []paramHeaders
	fresh   string
	calls   []*Call
}

type retSum struct {
	result int
	req    reqSum
}

type paramHeaders struct {
	param   int
	headers []hdr
}

// reqSum is an HTTP request relative to a function: its method (or the
// parameter holding it), its URL, its headers, or the request parameter it
// was given.
type reqSum struct {
	lib          apis.HTTPLib
	method       string
	methodParam  int
	url          []urlPart
	headers      []hdr
	requestParam int
	chain        []string
	// api names a service SDK's operation; idempotent marks one whose
	// repeat is harmless.
	api        string
	idempotent bool
	// keyable marks an operation whose input takes an idempotency key
	// (an SDK's key field, a gRPC request message's key field).
	keyable bool
	// retry names the retry loop of the function sending the request that
	// repeats it while its method is still a parameter ("the loop at
	// client.go:57"); retryHere reports that this instantiation resolved
	// the method.
	retry     string
	retryHere bool
	// grpcCallRetries is the per-call retry option of a gRPC call
	// (retry.WithMax), -1 when none.
	grpcCallRetries int64
	send            ssa.CallInstruction
	client          ssa.Value
	// site is the call of the summarized function that sends the request;
	// inner, for a request sent by a function literal the call runs, is
	// the call in the literal (the innermost one) that sends it.
	site, inner ssa.CallInstruction
}

func newReq() reqSum { return reqSum{methodParam: -1, requestParam: -1, grpcCallRetries: -1} }

type hdr struct {
	name string
	v    src
}

type builder struct {
	pass     *analysis.Pass
	rt       *retry.Result
	fns      []*ssa.Function
	own      map[*ssa.Function]bool
	imported importedFacts
	sums     map[*ssa.Function]*summary
	active   map[*ssa.Function]bool
	ifaces   map[*types.Func]*summary
	// implsCache finds the implementations of interfaces (invokeSummary).
	implsCache *analysisutil.Impls
	freshes    map[*ssa.Function]string
	// reqPhis are the requests of the phis requestOf met in the current
	// query; urlVisits counts the values urlOf visited for the current
	// URL.
	reqPhis   map[*ssa.Phi]reqSum
	urlVisits int
}

func newBuilder(pass *analysis.Pass, rt *retry.Result, fns []*ssa.Function, imported importedFacts) *builder {
	b := &builder{pass: pass, rt: rt, fns: fns, own: map[*ssa.Function]bool{}, imported: imported, implsCache: dbcall.SharedImpls(pass),
		sums: map[*ssa.Function]*summary{}, active: map[*ssa.Function]bool{}, ifaces: map[*types.Func]*summary{},
		freshes: map[*ssa.Function]string{}}
	for _, fn := range fns {
		b.own[fn] = true
	}
	return b
}

// analyze computes the summary of an own function, once.
func (b *builder) analyze(fn *ssa.Function) *summary {
	if s, ok := b.sums[fn]; ok {
		return s
	}
	if b.active[fn] {
		return &summary{} // recursion: the cycle contributes nothing
	}
	b.active[fn] = true
	defer delete(b.active, fn)
	s := &summary{}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue // runs on its own; the caller does not wait for it
			}
			kind, chain, reqs := b.callNet(fn, call)
			if kind == apis.NetNone {
				continue
			}
			c := &Call{Instr: call, Kind: kind, Chain: chain}
			for i := range reqs {
				b.markRetried(fn, &reqs[i])
			}
			for _, q := range reqs {
				c.Requests = append(c.Requests, q.export())
			}
			s.calls = append(s.calls, c)
			if s.kind == apis.NetNone {
				s.kind, s.chain = kind, chain
			}
			for _, q := range reqs {
				if len(s.sends) < maxSends {
					q.site = call
					s.sends = append(s.sends, q)
				}
			}
		}
	}
	s.returns = b.returnedRequests(fn)
	s.params = b.paramHeaders(fn)
	b.sums[fn] = s
	return s
}

// callNet returns what a call does to the network: the kind and witness
// chain of the first way it reaches it, and the HTTP requests it sends.
func (b *builder) callNet(fn *ssa.Function, call ssa.CallInstruction) (apis.NetKind, []string, []reqSum) {
	common := call.Common()
	name := analysisutil.FuncName(common)
	if nf, ok := apis.NetFuncOf(analysisutil.CalleeFunc(common)); ok {
		chain := []string{sinkLabel(common)}
		if nf.Kind != apis.NetHTTP {
			return nf.Kind, chain, nil
		}
		q := b.directRequest(fn, call, nf)
		q.chain = chain
		return nf.Kind, chain, []reqSum{q}
	}
	var kind apis.NetKind
	var chain []string
	var reqs []reqSum
	add := func(s *summary, lbl string, transparent, bind, lit bool) {
		if s == nil || s.kind == apis.NetNone {
			return
		}
		c := s.chain
		if !transparent {
			c = append([]string{lbl}, s.chain...)
		}
		c = clip(c)
		if kind == apis.NetNone {
			kind, chain = s.kind, c
		}
		for _, q := range s.sends {
			reqs = append(reqs, b.instantiate(fn, call, q, lbl, transparent, bind, lit))
		}
	}
	switch {
	case common.IsInvoke():
		if s := b.invokeSummary(common.Method); s != nil {
			add(s, ssautil.ObjLabel(common.Method), false, true, false)
			if s.kind == apis.NetGRPC || s.kind == apis.NetConnect {
				if q, ok := b.grpcRequest(fn, call); ok {
					q.chain = chain
					reqs = append(reqs, q)
				}
			}
		}
	default:
		if callee := common.StaticCallee(); callee != nil {
			if s := b.calleeSummary(callee); s != nil {
				add(s, label(callee), callee.Parent() != nil, true, callee.Parent() != nil)
			}
		}
	}
	// Func values the call runs before returning: a retry library's
	// operation, a transaction callback, a helper's func argument.
	full := ssautil.FullArgs(common)
	for _, i := range b.rt.Runs(call) {
		if i >= len(full) {
			continue
		}
		f := ssautil.FuncOf(full[i])
		if f == nil {
			continue
		}
		s := b.calleeSummary(f)
		if s == nil || s.kind == apis.NetNone {
			continue
		}
		outer := name
		if callee := common.StaticCallee(); callee != nil {
			outer = label(callee)
		} else if common.IsInvoke() {
			outer = ssautil.ObjLabel(common.Method)
		}
		if f.Parent() == nil {
			add(s, outer+" → "+label(f), false, false, false)
		} else {
			add(s, outer, false, false, true)
		}
	}
	if kind == apis.NetNone {
		return apis.NetNone, nil, nil
	}
	return kind, chain, reqs
}

// markRetried records the retry loop of fn that repeats a request fn sends
// with the method given by a parameter:
//
//	func (c *Client) DoWithRetry(ctx, method, path string, body []byte) (*http.Response, error) {
//		for attempt := 0; attempt < 3; attempt++ { ...; resp, err := c.HTTP.Do(req); ... }
//	}
//
// Whether the request is a POST is known only at the callers, which
// report it through the request's Retry.
func (b *builder) markRetried(fn *ssa.Function, q *reqSum) {
	if q.send == nil || q.methodParam < 0 || q.retry != "" {
		return
	}
	for _, r := range b.rt.Regions() {
		if r.Kind == retry.KindLoop && r.Fn == fn && r.Repeats(q.send) && !r.RateLimitOnly {
			q.retry = r.Construct + " at " + analysisutil.Position(b.pass.Fset, r.Pos)
			return
		}
	}
}

// calleeSummary returns the summary of a called function: computed for
// functions of the package, from facts for others.
func (b *builder) calleeSummary(fn *ssa.Function) *summary {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if b.own[fn] {
		return b.analyze(fn)
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil && obj.Pkg() == b.pass.Pkg {
		// A bound method value or wrapper of a method of the package.
		if f := b.ssaFunc(obj); f != nil {
			return b.analyze(f)
		}
	}
	if fn.Synthetic != "" && len(fn.Blocks) > 0 {
		// A wrapper: follow the calls it makes.
		return b.analyze(fn)
	}
	if obj == nil {
		return nil
	}
	if f := b.imported.net[obj]; f != nil {
		return f.decode()
	}
	return nil
}

// invokeSummary returns what a call of an interface method may do: the
// fact exported by the interface's package, or what the implementations
// visible here do (types of this package, of the interface's package and
// of the direct imports, for interfaces outside the standard library)
// when every one of them reaches the network: with one that stays local,
// which runs is a matter of configuration the model cannot see.
func (b *builder) invokeSummary(m *types.Func) *summary {
	// The method of an interface instance (BatchedTx[Queries].ExecTx)
	// carries its generic origin's fact.
	if f := b.imported.net[m.Origin()]; f != nil {
		return f.decode()
	}
	if s, ok := b.ifaces[m]; ok {
		return s
	}
	b.ifaces[m] = nil
	if m.Pkg() == nil || dbcall.IsStd(m.Pkg().Path()) {
		return nil
	}
	sig := m.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	connect := apis.ConnectClient(sig.Recv().Type())
	pkgs := []*types.Package{b.pass.Pkg}
	if m.Pkg() != b.pass.Pkg {
		pkgs = append(pkgs, m.Pkg())
	}
	pkgs = append(pkgs, b.pass.Pkg.Imports()...)
	seen := map[*types.Package]bool{}
	var found *summary
	targs := analysisutil.MethodTypeArgs(m)
	for _, p := range pkgs {
		if seen[p] || dbcall.IsStd(p.Path()) {
			continue
		}
		seen[p] = true
		for _, im := range b.implsCache.OfArgs(iface, targs, p) {
			tn, t := im.Name, im.Type
			obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
			impl, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			// The method of a generic type's instance: its SSA function
			// and fact are its origin's.
			impl = impl.Origin()
			var s *summary
			if p == b.pass.Pkg {
				if fn := b.ssaFunc(impl); fn != nil {
					s = b.analyze(fn)
				}
			} else if f := b.imported.net[impl]; f != nil {
				s = f.decode()
			}
			if s == nil || s.kind == apis.NetNone {
				if b.standIn(tn, impl, p == b.pass.Pkg) {
					// A fake for tests or a no-op for a disabled
					// feature: the real implementation is the one
					// wired in production.
					continue
				}
				if connect && p == m.Pkg() {
					// The generated handler's Unimplemented defaults,
					// which satisfy the client interface too.
					continue
				}
				// An implementation that stays local (a cache, a local
				// key manager, a configuration choice): whether the call
				// reaches the network depends on which one runs.
				return nil
			}
			if found == nil {
				found = &summary{kind: s.kind, chain: clip(append([]string{ssautil.ObjLabel(impl)}, s.chain...)), sends: s.sends}
			}
		}
	}
	b.ifaces[m] = found
	return found
}

// ssaFunc returns the SSA function of a method or function of the package.
func (b *builder) ssaFunc(obj *types.Func) *ssa.Function {
	for _, fn := range b.fns {
		if fn.Object() == obj {
			return fn
		}
	}
	return nil
}

// exportFacts exports the summaries of the package's functions that reach
// the network, return requests, set headers on a request they are given or
// return fresh values; and the interface methods whose implementations
// here reach the network.
func (b *builder) exportFacts() {
	for _, fn := range b.fns {
		if fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != b.pass.Pkg {
			continue
		}
		s := b.analyze(fn)
		if f := s.encode(); f != nil {
			b.pass.ExportObjectFact(obj, f)
		}
		if name := b.freshOf(fn); name != "" {
			b.pass.ExportObjectFact(obj, &freshFact{Name: name})
		}
	}
	scope := b.pass.Pkg.Scope()
	names := scope.Names()
	sort.Strings(names)
	for _, n := range names {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < iface.NumExplicitMethods(); i++ {
			m := iface.ExplicitMethod(i)
			if m.Pkg() != b.pass.Pkg {
				continue // type I other.I: the method belongs to the other package
			}
			if s := b.invokeSummary(m); s != nil {
				if f := s.encode(); f != nil {
					b.pass.ExportObjectFact(m, f)
				}
			}
		}
	}
}

// clip bounds a chain to maxChain elements, keeping its outermost hops
// and the library call at its end.
func clip(chain []string) []string {
	if len(chain) <= maxChain {
		return chain
	}
	out := append([]string(nil), chain[:maxChain-2]...)
	return append(out, "…", chain[len(chain)-1])
}

func paramIndex(fn *ssa.Function, v ssa.Value) int {
	for i, p := range fn.Params {
		if p == v {
			return i
		}
	}
	return -1
}
