package sqltext

import "strings"

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tIdent  tokKind = iota + 1 // unquoted identifier or keyword
	tQIdent                    // quoted identifier: "x", `x`, [x]
	tString                    // string literal: 'x', E'x', $$x$$, X'ff' ...
	tNumber                    // numeric literal
	tParam                     // placeholder
	tOp                        // operator or punctuation
	tHole                      // Hole
)

// token is one lexical token of a statement. Its text is src[start:end].
type token struct {
	kind  tokKind
	flags uint8  // keyword flags (kNoRef, ...) for tIdent
	kw    string // canonical lower-case keyword for tIdent, "" if not a keyword
	start int
	end   int
	param int // index into the statement's params for tParam
}

// Keyword flags.
const (
	kNoRef   = 1 << iota // never a column reference inside an expression
	kNoAlias             // never an implicit alias; ends a table reference or select item
	kLit                 // a literal keyword: NULL, TRUE, CURRENT_TIMESTAMP ...
)

type kwInfo struct {
	name  string
	flags uint8
}

// keywords maps lower-case keywords to their canonical spelling and flags.
// Words the summarizer looks at by name must be here, flags or not.
var keywords = map[string]kwInfo{}

func addKeywords(flags uint8, words string) {
	for _, w := range strings.Fields(words) {
		k := keywords[w]
		k.name = w
		k.flags |= flags
		keywords[w] = k
	}
}

func init() {
	addKeywords(kNoRef|kNoAlias, `select from where and or not is in like ilike between similar
		case when then else end as cast distinct exists any all some array row
		join inner left right full cross natural on using group order by having limit
		offset fetch for union intersect except window returning set values into lock with
		interval escape collate isnull notnull div mod xor regexp rlike glob lateral
		straight_join asc desc nulls over filter within partition use force ignore outer
		tablesample indexed symmetric binary only do`)
	addKeywords(kNoRef|kNoAlias|kLit, `null true false default current_timestamp current_date
		current_time localtimestamp localtime current_user session_user current_role unknown`)
	addKeywords(0, `insert update delete replace upsert table show explain describe
		begin start transaction work commit rollback abort savepoint release truncate create
		alter drop comment grant revoke rename call vacuum analyze copy prepare execute
		deallocate listen notify unlisten pragma refresh reindex cluster checkpoint discard
		reset declare move close load import attach detach handler flush kill optimize check
		repair checksum purge change install uninstall help security reassign merge unlock
		isolation level read write uncommitted committed repeatable serializable session
		characteristics local global persist snapshot consistent deferrable deferred
		immediate exclusive chain no key share of nowait skip locked mode conflict duplicate
		constraint nothing overriding system user value tables trigger function procedure
		event if loop while repeat first next rows recursive materialized excluded
		low_priority delayed high_priority quick top distinctrow sql_small_result
		sql_big_result sql_buffer_result sql_no_cache sql_cache sql_calc_found_rows
		to at time zone wait extract sqlc prepared upsert replace dual shutdown restart binlog`)
}

// lookupKeyword returns the keyword info of an unquoted identifier.
func lookupKeyword(s string) (kwInfo, bool) {
	if len(s) > 24 {
		return kwInfo{}, false
	}
	var buf [24]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	k, ok := keywords[string(buf[:len(s)])]
	return k, ok
}

func isIdentStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || '0' <= c && c <= '9' || c == '$'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || (c < 0x20 && c != 0)
}

// isOpChar reports whether c may continue a multi-character operator.
func isOpChar(c byte) bool {
	switch c {
	case '<', '>', '=', '!', '|', '&', ':', '@', '#', '~', '^', '?', '-', '*':
		return true
	}
	return false
}

// ops lists the multi-character operators, longest first.
var ops3 = [...]string{"->>", "#>>", "<=>", "!~*", "-|-", "<->", "<<=", ">>="}
var ops2 = [...]string{"::", ":=", "<>", "!=", "<=", ">=", "||", "&&", "->", "#>", "@>", "<@",
	"<<", ">>", "!~", "~*", "?|", "?&", "=>", "@@", "^@", "#-", "~~", "=="}

// lexer splits a script into tokens, one statement at a time.
type lexer struct {
	src    string
	pos    int
	bsEsc  bool // backslash escapes in '...' strings (MySQL)
	toks   []token
	params []Param
	qnext  int // index of the next plain ? placeholder

	partial bool // an unterminated quote or comment
	unterm  bool // an unterminated '...' string (for the backslash retry)
	bsClose bool // a '...' string closed right after a backslash: 'a\'
	hole    bool
	dollarN bool // a $n placeholder was seen
	name    string
	command string

	// delim is the statement delimiter set by a MySQL client DELIMITER
	// line, "" for the semicolon alone; a statement also ends where it
	// occurs outside quotes and comments.
	delim string
	// textStart is where the statement's text starts: after the client
	// lines (DELIMITER, psql meta-commands) before its first token.
	textStart int
	// atDelim reports that next stopped at the delimiter, atClient that it
	// stopped at a DELIMITER line inside a statement.
	atDelim, atClient bool
}

// statement returns the offset just past the end of the statement that starts
// at start (the end of the text, or just past its terminating semicolon), and
// the end of its text (the semicolon's offset). It tokenizes into l.toks.
func (l *lexer) statement(start int) (textEnd, next int) {
	l.pos = start
	if l.toks == nil {
		l.toks = make([]token, 0, min(len(l.src)-start, 4096)/5+8)
	}
	l.toks = l.toks[:0]
	l.params = l.params[:0]
	l.qnext = 0
	l.partial, l.unterm, l.bsClose, l.hole, l.dollarN = false, false, false, false, false
	l.name, l.command = "", ""
	l.textStart, l.atDelim, l.atClient = start, false, false
	depth := 0
	// Block bodies of CREATE TRIGGER/FUNCTION/PROCEDURE (BEGIN ... END) hold
	// semicolons that do not end the statement. The body keyword must come
	// in the statement's head, before any parenthesis, TABLE, VIEW, INDEX or
	// ON: a column or table named event or function does not start a body.
	body, block, pendingEnd, head := false, 0, false, true
	for {
		t, ok := l.next()
		if !ok {
			switch {
			case l.atDelim:
				return l.pos, l.pos + len(l.delim)
			case l.atClient:
				return l.pos, l.pos
			}
			return len(l.src), len(l.src)
		}
		if t.kind == tOp {
			switch l.src[t.start] {
			case '(':
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
			case ';':
				if pendingEnd {
					block--
					pendingEnd = false
				}
				if depth == 0 && block <= 0 {
					return t.start, t.end
				}
				continue // a semicolon inside a body: not a token of interest
			}
		}
		if head && (depth > 0 || len(l.toks) > 12 || t.kw == "table" || t.kw == "view" || t.kw == "on" ||
			t.kind == tIdent && strings.EqualFold(l.src[t.start:t.end], "index")) {
			head = false
		}
		if t.kind == tIdent {
			if head && len(l.toks) > 0 && l.toks[0].kw == "create" {
				switch t.kw {
				case "trigger", "function", "procedure", "event":
					body = true
				}
			}
			if body {
				if pendingEnd {
					pendingEnd = false
					switch t.kw {
					case "if", "loop", "while", "repeat":
						l.toks = append(l.toks, t)
						continue
					case "case":
						block--
						l.toks = append(l.toks, t)
						continue
					}
					block--
				}
				switch t.kw {
				case "begin":
					block++
				case "case":
					if block > 0 {
						block++
					}
				case "end":
					if block > 0 {
						pendingEnd = true
					}
				}
			}
		} else if pendingEnd {
			pendingEnd = false
			block--
		}
		l.toks = append(l.toks, t)
	}
}

// next returns the next token, skipping whitespace and comments.
func (l *lexer) next() (token, bool) {
	src := l.src
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == 0:
			l.hole = true
			l.pos++
			return token{kind: tHole, start: l.pos - 1, end: l.pos, param: -1}, true
		case isSpace(c):
			l.pos++
			continue
		case c == '-' && l.pos+1 < len(src) && src[l.pos+1] == '-':
			l.lineComment(l.pos + 2)
			continue
		case c == '#' && l.atLineStart():
			l.lineComment(l.pos + 1)
			continue
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			l.blockComment()
			continue
		}
		if l.clientLine() {
			continue
		}
		if l.delim != "" {
			if strings.HasPrefix(src[l.pos:], l.delim) {
				l.atDelim = true
				return token{}, false
			}
			if _, _, ok := delimiterLine(src, l.pos); ok && l.atLineStart() {
				l.atClient = true // a DELIMITER line ends an unterminated statement
				return token{}, false
			}
		}
		return l.token(), true
	}
	return token{}, false
}

// clientLine skips a client command line before the statement's first
// token: a psql meta-command (\connect db, \set x y) or MySQL's DELIMITER
// line, which also sets l.delim.
func (l *lexer) clientLine() bool {
	if len(l.toks) > 0 || !l.atLineStart() {
		return false
	}
	src := l.src
	end := strings.IndexByte(src[l.pos:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += l.pos + 1
	}
	if src[l.pos] == '\\' {
		l.pos, l.textStart = end, end
		return true
	}
	d, lineEnd, ok := delimiterLine(src, l.pos)
	if !ok {
		return false
	}
	if d == ";" {
		d = ""
	}
	l.delim = d
	l.pos, l.textStart = lineEnd, lineEnd
	return true
}

// delimiterLine reads MySQL's client command DELIMITER d at i, returning d
// and the end of its line.
func delimiterLine(src string, i int) (string, int, bool) {
	const kw = "delimiter"
	if len(src)-i < len(kw)+2 || !strings.EqualFold(src[i:i+len(kw)], kw) {
		return "", 0, false
	}
	j := i + len(kw)
	if src[j] != ' ' && src[j] != '\t' {
		return "", 0, false
	}
	end := strings.IndexByte(src[j:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += j
	}
	f := strings.Fields(src[j:end])
	if len(f) == 0 {
		return "", 0, false
	}
	if end < len(src) {
		end++
	}
	return f[0], end, true
}

// atLineStart reports whether only blanks precede l.pos on its line; there a
// # starts a MySQL comment rather than an operator.
func (l *lexer) atLineStart() bool {
	for i := l.pos - 1; i >= 0; i-- {
		switch l.src[i] {
		case ' ', '\t':
			continue
		case '\n', '\r':
			return true
		}
		return false
	}
	return true
}

func (l *lexer) lineComment(from int) {
	end := strings.IndexByte(l.src[from:], '\n')
	if end < 0 {
		end = len(l.src)
	} else {
		end += from
	}
	if len(l.toks) == 0 {
		l.header(l.src[from:end])
	}
	l.pos = end
}

// blockComment skips a /* */ comment. Comments nest (PostgreSQL); when the
// nesting never closes, the comment ends at the first */ (MySQL, SQLite).
func (l *lexer) blockComment() {
	src := l.src
	start := l.pos
	depth := 0
	first := -1
	i := l.pos
	for i+1 < len(src) {
		if src[i] == '/' && src[i+1] == '*' {
			depth++
			i += 2
			continue
		}
		if src[i] == '*' && src[i+1] == '/' {
			if first < 0 {
				first = i + 2
			}
			depth--
			i += 2
			if depth == 0 {
				l.endComment(start, i)
				return
			}
			continue
		}
		i++
	}
	if first >= 0 {
		l.endComment(start, first)
		return
	}
	l.partial = true
	l.pos = len(src)
}

func (l *lexer) endComment(start, end int) {
	if len(l.toks) == 0 && end-start >= 4 {
		l.header(l.src[start+2 : end-2])
	}
	l.pos = end
}

// header reads an sqlc query annotation, "name: GetUser :one".
func (l *lexer) header(c string) {
	c = strings.TrimSpace(c)
	if l.name != "" || !strings.HasPrefix(c, "name:") {
		return
	}
	f := strings.Fields(c[len("name:"):])
	if len(f) == 0 {
		return
	}
	l.name = f[0]
	if len(f) > 1 && strings.HasPrefix(f[1], ":") {
		l.command = f[1]
	}
}

// token lexes the token at l.pos, which is neither blank nor a comment.
func (l *lexer) token() token {
	src := l.src
	start := l.pos
	c := src[start]
	t := token{start: start, param: -1}
	switch {
	case c == '\'':
		l.quoted(start+1, '\'', l.bsEsc)
		t.kind = tString
	case (c == 'e' || c == 'E') && start+1 < len(src) && src[start+1] == '\'':
		l.quoted(start+2, '\'', true)
		t.kind = tString
	case (c == 'n' || c == 'N' || c == 'x' || c == 'X' || c == 'b' || c == 'B') && start+1 < len(src) && src[start+1] == '\'':
		l.quoted(start+2, '\'', false)
		t.kind = tString
	case (c == 'u' || c == 'U') && start+2 < len(src) && src[start+1] == '&' && (src[start+2] == '\'' || src[start+2] == '"'):
		q := src[start+2]
		l.quoted(start+3, q, false)
		if q == '\'' {
			t.kind = tString
		} else {
			t.kind = tQIdent
		}
	case c == '"':
		l.quoted(start+1, '"', false)
		t.kind = tQIdent
	case c == '`':
		l.quoted(start+1, '`', false)
		t.kind = tQIdent
	case c == '[' && l.bracketIdent():
		t.kind = tQIdent
	case isIdentStart(c):
		i := start + 1
		for i < len(src) && isIdentChar(src[i]) {
			if l.delim != "" && strings.HasPrefix(src[i:], l.delim) {
				break // END$$ under DELIMITER $$
			}
			i++
		}
		l.pos = i
		t.kind = tIdent
		if k, ok := lookupKeyword(src[start:i]); ok {
			t.kw, t.flags = k.name, k.flags
			if k.name == "sqlc" {
				if p, ok := l.sqlcArg(start, i); ok {
					t.kind, t.kw, t.flags = tParam, "", 0
					t.param = len(l.params)
					l.params = append(l.params, p)
				}
			}
		}
	case isDigit(c) || c == '.' && start+1 < len(src) && isDigit(src[start+1]) && !l.afterName():
		t.kind = tNumber
		if l.number() {
			t.kind = tIdent // MySQL allows names that start with digits: 1db.1table
		}
	case c == '$':
		l.dollar(&t)
	case c == '?':
		l.question(&t)
	case c == ':' && start+1 < len(src) && isIdentStart(src[start+1]) && (start == 0 || src[start-1] != ':'):
		l.named(&t, ParamColon)
	case c == '@' && start+1 < len(src) && isIdentStart(src[start+1]):
		l.named(&t, ParamAt)
	case c == '{' && l.brace(&t):
		// dbx's {:name}, read in brace
	case c == '@' && start+2 < len(src) && src[start+1] == '@' && isIdentStart(src[start+2]):
		// A MySQL system variable, @@transaction_isolation.
		i := start + 2
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		l.pos = i
		t.kind = tIdent
	default:
		t.kind = tOp
		l.pos = start + 1
		if start+1 >= len(src) || !isOpChar(src[start+1]) {
			break
		}
		rest := src[start:]
		for _, op := range ops3 {
			if strings.HasPrefix(rest, op) {
				l.pos = start + 3
				goto done
			}
		}
		for _, op := range ops2 {
			if strings.HasPrefix(rest, op) {
				l.pos = start + 2
				goto done
			}
		}
	}
done:
	t.end = l.pos
	return t
}

// quoted skips the body of a quoted token whose opening quote ends at from.
// A doubled quote is an escaped quote; with bs, so is a backslash escape.
func (l *lexer) quoted(from int, q byte, bs bool) {
	src := l.src
	i := from
	for i < len(src) {
		c := src[i]
		if bs && c == '\\' {
			i += 2
			continue
		}
		if c == q {
			if i+1 < len(src) && src[i+1] == q {
				i += 2
				continue
			}
			if q == '\'' && !bs && src[i-1] == '\\' {
				l.bsClose = true
			}
			l.pos = i + 1
			return
		}
		i++
	}
	l.partial = true
	if q == '\'' {
		l.unterm = true
	}
	l.pos = len(src)
}

// bracketIdent reports whether the [ at l.pos opens a bracket-quoted
// identifier ([users], SQLite and SQL Server) rather than an array subscript
// or constructor, and if so consumes it.
func (l *lexer) bracketIdent() bool {
	if n := len(l.toks); n > 0 {
		p := l.toks[n-1]
		switch p.kind {
		case tIdent:
			switch p.kw {
			case "table", "update", "delete", "insert", "replace", "exists", "tables":
			case "", "array":
				return false
			default:
				if p.flags&kNoAlias == 0 || p.flags&kLit != 0 {
					return false
				}
			}
		case tQIdent, tString, tNumber, tParam, tHole:
			return false
		case tOp:
			if c := l.src[p.start]; c == ')' || c == ']' {
				return false
			}
		}
	}
	src := l.src
	i := l.pos + 1
	if i >= len(src) || !isIdentStart(src[i]) {
		return false
	}
	for ; i < len(src); i++ {
		switch src[i] {
		case ']':
			l.pos = i + 1
			return true
		case '[', '(', ')', ',', '\'', '"', ';', '\n', ':', 0:
			return false
		}
	}
	return false
}

// afterName reports whether the byte before l.pos ends a name, so that a
// dot there qualifies it (t.1col) rather than starting a number (.5).
func (l *lexer) afterName() bool {
	if l.pos == 0 {
		return false
	}
	c := l.src[l.pos-1]
	return isIdentChar(c) || c == '`' || c == '"' || c == ']'
}

// number lexes a numeric literal. It reports whether the literal runs on
// into letters, which makes it a MySQL name such as 1st or 1db.
func (l *lexer) number() (name bool) {
	src := l.src
	i := l.pos
	if src[i] == '0' && i+1 < len(src) && (src[i+1] == 'x' || src[i+1] == 'X' || src[i+1] == 'b' || src[i+1] == 'B' || src[i+1] == 'o' || src[i+1] == 'O') {
		i += 2
		for i < len(src) && (isIdentChar(src[i])) {
			i++
		}
		l.pos = i
		return false
	}
	for i < len(src) && (isDigit(src[i]) || src[i] == '_') {
		i++
	}
	digits := i
	if i < len(src) && src[i] == '.' && !(i+1 < len(src) && src[i+1] == '.') {
		i++
		for i < len(src) && (isDigit(src[i]) || src[i] == '_') {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && isDigit(src[j]) {
			i = j
			for i < len(src) && isDigit(src[i]) {
				i++
			}
		}
	}
	// MySQL identifiers may start with digits (1st_col); keep them whole.
	end := i
	for i < len(src) && isIdentChar(src[i]) {
		i++
	}
	l.pos = i
	return end == digits && i > end
}

// dollar lexes $n placeholders, $$ and $tag$ quotes, and SQLite $name.
func (l *lexer) dollar(t *token) {
	src := l.src
	start := l.pos
	i := start + 1
	switch {
	case i < len(src) && isDigit(src[i]):
		n := 0
		for i < len(src) && isDigit(src[i]) {
			if n < 1<<30 {
				n = n*10 + int(src[i]-'0')
			}
			i++
		}
		l.pos = i
		l.dollarN = true
		t.kind = tParam
		t.param = len(l.params)
		l.params = append(l.params, Param{Style: ParamDollar, Index: n - 1, Span: Span{start, i}})
		return
	case i < len(src) && src[i] == '$':
		l.dollarQuote(start, start+2)
		t.kind = tString
		return
	case i < len(src) && isIdentStart(src[i]):
		for i < len(src) && isIdentChar(src[i]) && src[i] != '$' {
			i++
		}
		if i < len(src) && src[i] == '$' {
			l.dollarQuote(start, i+1)
			t.kind = tString
			return
		}
		l.pos = i
		t.kind = tParam
		t.param = len(l.params)
		l.params = append(l.params, Param{Style: ParamDollar, Index: -1, Name: src[start+1 : i], Span: Span{start, i}})
		return
	}
	l.pos = i
	t.kind = tOp
}

// dollarQuote skips a dollar-quoted string whose opening tag is
// src[start:bodyStart].
func (l *lexer) dollarQuote(start, bodyStart int) {
	tag := l.src[start:bodyStart]
	end := strings.Index(l.src[bodyStart:], tag)
	if end < 0 {
		l.partial = true
		l.pos = len(l.src)
		return
	}
	l.pos = bodyStart + end + len(tag)
}

// question lexes ? and SQLite's ?NNN, and the PostgreSQL operators ?| and ?&.
func (l *lexer) question(t *token) {
	src := l.src
	start := l.pos
	i := start + 1
	if i < len(src) && (src[i] == '|' || src[i] == '&') {
		l.pos = i + 1
		t.kind = tOp
		return
	}
	idx := -1
	if i < len(src) && isDigit(src[i]) {
		n := 0
		for i < len(src) && isDigit(src[i]) {
			if n < 1<<30 {
				n = n*10 + int(src[i]-'0')
			}
			i++
		}
		idx = n - 1
		if n > l.qnext {
			l.qnext = n
		}
	} else {
		idx = l.qnext
		l.qnext++
	}
	l.pos = i
	t.kind = tParam
	t.param = len(l.params)
	l.params = append(l.params, Param{Style: ParamQuestion, Index: idx, Span: Span{start, i}})
}

// named lexes :name and @name. A sqlx name may contain dots (:user.id).
func (l *lexer) named(t *token, style ParamStyle) {
	src := l.src
	start := l.pos
	i := start + 1
	for i < len(src) {
		if isIdentChar(src[i]) {
			i++
			continue
		}
		if style == ParamColon && src[i] == '.' && i+1 < len(src) && isIdentStart(src[i+1]) {
			i++
			continue
		}
		break
	}
	l.pos = i
	t.kind = tParam
	t.param = len(l.params)
	l.params = append(l.params, Param{Style: style, Index: -1, Name: src[start+1 : i], Span: Span{start, i}})
}

// brace recognizes pocketbase/dbx's named placeholder {:name} at the
// lexer's position: the name is an identifier and the brace closes right
// after it, so an ODBC escape ({fn NOW()}) or a template's {{:cond x}}
// stays punctuation.
func (l *lexer) brace(t *token) bool {
	src := l.src
	start := l.pos
	if start+2 >= len(src) || src[start+1] != ':' || !isIdentStart(src[start+2]) {
		return false
	}
	i := start + 2
	for i < len(src) && isIdentChar(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '}' {
		return false
	}
	l.pos = i + 1
	t.kind = tParam
	t.param = len(l.params)
	l.params = append(l.params, Param{Style: ParamBrace, Index: -1, Name: src[start+2 : i], Span: Span{start, i + 1}})
	return true
}

// sqlcArg recognizes sqlc.arg(name), sqlc.narg(name) and sqlc.slice(name)
// at src[start:identEnd] == "sqlc".
func (l *lexer) sqlcArg(start, i int) (Param, bool) {
	src := l.src
	if i >= len(src) || src[i] != '.' {
		return Param{}, false
	}
	i++
	j := i
	for j < len(src) && isIdentChar(src[j]) {
		j++
	}
	switch strings.ToLower(src[i:j]) {
	case "arg", "narg", "slice":
	default:
		return Param{}, false
	}
	i = skipBlanks(src, j)
	if i >= len(src) || src[i] != '(' {
		return Param{}, false
	}
	i = skipBlanks(src, i+1)
	if i >= len(src) {
		return Param{}, false
	}
	var name string
	switch q := src[i]; {
	case q == '\'' || q == '"' || q == '`':
		e := strings.IndexByte(src[i+1:], q)
		if e < 0 {
			return Param{}, false
		}
		name = src[i+1 : i+1+e]
		i += e + 2
	case isIdentStart(q):
		j := i
		for j < len(src) && isIdentChar(src[j]) {
			j++
		}
		name = src[i:j]
		i = j
	default:
		return Param{}, false
	}
	i = skipBlanks(src, i)
	if i >= len(src) || src[i] != ')' {
		return Param{}, false
	}
	l.pos = i + 1
	return Param{Style: ParamAt, Index: -1, Name: name, Span: Span{start, i + 1}}, true
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}
