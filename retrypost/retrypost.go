package retrypost

import (
	_ "embed"
	"flag"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/retry"
)

//go:embed doc.go
var doc string

// Analyzer reports POST and PATCH requests re-sent by a retry without a
// stable idempotency key.
var Analyzer = &analysis.Analyzer{
	Name:     "retrypost",
	Doc:      analysisutil.MustExtractDoc(doc, "retrypost"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/retrypost.md",
	Run:      run,
	Requires: []*analysis.Analyzer{netcall.Analyzer, retry.Analyzer},
	Flags:    flags(),
}

// The -NAME.CATEGORY flags, one per category of report.Grades.
func init() { report.RegisterCategories(Analyzer) }

// headerNames is the -retrypost.headers flag: the request headers that
// carry an idempotency key.
var headerNames = strings.Join(apis.IdempotencyHeaders, ",")

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("retrypost", flag.ExitOnError)
	fs.StringVar(&headerNames, "headers", headerNames, "comma-separated request headers that carry an idempotency key")
	return *fs
}

func names() []string {
	var out []string
	for _, n := range strings.Split(headerNames, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	nc := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	rt := pass.ResultOf[retry.Analyzer].(*retry.Result)
	if nc.Err != nil || rt.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish() // stale and malformed //idemvet:ignore directives
	if len(nc.Funcs) == 0 {
		return nil, nil
	}
	keys := names()
	for _, r := range rt.Regions() {
		if r.RateLimitOnly {
			continue // 429 says the request was not processed
		}
		if r.Step {
			// A durable step (restate.Run) repeats its closure as a
			// retry does, but on unkey's workflows half of the POSTs
			// repeated there were idempotent by design (a meter
			// aggregated by its last value, a commit status replaced by
			// context, a cancel): not reported until the model can tell.
			continue
		}
		if !r.Literal {
			// A named function is retried: its body is shared with callers
			// that do not retry, so report at the construct.
			if c := nc.CallAt(r.Call); c != nil {
				checkCall(pass, nc, rep, keys, r, c)
			}
			continue
		}
		fi := nc.Func(r.Fn)
		if fi == nil {
			continue
		}
		for _, c := range fi.Calls {
			if r.Repeats(c.Instr) {
				checkCall(pass, nc, rep, keys, r, c)
			}
		}
	}
	for _, fi := range nc.Funcs {
		for _, c := range fi.Calls {
			checkClient(pass, nc, rep, keys, rt, c)
			checkRetriedBy(pass, nc, rep, keys, c)
		}
	}
	return nil, nil
}

// checkCall reports a POST or PATCH that the call sends on every attempt
// of r without a stable idempotency key.
func checkCall(pass *analysis.Pass, nc *netcall.Result, rep *report.Reporter, keys []string, r *retry.Region, c *netcall.Call) {
	for _, q := range c.Requests {
		if !nonIdempotent(q.Method) || q.Idempotent {
			continue // GET, PUT, DELETE, ... or a method the model cannot read; an SDK's read or absolute update
		}
		if !q.URLKnown && q.API == "" {
			continue // a request the model cannot place (deep in a library, a URL built elsewhere)
		}
		if nc.ReadLike(q, c, r.Fn) {
			continue // a POST that only reads or authenticates (a token, a search)
		}
		if r.Literal && q.Inner != nil && !r.Repeats(q.Inner) {
			continue // sent by a callback after the code deciding to try again (retry = true; return err)
		}
		h := q.Header(keys)
		if h == nil {
			rep.Report(noKey(pass, c, q, construct(pass, r), r.Pos))
			return
		}
		if f, ok := mintedInside(h.Value, r); ok {
			rep.Report(freshKey(pass, c, h, f, construct(pass, r), r.Pos))
			return
		}
		// A key computed outside the retried code, or derived from stable
		// inputs inside it: the same on every attempt.
	}
}

// checkClient reports a POST or PATCH sent through a client that retries
// it by itself, without an idempotency key. A key minted just before the
// send is fine: the library re-sends the same request.
func checkClient(pass *analysis.Pass, nc *netcall.Result, rep *report.Reporter, keys []string, rt *retry.Result, c *netcall.Call) {
	for _, q := range c.Requests {
		if q.Send != c.Instr || q.Client == nil || !nonIdempotent(q.Method) || q.Idempotent || !q.URLKnown && q.API == "" || nc.ReadLike(q, c, c.Instr.Parent()) {
			continue
		}
		var cl *retry.Client
		if q.Lib == apis.HTTPGRPC {
			cl = grpcRetries(rt, q)
		} else {
			cl = rt.Client(q.Client)
		}
		if cl == nil {
			continue // a client that does not retry, or one the model cannot follow
		}
		if q.Header(keys) != nil {
			continue
		}
		what := fmt.Sprintf("the %s client", cl.Lib)
		if cl.Lib == apis.HTTPGRPC {
			what = "the retry interceptor or policy of the gRPC connection"
		}
		switch {
		case cl.Pos.IsValid():
			what += " created at " + analysisutil.Position(pass.Fset, cl.Pos)
		case cl.Where != "":
			what += " created at " + cl.Where
		}
		if cl.Default {
			what += fmt.Sprintf(" (%d retries by default)", cl.Retries)
		} else {
			what += fmt.Sprintf(" (%d retries)", cl.Retries)
		}
		d := noKey(pass, c, q, what, cl.Pos)
		rep.Report(d)
		return
	}
}

// checkRetriedBy reports a POST or PATCH sent through a function that
// retries the request it sends with the method it is given:
// doWithRetry(ctx, http.MethodPost, url, body).
func checkRetriedBy(pass *analysis.Pass, nc *netcall.Result, rep *report.Reporter, keys []string, c *netcall.Call) {
	for _, q := range c.Requests {
		if q.RetriedBy == "" || !nonIdempotent(q.Method) || q.Idempotent || !q.URLKnown && q.API == "" || nc.ReadLike(q, c, c.Instr.Parent()) {
			continue
		}
		if q.Header(keys) != nil {
			continue // a key given by the caller is the same on every attempt of the callee
		}
		rep.Report(noKey(pass, c, q, q.RetriedBy, token.NoPos))
		return
	}
}

// grpcRetries returns how the connection of a gRPC call retries it: its
// interceptor's or retry policy's retries, unless the call asks for
// others (retry.WithMax, retry.Disable).
func grpcRetries(rt *retry.Result, q *netcall.Request) *retry.Client {
	cl := rt.GRPCClient(q.Client)
	if cl == nil {
		return nil
	}
	if q.CallRetries >= 0 {
		cl.Retries = q.CallRetries
	}
	if cl.Retries <= 0 {
		return nil
	}
	return cl
}

func nonIdempotent(method string) bool { return method == "POST" || method == "PATCH" }

// mintedInside returns the call minting v anew on every attempt of r.
func mintedInside(v netcall.Value, r *retry.Region) (netcall.Fresh, bool) {
	for _, f := range v.Fresh {
		if f.Call == nil {
			continue
		}
		if r.Inside(f.Call) || f.Call == r.Call {
			return f, true
		}
	}
	return netcall.Fresh{}, false
}

func construct(pass *analysis.Pass, r *retry.Region) string {
	return fmt.Sprintf("%s at %s", r.Construct, analysisutil.Position(pass.Fset, r.Pos))
}

func target(c *netcall.Call, q *netcall.Request) string {
	s := q.Method
	switch {
	case q.API != "":
		s += " " + q.API
	case q.URL != "":
		s += " to " + q.URL
	}
	if len(c.Chain) > 1 && !strings.HasSuffix(q.API, " "+c.Chain[0]) {
		s += " (" + c.Chain[0] + ")"
	}
	return s
}

func noKey(pass *analysis.Pass, c *netcall.Call, q *netcall.Request, by string, pos token.Pos) analysis.Diagnostic {
	msg := fmt.Sprintf("%s is retried by %s without an idempotency key; if an attempt times out after the server acted, the retry repeats its effect (a second charge, order or message); send a key minted once before the retry (an Idempotency-Key header, or the API's request id)",
		target(c, q), by)
	d := analysis.Diagnostic{Pos: c.Instr.Pos(), Category: "nokey", Message: msg}
	if pos.IsValid() && pos != c.Instr.Pos() {
		d.Related = []analysis.RelatedInformation{{Pos: pos, Message: "the retry that repeats it"}}
	}
	return d
}

func freshKey(pass *analysis.Pass, c *netcall.Call, h *netcall.Header, f netcall.Fresh, by string, pos token.Pos) analysis.Diagnostic {
	where := analysisutil.Position(pass.Fset, f.Call.Pos())
	msg := fmt.Sprintf("idempotency key is regenerated on every attempt (%s at %s, retried by %s), so the server cannot deduplicate retries; create it once before the retry",
		f.Name, where, by)
	d := analysis.Diagnostic{Pos: c.Instr.Pos(), Category: "freshkey", Message: msg}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.Call.Pos(), Message: "the " + h.Name + " minted here on every attempt"})
	if pos.IsValid() && pos != c.Instr.Pos() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "the retry that repeats it"})
	}
	return d
}
