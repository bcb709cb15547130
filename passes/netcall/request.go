package netcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// directRequest describes the request a library send call in fn sends:
//
//	http.Post(url, "application/json", body)
//	client.Do(req)                          // req from http.NewRequest..., headers set on it
//	client.R().SetHeader(k, v).Post(url)    // resty
func (b *builder) directRequest(fn *ssa.Function, call ssa.CallInstruction, nf apis.NetFunc) reqSum {
	common := call.Common()
	args := ssautil.CallArgs(common)
	recv := ssautil.Receiver(common)
	q := newReq()
	q.lib, q.method, q.send = nf.Lib, nf.Method, call
	q.api, q.idempotent = nf.API, nf.Idempotent
	if len(nf.KeyFields) > 0 && nf.KeyArg < len(args) {
		q.keyable = true
		q.headers = append(q.headers, b.inputKeys(fn, args[nf.KeyArg], nf.KeyFields)...)
	}
	if nf.ClientRecv || nf.RequestRecv {
		q.client = recv
	}
	if nf.MethodArg >= 0 && nf.MethodArg < len(args) {
		q.method, q.methodParam = b.methodOf(fn, args[nf.MethodArg])
	}
	if nf.URLArg >= 0 && nf.URLArg < len(args) {
		q.url = b.urlOf(fn, args[nf.URLArg], 0)
	}
	var base reqSum
	switch {
	case nf.RequestArg >= 0 && nf.RequestArg < len(args):
		base = b.requestOf(fn, args[nf.RequestArg], 0)
	case nf.RequestRecv && recv != nil:
		base = b.requestOf(fn, recv, 0)
	default:
		return q
	}
	if q.method == "" && q.methodParam < 0 {
		q.method, q.methodParam = base.method, base.methodParam
	}
	if len(q.url) == 0 {
		q.url = base.url
	}
	q.headers = append(q.headers, base.headers...)
	q.requestParam = base.requestParam
	return q
}

// requestOf follows a request value to where it is built and collects the
// headers set on it in fn.
//
// Within one query (from depth 0), each phi is followed once: its answer
// is kept in b.reqPhis, and a phi met again while its own edges are being
// followed (a loop) contributes an empty request.
func (b *builder) requestOf(fn *ssa.Function, v ssa.Value, depth int) reqSum {
	q := newReq()
	if depth > 10 || v == nil {
		return q
	}
	if depth == 0 {
		saved := b.reqPhis
		b.reqPhis = nil
		defer func() { b.reqPhis = saved }()
	}
	v = ssautil.Unwrap(v)
	if phi, ok := v.(*ssa.Phi); ok {
		if q, ok := b.reqPhis[phi]; ok {
			return q
		}
		if b.reqPhis == nil {
			b.reqPhis = map[*ssa.Phi]reqSum{}
		}
		b.reqPhis[phi] = q
		defer func() { b.reqPhis[phi] = q }()
	}
	switch x := v.(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			q = b.requestFromCall(fn, call, x.Index, depth)
		}
	case *ssa.Call:
		q = b.requestFromCall(fn, x, 0, depth)
	case *ssa.Parameter:
		q.requestParam = paramIndex(fn, x)
	case *ssa.Phi:
		for i, e := range x.Edges {
			e := b.requestOf(fn, e, depth+1)
			if i == 0 {
				q = e
				continue
			}
			if e.method != q.method || e.methodParam != q.methodParam {
				q.method, q.methodParam = "", -1
			}
			q.headers = append(q.headers, e.headers...)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				if vals := storesTo(a); len(vals) == 1 {
					q = b.requestOf(fn, vals[0], depth+1)
				}
			}
		}
	}
	q.headers = append(q.headers, b.headersOn(fn, v)...)
	return q
}

// requestFromCall describes the request a call returns (result index):
// a constructor's, a copy's, a resty builder step's, or a helper's (by its
// summary).
func (b *builder) requestFromCall(fn *ssa.Function, call *ssa.Call, index, depth int) reqSum {
	common := call.Common()
	name := analysisutil.FuncName(common)
	args := ssautil.CallArgs(common)
	if ctor, ok := apis.RequestCtors[name]; ok && index == 0 {
		q := newReq()
		q.lib = ctor.Lib
		if ctor.MethodArg >= 0 && ctor.MethodArg < len(args) {
			q.method, q.methodParam = b.methodOf(fn, args[ctor.MethodArg])
		}
		if ctor.URLArg >= 0 && ctor.URLArg < len(args) {
			q.url = b.urlOf(fn, args[ctor.URLArg], 0)
		}
		if ctor.BodyArg > 0 && ctor.BodyArg < len(args) {
			q.headers = append(q.headers, b.bodyKeys(fn, args[ctor.BodyArg])...)
		}
		if recv := ssautil.Receiver(common); recv != nil {
			// resty's client.R(): headers set on the client apply.
			q.headers = append(q.headers, b.clientHeaders(fn, recv, 0)...)
		}
		return q
	}
	if recv := ssautil.Receiver(common); recv != nil && (apis.RequestCopies[name] || restyBuilder(common)) {
		// The receiver's headers include this call's own, if it sets one:
		// headersOn finds the setters called on a value.
		return b.requestOf(fn, recv, depth+1)
	}
	callee := common.StaticCallee()
	if callee == nil {
		return newReq()
	}
	s := b.calleeSummary(callee)
	if s == nil {
		return newReq()
	}
	for _, r := range s.returns {
		if r.result == index {
			return b.instantiate(fn, call, r.req, label(callee), true, true, false)
		}
	}
	return newReq()
}

// restyBuilder reports a method of resty's Request or Client returning a
// *Request: the same request, configured further.
func restyBuilder(common *ssa.CallCommon) bool {
	f := analysisutil.CalleeFunc(common)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.RestyPkg {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Recv() != nil && sig.Results().Len() == 1 &&
		types.TypeString(sig.Results().At(0).Type(), nil) == "*"+apis.RestyPkg+".Request" &&
		types.TypeString(sig.Recv().Type(), nil) == "*"+apis.RestyPkg+".Request"
}

// clientHeaders returns the headers set on a resty client in fn:
// resty.New().SetHeader(k, v), c.SetHeader(k, v).
func (b *builder) clientHeaders(fn *ssa.Function, v ssa.Value, depth int) []hdr {
	if depth > 8 {
		return nil
	}
	var out []hdr
	if call, ok := ssautil.Unwrap(v).(*ssa.Call); ok {
		common := call.Common()
		name := analysisutil.FuncName(common)
		if hs, ok := apis.HeaderSetters[name]; ok && hs.Client {
			out = append(out, b.setterHeaders(fn, common, hs)...)
		}
		if recv := ssautil.Receiver(common); recv != nil && sameType(recv.Type(), call.Type()) {
			out = append(out, b.clientHeaders(fn, recv, depth+1)...)
		}
	}
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if call, ok := r.(*ssa.Call); ok && ssautil.Receiver(call.Common()) == v {
				if hs, ok := apis.HeaderSetters[analysisutil.FuncName(call.Common())]; ok && hs.Client {
					out = append(out, b.setterHeaders(fn, call.Common(), hs)...)
				}
			}
		}
	}
	return out
}

func sameType(a, b types.Type) bool { return types.Identical(a, b) }

// setterHeaders returns the headers a setter call sets.
func (b *builder) setterHeaders(fn *ssa.Function, common *ssa.CallCommon, hs apis.HeaderSetter) []hdr {
	args := ssautil.CallArgs(common)
	if hs.Map >= 0 {
		if hs.Map < len(args) {
			return b.mapHeaders(fn, args[hs.Map])
		}
		return nil
	}
	if hs.Name >= len(args) || hs.Value >= len(args) {
		return nil
	}
	name, ok := ssautil.ConstString(args[hs.Name])
	if !ok {
		return nil
	}
	return []hdr{{name: name, v: b.classify(fn, args[hs.Value], "")}}
}

// mapHeaders returns the constant-keyed entries of a map literal:
// SetHeaders(map[string]string{"Idempotency-Key": key}).
func (b *builder) mapHeaders(fn *ssa.Function, m ssa.Value) []hdr {
	m = ssautil.Unwrap(m)
	if m.Referrers() == nil {
		return nil
	}
	var out []hdr
	for _, r := range *m.Referrers() {
		if mu, ok := r.(*ssa.MapUpdate); ok && mu.Map == m {
			if name, ok := ssautil.ConstString(mu.Key); ok {
				out = append(out, hdr{name: name, v: b.classify(fn, mu.Value, "")})
			}
		}
	}
	return out
}

// headersOn collects the headers set in fn on a request value: through
// req.Header.Set/Add, req.Header[k] = v, an embedded *http.Request
// (retryablehttp), resty's SetHeader on the request, and functions whose
// summary says they set headers on a request they are given.
func (b *builder) headersOn(fn *ssa.Function, v ssa.Value) []hdr {
	var out []hdr
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || depth > 6 || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.FieldAddr:
				for _, rr := range *x.Referrers() {
					switch y := rr.(type) {
					case *ssa.UnOp:
						if y.Op != token.MUL {
							continue
						}
						if isHeaderType(y.Type()) {
							out = append(out, b.headerMapSets(fn, y)...)
						} else if _, ok := apis.RequestTypes[types.TypeString(y.Type(), nil)]; ok {
							walk(y, depth+1)
						}
					case *ssa.Store:
						if y.Addr == x && isHeaderType(y.Val.Type()) {
							out = append(out, b.headerMapSets(fn, ssautil.Unwrap(y.Val))...)
						}
					}
				}
			case *ssa.Call:
				common := x.Common()
				name := analysisutil.FuncName(common)
				if hs, ok := apis.HeaderSetters[name]; ok && !hs.Client && ssautil.Receiver(common) == v {
					out = append(out, b.setterHeaders(fn, common, hs)...)
				}
				if callee := common.StaticCallee(); callee != nil {
					if s := b.calleeSummary(callee); s != nil {
						full := ssautil.FullArgs(common)
						for _, ph := range s.params {
							if ph.param < len(full) && ssautil.Unwrap(full[ph.param]) == v {
								for _, h := range ph.headers {
									out = append(out, hdr{name: h.name, v: b.instSrc(fn, x, h.v, true, label(callee))})
								}
							}
						}
					}
				}
			case *ssa.ChangeType:
				walk(x, depth+1)
			case *ssa.MakeInterface:
				walk(x, depth+1)
			case *ssa.Phi:
				walk(x, depth+1)
			}
		}
	}
	walk(v, 0)
	return out
}

func isHeaderType(t types.Type) bool { return types.TypeString(t, nil) == "net/http.Header" }

// headerMapSets returns the headers set on an http.Header map value.
func (b *builder) headerMapSets(fn *ssa.Function, h ssa.Value) []hdr {
	if h.Referrers() == nil {
		return nil
	}
	var out []hdr
	for _, r := range *h.Referrers() {
		switch x := r.(type) {
		case *ssa.Call:
			common := x.Common()
			if hs, ok := apis.HeaderSetters[analysisutil.FuncName(common)]; ok && len(common.Args) > 0 && common.Args[0] == h {
				out = append(out, b.setterHeaders(fn, common, hs)...)
			}
		case *ssa.MapUpdate:
			if x.Map == h {
				if name, ok := ssautil.ConstString(x.Key); ok {
					out = append(out, hdr{name: name, v: b.classify(fn, x.Value, "")})
				}
			}
		}
	}
	return out
}

// instantiate maps a callee's request summary into fn at call: parameters
// become the call's arguments (when bind is set; a func value a library
// runs gets no arguments from the call), values minted inside the callee
// become fresh at the call. For a function literal (lit: a transaction
// callback the call runs), the calls in the literal that send the request
// and mint its values stay named: they lie in fn's code.
func (b *builder) instantiate(fn *ssa.Function, call ssa.CallInstruction, q reqSum, lbl string, transparent, bind, lit bool) reqSum {
	full := ssautil.FullArgs(call.Common())
	out := newReq()
	if lit {
		out.inner = q.inner
		if out.inner == nil {
			out.inner = q.site
		}
	}
	out.lib, out.method = q.lib, q.method
	out.api, out.idempotent, out.keyable = q.api, q.idempotent, q.keyable
	out.retry = q.retry
	out.chain = q.chain
	if !transparent {
		out.chain = clip(append([]string{lbl}, q.chain...))
	}
	if bind && q.methodParam >= 0 && q.methodParam < len(full) {
		out.method, out.methodParam = b.methodOf(fn, full[q.methodParam])
		out.retryHere = out.retry != "" && out.method != ""
	}
	for _, p := range q.url {
		if p.Param >= 0 {
			if bind && p.Param < len(full) {
				out.url = append(out.url, b.urlOf(fn, full[p.Param], 0)...)
			} else {
				out.url = append(out.url, urlPart{Text: p.Text, Param: -1})
			}
			continue
		}
		out.url = append(out.url, p)
	}
	if q.requestParam >= 0 && bind && q.requestParam < len(full) {
		base := b.requestOf(fn, full[q.requestParam], 0)
		if out.method == "" && out.methodParam < 0 {
			out.method, out.methodParam = base.method, base.methodParam
		}
		if len(out.url) == 0 {
			out.url = base.url
		}
		out.headers = append(out.headers, base.headers...)
		out.requestParam = base.requestParam
		if out.lib == apis.HTTPNone {
			out.lib = base.lib
		}
	}
	for _, h := range q.headers {
		v := b.instSrc(fn, call, h.v, bind, lbl)
		if lit && len(h.v.fresh) > 0 {
			v.fresh = h.v.fresh
		}
		out.headers = append(out.headers, hdr{name: h.name, v: v})
	}
	return out
}

// returnedRequests describes the requests fn builds and returns:
//
//	func (c *Client) newRequest(ctx, method, path string) (*http.Request, error)
func (b *builder) returnedRequests(fn *ssa.Function) []retSum {
	var out []retSum
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if _, ok := apis.RequestTypes[types.TypeString(res.At(i).Type(), nil)]; !ok {
			continue
		}
		var q *reqSum
		for _, blk := range fn.Blocks {
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok || i >= len(ret.Results) {
				continue
			}
			if c, ok := ret.Results[i].(*ssa.Const); ok && c.Value == nil {
				continue // return nil, err
			}
			r := b.requestOf(fn, ret.Results[i], 0)
			if q == nil {
				q = &r
			} else {
				q.headers = append(q.headers, r.headers...)
				if r.method != q.method {
					q.method, q.methodParam = "", -1
				}
			}
		}
		if q != nil && (q.method != "" || q.methodParam >= 0 || len(q.headers) > 0 || q.requestParam >= 0) {
			out = append(out, retSum{result: i, req: *q})
		}
	}
	return out
}

// paramHeaders describes the headers fn sets on the requests it is given:
//
//	func sign(req *http.Request, key string) { req.Header.Set("Idempotency-Key", key) }
func (b *builder) paramHeaders(fn *ssa.Function) []paramHeaders {
	var out []paramHeaders
	for i, p := range fn.Params {
		if _, ok := apis.RequestTypes[types.TypeString(p.Type(), nil)]; !ok {
			continue
		}
		if hs := b.headersOn(fn, p); len(hs) > 0 {
			out = append(out, paramHeaders{param: i, headers: hs})
		}
	}
	return out
}

// methodOf reads an HTTP method argument: a constant (http.MethodPost is
// one), or a parameter the caller fills in.
func (b *builder) methodOf(fn *ssa.Function, v ssa.Value) (string, int) {
	if s, ok := ssautil.ConstString(v); ok {
		return strings.ToUpper(s), -1
	}
	if p, ok := ssautil.Unwrap(v).(*ssa.Parameter); ok {
		return "", paramIndex(fn, p)
	}
	return "", -1
}

// maxURLParts bounds the values urlOf visits for one URL.
const maxURLParts = 256

// urlPart is a piece of a URL expression: constant text, or a parameter
// (Param >= 0) named Text.
type urlPart struct {
	Text  string
	Param int
}

// urlOf renders a URL expression: constants, concatenations, fmt.Sprintf
// with a constant format; other parts by name.
//
// depth bounds the nesting; a concatenation or format of many parts at
// every level could still make the walk exponential, so the parts of one
// URL are also capped (maxURLParts).
func (b *builder) urlOf(fn *ssa.Function, v ssa.Value, depth int) []urlPart {
	if depth > 8 {
		return []urlPart{{Text: unknownPart, Param: -1}}
	}
	if depth == 0 {
		b.urlVisits = 0
	}
	if b.urlVisits++; b.urlVisits > maxURLParts {
		return []urlPart{{Text: unknownPart, Param: -1}}
	}
	v = ssautil.Unwrap(v)
	switch x := v.(type) {
	case *ssa.Const:
		if s, ok := ssautil.ConstString(x); ok {
			return []urlPart{{Text: s, Param: -1}}
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			return append(b.urlOf(fn, x.X, depth+1), b.urlOf(fn, x.Y, depth+1)...)
		}
	case *ssa.Parameter:
		if i := paramIndex(fn, x); i >= 0 {
			return []urlPart{{Text: "{" + x.Name() + "}", Param: i}}
		}
	case *ssa.FreeVar:
		return []urlPart{{Text: "{" + x.Name() + "}", Param: -1}}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch a := x.X.(type) {
			case *ssa.FieldAddr:
				if f := fieldName(a.X.Type(), a.Field); f != "" {
					return []urlPart{{Text: "{" + f + "}", Param: -1}}
				}
			case *ssa.FreeVar:
				return []urlPart{{Text: "{" + a.Name() + "}", Param: -1}}
			case *ssa.Alloc:
				if a.Comment != "" {
					return []urlPart{{Text: "{" + a.Comment + "}", Param: -1}}
				}
			}
		}
	case *ssa.Field:
		if f := fieldName(x.X.Type(), x.Field); f != "" {
			return []urlPart{{Text: "{" + f + "}", Param: -1}}
		}
	case *ssa.Call:
		switch analysisutil.FuncName(x.Common()) {
		case "(*net/url.URL).String", "(net/url.URL).String":
			// base.JoinPath("/v1/event").String(), u.String()
			if recv := ssautil.Receiver(x.Common()); recv != nil {
				return b.urlOf(fn, recv, depth+1)
			}
		case "(*net/url.URL).JoinPath", "net/url.JoinPath":
			args := ssautil.CallArgs(x.Common())
			var base []urlPart
			if recv := ssautil.Receiver(x.Common()); recv != nil {
				base = b.urlOf(fn, recv, depth+1)
			} else if len(args) > 0 {
				base, args = b.urlOf(fn, args[0], depth+1), args[1:]
			}
			if len(args) > 0 {
				if elems, ok := ssautil.VariadicArgs(args[len(args)-1]); ok {
					for _, e := range elems {
						part := b.urlOf(fn, e, depth+1)
						if len(part) > 0 && part[0].Param < 0 && !strings.HasPrefix(part[0].Text, "/") && part[0].Text != unknownPart {
							part[0].Text = "/" + part[0].Text
						}
						base = append(base, part...)
					}
				}
			}
			return base
		}
		if analysisutil.FuncName(x.Common()) == "fmt.Sprintf" && len(x.Call.Args) > 0 {
			if f, ok := ssautil.ConstString(x.Call.Args[0]); ok {
				var args []ssa.Value
				if len(x.Call.Args) == 2 {
					args, _ = ssautil.VariadicArgs(x.Call.Args[1])
				}
				return b.sprintfParts(fn, f, args, depth)
			}
		}
	}
	return []urlPart{{Text: unknownPart, Param: -1}}
}

// sprintfParts renders fmt.Sprintf(f, args...): each verb by its
// argument, "{…}" when the argument is not known.
func (b *builder) sprintfParts(fn *ssa.Function, f string, args []ssa.Value, depth int) []urlPart {
	var out []urlPart
	var sb strings.Builder
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			sb.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			sb.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("+-# 0123456789.*[]", f[j]) >= 0 {
			j++
		}
		i = j
		if sb.Len() > 0 {
			out = append(out, urlPart{Text: sb.String(), Param: -1})
			sb.Reset()
		}
		if next < len(args) && args[next] != nil {
			out = append(out, b.urlOf(fn, args[next], depth+1)...)
		} else {
			out = append(out, urlPart{Text: unknownPart, Param: -1})
		}
		next++
	}
	if sb.Len() > 0 {
		out = append(out, urlPart{Text: sb.String(), Param: -1})
	}
	return out
}

// unknownPart renders a part of a URL the model cannot name.
const unknownPart = "{…}"

// urlKnown reports whether a URL has a part the model can name: constant
// text or a named variable.
func urlKnown(parts []urlPart) bool {
	for _, p := range parts {
		if p.Text != unknownPart && p.Text != "" {
			return true
		}
	}
	return false
}

func renderURL(parts []urlPart) string {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p.Text)
	}
	return sb.String()
}

// fieldName returns the name of field i of the struct t points to or is.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

func storesTo(addr ssa.Value) []ssa.Value {
	if addr.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// export converts a request summary relative to the function of a call
// into the Result's form.
func (q reqSum) export() *Request {
	r := &Request{Lib: q.lib, Method: q.method, URL: renderURL(q.url), URLKnown: urlKnown(q.url), API: q.api, Idempotent: q.idempotent, Keyable: q.keyable, Send: q.send, Client: q.client, Inner: q.inner}
	if q.retryHere {
		r.RetriedBy = q.retry
	}
	r.CallRetries = q.grpcCallRetries
	for _, h := range q.headers {
		r.Headers = append(r.Headers, Header{Name: h.name, Value: h.v.export()})
	}
	return r
}
