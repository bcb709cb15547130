package sqltext

import "strings"

// exprCtx says how to read the proposed row of an upsert inside an
// expression.
type exprCtx struct {
	excl     string   // the qualifier naming the proposed row: "excluded", or MySQL's row alias
	exclCols []string // MySQL's row alias column names: AS new(a, b)
	insCols  []string // the INSERT's columns, aligned with exclCols
	values   bool     // VALUES(c) names the proposed row (ON DUPLICATE KEY UPDATE)
}

// isExcluded reports whether the column qual.name names the proposed row:
// EXCLUDED.c, new.c of MySQL's row alias, or a column alias of AS new(a, b)
// written alone.
func (ctx *exprCtx) isExcluded(qual, name string) bool {
	if ctx == nil || ctx.excl == "" {
		return false
	}
	if qual != "" {
		return strings.EqualFold(qual, ctx.excl)
	}
	for _, c := range ctx.exclCols {
		if strings.EqualFold(c, name) {
			return true
		}
	}
	return false
}

// ref is a column reference inside an expression.
type ref struct{ name, qual string }

// Walk flags.
const (
	wRef   = 1 << iota // a column reference
	wParam             // a placeholder
	wSub               // a subquery
	wHole              // a hole
	wExcl              // a reference to the proposed row of an upsert
	wOther             // anything that is neither a literal nor a pure function
	wStar              // * or t.*
)

// walk collects the column references of tokens [i, j), outside subqueries.
func (p *parser) walk(i, j int, ctx *exprCtx, refs []ref) ([]ref, int) {
	fl := 0
	skipAt := -1
	for k := i; k < j; k++ {
		if k == skipAt {
			continue
		}
		t := &p.toks[k]
		switch t.kind {
		case tParam:
			fl |= wParam
			continue
		case tHole:
			fl |= wHole
			continue
		case tOp:
			switch p.src[t.start:t.end] {
			case "(":
				if p.isSubquery(k) {
					fl |= wSub
					k = p.skip(k, j) - 1
				}
			case "::":
				k = p.skipType(k+1, j) - 1
			case "*":
				if j == i+1 {
					fl |= wStar
				}
			}
			continue
		case tString, tNumber:
			continue
		}
		if t.kind == tIdent && p.src[t.start] == '@' {
			fl |= wOther // @@system_variable
			continue
		}
		if t.kind == tIdent && t.kw != "" {
			switch t.kw {
			case "as": // CAST(x AS type)
				k = p.skipType(k+1, j) - 1
				continue
			case "interval":
				// INTERVAL 1 DAY, INTERVAL ? MINUTE
				if k+2 < j && p.isUnit(k+2) {
					switch p.kind(k + 1) {
					case tString, tNumber, tParam:
						skipAt = k + 2
					}
				}
				continue
			case "at":
				if p.kw(k+1) == "time" && p.kw(k+2) == "zone" {
					k += 2
				}
				continue
			case "values":
				if p.isOp(k+1, "(") && ctx != nil && ctx.values {
					fl |= wExcl
					k = p.skip(k+1, j) - 1
				}
				continue
			case "extract":
				if p.isOp(k+1, "(") {
					skipAt = k + 2 // EXTRACT(YEAR FROM x)
				}
				continue
			}
			if t.flags&kNoRef != 0 {
				continue
			}
		}
		// A name chain: c, t.c, s.t.c, t.*, f(...), s.f(...).
		e := k + 1
		for p.dotted(e, j) || e+1 < j && p.isOp(e, ".") && p.isOp(e+1, "*") {
			e += 2
		}
		last := e - 1
		switch {
		case p.isOp(e, "("):
			k = last // a function call: its arguments are walked on
			fl |= wOther
			continue
		case p.isOp(last, "*"):
			k = last
			fl |= wStar
			continue
		case e == k+1 && p.kind(e) == tString:
			k = e // a typed literal: DATE '2024-01-01'
			continue
		}
		r := ref{name: p.norm(last)}
		if last > k {
			r.qual = p.norm(last - 2)
		}
		k = last
		if ctx.isExcluded(r.qual, r.name) {
			fl |= wExcl
			continue
		}
		if p.kind(last) == tHole {
			fl |= wHole
			continue
		}
		fl |= wRef
		refs = append(refs, r)
	}
	return refs, fl
}

// isUnit reports whether token k is an interval unit (DAY, HOUR_MINUTE ...).
func (p *parser) isUnit(k int) bool {
	if p.kind(k) != tIdent {
		return false
	}
	s := lower(p.src[p.toks[k].start:p.toks[k].end])
	switch strings.TrimSuffix(s, "s") {
	case "microsecond", "millisecond", "second", "minute", "hour", "day", "week", "month",
		"quarter", "year", "decade", "century", "millennium":
		return true
	}
	return strings.Contains(s, "_") && (strings.HasSuffix(s, "second") || strings.HasSuffix(s, "minute") ||
		strings.HasSuffix(s, "hour") || strings.HasSuffix(s, "day") || strings.HasSuffix(s, "month"))
}

// skipType returns the index after a type name at k: int, varchar(10),
// numeric(10, 2)[], double precision, timestamp(3) with time zone, s.t.
func (p *parser) skipType(k, j int) int {
	for k < j && p.isAnyName(k) {
		k++
		if p.dotted(k, j) {
			k++
			continue
		}
		break
	}
	words := func() {
		for k < j && p.kind(k) == tIdent {
			switch lower(p.src[p.toks[k].start:p.toks[k].end]) {
			case "precision", "varying", "with", "without", "time", "zone", "unsigned", "signed":
				k++
				continue
			}
			break
		}
	}
	words()
	if p.isOp(k, "(") {
		k = p.skip(k, j)
		words()
	}
	for k < j && p.isOp(k, "[") {
		k = p.skip(k, j)
	}
	return k
}

// operand is the shape of an operand or of a whole expression.
type operand struct {
	kind  ExprKind
	col   string // ExprColumn, ExprExcluded, and ExprArith's column
	qual  string // ExprColumn's qualifier
	op    string // ExprArith
	param int    // index into p.params of ExprParam or ExprArith's operand, or -1
	end   int    // the index after the operand
}

// operand reads one operand at k: a placeholder, literal, column, function
// call, parenthesized expression, CAST, CASE ..., with its postfix casts.
func (p *parser) operand(k, j int, ctx *exprCtx) operand {
	o := operand{kind: ExprOther, param: -1, end: k + 1}
	if k >= j {
		o.end = j
		return o
	}
	t := &p.toks[k]
	switch t.kind {
	case tParam:
		o.kind, o.param = ExprParam, t.param
	case tNumber, tString:
		o.kind = ExprConst
	case tHole:
		o.kind = ExprHole
	case tOp:
		switch p.src[t.start:t.end] {
		case "(":
			m := p.skip(k, j)
			if !p.isSubquery(k) && m-1 > k+1 && p.depth < maxDepth {
				p.depth++
				in := p.classify(k+1, m-1, ctx)
				p.depth--
				switch in.kind {
				case ExprParam, ExprConst, ExprColumn, ExprExcluded, ExprHole:
					o = in
				}
			}
			o.end = m
		case "-", "+":
			if p.kind(k+1) == tNumber {
				o.kind, o.end = ExprConst, k+2
			} else if p.depth < maxDepth {
				p.depth++
				o.end = p.operand(k+1, j, ctx).end
				p.depth--
			}
		}
	case tIdent, tQIdent:
		o = p.nameOperand(k, j, ctx)
	}
	// Postfix casts, subscripts and collations.
	for o.end < j {
		switch {
		case p.isOp(o.end, "::"):
			o.end = p.skipType(o.end+1, j)
			continue
		case p.isOp(o.end, "["):
			o.end = p.skip(o.end, j)
			if o.kind != ExprConst {
				o.kind = ExprOther
			}
			continue
		case p.kw(o.end) == "collate" && o.end+1 < j:
			o.end += 2
			continue
		}
		break
	}
	return o
}

// nameOperand reads an operand that starts with a word at k.
func (p *parser) nameOperand(k, j int, ctx *exprCtx) operand {
	o := operand{kind: ExprOther, param: -1, end: k + 1}
	t := &p.toks[k]
	if t.kind == tIdent && p.src[t.start] == '@' {
		return o
	}
	if t.kind == tIdent && t.kw != "" {
		switch {
		case t.flags&kLit != 0:
			if p.isOp(k+1, "(") {
				o.end = p.skip(k+1, j) // CURRENT_TIMESTAMP(6)
			} else if t.kw == "default" {
				o.kind = ExprDefault
				return o
			}
			o.kind = ExprConst
			return o
		case t.kw == "cast" && p.isOp(k+1, "("):
			m := p.skip(k+1, j)
			o.end = m
			as := m - 1
			for x := k + 2; x < m-1; x = p.skip(x, m-1) {
				if p.kw(x) == "as" {
					as = x
					break
				}
			}
			if as > k+2 && p.depth < maxDepth {
				p.depth++
				in := p.classify(k+2, as, ctx)
				p.depth--
				switch in.kind {
				case ExprParam, ExprConst, ExprColumn, ExprExcluded:
					in.end = m
					return in
				}
			}
			return o
		case t.kw == "interval":
			o.kind = ExprConst
			switch p.kind(k + 1) {
			case tString, tNumber:
				o.end = k + 2
			case tParam:
				o.kind, o.end = ExprOther, k+2
			}
			if p.isUnit(o.end) {
				o.end++
			}
			return o
		case t.kw == "values" && p.isOp(k+1, "("):
			m := p.skip(k+1, j)
			o.end = m
			if ctx != nil && ctx.values && m == k+4 && p.isAnyName(k+2) {
				o.kind, o.col = ExprExcluded, p.norm(k+2)
			}
			return o
		case t.kw == "case":
			o.end = p.caseEnd(k+1, j)
			return o
		case t.flags&kNoRef != 0:
			if p.isOp(k+1, "(") {
				o.end = p.skip(k+1, j) // EXISTS (...), ARRAY(...), ROW(...)
			} else if t.kw == "array" && p.isOp(k+1, "[") {
				o.end = p.skip(k+1, j)
			}
			return o
		}
	}
	e := k + 1
	for p.dotted(e, j) {
		e += 2
	}
	switch {
	case p.isOp(e, "("):
		o.end = p.skip(e, j)
		return o
	case p.isOp(e, ".") && p.isOp(e+1, "*"):
		o.end = e + 2
		return o
	case e == k+1 && p.kind(e) == tString && t.kind == tIdent:
		o.kind, o.end = ExprConst, e+1 // DATE '2024-01-01'
		return o
	}
	o.end = e
	last := e - 1
	if p.kind(last) == tHole {
		o.kind = ExprHole
		return o
	}
	o.kind, o.col = ExprColumn, p.norm(last)
	if last > k {
		o.qual = p.norm(last - 2)
	}
	if ctx.isExcluded(o.qual, o.col) {
		o.kind, o.qual = ExprExcluded, ""
		for x, c := range ctx.exclCols {
			if strings.EqualFold(c, o.col) && x < len(ctx.insCols) {
				o.col = ctx.insCols[x]
			}
		}
	}
	return o
}

// caseEnd returns the index after the END that closes a CASE whose body
// starts at k.
func (p *parser) caseEnd(k, j int) int {
	n := 1
	for k < j {
		switch p.kw(k) {
		case "case":
			n++
		case "end":
			n--
			if n == 0 {
				return k + 1
			}
		}
		k = p.skip(k, j)
	}
	p.partial = true
	return j
}

// arithOps are the operators of ExprArith.
func isArith(op string) bool {
	switch op {
	case "+", "-", "*", "/", "||":
		return true
	}
	return false
}

// classify returns the shape of the expression [i, j).
func (p *parser) classify(i, j int, ctx *exprCtx) operand {
	if p.isOp(i, "(") && p.match[i] == j-1 && j-i > 2 && !p.isSubquery(i) && p.depth < maxDepth {
		p.depth++
		defer func() { p.depth-- }()
		return p.classify(i+1, j-1, ctx) // (c + 1)
	}
	a := p.operand(i, j, ctx)
	if a.end >= j {
		a.end = j
		return a
	}
	other := operand{kind: ExprOther, param: -1, end: j}
	op := p.opText(a.end)
	if !isArith(op) {
		return other
	}
	b := p.operand(a.end+1, j, ctx)
	if b.end < j {
		return other
	}
	simple := func(o operand) bool {
		switch o.kind {
		case ExprParam, ExprConst, ExprColumn, ExprExcluded:
			return true
		}
		return false
	}
	r := operand{kind: ExprArith, op: op, param: -1, end: j}
	switch {
	case a.kind == ExprColumn && simple(b):
		r.col, r.qual, r.param = a.col, a.qual, b.param
	case b.kind == ExprColumn && simple(a):
		r.col, r.qual, r.param = b.col, b.qual, a.param
	default:
		return other
	}
	return r
}

// expr summarizes tokens [i, j) as a scalar expression. It also returns the
// column references with their qualifiers.
func (p *parser) expr(i, j int, ctx *exprCtx) (Expr, []ref) {
	e, refs, _ := p.exprFl(i, j, ctx)
	return e, refs
}

// exprFl is expr that also returns the walk flags of the expression.
func (p *parser) exprFl(i, j int, ctx *exprCtx) (Expr, []ref, int) {
	if i >= j {
		return Expr{}, nil, 0
	}
	e := Expr{Text: p.text(i, j), Span: p.span(i, j), Params: p.paramsIn(i, j)}
	refs, fl := p.walk(i, j, ctx, nil)
	for _, r := range refs {
		dup := false
		for _, s := range e.Refs {
			if s == r.name {
				dup = true
				break
			}
		}
		if !dup {
			e.Refs = append(e.Refs, r.name)
		}
	}
	c := p.classify(i, j, ctx)
	e.Kind = c.kind
	switch c.kind {
	case ExprParam:
		e.Param = p.params[c.param]
	case ExprColumn, ExprExcluded:
		e.Column = c.col
	case ExprArith:
		e.Column, e.Op = c.col, c.op
		if c.param >= 0 {
			e.Param = p.params[c.param]
		}
	case ExprOther:
		if fl&(wRef|wParam|wSub|wHole|wExcl|wStar) == 0 {
			e.Kind = ExprConst // now(), 1 + 2, now() - interval '1 day'
		}
		if in, fold := p.folded(i, j, ctx); fold != "" {
			e.Fold = fold // lower($1), upper(code)
			if in.kind == ExprParam {
				e.Param = p.params[in.param]
			} else {
				e.Column = in.col
			}
		}
	}
	return e, refs, fl
}

// folded reads a case-folding function applied to one column or
// placeholder at [i, j): lower(email), UPPER($1::text), (lower(c)). It
// returns the argument's shape and the function's name, lower-case, or
// "" when [i, j) is something else.
func (p *parser) folded(i, j int, ctx *exprCtx) (operand, string) {
	for p.isOp(i, "(") && p.match[i] == j-1 && j-i > 2 && !p.isSubquery(i) {
		i, j = i+1, j-1
	}
	if !(p.is(i, "lower") || p.is(i, "upper")) || !p.isOp(i+1, "(") || p.match[i+1] != j-1 || j-i < 4 || p.depth >= maxDepth {
		return operand{}, ""
	}
	p.depth++
	in := p.classify(i+2, j-1, ctx)
	p.depth--
	if in.kind != ExprColumn && in.kind != ExprParam {
		return operand{}, ""
	}
	return in, p.norm(i)
}

// condsInto appends the top-level AND conjuncts of tokens [i, j) to out.
func (p *parser) condsInto(out []Cond, i, j int, ctx *exprCtx) []Cond {
	if i >= j {
		return out
	}
	if p.depth >= maxDepth {
		p.partial = true
		return append(out, p.opaque(i, j, ctx))
	}
	p.depth++
	defer func() { p.depth-- }()
	between, cases := 0, 0
	for k := i; k < j; k = p.skip(k, j) {
		switch p.kw(k) {
		case "or", "xor":
			if cases == 0 {
				return append(out, p.opaque(i, j, ctx))
			}
		case "between":
			between++
		case "and":
			if between > 0 {
				between--
			}
		case "case":
			cases++
		case "end":
			if cases > 0 {
				cases--
			}
		}
	}
	start := i
	between, cases = 0, 0
	for k := i; k < j; k = p.skip(k, j) {
		switch p.kw(k) {
		case "between":
			between++
		case "case":
			cases++
		case "end":
			if cases > 0 {
				cases--
			}
		case "and":
			if between > 0 {
				between--
			} else if cases == 0 {
				out = p.conjunct(out, start, k, ctx)
				start = k + 1
			}
		}
	}
	return p.conjunct(out, start, j, ctx)
}

// conjunct appends the summary of one conjunct [a, b), flattening a
// parenthesized group.
func (p *parser) conjunct(out []Cond, a, b int, ctx *exprCtx) []Cond {
	if a >= b {
		p.partial = true
		return out
	}
	if p.isOp(a, "(") && p.match[a] == b-1 && !p.isSubquery(a) && !p.isTuple(a) {
		return p.condsInto(out, a+1, b-1, ctx)
	}
	return p.cond(out, a, b, ctx)
}

// isTuple reports whether the ( at k opens a row constructor (a, b).
func (p *parser) isTuple(k int) bool {
	m := p.match[k]
	if m < 0 {
		return false
	}
	return p.scan(k+1, m, stopComma) < m
}

// opaque is a conjunct the summary does not take apart.
func (p *parser) opaque(a, b int, ctx *exprCtx) Cond {
	v, _ := p.expr(a, b, ctx)
	return Cond{Value: v, Text: p.text(a, b)}
}

// mirror is the comparison with its operands swapped.
func mirror(op string) string {
	switch op {
	case "<":
		return ">"
	case ">":
		return "<"
	case "<=":
		return ">="
	case ">=":
		return "<="
	}
	return op
}

// cond appends the summary of the conjunct [a, b): col op value.
func (p *parser) cond(out []Cond, a, b int, ctx *exprCtx) []Cond {
	if c, ok := p.boolTest(a, b, ctx); ok {
		return append(out, c)
	}
	op, os, oe := "", -1, -1
	isNull := false
	for k := a; k < b && op == ""; k = p.skip(k, b) {
		t := &p.toks[k]
		switch t.kind {
		case tOp:
			switch s := p.src[t.start:t.end]; s {
			case "=", "<>", "<", "<=", ">", ">=", "<=>":
				op, os, oe = s, k, k+1
			case "!=":
				op, os, oe = "<>", k, k+1
			case "==":
				op, os, oe = "=", k, k+1
			}
		case tIdent:
			if k == a {
				continue
			}
			switch t.kw {
			case "is":
				n := k + 1
				neg := p.kw(n) == "not"
				if neg {
					n++
				}
				switch {
				case p.kw(n) == "null":
					op, os, oe, isNull = "IS NULL", k, n+1, true
					if neg {
						op = "IS NOT NULL"
					}
				case p.kw(n) == "distinct" && p.kw(n+1) == "from":
					op, os, oe = "IS DISTINCT FROM", k, n+2
					if neg {
						op = "IS NOT DISTINCT FROM"
					}
				default:
					return append(out, p.opaque(a, b, ctx))
				}
			case "isnull":
				op, os, oe, isNull = "IS NULL", k, k+1, true
			case "notnull":
				op, os, oe, isNull = "IS NOT NULL", k, k+1, true
			case "in", "like", "ilike", "between":
				op, os, oe = strings.ToUpper(t.kw), k, k+1
			case "not":
				switch p.kw(k + 1) {
				case "in", "like", "ilike", "between":
					op, os, oe = "NOT "+strings.ToUpper(p.kw(k+1)), k, k+2
				default:
					return append(out, p.opaque(a, b, ctx))
				}
			}
		}
	}
	if op == "" || os == a || (oe >= b && !isNull) {
		return append(out, p.opaque(a, b, ctx))
	}
	if isNull && oe < b {
		return append(out, p.opaque(a, b, ctx))
	}
	// (a, b) = ($1, $2): one conjunct per column.
	if op == "=" && p.isOp(a, "(") && p.match[a] == os-1 && p.isTuple(a) &&
		p.isOp(oe, "(") && p.match[oe] == b-1 && p.isTuple(oe) && !p.isSubquery(oe) {
		if conds, ok := p.tupleEq(a+1, os-1, oe+1, b-1, ctx); ok {
			text := p.text(a, b)
			for _, c := range conds {
				c.Text = text
				out = append(out, c)
			}
			return out
		}
	}
	va, vb := oe, b // the value
	switch op {
	case "=", "<>", "<", "<=", ">", ">=":
		switch p.kw(oe) {
		case "any", "some", "all":
			if p.isOp(oe+1, "(") && p.match[oe+1] == b-1 {
				if p.kw(oe) == "all" {
					op += " ALL"
				} else {
					op += " ANY"
				}
				va, vb = oe+2, b-1
			}
		}
	}
	c := Cond{Op: op, Text: p.text(a, b)}
	lhs := p.classify(a, os, ctx)
	if lhs.kind == ExprOther {
		if in, fold := p.folded(a, os, ctx); fold != "" && in.kind == ExprColumn {
			lhs, c.Fold = in, fold // lower(email) = lower($1)
		}
	}
	switch {
	case lhs.kind == ExprColumn:
		c.Column, c.Qualifier = lhs.col, lhs.qual
		if !isNull {
			c.Value, _ = p.expr(va, vb, ctx)
		}
	case va == oe && (lhs.kind == ExprParam || lhs.kind == ExprConst || lhs.kind == ExprExcluded) && mirror(op) != "" && isSymmetric(op):
		rhs := p.classify(oe, b, ctx)
		if in, fold := p.folded(oe, b, ctx); rhs.kind == ExprOther && fold != "" && in.kind == ExprColumn {
			rhs, c.Fold = in, fold // $1 = lower(email)
		}
		if rhs.kind != ExprColumn {
			return append(out, p.opaque(a, b, ctx))
		}
		c.Column, c.Qualifier, c.Op = rhs.col, rhs.qual, mirror(op)
		c.Value, _ = p.expr(a, os, ctx)
	default:
		return append(out, p.opaque(a, b, ctx))
	}
	return append(out, c)
}

// boolTest reads a conjunct that is a boolean column alone, or NOT one:
// "used" tests used = true, "NOT used" used = false (PostgreSQL, SQLite
// and MySQL spell a flag's test so: WHERE id = ? AND NOT used). The value
// is implied, so it has no span in the text.
func (p *parser) boolTest(a, b int, ctx *exprCtx) (Cond, bool) {
	s, val := a, "true"
	if p.kw(a) == "not" {
		s, val = a+1, "false"
	}
	if s >= b || p.toks[s].kind != tIdent {
		return Cond{}, false
	}
	c := p.classify(s, b, ctx)
	if c.kind != ExprColumn || c.end != b {
		return Cond{}, false
	}
	return Cond{Column: c.col, Qualifier: c.qual, Op: "=", Value: Expr{Kind: ExprConst, Text: val}, Text: p.text(a, b)}, true
}

func isSymmetric(op string) bool {
	switch op {
	case "=", "<>", "<", "<=", ">", ">=", "<=>", "IS DISTINCT FROM", "IS NOT DISTINCT FROM":
		return true
	}
	return false
}

// tupleEq pairs (a, b) = (x, y) into a = x, b = y.
func (p *parser) tupleEq(li, lj, ri, rj int, ctx *exprCtx) ([]Cond, bool) {
	var out []Cond
	for li < lj && ri < rj {
		le := p.scan(li, lj, stopComma)
		re := p.scan(ri, rj, stopComma)
		l := p.classify(li, le, ctx)
		if l.kind != ExprColumn {
			return nil, false
		}
		v, _ := p.expr(ri, re, ctx)
		out = append(out, Cond{Column: l.col, Qualifier: l.qual, Op: "=", Value: v})
		li, ri = le+1, re+1
	}
	if li < lj || ri < rj {
		return nil, false
	}
	return out, true
}

// assigns summarizes a SET list: c = v, t.c = v, (a, b) = (x, y).
func (p *parser) assigns(k, j int, ctx *exprCtx, target TableRef) []Assign {
	var out []Assign
	for k < j {
		e := p.scan(k, j, stopComma)
		out = p.assign(out, k, e, ctx, target)
		k = e + 1
	}
	return out
}

func (p *parser) assign(out []Assign, a, b int, ctx *exprCtx, target TableRef) []Assign {
	eq := -1
	for k := a; k < b; k = p.skip(k, b) {
		if p.isOp(k, "=") || p.isOp(k, ":=") {
			eq = k
			break
		}
	}
	if eq <= a {
		p.partial = true
		return out
	}
	if p.isOp(a, "(") && p.match[a] == eq-1 {
		// (a, b) = (x, y) | ROW(x, y) | (SELECT ...)
		cols := p.nameList(a+1, eq-1)
		ri, rj := -1, -1
		if p.isOp(eq+1, "(") && p.match[eq+1] == b-1 && !p.isSubquery(eq+1) {
			ri, rj = eq+2, b-1
		} else if p.kw(eq+1) == "row" && p.isOp(eq+2, "(") && p.match[eq+2] == b-1 {
			ri, rj = eq+3, b-1
		}
		for x, c := range cols {
			var v Expr
			var refs []ref
			var fl int
			if ri >= 0 {
				re := p.scan(ri, rj, stopComma)
				v, refs, fl = p.exprFl(ri, re, ctx)
				ri = re + 1
				if x == len(cols)-1 && re < rj {
					p.partial = true
				}
			} else {
				v, refs, fl = p.exprFl(eq+1, b, ctx)
			}
			a := Assign{Column: c, Class: classOf(c, "", v, refs, target), Value: v}
			if ctx != nil && ri < 0 {
				a.Upsert = UpsertOther // (a, b) = (SELECT ...): no one column's value
			} else if ctx != nil {
				a.Upsert = upsertClass(c, a.Class, v, fl&wExcl != 0)
			}
			out = append(out, a)
		}
		return out
	}
	// c, t.c, or c[1]
	lhs := p.classify(a, eq, ctx)
	col, qual := lhs.col, lhs.qual
	switch {
	case lhs.kind == ExprColumn:
	case lhs.kind == ExprHole:
		col = "" // SET %s = ?: the column is not known
	case p.isAnyName(a):
		col = p.norm(a)
	default:
		p.partial = true
		return out
	}
	v, refs, fl := p.exprFl(eq+1, b, ctx)
	class := classOf(col, qual, v, refs, target)
	if lhs.kind != ExprColumn && class != AssignParam && class != AssignConst {
		class = AssignOther
	}
	as := Assign{Column: col, Class: class, Value: v}
	if ctx != nil {
		as.Upsert = upsertClass(col, class, v, fl&wExcl != 0)
	}
	return append(out, as)
}

// classOf classifies the assignment col = v.
func classOf(col, qual string, v Expr, refs []ref, target TableRef) AssignClass {
	if v.Kind == ExprParam || isFallback(v, col) {
		return AssignParam
	}
	for _, r := range refs {
		if !strings.EqualFold(r.name, col) {
			continue
		}
		if r.qual == "" || strings.EqualFold(r.qual, qual) ||
			qual == "" && (strings.EqualFold(r.qual, target.Name) || target.Alias != "" && strings.EqualFold(r.qual, target.Alias)) {
			return AssignAtomic
		}
	}
	if v.Kind == ExprConst || v.Kind == ExprDefault {
		return AssignConst
	}
	return AssignOther
}

// upsertClass classifies the DO UPDATE assignment col = v of class class;
// proposed reports that v refers to the proposed row.
func upsertClass(col string, class AssignClass, v Expr, proposed bool) UpsertClass {
	switch {
	case class == AssignParam:
		return UpsertParam
	case v.Kind == ExprExcluded:
		return UpsertProposed
	case class == AssignAtomic && v.Kind == ExprArith && proposed && strings.EqualFold(v.Column, col):
		// t.c op EXCLUDED.x: ExprArith has a column and one simple
		// operand, here the proposed row's.
		return UpsertAccumulate
	case class == AssignConst:
		return UpsertConst
	}
	return UpsertOther
}

// isFallback reports an assignment of one application value that keeps
// the column when the value is missing:
//
//	c = COALESCE($1, c)
//	c = COALESCE(NULLIF($1, ''), c)
//	c = IFNULL(?, c)
//
// It writes the
// value the application sends (or nothing), so it is classified as
// c = $1: neither relative to the old value nor recomputed from it.
func isFallback(v Expr, col string) bool {
	if len(v.Params) != 1 || col == "" {
		return false
	}
	t := strings.TrimSpace(v.Text)
	open := strings.IndexByte(t, '(')
	if open < 0 || !strings.HasSuffix(t, ")") {
		return false
	}
	switch strings.ToUpper(strings.TrimSpace(t[:open])) {
	case "COALESCE", "IFNULL", "NVL", "ISNULL":
	default:
		return false
	}
	args := splitTop(t[open+1 : len(t)-1])
	if len(args) < 2 {
		return false
	}
	last := strings.Trim(strings.TrimSpace(args[len(args)-1]), "`\"")
	if i := strings.LastIndexByte(last, '.'); i >= 0 {
		last = strings.Trim(last[i+1:], "`\"")
	}
	if !strings.EqualFold(last, col) {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if containsWordFold(a, col) {
			return false // COALESCE(c + $1, c): relative after all
		}
	}
	return true
}

// splitTop splits s at the commas outside parentheses and quotes.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// containsWordFold reports whether s mentions the identifier w (any case)
// outside quotes, as a whole word.
func containsWordFold(s, w string) bool {
	ls, lw := strings.ToLower(s), strings.ToLower(w)
	for i := 0; ; {
		j := strings.Index(ls[i:], lw)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(ls[j-1])
		after := j+len(lw) >= len(ls) || !isWordByte(ls[j+len(lw)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}
