package netcall

import (
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// ReadLike reports a POST whose URL and function names say it only reads,
// authenticates, upserts or reports on the instance itself (an OAuth
// token, a license validation, a search or GraphQL query, createOrUpdate,
// a heartbeat, telemetry, usage insights an instance sends of itself),
// and say nothing of creating something: many APIs use POST for those,
// and repeating them is harmless. Names are all the model has; when they are silent or mixed,
// the request is taken as one that creates.
func (nc *Result) ReadLike(q *Request, c *Call, fn *ssa.Function) bool {
	words := map[string]bool{}
	addWords(words, q.URL)
	// A URL held by a parameter the package fills with constants only
	// (tryServer(server, body) over a list of license servers' .../check
	// URLs) says what those texts say.
	if c.Instr != nil {
		for _, name := range urlParams(q.URL) {
			if texts, ok := nc.ParamTexts(c.Instr.Parent(), name); ok {
				for _, t := range texts {
					addWords(words, t)
				}
			}
		}
	}
	addWords(words, q.API)
	for _, h := range c.Chain {
		addWords(words, h)
	}
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn != nil {
		addWords(words, fn.Name())
	}
	upsert := words["upsert"] || words["create"] && words["update"]
	report := false // telemetry of the instance itself: sending it is the point
	for _, rw := range reportWords {
		report = report || words[rw]
	}
	for w := range words {
		if w == "create" && upsert || report && reportVerbs[w] {
			continue
		}
		if createExact[w] {
			return false
		}
		for _, stem := range createStems {
			if strings.HasPrefix(w, stem) {
				return false
			}
		}
	}
	if upsert || report {
		return true
	}
	for _, rw := range readWords {
		if words[rw] {
			return true
		}
	}
	return false
}

// urlParams returns the names in braces of a rendered URL
// ("{baseURL}/v1/charges": baseURL).
func urlParams(url string) []string {
	var out []string
	for {
		i := strings.IndexByte(url, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(url[i:], '}')
		if j < 0 {
			return out
		}
		if name := url[i+1 : i+j]; name != "" && name != "…" {
			out = append(out, name)
		}
		url = url[i+j+1:]
	}
}

// readWords name operations that read or authenticate; createStems and
// createExact name operations with effects a repeat would duplicate.
var (
	// reportWords name what an instance reports of itself, whatever verb
	// sends it (sendInsights, POST .../heartbeat), unless a createStems
	// word says more (sendPaymentMetrics).
	reportWords = []string{"heartbeat", "telemetry", "insights", "analytics", "metrics"}
	reportVerbs = map[string]bool{"send": true, "submit": true, "publish": true, "deliver": true, "create": true, "add": true}
	readWords   = []string{"token", "oauth", "oauth2", "auth", "authenticate", "authorize", "login", "signin", "validate", "validation", "verify", "search", "query", "graphql", "lookup", "check", "introspect", "refresh", "health", "ping", "status", "estimate", "quote", "preview"}
	createStems = []string{"charge", "payment", "payout", "order", "transfer", "refund", "invoice", "subscri", "capture", "purchase", "checkout", "booking", "reserv", "publish", "submit", "deliver", "notif", "message", "webhook", "insert", "regist", "signup", "withdraw", "deposit", "credit", "debit", "ledger", "transaction", "email", "create"}
	createExact = map[string]bool{"pay": true, "send": true, "book": true, "mail": true, "sms": true, "add": true, "event": true, "events": true}
)

// addWords adds the lower-case words of an identifier or URL: camelCase
// and non-letters split words.
func addWords(words map[string]bool, s string) {
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words[strings.ToLower(string(cur))] = true
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		default:
			flush()
			prevLower = false
		}
	}
	flush()
}
