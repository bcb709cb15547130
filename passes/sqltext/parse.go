package sqltext

import "strings"

// maxDepth bounds the recursion of the summarizer over nested parentheses,
// subqueries and CTEs; deeper text is treated as opaque and marked Partial.
const maxDepth = 64

// parser summarizes the tokens of one statement or fragment.
type parser struct {
	src     string
	toks    []token
	params  []Param
	match   []int  // index of the matching bracket, -1 if none
	subq    []bool // whether the ( at k opens a subquery
	partial bool
	depth   int
}

// newParser prepares the tokens of a lexed statement for summarizing.
func newParser(src string, l *lexer) *parser {
	p := &parser{src: src, toks: l.toks, params: l.params, partial: l.partial}
	if l.dollarN {
		p.questionOps()
	}
	p.matchBrackets()
	return p
}

// questionOps turns ? back into an operator in text that also uses $n
// placeholders: there ? is PostgreSQL's jsonb key-exists operator.
func (p *parser) questionOps() {
	has := false
	for _, q := range p.params {
		if q.Style == ParamQuestion {
			has = true
			break
		}
	}
	if !has {
		return
	}
	keep := make([]Param, 0, len(p.params))
	for k := range p.toks {
		t := &p.toks[k]
		if t.kind != tParam {
			continue
		}
		q := p.params[t.param]
		if q.Style == ParamQuestion {
			t.kind, t.param = tOp, -1
			continue
		}
		t.param = len(keep)
		keep = append(keep, q)
	}
	p.params = keep
}

// matchBrackets pairs ( with ) and [ with ].
func (p *parser) matchBrackets() {
	p.match = make([]int, len(p.toks))
	var stack []int
	for k := range p.toks {
		p.match[k] = -1
		t := &p.toks[k]
		if t.kind != tOp || t.end-t.start != 1 {
			continue
		}
		switch c := p.src[t.start]; c {
		case '(', '[':
			stack = append(stack, k)
		case ')', ']':
			open := byte('(')
			if c == ']' {
				open = '['
			}
			if n := len(stack); n > 0 && p.src[p.toks[stack[n-1]].start] == open {
				p.match[stack[n-1]] = k
				p.match[k] = stack[n-1]
				stack = stack[:n-1]
			} else {
				p.partial = true
			}
		}
	}
	if len(stack) > 0 {
		p.partial = true
	}
	p.subq = make([]bool, len(p.toks))
	for k := len(p.toks) - 2; k >= 0; k-- {
		if !p.isOp(k, "(") {
			continue
		}
		switch p.kw(k + 1) {
		case "select", "with", "table":
			p.subq[k] = true
		case "values":
			// (VALUES (1), (2)), but not MySQL's IF(VALUES(c) > c, ...)
			p.subq[k] = !(p.isOp(k+2, "(") && p.match[k+2] == k+4 && p.isAnyName(k+3))
		default:
			p.subq[k] = p.subq[k+1] && p.isOp(k+1, "(")
		}
	}
}

// Token predicates. Each accepts any k, in range or not.

func (p *parser) kw(k int) string {
	if k >= 0 && k < len(p.toks) && p.toks[k].kind == tIdent {
		return p.toks[k].kw
	}
	return ""
}

func (p *parser) isOp(k int, op string) bool {
	if k < 0 || k >= len(p.toks) || p.toks[k].kind != tOp {
		return false
	}
	t := &p.toks[k]
	return p.src[t.start:t.end] == op
}

func (p *parser) opText(k int) string {
	if k < 0 || k >= len(p.toks) || p.toks[k].kind != tOp {
		return ""
	}
	return p.src[p.toks[k].start:p.toks[k].end]
}

func (p *parser) kind(k int) tokKind {
	if k < 0 || k >= len(p.toks) {
		return 0
	}
	return p.toks[k].kind
}

// is reports whether token k is the unquoted word w (lower case).
func (p *parser) is(k int, w string) bool {
	if k < 0 || k >= len(p.toks) || p.toks[k].kind != tIdent {
		return false
	}
	return strings.EqualFold(p.src[p.toks[k].start:p.toks[k].end], w)
}

// isName reports whether token k can name a table or column: a quoted
// identifier or an unquoted word that is not reserved.
func (p *parser) isName(k int) bool {
	switch p.kind(k) {
	case tQIdent:
		return true
	case tIdent:
		t := &p.toks[k]
		return t.flags&kNoAlias == 0 && p.src[t.start] != '@'
	}
	return false
}

// isAnyName is isName for positions where reserved words are names too
// (after a dot).
func (p *parser) isAnyName(k int) bool {
	switch p.kind(k) {
	case tQIdent:
		return true
	case tIdent:
		return p.src[p.toks[k].start] != '@'
	}
	return false
}

// isAlias reports whether token k can be an alias written without AS.
func (p *parser) isAlias(k int) bool {
	switch p.kind(k) {
	case tQIdent:
		return true
	case tIdent:
		t := &p.toks[k]
		return t.flags == 0 && p.src[t.start] != '@'
	}
	return false
}

// text returns the source text of tokens [i, j).
func (p *parser) text(i, j int) string {
	if i >= j || i < 0 || j > len(p.toks) {
		return ""
	}
	return p.src[p.toks[i].start:p.toks[j-1].end]
}

func (p *parser) span(i, j int) Span {
	if i >= j || i < 0 || j > len(p.toks) {
		return Span{}
	}
	return Span{p.toks[i].start, p.toks[j-1].end}
}

// norm returns the normalized name of an identifier token: unquoted ones
// lower-cased, quoted ones unquoted with their case kept. A hole is "".
func (p *parser) norm(k int) string {
	if k < 0 || k >= len(p.toks) {
		return ""
	}
	t := &p.toks[k]
	s := p.src[t.start:t.end]
	switch t.kind {
	case tIdent:
		return lower(s)
	case tQIdent:
		return unquote(s)
	}
	return ""
}

// lower lower-cases s without allocating when it already is.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c >= 0x80 {
			return strings.ToLower(s)
		}
	}
	return s
}

// unquote strips the quotes of "x", `x`, [x] and U&"x" and undoes doubled
// quotes inside.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == 'u' || s[0] == 'U') && s[1] == '&' {
		s = s[2:]
	}
	if s == "" {
		return s
	}
	open := s[0]
	closer := open
	if open == '[' {
		closer = ']'
	}
	s = s[1:]
	if len(s) > 0 && s[len(s)-1] == closer {
		s = s[:len(s)-1]
	}
	if open != '[' {
		dq := string([]byte{open, open})
		if strings.Contains(s, dq) {
			s = strings.ReplaceAll(s, dq, dq[:1])
		}
	}
	return s
}

// skip returns the index after the token or bracketed group at k.
func (p *parser) skip(k, j int) int {
	if k >= j {
		return j
	}
	if p.toks[k].kind == tOp {
		if c := p.src[p.toks[k].start]; c == '(' || c == '[' {
			m := p.match[k]
			if m < 0 || m >= j {
				p.partial = true
				return j
			}
			return m + 1
		}
	}
	return k + 1
}

// Stop sets for scan.
const (
	stopClause = 1 << iota // a clause keyword of SELECT/INSERT/UPDATE/DELETE
	stopComma              // ,
	stopJoin               // a join keyword
	stopSet                // SET
	stopUsing              // USING
	stopDo                 // DO (ON CONFLICT ... WHERE ... DO)
	stopAs                 // AS (MySQL's INSERT row alias)
)

// scan returns the index of the first token in [k, j) at bracket depth 0
// that is in the stop set, or j.
func (p *parser) scan(k, j, set int) int {
	for k < j {
		if p.isStop(k, set) {
			return k
		}
		k = p.skip(k, j)
	}
	return j
}

func (p *parser) isStop(k, set int) bool {
	t := &p.toks[k]
	switch t.kind {
	case tOp:
		return set&stopComma != 0 && p.src[t.start] == ','
	case tHole:
		// A hole right after a complete operand most likely stands for a
		// clause of its own (ORDER BY, LIMIT ...).
		return set&stopClause != 0 && k > 0 && p.endsOperand(k-1)
	case tIdent:
	default:
		return false
	}
	switch t.kw {
	case "":
		return false
	case "from":
		// IS DISTINCT FROM; NTH_VALUE(x, n) FROM FIRST OVER w
		if p.kw(k-1) == "distinct" || (p.kw(k+1) == "first" || p.is(k+1, "last")) && p.isWindowTail(k+2) {
			return false
		}
		return set&stopClause != 0
	case "where", "having", "limit", "offset", "union", "intersect", "except", "into", "returning":
		return set&stopClause != 0
	case "group", "order":
		return set&stopClause != 0 && p.kw(k+1) == "by"
	case "window":
		return set&stopClause != 0 && p.kw(k+2) == "as"
	case "fetch":
		return set&stopClause != 0 && (p.kw(k+1) == "first" || p.kw(k+1) == "next")
	case "for":
		switch p.kw(k + 1) {
		case "update", "share", "no", "key":
			return set&stopClause != 0
		}
	case "lock":
		return set&stopClause != 0 && p.kw(k+1) == "in"
	case "on":
		switch p.kw(k + 1) {
		case "conflict", "duplicate":
			return set&stopClause != 0
		}
	case "join", "inner", "cross", "natural", "straight_join", "left", "right", "full":
		return set&stopJoin != 0 && !p.isOp(k+1, "(")
	case "set":
		return set&stopSet != 0
	case "using":
		return set&stopUsing != 0
	case "do":
		return set&stopDo != 0
	case "as":
		return set&stopAs != 0
	}
	return false
}

func (p *parser) isWindowTail(k int) bool {
	return p.kw(k) == "over" || p.kw(k) == "ignore" || p.is(k, "respect")
}

// endsOperand reports whether token k can end an operand.
func (p *parser) endsOperand(k int) bool {
	if k < 0 || k >= len(p.toks) {
		return false
	}
	t := &p.toks[k]
	switch t.kind {
	case tQIdent, tString, tNumber, tParam:
		return true
	case tIdent:
		return t.flags&kNoRef == 0 || t.flags&kLit != 0 || t.kw == "end"
	case tOp:
		c := p.src[t.start]
		return c == ')' || c == ']'
	}
	return false
}

// isSubquery reports whether the ( at k opens a subquery: ( followed by
// SELECT, WITH, VALUES or TABLE, possibly after more (.
func (p *parser) isSubquery(k int) bool {
	return k >= 0 && k < len(p.subq) && p.subq[k]
}

// isNamePart reports whether the name chain starting at k continues at the
// dot at k.
func (p *parser) dotted(k, j int) bool {
	return k+1 < j && p.isOp(k, ".") && (p.isAnyName(k+1) || p.kind(k+1) == tHole)
}

// qualifiedName reads [schema.]name (or a longer chain, keeping the last
// two parts) at k.
func (p *parser) qualifiedName(k, j int) (TableRef, int) {
	var ref TableRef
	for k < j {
		name := p.norm(k)
		// A hole glued to a name ("users_" + suffix) leaves the name unknown.
		for k+1 < j && p.glued(k) && (p.kind(k) == tHole || p.kind(k+1) == tHole) {
			name = ""
			k++
		}
		if p.kind(k) == tHole {
			p.partial = true
			name = ""
		}
		ref.Schema, ref.Name = ref.Name, name
		k++
		if p.dotted(k, j) {
			k++
			continue
		}
		break
	}
	return ref, k
}

// glued reports whether tokens k and k+1 touch, with no blank between.
func (p *parser) glued(k int) bool {
	return k+1 < len(p.toks) && p.toks[k].end == p.toks[k+1].start &&
		p.kind(k) != tOp && p.kind(k+1) != tOp
}

// stmt summarizes tokens [i, j) as a statement into st.
func (p *parser) stmt(i, j int, st *Stmt) {
	if i >= j {
		return
	}
	if p.depth >= maxDepth {
		p.partial = true
		return
	}
	p.depth++
	defer func() { p.depth-- }()
	t := &p.toks[i]
	switch t.kind {
	case tOp:
		if p.isOp(i, "(") && p.isSubquery(i) {
			// (SELECT ...) UNION (SELECT ...): summarize the first branch.
			p.stmt(i+1, p.skip(i, j)-1, st)
		}
		return
	case tIdent:
	default:
		if t.kind == tHole {
			p.partial = true
		}
		return
	}
	switch t.kw {
	case "select":
		p.selectStmt(i, j, st)
	case "values", "show":
		st.Kind = KindSelect
	case "table":
		st.Kind = KindSelect
		if p.isName(i + 1) {
			ref, _ := p.qualifiedName(i+1, j)
			st.Table = ref
			st.From = []TableRef{ref}
		}
	case "with":
		p.withStmt(i, j, st)
	case "insert", "replace", "upsert":
		p.insertStmt(i, j, st)
	case "update":
		p.updateStmt(i, j, st)
	case "delete":
		p.deleteStmt(i, j, st)
	case "begin":
		st.Kind = KindBegin
		st.Isolation = p.isolation(i+1, j)
		st.WriteLock = p.kw(i+1) == "immediate" || p.kw(i+1) == "exclusive"
	case "start":
		if p.kw(i+1) == "transaction" {
			st.Kind = KindBegin
			st.Isolation = p.isolation(i+2, j)
		} else {
			st.Kind = KindOther
		}
	case "commit", "end":
		st.Kind = KindCommit
		if p.kw(i+1) == "prepared" {
			st.Kind = KindOther
		}
	case "rollback", "abort":
		st.Kind = KindRollback
		k := i + 1
		if p.kw(k) == "work" || p.kw(k) == "transaction" {
			k++
		}
		if p.kw(k) == "to" || p.kw(k) == "prepared" {
			st.Kind = KindOther // ROLLBACK TO SAVEPOINT keeps the transaction
		}
	case "set":
		p.setStmt(i, j, st)
	case "lock":
		p.lockStmt(i, j, st)
	case "create", "alter", "drop", "truncate", "comment", "grant", "revoke", "rename":
		st.Kind = KindDDL
		st.DDL = p.ddl(i, j)
	case "explain", "describe", "desc", "call", "do", "vacuum", "analyze", "copy", "prepare",
		"execute", "deallocate", "listen", "notify", "unlisten", "use", "pragma", "refresh",
		"reindex", "cluster", "checkpoint", "discard", "reset", "savepoint", "release",
		"declare", "fetch", "move", "close", "load", "import", "attach", "detach", "handler",
		"flush", "kill", "optimize", "check", "repair", "checksum", "purge", "change",
		"install", "uninstall", "help", "security", "reassign", "merge", "unlock", "shutdown",
		"restart", "binlog":
		st.Kind = KindOther
	}
}

// sub summarizes tokens [i, j) as a nested statement (a CTE body, the
// SELECT of INSERT ... SELECT).
func (p *parser) sub(i, j int) *Stmt {
	st := &Stmt{Limit: -1, Text: p.text(i, j)}
	saved := p.partial
	p.partial = false
	p.stmt(i, j, st)
	st.Params = p.paramsIn(i, j)
	st.Advisory = p.advisory(i, j)
	st.Partial = p.partial || p.hasHole(i, j)
	p.partial = p.partial || saved
	return st
}

// skipHoles skips holes at k, marking the summary partial.
func (p *parser) skipHoles(k, j int) int {
	for k < j && p.toks[k].kind == tHole {
		p.partial = true
		k++
	}
	return k
}

func (p *parser) hasHole(i, j int) bool {
	for k := i; k < j; k++ {
		if p.toks[k].kind == tHole {
			return true
		}
	}
	return false
}

// paramsIn returns the placeholders of tokens [i, j), sharing p.params.
func (p *parser) paramsIn(i, j int) []Param {
	lo, hi := -1, -1
	for k := i; k < j; k++ {
		if t := &p.toks[k]; t.kind == tParam {
			if lo < 0 {
				lo = t.param
			}
			hi = t.param
		}
	}
	if lo < 0 {
		return nil
	}
	return p.params[lo : hi+1 : hi+1]
}

// withStmt summarizes WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED]
// (body), ... main.
func (p *parser) withStmt(i, j int, st *Stmt) {
	k := i + 1
	if p.kw(k) == "recursive" {
		k++
	}
	for k < j {
		if !p.isAnyName(k) && p.kind(k) != tHole {
			p.partial = true
			return
		}
		name := ""
		if p.kind(k) != tHole {
			name = p.norm(k)
		}
		k++
		if p.isOp(k, "(") {
			k = p.skip(k, j)
		}
		if p.kw(k) != "as" {
			p.partial = true
			return
		}
		k++
		if p.kw(k) == "not" {
			k++
		}
		if p.is(k, "materialized") {
			k++
		}
		if !p.isOp(k, "(") {
			p.partial = true
			return
		}
		m := p.skip(k, j)
		st.With = append(st.With, p.sub(k+1, m-1))
		st.WithNames = append(st.WithNames, name)
		k = m
		// SEARCH ... SET x, CYCLE ... SET y USING z
		for k < j && !p.isOp(k, ",") && !p.isMain(k) {
			k = p.skip(k, j)
		}
		if p.isOp(k, ",") {
			k++
			continue
		}
		break
	}
	p.stmt(k, j, st)
}

func (p *parser) isMain(k int) bool {
	switch p.kw(k) {
	case "select", "insert", "update", "delete", "values", "table", "replace", "merge":
		return true
	}
	return p.isOp(k, "(")
}

// selectStmt summarizes SELECT at i.
func (p *parser) selectStmt(i, j int, st *Stmt) {
	st.Kind = KindSelect
	k := p.selectModifiers(i+1, j)
	e := p.scan(k, j, stopClause)
	items := p.items(k, e)
	for _, it := range items {
		st.Columns = append(st.Columns, p.colName(it))
	}
	p.clauses(e, j, st)
	if len(st.From) > 0 {
		st.Table = st.From[0]
	}
	if len(items) == 1 {
		it := items[0]
		switch {
		case p.isCall(it.start, it.expr, "count"):
			st.Count = true
		case p.isCall(it.start, it.expr, "sum"),
			p.isCall(it.start, it.expr, "coalesce") && p.is(it.start+2, "sum") && p.isOp(it.start+3, "("):
			st.Sum = true
		case p.isCall(it.start, it.expr, "exists"):
			st.Exists = true
		case it.expr == it.start+1 && p.kind(it.start) == tNumber && len(st.From) > 0:
			st.Exists = true
		}
	}
}

// selectModifiers skips DISTINCT [ON (...)], ALL and MySQL's modifiers.
func (p *parser) selectModifiers(k, j int) int {
	for k < j {
		switch p.kw(k) {
		case "all", "distinctrow", "high_priority", "straight_join", "sql_small_result",
			"sql_big_result", "sql_buffer_result", "sql_no_cache", "sql_cache", "sql_calc_found_rows":
			k++
			continue
		case "distinct":
			k++
			if p.kw(k) == "on" && p.isOp(k+1, "(") {
				k = p.skip(k+1, j)
			}
			continue
		case "top":
			if p.kind(k+1) == tNumber || p.isOp(k+1, "(") {
				k = p.skip(k+1, j)
				continue
			}
		}
		break
	}
	return k
}

// isCall reports whether tokens [i, j) are exactly name(...).
func (p *parser) isCall(i, j int, name string) bool {
	return j-i >= 3 && p.is(i, name) && p.isOp(i+1, "(") && p.match[i+1] == j-1
}

// item is one entry of a select list or RETURNING list: the expression is
// tokens [start, expr), an alias, if any, is token alias.
type item struct {
	start, expr, alias int
}

func (p *parser) items(k, j int) []item {
	var out []item
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			out = append(out, p.item(k, e))
		}
		k = e + 1
	}
	return out
}

func (p *parser) item(a, b int) item {
	it := item{a, b, -1}
	switch {
	case b-a >= 3 && p.kw(b-2) == "as" && p.isAnyName(b-1):
		it.expr, it.alias = b-2, b-1
	case b-a >= 2 && p.isAlias(b-1) && p.endsOperand(b-2) &&
		p.kw(b-3) != "interval" && p.kw(b-2) != "interval":
		it.expr, it.alias = b-1, b-1
	}
	return it
}

// colName names a result column as Stmt.Columns documents.
func (p *parser) colName(it item) string {
	if it.alias >= 0 {
		return p.norm(it.alias)
	}
	a, e := it.start, it.expr
	if e-a == 1 && p.isOp(a, "*") {
		return "*"
	}
	if p.isColumnChain(a, e) {
		if p.isOp(e-1, "*") {
			return "*"
		}
		return p.norm(e - 1)
	}
	if p.isCall(a, e, "count") {
		return "count"
	}
	if p.isCall(a, e, "exists") {
		return "exists"
	}
	return p.text(a, e)
}

// isColumnChain reports whether [a, e) is c, t.c, s.t.c or t.*.
func (p *parser) isColumnChain(a, e int) bool {
	if a >= e || !p.isAnyName(a) || p.kind(a) == tIdent && p.toks[a].flags&kNoRef != 0 {
		return false
	}
	k := a + 1
	for k < e {
		// k is a dot; k+1 a name, or * ending the chain
		if !p.isOp(k, ".") || k+1 >= e {
			return false
		}
		if !p.isAnyName(k+1) && !(p.isOp(k+1, "*") && k+2 == e) {
			return false
		}
		k += 2
	}
	return true
}

// clauses summarizes the clauses after a select list, an UPDATE's SET list
// or a DELETE's target.
func (p *parser) clauses(k, j int, st *Stmt) {
	for k < j {
		t := &p.toks[k]
		if t.kind == tHole {
			p.partial = true
			k++
			continue
		}
		switch t.kw {
		case "from":
			k = p.fromList(k+1, j, st, 0)
		case "using":
			k = p.fromList(k+1, j, st, 0)
		case "where":
			st.HasWhere = true
			e := p.scan(k+1, j, stopClause)
			st.Where = p.condsInto(st.Where, k+1, e, nil)
			k = e
		case "order":
			e := p.scan(k+1, j, stopClause)
			if p.kw(k+1) == "by" && st.OrderBy == "" {
				st.OrderBy = p.firstOrderColumn(k+2, e)
			}
			k = e
		case "group", "having", "window", "into", "offset":
			k = p.scan(k+1, j, stopClause)
		case "limit":
			k = p.limit(k+1, j, st)
		case "fetch":
			e := p.scan(k+1, j, stopClause)
			if k+2 < e {
				st.Limit = p.intLit(k+2, k+3)
			}
			k = e
		case "for":
			k = p.lockClause(k+1, j, st)
		case "lock":
			// LOCK IN SHARE MODE
			if st.Lock.Strength == LockNone || st.Lock.Strength > LockShare {
				st.Lock.Strength = LockShare
			}
			k = p.scan(k+1, j, stopClause)
		case "union", "intersect", "except":
			return
		case "returning":
			e := p.scan(k+1, j, stopClause)
			st.Returning = p.resultCols(k+1, e)
			k = e
		default:
			p.partial = true
			k = p.scan(k+1, j, stopClause)
		}
	}
}

func (p *parser) resultCols(k, j int) []string {
	var out []string
	for _, it := range p.items(k, j) {
		out = append(out, p.colName(it))
	}
	return out
}

// firstOrderColumn returns the column of the first ORDER BY item in
// [k, j) (t.pos DESC NULLS LAST names pos), or "" for an expression.
func (p *parser) firstOrderColumn(k, j int) string {
	e := p.scan(k, j, stopComma)
	for e > k {
		switch strings.ToLower(p.text(e-1, e)) {
		case "asc", "desc", "nulls", "first", "last":
			e--
			continue
		}
		break
	}
	if e > k && p.isColumnChain(k, e) && !p.isOp(e-1, "*") {
		return p.norm(e - 1)
	}
	return ""
}

// limit reads LIMIT n [OFFSET m] and MySQL's LIMIT m, n.
func (p *parser) limit(k, j int, st *Stmt) int {
	e := p.scan(k, j, stopClause|stopComma)
	v := p.intLit(k, e)
	if e < j && p.isOp(e, ",") {
		e2 := p.scan(e+1, j, stopClause)
		v = p.intLit(e+1, e2)
		e = e2
	}
	st.Limit = v
	if e == k {
		return k + 1
	}
	return e
}

// intLit returns the value of tokens [i, j) when they are one non-negative
// integer literal, else -1.
func (p *parser) intLit(i, j int) int {
	if j != i+1 || p.kind(i) != tNumber {
		return -1
	}
	s := p.src[p.toks[i].start:p.toks[i].end]
	n := 0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if !isDigit(c) {
			return -1
		}
		if n > 1<<30 {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// lockClause reads FOR UPDATE | NO KEY UPDATE | SHARE | KEY SHARE
// [OF t, ...] [NOWAIT | SKIP LOCKED]; k is after FOR.
func (p *parser) lockClause(k, j int, st *Stmt) int {
	var s LockStrength
	switch p.kw(k) {
	case "update":
		s, k = LockUpdate, k+1
	case "share":
		s, k = LockShare, k+1
	case "no":
		if p.kw(k+1) == "key" && p.kw(k+2) == "update" {
			s, k = LockNoKeyUpdate, k+3
		}
	case "key":
		if p.kw(k+1) == "share" {
			s, k = LockKeyShare, k+2
		}
	}
	if s == LockNone {
		p.partial = true
		return p.scan(k, j, stopClause)
	}
	if st.Lock.Strength == LockNone || s < st.Lock.Strength {
		st.Lock.Strength = s
	}
	if p.kw(k) == "of" {
		k++
		for k < j && p.isAnyName(k) {
			ref, e := p.qualifiedName(k, j)
			st.Lock.Of = append(st.Lock.Of, ref.Name)
			k = e
			if !p.isOp(k, ",") {
				break
			}
			k++
		}
	}
	for k < j {
		switch p.kw(k) {
		case "nowait":
			st.Lock.NoWait = true
			k++
			continue
		case "skip":
			if p.kw(k+1) == "locked" {
				st.Lock.SkipLocked = true
				k += 2
				continue
			}
		case "wait":
			k += 2
			continue
		}
		break
	}
	return k
}

// fromList reads table references separated by commas and joins, appending
// them to st.From.
func (p *parser) fromList(k, j int, st *Stmt, stop int) int {
	k = p.tableItem(k, j, st)
	for k < j {
		switch {
		case p.isOp(k, ","):
			k = p.tableItem(k+1, j, st)
		case p.isStop(k, stopJoin):
			for k < j && p.kw(k) != "join" && p.kw(k) != "straight_join" {
				switch p.kw(k) {
				case "natural", "inner", "left", "right", "full", "cross", "outer":
					k++
					continue
				}
				p.partial = true
				return k
			}
			k = p.tableItem(k+1, j, st)
			switch p.kw(k) {
			case "on":
				k = p.scan(k+1, j, stopClause|stopJoin|stopComma|stopSet|stop)
			case "using":
				if p.isOp(k+1, "(") {
					k = p.skip(k+1, j)
				}
			}
		default:
			return k
		}
	}
	return k
}

// tableItem reads one table reference: [LATERAL] [ONLY] name [*] [[AS]
// alias [(cols)]] with MySQL index hints, a subquery, a table function or a
// parenthesized join.
func (p *parser) tableItem(k, j int, st *Stmt) int {
	if p.kw(k) == "lateral" {
		k++
	}
	if p.kw(k) == "only" {
		k++
	}
	if k >= j {
		p.partial = true
		return k
	}
	var ref TableRef
	var derived *Stmt // the rows of one table, under the alias read below
	switch {
	case p.isOp(k, "("):
		m := p.skip(k, j)
		if !p.isSubquery(k) && p.depth < maxDepth {
			// (a JOIN b ON ...)
			p.depth++
			p.fromList(k+1, m-1, st, 0)
			p.depth--
			return m
		}
		if derived = p.derivedRows(k+1, m-1, st); derived != nil {
			ref = derived.Table
			ref.Alias = ""
		}
		k = m
	case p.kind(k) == tHole && !p.dotted(k+1, j) && !p.glued(k):
		p.partial = true
		k++
	case p.isName(k) || p.kind(k) == tHole || p.kind(k) == tIdent && p.dotted(k+1, j):
		if p.kw(k) == "dual" && !p.dotted(k+1, j) {
			return k + 1 // MySQL's FROM DUAL names no table
		}
		ref, k = p.qualifiedName(k, j)
		if p.isOp(k, "(") {
			ref = TableRef{} // a table function: generate_series(...), unnest(...)
			k = p.skip(k, j)
		}
		if p.isOp(k, "*") {
			k++
		}
	default:
		p.partial = true
		return k
	}
	if p.kw(k) == "as" && p.isAnyName(k+1) {
		ref.Alias = p.norm(k + 1)
		k += 2
	} else if p.isAlias(k) {
		ref.Alias = p.norm(k)
		k++
	}
	if ref.Alias != "" && p.isOp(k, "(") {
		if derived != nil {
			ref.Name, derived = "", nil // columns renamed: (SELECT * ...) AS b(x, y)
		}
		k = p.skip(k, j)
	}
	k = p.tableHints(k, j)
	st.From = append(st.From, ref)
	if derived != nil {
		// The derived table's conditions are the statement's, stated on
		// its alias (or its table, when it has none).
		q := ref.Alias
		if q == "" {
			q = ref.Name
		}
		for _, c := range derived.Where {
			c.Qualifier = q
			st.Where = append(st.Where, c)
		}
		st.HasWhere = st.HasWhere || derived.HasWhere
		if st.Lock.Strength == LockNone {
			st.Lock = derived.Lock
		}
	}
	return k
}

// derivedRows summarizes the subquery [i, j) that is the first table of a
// SELECT when it yields rows of one table as they are: SELECT * FROM t
// [WHERE ...] [FOR ...], with no join, grouping, DISTINCT, set operation,
// CTE or aggregate. The statement then reads t, under the subquery's
// alias, with the subquery's conditions (blnk's balance lookup):
//
//	SELECT b.balance_id, b.meta_data, i.first_name
//	FROM (SELECT * FROM balances WHERE balance_id = $1) AS b
//	LEFT JOIN identity i ON b.identity_id = i.identity_id
//
// reads balances where balance_id = $1. Any other subquery is nil: its
// rows are not one table's.
func (p *parser) derivedRows(i, j int, st *Stmt) *Stmt {
	if st.Kind != KindSelect || len(st.From) > 0 || p.depth >= maxDepth || p.kw(i) != "select" {
		return nil
	}
	for k := i; k < j; k++ {
		switch p.kw(k) {
		case "join", "straight_join", "group", "having", "distinct", "union", "intersect", "except", "with", "window":
			return nil
		}
	}
	p.depth++
	sub := p.sub(i, j)
	p.depth--
	if sub.Kind != KindSelect || sub.Partial || len(sub.From) != 1 || sub.Table.Name == "" ||
		len(sub.Columns) != 1 || sub.Columns[0] != "*" || sub.Count || sub.Sum || sub.Exists || len(sub.With) > 0 {
		return nil
	}
	for _, c := range sub.Where {
		if c.Qualifier != "" && c.Qualifier != sub.Table.Name && c.Qualifier != sub.Table.Alias {
			return nil
		}
	}
	return sub
}

// tableHints skips MySQL index hints and partitions, SQLite INDEXED BY and
// PostgreSQL TABLESAMPLE.
func (p *parser) tableHints(k, j int) int {
	for k < j {
		switch p.kw(k) {
		case "use", "force", "ignore":
			e := k + 1
			if p.kw(e) == "index" || p.kw(e) == "key" || p.is(e, "index") || p.is(e, "key") {
				e++
				if p.kw(e) == "for" {
					e++
					for e < j && !p.isOp(e, "(") {
						e++
					}
				}
				if p.isOp(e, "(") {
					k = p.skip(e, j)
					continue
				}
			}
		case "partition":
			if p.isOp(k+1, "(") {
				k = p.skip(k+1, j)
				continue
			}
		case "indexed":
			k += 3
			continue
		case "not":
			if p.kw(k+1) == "indexed" {
				k += 2
				continue
			}
		case "tablesample":
			k++
			if k < j {
				k++
			}
			if p.isOp(k, "(") {
				k = p.skip(k, j)
			}
			if p.kw(k) == "repeatable" && p.isOp(k+1, "(") {
				k = p.skip(k+1, j)
			}
			continue
		}
		return k
	}
	return k
}

// insertStmt summarizes INSERT, REPLACE and UPSERT at i.
func (p *parser) insertStmt(i, j int, st *Stmt) {
	st.Kind = KindInsert
	c := &st.Conflict
	switch p.kw(i) {
	case "replace", "upsert":
		c.Action = ConflictReplace
	}
	k := i + 1
mods:
	for k < j {
		switch p.kw(k) {
		case "low_priority", "delayed", "high_priority":
			k++
		case "ignore":
			c.Action = ConflictIgnore
			k++
		case "or":
			switch p.kw(k + 1) {
			case "ignore":
				c.Action = ConflictIgnore
			case "replace":
				c.Action = ConflictReplace
			}
			k += 2
		default:
			break mods
		}
	}
	if p.kw(k) == "into" {
		k++
	}
	if k >= j {
		p.partial = true
		return
	}
	if p.isAnyName(k) || p.kind(k) == tHole {
		st.Table, k = p.qualifiedName(k, j)
	} else {
		p.partial = true
	}
	if p.kw(k) == "as" && p.isAnyName(k+1) && !p.isOp(k+2, ",") {
		st.Table.Alias = p.norm(k + 1)
		k += 2
	}
	st.From = []TableRef{st.Table}
	if p.kw(k) == "partition" && p.isOp(k+1, "(") {
		k = p.skip(k+1, j)
	}
	k = p.skipHoles(k, j)
	if p.isOp(k, "(") && !p.isSubquery(k) {
		m := p.skip(k, j)
		st.Columns = p.nameList(k+1, m-1)
		k = p.skipHoles(m, j)
	}
	if p.kw(k) == "overriding" {
		k += 3
	}
	ctx := &exprCtx{excl: "excluded"}
	switch p.kw(k) {
	case "values", "value":
		k++
		if p.kw(k) == "row" {
			k++
		}
		if p.isOp(k, "(") {
			m := p.skip(k, j)
			st.Values = p.exprList(k+1, m-1, nil)
			k = m
		}
		k = p.scan(k, j, stopClause|stopAs)
	case "default":
		st.DefaultValues = p.kw(k+1) == "values"
		k = p.scan(k, j, stopClause)
	case "select", "with":
		e := p.insertSourceEnd(k, j)
		p.insertSource(k, e, st)
		k = e
	case "set":
		// MySQL INSERT ... SET a = 1, b = ?
		e := p.scan(k+1, j, stopClause|stopAs)
		for _, a := range p.assigns(k+1, e, nil, st.Table) {
			st.Columns = append(st.Columns, a.Column)
			st.Values = append(st.Values, a.Value)
		}
		k = e
	case "table":
		k = p.insertSourceEnd(k, j)
	default:
		if p.isOp(k, "(") {
			e := p.insertSourceEnd(k, j)
			p.insertSource(k, e, st)
			k = e
		} else if k < j && p.kind(k) == tHole {
			p.partial = true
			k = p.scan(k+1, j, stopClause|stopAs)
		}
	}
	if p.kw(k) == "as" && p.isAnyName(k+1) {
		// MySQL 8 row alias: VALUES (...) AS new [(a, b)]
		ctx.excl = p.norm(k + 1)
		k += 2
		if p.isOp(k, "(") {
			m := p.skip(k, j)
			ctx.exclCols = p.nameList(k+1, m-1)
			ctx.insCols = st.Columns
			k = m
		}
	}
	if p.kw(k) == "on" {
		k = p.onConflict(k, j, st, ctx)
	}
	if p.kw(k) == "returning" {
		e := p.scan(k+1, j, stopClause)
		st.Returning = p.resultCols(k+1, e)
		k = e
	}
	if k < j {
		p.partial = true
	}
}

// insertSourceEnd returns the end of the SELECT of INSERT ... SELECT: ON
// CONFLICT, ON DUPLICATE KEY, RETURNING or the end.
func (p *parser) insertSourceEnd(k, j int) int {
	for k < j {
		switch p.kw(k) {
		case "on":
			if p.kw(k+1) == "conflict" || p.kw(k+1) == "duplicate" {
				return k
			}
		case "returning":
			return k
		}
		k = p.skip(k, j)
	}
	return j
}

// insertSource summarizes the SELECT of INSERT ... SELECT into st.Source
// and its result expressions into st.Values.
func (p *parser) insertSource(k, e int, st *Stmt) {
	st.Source = p.sub(k, e)
	if p.kw(k) != "select" {
		return
	}
	a := p.selectModifiers(k+1, e)
	b := p.scan(a, e, stopClause)
	for _, it := range p.items(a, b) {
		v, _ := p.expr(it.start, it.expr, nil)
		st.Values = append(st.Values, v)
	}
}

// onConflict reads ON CONFLICT ... and ON DUPLICATE KEY UPDATE ...; k is at ON.
func (p *parser) onConflict(k, j int, st *Stmt, ctx *exprCtx) int {
	c := &st.Conflict
	switch p.kw(k + 1) {
	case "conflict":
		k += 2
		if p.isOp(k, "(") {
			m := p.skip(k, j)
			c.Target = p.conflictTarget(k+1, m-1)
			k = m
			if p.kw(k) == "where" {
				e := p.scan(k+1, j, stopDo|stopClause)
				c.TargetWhere = p.condsInto(nil, k+1, e, nil)
				k = e
			}
		} else if p.kw(k) == "on" && p.kw(k+1) == "constraint" {
			c.Constraint = p.norm(k + 2)
			k += 3
		}
		if p.kw(k) != "do" {
			p.partial = true
			return p.scan(k, j, stopClause)
		}
		switch p.kw(k + 1) {
		case "nothing":
			c.Action = ConflictDoNothing
			k += 2
		case "update":
			c.Action = ConflictDoUpdate
			k += 2
			if p.kw(k) == "set" {
				e := p.scan(k+1, j, stopClause)
				c.Set = p.assigns(k+1, e, ctx, st.Table)
				k = e
			}
			if p.kw(k) == "where" {
				e := p.scan(k+1, j, stopClause)
				c.Where = p.condsInto(nil, k+1, e, ctx)
				k = e
			}
		default:
			p.partial = true
		}
	case "duplicate":
		k += 2
		if p.kw(k) == "key" {
			k++
		}
		if p.kw(k) == "update" {
			k++
		}
		c.Action = ConflictDuplicateKeyUpdate
		ctx.values = true
		e := p.scan(k, j, stopClause)
		c.Set = p.assigns(k, e, ctx, st.Table)
		k = e
	default:
		p.partial = true
		return j
	}
	return k
}

// conflictTarget reads the index elements of ON CONFLICT (...): column
// names, or the text of an expression element.
func (p *parser) conflictTarget(k, j int) []string {
	var out []string
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			switch {
			case p.isName(k) && (e == k+1 || p.kw(k+1) == "collate" || e == k+2 && p.kind(k+1) == tIdent):
				out = append(out, p.norm(k)) // a, a COLLATE "C", a text_pattern_ops
			case p.isOp(k, "(") && p.match[k] == k+2 && p.isName(k+1):
				out = append(out, p.norm(k+1))
			default:
				out = append(out, p.text(k, e)) // lower(email)
			}
		}
		k = e + 1
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// nameList reads a comma-separated list of column names, keeping the last
// part of qualified ones.
func (p *parser) nameList(k, j int) []string {
	var out []string
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			switch {
			case p.kind(e-1) == tHole:
				p.partial = true
				out = append(out, Hole)
			default:
				out = append(out, p.norm(e-1))
			}
		}
		k = e + 1
	}
	return out
}

// exprList summarizes a comma-separated list of expressions.
func (p *parser) exprList(k, j int, ctx *exprCtx) []Expr {
	var out []Expr
	for k < j {
		e := p.scan(k, j, stopComma)
		v, _ := p.expr(k, e, ctx)
		out = append(out, v)
		k = e + 1
	}
	return out
}

// updateStmt summarizes UPDATE at i.
func (p *parser) updateStmt(i, j int, st *Stmt) {
	st.Kind = KindUpdate
	k := i + 1
mods:
	for k < j {
		switch p.kw(k) {
		case "low_priority", "high_priority", "delayed", "ignore":
			k++
		case "or":
			k += 2
		default:
			break mods
		}
	}
	k = p.fromList(k, j, st, stopSet)
	if len(st.From) > 0 {
		st.Table = st.From[0]
	}
	if p.kw(k) == "set" {
		e := p.scan(k+1, j, stopClause)
		st.Set = p.assigns(k+1, e, nil, st.Table)
		k = e
	} else {
		p.partial = true
	}
	p.clauses(k, j, st)
}

// deleteStmt summarizes DELETE at i.
func (p *parser) deleteStmt(i, j int, st *Stmt) {
	st.Kind = KindDelete
	k := i + 1
	for k < j {
		switch p.kw(k) {
		case "low_priority", "high_priority", "delayed", "quick", "ignore":
			k++
			continue
		}
		break
	}
	var targets []TableRef
	if p.kw(k) == "from" {
		k = p.fromList(k+1, j, st, stopUsing)
		targets = st.From
		if p.kw(k) == "using" {
			// MySQL's DELETE FROM t1 USING t1 JOIN t2 names the targets
			// again in USING; PostgreSQL's USING adds tables.
			using := &Stmt{}
			k = p.fromList(k+1, j, using, 0)
			if containsAll(using.From, targets) {
				st.From = using.From
			} else {
				st.From = append(st.From[:len(st.From):len(st.From)], using.From...)
			}
		}
	} else {
		// MySQL: DELETE t1[.*], t2 FROM t1 JOIN t2 ...
		for k < j && p.kw(k) != "from" {
			if p.isAnyName(k) || p.kind(k) == tHole {
				var ref TableRef
				ref, k = p.qualifiedName(k, j)
				targets = append(targets, ref)
				if p.isOp(k, ".") && p.isOp(k+1, "*") {
					k += 2
				}
				continue
			}
			k++
		}
		if p.kw(k) == "from" {
			k = p.fromList(k+1, j, st, 0)
		}
	}
	if len(targets) > 0 {
		st.Table = resolve(targets[0], st.From)
	}
	p.clauses(k, j, st)
}

// containsAll reports whether every target names a table of from.
func containsAll(from, targets []TableRef) bool {
	for _, t := range targets {
		found := false
		for _, f := range from {
			if f.Name == t.Name && f.Schema == t.Schema || t.Schema == "" && t.Name == f.Alias && f.Alias != "" {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// resolve maps a DELETE target that names an alias to its table.
func resolve(t TableRef, from []TableRef) TableRef {
	if t.Schema == "" && t.Alias == "" {
		for _, f := range from {
			if f.Alias != "" && f.Alias == t.Name {
				return f
			}
		}
		for _, f := range from {
			if f.Alias == "" && f.Name == t.Name {
				return f
			}
		}
	}
	return t
}

// isolation finds ISOLATION LEVEL ... in [k, j).
func (p *parser) isolation(k, j int) Isolation {
	for ; k < j; k++ {
		if p.kw(k) == "isolation" && p.kw(k+1) == "level" {
			return p.level(k+2, j)
		}
	}
	return IsolationNone
}

func (p *parser) level(k, j int) Isolation {
	switch p.kw(k) {
	case "serializable":
		return IsolationSerializable
	case "repeatable":
		return IsolationRepeatableRead
	case "read":
		switch p.kw(k + 1) {
		case "committed":
			return IsolationReadCommitted
		case "uncommitted":
			return IsolationReadUncommitted
		}
	}
	return IsolationNone
}

// levelText reads an isolation level from a setting value: 'serializable',
// 'read committed', 'REPEATABLE-READ'.
func levelText(s string) Isolation {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("-", " ", "_", " ").Replace(s)
	switch strings.Join(strings.Fields(s), " ") {
	case "serializable":
		return IsolationSerializable
	case "repeatable read":
		return IsolationRepeatableRead
	case "read committed":
		return IsolationReadCommitted
	case "read uncommitted":
		return IsolationReadUncommitted
	}
	return IsolationNone
}

// setStmt summarizes SET at i: SET [SESSION|LOCAL|GLOBAL] TRANSACTION ...,
// SET SESSION CHARACTERISTICS AS TRANSACTION ..., the isolation settings
// (transaction_isolation, default_transaction_isolation, tx_isolation) and
// any other SET.
func (p *parser) setStmt(i, j int, st *Stmt) {
	st.Kind = KindOther
	k := i + 1
	switch p.kw(k) {
	case "session", "local", "global", "persist":
		k++
	}
	if p.kw(k) == "characteristics" || p.kw(k) == "transaction" {
		st.Kind = KindSetTransaction
		st.Isolation = p.isolation(k, j)
		return
	}
	if p.kind(k) != tIdent {
		return
	}
	name := lower(p.src[p.toks[k].start:p.toks[k].end])
	name = strings.TrimPrefix(name, "@@")
	k++
	for p.isOp(k, ".") && p.kind(k+1) == tIdent {
		name = lower(p.src[p.toks[k+1].start:p.toks[k+1].end])
		k += 2
	}
	switch name {
	case "transaction_isolation", "default_transaction_isolation", "tx_isolation":
	default:
		return
	}
	if !p.isOp(k, "=") && p.kw(k) != "to" {
		return
	}
	k++
	st.Kind = KindSetTransaction
	switch p.kind(k) {
	case tString:
		s := p.src[p.toks[k].start:p.toks[k].end]
		if i := strings.IndexByte(s, '\''); i >= 0 {
			s = strings.Trim(s[i:], "'")
		}
		st.Isolation = levelText(s)
	case tIdent:
		st.Isolation = levelText(p.text(k, p.scan(k, j, stopComma)))
	}
}

// lockStmt summarizes LOCK [TABLE] t [IN mode MODE] [NOWAIT] and MySQL's
// LOCK TABLES t [[AS] a] READ|WRITE, ....
func (p *parser) lockStmt(i, j int, st *Stmt) {
	st.Kind = KindLockTable
	k := i + 1
	if p.kw(k) == "table" || p.kw(k) == "tables" {
		k++
	}
	for k < j {
		if p.kw(k) == "only" {
			k++
		}
		if !p.isAnyName(k) && p.kind(k) != tHole {
			break
		}
		var ref TableRef
		ref, k = p.qualifiedName(k, j)
		if p.isOp(k, "*") {
			k++
		}
		if p.kw(k) == "as" && p.isAnyName(k+1) {
			ref.Alias = p.norm(k + 1)
			k += 2
		}
		st.From = append(st.From, ref)
		k = p.scan(k, j, stopComma)
		if !p.isOp(k, ",") {
			break
		}
		k++
	}
	if len(st.From) > 0 {
		st.Table = st.From[0]
	}
}

// advisoryFuncs lists the advisory and named lock functions.
var advisoryFuncs = map[string]Advisory{
	"pg_advisory_lock":                 {Func: "pg_advisory_lock"},
	"pg_advisory_lock_shared":          {Func: "pg_advisory_lock_shared"},
	"pg_advisory_xact_lock":            {Func: "pg_advisory_xact_lock", Xact: true},
	"pg_advisory_xact_lock_shared":     {Func: "pg_advisory_xact_lock_shared", Xact: true},
	"pg_try_advisory_lock":             {Func: "pg_try_advisory_lock", Try: true},
	"pg_try_advisory_lock_shared":      {Func: "pg_try_advisory_lock_shared", Try: true},
	"pg_try_advisory_xact_lock":        {Func: "pg_try_advisory_xact_lock", Xact: true, Try: true},
	"pg_try_advisory_xact_lock_shared": {Func: "pg_try_advisory_xact_lock_shared", Xact: true, Try: true},
	"get_lock":                         {Func: "get_lock", Try: true},
}

// advisory finds the advisory lock calls among tokens [i, j).
func (p *parser) advisory(i, j int) []Advisory {
	var out []Advisory
	for k := i; k < j; k++ {
		t := &p.toks[k]
		if t.kind != tIdent || t.kw != "" || t.end-t.start > 32 || t.end-t.start < 8 || !p.isOp(k+1, "(") {
			continue
		}
		var buf [32]byte
		s := p.src[t.start:t.end]
		for x := 0; x < len(s); x++ {
			c := s[x]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[x] = c
		}
		a, ok := advisoryFuncs[string(buf[:len(s)])]
		if !ok {
			continue
		}
		m := p.skip(k+1, j)
		a.Args = p.exprList(k+2, m-1, nil)
		if a.Func == "get_lock" && len(a.Args) == 2 && strings.HasPrefix(a.Args[1].Text, "-") && a.Args[1].Kind == ExprConst {
			a.Try = false // a negative timeout waits forever
		}
		out = append(out, a)
	}
	return out
}
