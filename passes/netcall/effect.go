package netcall

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/apis"
)

// Repeats reports whether making the call again repeats its effect, with
// what it repeats ("POST {baseURL}/v1/charges", "a Kafka publish"):
//
//   - an HTTP POST or PATCH (or a request whose method is unknown but
//     whose body is sent) without an idempotency key that stays the same
//     on every run: a key minted anew each time does not count;
//   - an email (net/smtp) or a message published to Kafka or NATS;
//   - a gRPC call, unless the method name says it reads (Get, List, ...)
//     or moves a resource to a state a second call finds it in (Pause,
//     Unpause, Resume, Delete, Cancel, Terminate).
//
// GET, PUT, DELETE and other methods are idempotent by HTTP's rules.
func (c *Call) Repeats() (bool, string) {
	switch c.Kind {
	case apis.NetSMTP:
		return true, "email"
	case apis.NetKafka, apis.NetNATS:
		// Readers and subscriptions reach the broker too; only sends publish.
		sink := c.Chain[len(c.Chain)-1]
		for _, verb := range []string{"Write", "Publish", "Produce", "Send"} {
			if strings.Contains(sink, verb) {
				return true, c.Kind.String() + " publish"
			}
		}
	case apis.NetGRPC, apis.NetConnect:
		last := c.Chain[0]
		if i := strings.LastIndex(last, "."); i >= 0 {
			last = last[i+1:]
		}
		for _, p := range []string{"Get", "List", "Read", "Find", "Search", "Check", "Lookup", "Describe", "Fetch"} {
			if strings.HasPrefix(last, p) {
				return false, ""
			}
		}
		// Verbs that move a resource to a state, which a second call
		// finds it in (a Temporal ScheduleHandle's Pause, Unpause,
		// Delete): idempotent, as an HTTP DELETE is.
		for _, p := range []string{"Pause", "Unpause", "Resume", "Delete", "Cancel", "Terminate"} {
			if strings.HasPrefix(last, p) {
				return false, ""
			}
		}
		return true, "the " + c.Kind.String() + " call " + c.Chain[0]
	case apis.NetHTTP:
		if sdkIdempotent(c.Chain[len(c.Chain)-1]) {
			return false, ""
		}
		for _, q := range c.Requests {
			if q.Method != "POST" && q.Method != "PATCH" {
				continue
			}
			if h := q.Header(apis.IdempotencyHeaders); h != nil && len(h.Value.Fresh) == 0 {
				continue // a stable key: the server deduplicates
			}
			if q.API != "" {
				return true, q.Method + " " + q.API // an SDK's operation has no URL
			}
			return true, q.Method + " " + q.URL
		}
	}
	return false, ""
}

// Keyable reports whether a request that Repeats counts goes to an
// operation that takes an idempotency key (a Stripe call, an AWS operation
// with a ClientToken, a gRPC request message with a key field): the
// caller can make the repeat harmless by passing one.
func (c *Call) Keyable() bool {
	for _, q := range c.Requests {
		if q.Keyable && !q.Idempotent {
			return true
		}
	}
	return false
}

// idempotentVerbs begin the names of SDK methods whose requests set,
// read or remove state (stripe-go's sub.Client.Update, a client's
// SetDefaultPaymentMethod): repeating them leaves the same state even when
// they are sent as POST.
var idempotentVerbs = []string{"Update", "Set", "Get", "Retrieve", "List", "Delete", "Del", "Cancel", "Put", "Upsert", "Fetch", "Read", "Receive", "Describe", "Head"}

// sdkIdempotent reports a library method (not net/http's or a retrying
// client's send) named with an idempotent verb: "(github.com/stripe/stripe-go/v72/sub.Client).Update".
func sdkIdempotent(sink string) bool {
	if strings.HasPrefix(sink, "(*net/http.") || strings.HasPrefix(sink, "net/http.") || strings.Contains(sink, "retryablehttp") || strings.Contains(sink, "resty") {
		return false
	}
	name := sink[strings.LastIndex(sink, ".")+1:]
	for _, v := range idempotentVerbs {
		if strings.HasPrefix(name, v) {
			return true
		}
	}
	return false
}

// RepeatsEffect is c.Repeats less the requests whose names say they only
// read or authenticate (ReadLike): a job that validates its license or
// fetches a token on every run repeats nothing a second run would
// duplicate.
func (nc *Result) RepeatsEffect(c *Call) (bool, string) {
	ok, what := c.Repeats()
	if !ok || c.Kind != apis.NetHTTP || len(c.Requests) == 0 {
		return ok, what
	}
	var fn *ssa.Function
	if c.Instr != nil {
		fn = c.Instr.Parent()
	}
	for _, q := range c.Requests {
		if (q.Method == "POST" || q.Method == "PATCH") && !nc.ReadLike(q, c, fn) {
			return ok, what
		}
	}
	return false, ""
}
