package sqltext

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
)

// Parse returns the summary of the first statement of text (statements are
// separated by semicolons outside quotes and comments). The result is cached
// and shared: callers must not modify it. Parse is safe for concurrent use.
//
// The Spans of the result index into its Text, which is text.
func Parse(text string) *Stmt {
	if v, ok := stmtCache.m.Load(text); ok {
		return v.(*Stmt)
	}
	return stmtCache.put(text, parse(text)).(*Stmt)
}

// ParseAll returns the summaries of every statement of a script, in order,
// skipping empty statements.
//
// Each statement is parsed as Parse would parse its own text, from the end
// of the previous statement's semicolon to its own, with surrounding white
// space trimmed; so a leading sqlc "-- name:" comment belongs to the
// statement after it.
//
// Schema files and dumps parse whole: the bodies of functions, procedures
// and triggers ($$ ... $$, BEGIN ... END) stay inside their statement;
// MySQL's DELIMITER lines are obeyed (a statement also ends at the
// delimiter they set, which is not part of its text); psql meta-command
// lines (\connect, \set ...) and the data lines of COPY ... FROM stdin
// up to \. are skipped.
func ParseAll(text string) []*Stmt {
	var out []*Stmt
	for _, s := range split(text) {
		out = append(out, Parse(s))
	}
	return out
}

// SplitScript returns the byte ranges of the statements of a script, in
// order: text[sp.Start:sp.End] is the text ParseAll parses for each (so a
// schema loader can name the line of a statement it cannot use).
func SplitScript(text string) []Span {
	return splitSpans(text)
}

// ParseCondition summarizes an ORM WHERE fragment such as
// "email = ? AND deleted_at IS NULL" or "id = @id".
func ParseCondition(text string) *Fragment {
	if v, ok := condCache.m.Load(text); ok {
		return v.(*Fragment)
	}
	return condCache.put(text, parseCondition(text)).(*Fragment)
}

// ParseExpr summarizes an ORM expression fragment such as "stock - ?" or
// "view_count + 1".
func ParseExpr(text string) *Fragment {
	if v, ok := exprCache.m.Load(text); ok {
		return v.(*Fragment)
	}
	return exprCache.put(text, parseExpr(text)).(*Fragment)
}

// maxCached bounds each cache; past it, results are computed but not kept.
const maxCached = 100_000

// cache maps text to its summary.
type cache struct {
	m sync.Map
	n atomic.Int64
}

var stmtCache, condCache, exprCache cache

func (c *cache) put(key string, v any) any {
	if c.n.Load() >= maxCached {
		return v
	}
	actual, loaded := c.m.LoadOrStore(key, v)
	if !loaded {
		c.n.Add(1)
	}
	return actual
}

// lexStmt tokenizes the statement at start. When the standard rules leave
// a string open or close one right after a backslash ('it\'s'), the text is
// tried again with MySQL's backslash escapes, and that reading wins if it
// closes every string and the statement has no $n placeholders (which only
// PostgreSQL, whose strings take no backslash escapes, uses).
func lexStmt(text string, start int) (l *lexer, textEnd, next int) {
	return lexStmtDelim(text, start, "")
}

// lexStmtDelim is lexStmt under a client delimiter (see lexer.delim).
func lexStmtDelim(text string, start int, delim string) (l *lexer, textEnd, next int) {
	return lexWith(&lexer{src: text}, nil, start, delim)
}

// lexWith is lexStmtDelim with lexers to reuse: l, and l2 (nil to allocate
// one when needed) for the backslash retry.
func lexWith(l, l2 *lexer, start int, delim string) (chosen *lexer, textEnd, next int) {
	text := l.src
	l.delim = delim
	textEnd, next = l.statement(start)
	if (l.unterm || l.bsClose) && strings.IndexByte(text[start:], '\\') >= 0 {
		if l2 == nil {
			l2 = &lexer{src: text}
		}
		l2.bsEsc, l2.delim = true, delim
		e2, n2 := l2.statement(start)
		if !l2.unterm && !l2.dollarN {
			return l2, e2, n2
		}
	}
	return l, textEnd, next
}

// parse is Parse without the cache.
func parse(text string) *Stmt {
	l, _, _ := lexStmt(text, 0)
	p := newParser(text, l)
	st := &Stmt{Text: text, Limit: -1, Name: l.name, Command: l.command}
	n := len(p.toks)
	p.stmt(0, n, st)
	if len(p.params) > 0 {
		st.Params = p.params[:len(p.params):len(p.params)]
	}
	st.Advisory = p.advisory(0, n)
	if p.kw(0) == "do" {
		st.Advisory = append(st.Advisory, doAdvisory(text, p)...)
	}
	st.Partial = p.partial || l.hole
	return st
}

// doAdvisory finds the advisory lock calls inside the dollar-quoted body of
// a PostgreSQL DO block, which runs when the statement does.
func doAdvisory(text string, p *parser) []Advisory {
	var out []Advisory
	for _, t := range p.toks {
		if t.kind != tString || text[t.start] != '$' {
			continue
		}
		tag := strings.IndexByte(text[t.start+1:t.end], '$')
		if tag < 0 {
			continue
		}
		start, end := t.start+tag+2, t.end-tag-2
		if end <= start {
			continue
		}
		body := text[:end]
		for k := start; k < end; {
			l := &lexer{src: body}
			_, next := l.statement(k)
			q := newParser(body, l)
			out = append(out, q.advisory(0, len(q.toks))...)
			if next <= k {
				break
			}
			k = next
		}
	}
	return out
}

// split returns the trimmed text of each non-empty statement of a script.
// Client command lines are not statements: MySQL's DELIMITER lines (which
// change the delimiter that follows) and psql's meta-commands are skipped,
// and so is the data of COPY ... FROM stdin, up to its \. line.
func split(text string) []string {
	var out []string
	for _, sp := range splitSpans(text) {
		out = append(out, text[sp.Start:sp.End])
	}
	return out
}

// splitSpans is SplitScript.
func splitSpans(text string) []Span {
	var out []Span
	delim := ""
	// One lexer (and one for the backslash retry) serves every statement:
	// only the statements' text is kept.
	l1, l2 := &lexer{src: text}, &lexer{src: text}
	for start := 0; start < len(text); {
		l, end, next := lexWith(l1, l2, start, delim)
		delim = l.delim
		if len(l.toks) > 0 {
			out = append(out, trimSpan(text, l.textStart, end))
			if l.copyFromStdin() {
				next = skipCopyData(text, next)
			}
		}
		if next <= start {
			break
		}
		start = next
	}
	return out
}

// trimSpan returns the span of text[start:end] with white space trimmed, as
// strings.TrimSpace trims it.
func trimSpan(text string, start, end int) Span {
	s := text[start:end]
	t := strings.TrimLeftFunc(s, unicode.IsSpace)
	start += len(s) - len(t)
	return Span{start, start + len(strings.TrimRightFunc(t, unicode.IsSpace))}
}

// copyFromStdin reports whether the lexed statement is COPY ... FROM STDIN,
// which psql follows with data lines.
func (l *lexer) copyFromStdin() bool {
	if l.toks[0].kw != "copy" {
		return false
	}
	for k := 1; k+1 < len(l.toks); k++ {
		t := l.toks[k+1]
		if l.toks[k].kw == "from" && t.kind == tIdent && strings.EqualFold(l.src[t.start:t.end], "stdin") {
			return true
		}
	}
	return false
}

// skipCopyData returns the offset after the data of a COPY ... FROM stdin
// whose statement ends at i: the line after the statement's, up to and
// including a line that is \. alone (or the end of the text).
func skipCopyData(text string, i int) int {
	for first := true; i < len(text); first = false {
		end := strings.IndexByte(text[i:], '\n')
		if end < 0 {
			return len(text)
		}
		line := strings.TrimRight(text[i:i+end], " \t\r")
		i += end + 1
		if !first && line == `\.` {
			return i
		}
	}
	return len(text)
}

func lexFragment(text string) (*lexer, *parser) {
	l, _, _ := lexStmt(text, 0)
	return l, newParser(text, l)
}

// parseCondition is ParseCondition without the cache.
func parseCondition(text string) *Fragment {
	l, p := lexFragment(text)
	f := &Fragment{Conds: p.condsInto(nil, 0, len(p.toks), nil)}
	if len(p.params) > 0 {
		f.Params = p.params
	}
	f.Partial = p.partial || l.hole
	return f
}

// parseExpr is ParseExpr without the cache.
func parseExpr(text string) *Fragment {
	l, p := lexFragment(text)
	f := &Fragment{}
	f.Expr, _ = p.expr(0, len(p.toks), nil)
	if len(p.params) > 0 {
		f.Params = p.params
	}
	f.Partial = p.partial || l.hole
	return f
}
