package netcall

import (
	"fmt"
	"strings"

	"github.com/idemvet/idemvet/passes/apis"
)

// netFact is a fact about a function (or an interface method, from its
// implementations in the declaring package) relative to its parameters
// (receiver first): whether it may reach the network and how (Kind and a
// witness Chain from its callee to the library call), the HTTP requests it
// sends, the requests it returns, and the headers it sets on requests it
// is given. Fields are sorted slices, so encodings are deterministic.
type netFact struct {
	Kind    apis.NetKind
	Chain   []string
	Sends   []reqFact
	Returns []retFact
	Params  []paramHeadersFact
}

type reqFact struct {
	Lib          apis.HTTPLib
	Method       string
	MethodParam  int
	URL          []urlPart
	Headers      []headerFact
	RequestParam int
	Chain        []string
	API          string
	Idempotent   bool
	Keyable      bool
	Retry        string
}

type headerFact struct {
	Name   string
	Consts []string
	Params []paramRef
	// Fresh names the generator when the value is minted inside the
	// function on every call.
	Fresh string
	Other bool
}

type retFact struct {
	Result int
	Req    reqFact
}

type paramHeadersFact struct {
	Param   int
	Headers []headerFact
}

func (*netFact) AFact() {}

// String summarizes the fact for tests: "reaches HTTP via
// (*net/http.Client).Do; sends POST {baseURL}/v1/charges
// [Idempotency-Key=p2]".
func (f *netFact) String() string {
	var parts []string
	if f.Kind != apis.NetNone {
		parts = append(parts, fmt.Sprintf("reaches %s via %s", f.Kind, strings.Join(f.Chain, " → ")))
	}
	for _, q := range f.Sends {
		parts = append(parts, "sends "+q.String())
	}
	for _, r := range f.Returns {
		parts = append(parts, fmt.Sprintf("returns r%d %s", r.Result, r.Req.String()))
	}
	for _, p := range f.Params {
		var hs []string
		for _, h := range p.Headers {
			hs = append(hs, h.String())
		}
		parts = append(parts, fmt.Sprintf("sets on p%d [%s]", p.Param, strings.Join(hs, " ")))
	}
	return strings.Join(parts, "; ")
}

func (q reqFact) String() string {
	m := q.Method
	if m == "" {
		m = "?"
		if q.MethodParam >= 0 {
			m = fmt.Sprintf("p%d", q.MethodParam)
		}
	}
	s := m + " " + renderFactURL(q.URL)
	if q.API != "" {
		s = m + " " + q.API
	}
	if q.RequestParam >= 0 {
		s += fmt.Sprintf(" request=p%d", q.RequestParam)
	}
	if q.Retry != "" {
		s += " retried by " + q.Retry
	}
	if len(q.Headers) > 0 {
		var hs []string
		for _, h := range q.Headers {
			hs = append(hs, h.String())
		}
		s += " [" + strings.Join(hs, " ") + "]"
	}
	return s
}

func renderFactURL(parts []urlPart) string {
	var sb strings.Builder
	for _, p := range parts {
		if p.Param >= 0 {
			fmt.Fprintf(&sb, "{p%d}", p.Param)
		} else {
			sb.WriteString(p.Text)
		}
	}
	if sb.Len() == 0 {
		return "?"
	}
	return sb.String()
}

func (h headerFact) String() string {
	var vs []string
	for _, c := range h.Consts {
		vs = append(vs, fmt.Sprintf("%q", c))
	}
	for _, p := range h.Params {
		s := fmt.Sprintf("p%d", p.Index)
		if p.Field != "" {
			s += "." + p.Field
		}
		vs = append(vs, s)
	}
	if h.Fresh != "" {
		vs = append(vs, "fresh("+h.Fresh+")")
	}
	if h.Other {
		vs = append(vs, "other")
	}
	return h.Name + "=" + strings.Join(vs, "|")
}

// freshFact is a fact indicating that a function returns a new value on
// every call (an idempotency key minted inside), named Name.
type freshFact struct {
	Name string
}

func (*freshFact) AFact() {}

func (f *freshFact) String() string { return "fresh " + f.Name }

// encode converts a summary into a fact, or nil when there is nothing to
// say.
func (s *summary) encode() *netFact {
	if s == nil || s.kind == apis.NetNone && len(s.returns) == 0 && len(s.params) == 0 {
		return nil
	}
	f := &netFact{Kind: s.kind, Chain: s.chain}
	seen := map[string]bool{}
	for _, q := range s.sends {
		rf := q.encode()
		key := rf.String()
		if seen[key] || len(f.Sends) >= maxSends {
			continue
		}
		seen[key] = true
		f.Sends = append(f.Sends, rf)
	}
	for _, r := range s.returns {
		f.Returns = append(f.Returns, retFact{Result: r.result, Req: r.req.encode()})
	}
	for _, p := range s.params {
		pf := paramHeadersFact{Param: p.param}
		for _, h := range p.headers {
			pf.Headers = append(pf.Headers, h.encode())
		}
		f.Params = append(f.Params, pf)
	}
	return f
}

func (q reqSum) encode() reqFact {
	rf := reqFact{Lib: q.lib, Method: q.method, MethodParam: q.methodParam, URL: q.url, RequestParam: q.requestParam, Chain: q.chain, API: q.api, Idempotent: q.idempotent, Keyable: q.keyable, Retry: q.retry}
	for _, h := range q.headers {
		rf.Headers = append(rf.Headers, h.encode())
	}
	return rf
}

func (h hdr) encode() headerFact {
	hf := headerFact{Name: h.name, Consts: h.v.consts, Params: h.v.params, Other: h.v.other}
	if len(h.v.fresh) > 0 {
		hf.Fresh = h.v.fresh[0].Name
	}
	return hf
}

// decode converts a fact into a summary.
func (f *netFact) decode() *summary {
	s := &summary{kind: f.Kind, chain: f.Chain}
	for _, q := range f.Sends {
		s.sends = append(s.sends, q.decode())
	}
	for _, r := range f.Returns {
		s.returns = append(s.returns, retSum{result: r.Result, req: r.Req.decode()})
	}
	for _, p := range f.Params {
		ph := paramHeaders{param: p.Param}
		for _, h := range p.Headers {
			ph.headers = append(ph.headers, h.decode())
		}
		s.params = append(s.params, ph)
	}
	return s
}

func (q reqFact) decode() reqSum {
	r := reqSum{lib: q.Lib, method: q.Method, methodParam: q.MethodParam, url: q.URL, requestParam: q.RequestParam, chain: q.Chain, api: q.API, idempotent: q.Idempotent, keyable: q.Keyable, retry: q.Retry}
	for _, h := range q.Headers {
		r.headers = append(r.headers, h.decode())
	}
	return r
}

func (h headerFact) decode() hdr {
	v := src{consts: h.Consts, params: h.Params, other: h.Other}
	if h.Fresh != "" {
		v.fresh = []Fresh{{Name: h.Fresh}}
	}
	return hdr{name: h.Name, v: v}
}
