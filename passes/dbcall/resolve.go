package dbcall

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// text is SQL text as far as it can be known statically. Unknown pieces are
// sqltext.Hole. Param is the index of the enclosing function's parameter
// the whole text comes from (a wrapper passing its query argument on), or -1.
type text struct {
	s     string
	known bool // some constant part was seen
	param int
	// builder tells that param is a query builder whose ToSql gives the
	// text (squirrel's Sqlizer passed to navidrome's executeSQL(sq)),
	// not the text itself: the caller's builder is the statement.
	builder bool
}

// resolveText returns the SQL text a value holds: string constants,
// concatenations, fmt.Sprintf with a constant format, sqlx Rebind/In of
// text, package-level variables initialized once, and phis whose edges agree.
func (b *builder) resolveText(v ssa.Value) text {
	var memo map[ssa.Value]text
	return b.resolveTextDepth(v, 0, &memo)
}

// maxText bounds the text of one value (concatenations of concatenations
// can double it at every step).
const maxText = 64 << 10

// resolveTextDepth is resolveText with the texts of the phis and
// concatenations met so far (made on the first): each is resolved once, and
// one met again while its own operands are being resolved (a loop) is a
// hole. depth bounds the nesting of calls and concatenations.
func (b *builder) resolveTextDepth(v ssa.Value, depth int, memo *map[ssa.Value]text) text {
	hole := text{s: sqltext.Hole, param: -1}
	if depth > 16 || v == nil {
		return hole
	}
	b.spend()
	v = unwrap(v)
	switch v.(type) {
	case *ssa.Phi, *ssa.BinOp:
		if t, ok := (*memo)[v]; ok {
			return t
		}
		if *memo == nil {
			*memo = map[ssa.Value]text{}
		}
		(*memo)[v] = hole
		t := b.resolveValue(v, depth, memo)
		if len(t.s) > maxText {
			t = hole
		}
		(*memo)[v] = t
		return t
	}
	return b.resolveValue(v, depth, memo)
}

func (b *builder) resolveValue(v ssa.Value, depth int, memo *map[ssa.Value]text) text {
	hole := text{s: sqltext.Hole, param: -1}
	switch x := v.(type) {
	case *ssa.Const:
		if s, ok := constString(x); ok {
			return text{s: s, known: true, param: -1}
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			l := b.resolveTextDepth(x.X, depth+1, memo)
			r := b.resolveTextDepth(x.Y, depth+1, memo)
			return text{s: l.s + r.s, known: l.known || r.known, param: -1}
		}
	case *ssa.Parameter:
		if t, ok := b.boundParams[x]; ok {
			return t
		}
		if x.Parent() != nil {
			for i, p := range x.Parent().Params {
				if p == x {
					return text{s: sqltext.Hole, param: i}
				}
			}
		}
	case *ssa.Phi:
		var first *text
		same := true
		var texts []text
		for _, e := range x.Edges {
			t := b.resolveTextDepth(e, depth+1, memo)
			texts = append(texts, t)
			if first == nil {
				first = &t
				continue
			}
			if t.s != first.s {
				same = false
			}
		}
		// Before the edges that agree: a parameter and its rewrite may
		// both read as a hole, the parameter's marking it the caller's.
		if t, ok := b.rewrittenText(x, texts); ok {
			return t
		}
		if first != nil && same {
			return *first
		}
		if t, ok := commonPrefix(texts); ok {
			return t
		}
		return hole
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if cell, ok := x.X.(*ssa.Alloc); ok {
				// A variable a closure captures (a deferred log of
				// the query): what was stored in it.
				if v := cellValue(cell); v != nil {
					return b.resolveTextDepth(v, depth+1, memo)
				}
			}
			if g, ok := x.X.(*ssa.Global); ok {
				if s, ok := b.globalText(g); ok {
					return text{s: s, known: true, param: -1}
				}
				if s, ok := b.constVarText(g); ok {
					return text{s: s, known: true, param: -1}
				}
				if v := b.globalInit(g); v != nil {
					// var q = "SELECT ... WHERE state = " + fmt.Sprintf("%d", StateJoin):
					// the text the initializer computes, as far as it is
					// known.
					if t := b.resolveTextDepth(v, depth+1, memo); t.known {
						t.param = -1
						return t
					}
				}
			}
			if t, ok := b.markedField(x); ok {
				return t
			}
			if t, ok := b.taggedQueryText(x); ok {
				return t
			}
			// A table name the constructor sets (&Repo{tableName:
			// "webhooks"}): fmt.Sprintf("UPDATE %s ...", r.tableName).
			if s, ok := b.fieldConstant(x); ok {
				return text{s: s, known: true, param: -1}
			}
		}
	case *ssa.Field:
		if t, ok := b.markedField(x); ok {
			return t
		}
		if t, ok := b.taggedQueryText(x); ok {
			return t
		}
		if s, ok := b.fieldConstant(x); ok {
			return text{s: s, known: true, param: -1}
		}
	case *ssa.Extract:
		// sqlx.In(query, args...) returns (query, args, err).
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if t, ok := b.passThroughText(&call.Call, depth, memo); ok {
				return t
			}
			// sql, args, err := builder.ToSql(): the assembled statement.
			if st := b.builtOfToSQL(x); st != nil {
				return text{s: st.text, known: true, param: -1}
			}
			if t, ok := b.builderParamText(&call.Call); ok {
				return t
			}
		}
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && apis.DotsqlRaw(analysisutil.FuncName(&call.Call)) {
			if args := ssautil.CallArgs(&call.Call); len(args) == 1 {
				return b.byNameText(args[0])
			}
		}
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if t, ok := b.helperText(&call.Call, x.Index, depth, memo); ok {
				return t
			}
		}
	case *ssa.Call:
		if t, ok := b.passThroughText(&x.Call, depth, memo); ok {
			return t
		}
		if analysisutil.FuncName(&x.Call) == "fmt.Sprintf" && len(x.Call.Args) >= 1 {
			return b.sprintf(&x.Call, depth, memo)
		}
		if t, ok := b.helperText(&x.Call, 0, depth, memo); ok {
			return t
		}
		if s, ok := b.typeTableName(&x.Call); ok {
			return text{s: s, known: true, param: -1}
		}
		// A model's table spelled in the text: User{}.TableName(), or
		// pop's (&pop.Model{Value: User{}}).TableName().
		if t := b.tableNameCall(x); t != "" {
			return text{s: t, known: true, param: -1}
		}
		if t := b.popModelTableName(&x.Call); t != "" {
			return text{s: t, known: true, param: -1}
		}
		switch analysisutil.FuncName(&x.Call) {
		case "strings.Join":
			return b.joinText(&x.Call, depth, memo)
		case "(*strings.Builder).String", "(*bytes.Buffer).String":
			if len(x.Call.Args) == 1 {
				return b.builderText(x, unwrap(x.Call.Args[0]), depth, memo)
			}
		}
	}
	return hole
}

// rewrittenText reads a phi of a text and that text rewritten as the
// text itself: a helper that turns the placeholders of its query into the
// dialect's on one branch, built rune by rune, and returns it unchanged on
// the other (semaphore's prepareQueryWithDialect):
//
//	switch dialect.(type) {
//	case gorp.PostgresDialect:
//		var b strings.Builder
//		for _, r := range query { ... b.WriteString("$" + strconv.Itoa(n)) ... }
//		query = b.String()
//	}
//	return query
//
// One edge must be a parameter of the function (or a text the caller
// bound to it), and every other edge a text computed from that parameter,
// so a choice between two statements is never read as one of them; an
// edge that extends the text (a filter appended) is no rewrite either.
func (b *builder) rewrittenText(phi *ssa.Phi, texts []text) (text, bool) {
	src := -1
	for i, e := range phi.Edges {
		if _, ok := unwrap(e).(*ssa.Parameter); ok && isString(e.Type()) {
			if src >= 0 && unwrap(phi.Edges[src]) != unwrap(e) {
				return text{}, false
			}
			src = i
		}
	}
	if src < 0 || !texts[src].known && texts[src].param < 0 {
		return text{}, false
	}
	param := unwrap(phi.Edges[src])
	for i, e := range phi.Edges {
		if unwrap(e) == param {
			continue
		}
		if bin, ok := unwrap(e).(*ssa.BinOp); ok && bin.Op == token.ADD {
			return text{}, false // query += " AND kind = $2": an extension, whose common prefix is read
		}
		if texts[src].known && strings.HasPrefix(texts[i].s, texts[src].s) {
			return text{}, false // the text and more, written into a buffer: likewise
		}
		if texts[i].param >= 0 || !b.computedFrom(e, param) {
			return text{}, false
		}
	}
	return texts[src], true
}

// computedFrom reports whether v is computed from src: src is among the
// operands of the instructions that compute v, followed back, and the
// values written into a buffer (the arguments of the calls given the
// address of a strings.Builder whose String() v is). It visits at most
// maxComputed values.
func (b *builder) computedFrom(v, src ssa.Value) bool {
	const maxComputed = 256
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 && len(seen) < maxComputed {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == nil || seen[x] {
			continue
		}
		seen[x] = true
		b.spend()
		if x == src {
			return true
		}
		if a, ok := x.(*ssa.Alloc); ok && a.Referrers() != nil {
			for _, r := range *a.Referrers() {
				if c, ok := r.(ssa.CallInstruction); ok {
					work = append(work, c.Common().Args...)
				}
			}
			continue
		}
		instr, ok := x.(ssa.Instruction)
		if !ok {
			continue
		}
		work = slices.AppendSeq(work, ssautil.Operands(instr))
	}
	return false
}

// passThroughText resolves calls that return their SQL argument rewritten
// (sqlx Rebind and In, strings.TrimSpace).
func (b *builder) passThroughText(call *ssa.CallCommon, depth int, memo *map[ssa.Value]text) (text, bool) {
	name := analysisutil.FuncName(call)
	switch name {
	case "(*regexp.Regexp).ReplaceAllStringFunc", "(*regexp.Regexp).ReplaceAllString", "(*regexp.Regexp).ReplaceAllLiteralString":
		// navidrome's toSQL turns the ? of its builder's text into dbx's
		// {:pN}, one per argument in order: the caller's text, rewritten
		// placeholder for placeholder. A known text rewritten so is not
		// read.
		if len(call.Args) < 2 {
			return text{}, false
		}
		if t := b.resolveTextDepth(call.Args[1], depth+1, memo); t.param >= 0 && !t.known {
			return t, true
		}
		return text{s: sqltext.Hole, param: -1}, true
	case "strings.TrimSpace", "strings.TrimSuffix", "strings.ToUpper":
		if len(call.Args) > 0 {
			return b.resolveTextDepth(call.Args[0], depth+1, memo), true
		}
	case "strings.ReplaceAll", "strings.Replace":
		// A placeholder of the application's in a statement filled in
		// per call (listmonk's strings.ReplaceAll(q.QueryBounces,
		// "%order%", orderBy+" "+order)): the text with the replacement,
		// a hole where it is not constant.
		if len(call.Args) < 3 {
			return text{}, false
		}
		t := b.resolveTextDepth(call.Args[0], depth+1, memo)
		old, ok := constString(call.Args[1])
		if !ok || old == "" {
			return text{s: sqltext.Hole, param: -1}, true
		}
		piece := b.resolveTextDepth(call.Args[2], depth+1, memo).s
		if strings.Contains(piece, sqltext.Hole) {
			piece = sqltext.Hole
		}
		t.s = strings.ReplaceAll(t.s, old, piece)
		return t, true
	}
	if apis.PopQuote(name) && len(call.Args) == 1 {
		// conn.Dialect.Quote(table): the name, which the statement reads
		// alike quoted or not.
		return b.resolveTextDepth(call.Args[0], depth+1, memo), true
	}
	if meth, ok := methodOf(call); ok && meth.Op == opRebind {
		args := ssautil.CallArgs(call)
		if meth.SQL >= 0 && meth.SQL < len(args) {
			return b.resolveTextDepth(args[meth.SQL], depth+1, memo), true
		}
	}
	return text{}, false
}

// helperText resolves the text result i of a call to a function of this
// package that returns a string built from its parameters, with the
// call's arguments for them: listmonk's
//
//	func makeSearchQuery(search, orderBy, order, query string, ...) (string, string) {
//		...
//		query = strings.ReplaceAll(query, "%order%", orderBy+" "+order)
//		return search, query
//	}
//
// called with a statement read from queries.sql. Returns that disagree
// keep their common prefix (commonPrefix); a text of no known part is no
// answer.
func (b *builder) helperText(call *ssa.CallCommon, i, depth int, memo *map[ssa.Value]text) (text, bool) {
	return b.helperResult(call, i, depth, memo, false)
}

// helperResult is helperText, or with prepared the text of the statement
// result i is prepared from (prepareWithFilters(db, txn, query, ...)
// returning db.Prepare(query + filters)).
func (b *builder) helperResult(call *ssa.CallCommon, i, depth int, memo *map[ssa.Value]text, prepared bool) (text, bool) {
	callee := call.StaticCallee()
	if callee == nil || callee.Pkg != b.ssaPkg || callee.Blocks == nil || b.boundParams != nil && len(b.boundParams) > 64 || depth > 8 {
		return text{}, false
	}
	res := callee.Signature.Results()
	if i >= res.Len() || !prepared && !isString(res.At(i).Type()) || prepared && !isStmtType(res.At(i).Type()) {
		return text{}, false
	}
	if len(call.Args) != len(callee.Params) {
		return text{}, false
	}
	for _, p := range callee.Params {
		if _, ok := b.boundParams[p]; ok {
			return text{}, false // recursion
		}
	}
	saved := b.boundParams
	bound := map[*ssa.Parameter]text{}
	for k, v := range saved {
		bound[k] = v
	}
	for k, p := range callee.Params {
		if isString(p.Type()) {
			bound[p] = b.resolveTextDepth(call.Args[k], depth+1, memo)
		} else if isBuilderType(p.Type()) {
			bound[p] = b.builderArg(call.Args[k])
		}
	}
	b.boundParams = bound
	defer func() { b.boundParams = saved }()
	var texts []text
	var inner map[ssa.Value]text // the helper's own values, under these bindings
	for _, blk := range callee.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			if prepared {
				if isNil(ret.Results[i]) {
					continue // the error return
				}
				texts = append(texts, b.preparedText(ret.Results[i]))
				continue
			}
			if s, ok := constString(ret.Results[i]); ok && s == "" && errReturn(ret) {
				continue // return "", nil, err: no statement
			}
			texts = append(texts, b.resolveTextDepth(ret.Results[i], depth+1, &inner))
		}
	}
	if len(texts) == 0 {
		return text{}, false
	}
	t, same := texts[0], true
	for _, u := range texts[1:] {
		same = same && u.s == t.s
	}
	if !same {
		var ok bool
		if t, ok = commonPrefix(texts); !ok {
			return text{}, false
		}
	}
	if !t.known {
		if t.param >= 0 && t.s == sqltext.Hole && !prepared {
			// The caller's own query parameter, handed back as it was
			// given (or rewritten: rewrittenText): the caller passes
			// its text on.
			return t, true
		}
		return text{}, false
	}
	t.param = -1
	return t, true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// sprintf formats a constant format string, with Hole for each verb whose
// argument is not a constant.
func (b *builder) sprintf(call *ssa.CallCommon, depth int, memo *map[ssa.Value]text) text {
	format, ok := constString(call.Args[0])
	if !ok {
		return text{s: sqltext.Hole, param: -1}
	}
	var args []ssa.Value
	if len(call.Args) > 1 {
		args, _ = variadicArgs(call.Args[1])
	}
	var out strings.Builder
	argi := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			out.WriteByte('%')
			i++
			continue
		}
		// Skip flags, width and precision up to the verb.
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[j]) >= 0 {
			j++
		}
		i = j
		var piece string
		if argi < len(args) && args[argi] != nil {
			t := b.resolveTextDepth(args[argi], depth+1, memo)
			if !strings.Contains(t.s, sqltext.Hole) {
				piece = t.s
			}
			if c, ok := unwrap(args[argi]).(*ssa.Const); ok && c.Value != nil && piece == "" {
				piece = c.Value.ExactString()
			}
		}
		argi++
		if piece == "" {
			piece = sqltext.Hole
		}
		out.WriteString(piece)
	}
	return text{s: out.String(), known: true, param: -1}
}

// globalText returns the constant string a package-level variable of this
// package is initialized to, when it is stored exactly once (in init).
func (b *builder) globalText(g *ssa.Global) (string, bool) {
	if g.Pkg == nil || g.Pkg != b.ssaPkg || g.Referrers() == nil {
		return "", false // no referrers recorded (the package's init not built)
	}
	var val ssa.Value
	for _, r := range *g.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == g {
			if val != nil {
				return "", false
			}
			val = st.Val
		}
	}
	if val == nil {
		return "", false
	}
	return constString(val)
}

// constVarText returns the text of a package-level string variable of
// this package whose initializer is a constant expression (var q =
// "SELECT id FROM users " + "WHERE email = $1") and that no function of
// the package assigns. Such initializers run no code, so the SSA package
// initializer leaves them out (ssabuild's withoutInertInits): the value is
// the type checker's.
func (b *builder) constVarText(g *ssa.Global) (string, bool) {
	obj, ok := g.Object().(*types.Var)
	if !ok || g.Pkg == nil || g.Pkg != b.ssaPkg {
		return "", false
	}
	if b.varConsts == nil {
		b.varConsts = map[*types.Var]string{}
		for _, init := range b.pass.TypesInfo.InitOrder {
			if len(init.Lhs) != 1 {
				continue
			}
			tv, ok := b.pass.TypesInfo.Types[init.Rhs]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			b.varConsts[init.Lhs[0]] = constant.StringVal(tv.Value)
		}
		// A variable some function assigns is no constant.
		for _, fn := range b.srcFuncs {
			for _, blk := range fn.Blocks {
				for _, instr := range blk.Instrs {
					if st, ok := instr.(*ssa.Store); ok {
						if sg, ok := st.Addr.(*ssa.Global); ok {
							if v, ok := sg.Object().(*types.Var); ok {
								delete(b.varConsts, v)
							}
						}
					}
				}
			}
		}
	}
	s, ok := b.varConsts[obj]
	return s, ok
}

// globalInit returns the one value the initializer of a package-level
// string variable of this package stores into it, or nil.
func (b *builder) globalInit(g *ssa.Global) ssa.Value {
	if g.Pkg == nil || g.Pkg != b.ssaPkg {
		return nil
	}
	if ptr, ok := g.Type().(*types.Pointer); !ok || !isString(ptr.Elem()) {
		return nil
	}
	return b.soleGlobalStore(g)
}

// commonPrefix resolves a phi of texts that differ, as built by
// conditional concatenation:
//
//	q := "SELECT id FROM users WHERE org_id = $1"
//	if active { q += " AND active" }     // phi(q, q + " AND active")
//	for _, f := range filters { q += f } // phi(q, <the loop's own text> + f)
//
// to their common prefix up to a word boundary, followed by a hole: the
// statement's kind and table are known, the rest is not. Edges that begin
// with a hole (the loop's own text, a Sprintf("%s ...")) say nothing about
// the prefix.
func commonPrefix(texts []text) (text, bool) {
	var prefix string
	n := 0
	for _, t := range texts {
		if strings.HasPrefix(t.s, sqltext.Hole) || !t.known {
			continue
		}
		if n == 0 {
			prefix = t.s
		} else {
			i := 0
			for i < len(prefix) && i < len(t.s) && prefix[i] == t.s[i] {
				i++
			}
			prefix = prefix[:i]
		}
		n++
	}
	if n == 0 {
		return text{}, false
	}
	// Cut back to a word boundary (unless every text goes on with one
	// there: "... = $1" and "... = $1 AND active"), never inside a hole.
	// (A hole is one byte.) Holes inside the prefix are shared by every
	// text: a select list joined from pieces appended under an if
	// ("SELECT id, … FROM attachment ...") with LIMIT added on one edge
	// keeps its FROM.
	const boundary = " \t\n,()"
	clean := true
	for _, t := range texts {
		if strings.HasPrefix(t.s, sqltext.Hole) || !t.known || len(t.s) == len(prefix) {
			continue
		}
		if !strings.ContainsRune(boundary, rune(t.s[len(prefix)])) && (prefix == "" || !strings.ContainsRune(boundary, rune(prefix[len(prefix)-1]))) {
			clean = false
		}
	}
	if !clean {
		if i := strings.LastIndexAny(prefix, boundary); i >= 0 {
			prefix = prefix[:i+1]
		} else {
			prefix = ""
		}
	}
	if strings.TrimSpace(prefix) == "" {
		return text{}, false
	}
	if !strings.ContainsRune(boundary, rune(prefix[len(prefix)-1])) {
		prefix += " " // what follows starts a new token ($1 AND ...)
	}
	return text{s: prefix + sqltext.Hole, known: true, param: -1}, true
}

// builderText resolves sb.String() of a strings.Builder (or bytes.Buffer)
// local to the function from the writes into it before the call, in source
// order: WriteString, WriteByte, WriteRune and fmt.Fprintf/Fprint of
// resolvable text. A write that does not always run before String (in a
// branch or a loop), or a call that is handed the builder (a helper
// appending the WHERE clause), contributes a hole.
//
//	var sb strings.Builder
//	sb.WriteString("UPDATE users SET name = $1")
//	if email != "" { sb.WriteString(", email = $3") }   // hole
//	sb.WriteString(" WHERE id = $2")
func (b *builder) builderText(str *ssa.Call, sb ssa.Value, depth int, memo *map[ssa.Value]text) text {
	hole := text{s: sqltext.Hole, param: -1}
	if _, ok := sb.(*ssa.Alloc); !ok || sb.Referrers() == nil {
		return hole
	}
	type piece struct {
		pos token.Pos
		t   text
	}
	var pieces []piece
	for _, ref := range *sb.Referrers() {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || call == ssa.CallInstruction(str) {
			if mi, isMI := ref.(*ssa.MakeInterface); isMI && mi.Referrers() != nil {
				for _, rr := range *mi.Referrers() {
					if c, ok := rr.(ssa.CallInstruction); ok && mayPrecede(c, str) {
						pieces = append(pieces, piece{c.Pos(), b.writeText(c, sb, str, depth, memo)})
					}
				}
			}
			continue
		}
		if !mayPrecede(call, str) {
			continue
		}
		pieces = append(pieces, piece{call.Pos(), b.writeText(call, sb, str, depth, memo)})
	}
	sort.Slice(pieces, func(i, j int) bool { return pieces[i].pos < pieces[j].pos })
	var out strings.Builder
	known := false
	for _, p := range pieces {
		if p.t.s == sqltext.Hole && strings.HasSuffix(out.String(), sqltext.Hole) {
			continue
		}
		out.WriteString(p.t.s)
		known = known || p.t.known
	}
	if out.Len() == 0 || len(out.String()) > maxText {
		return hole
	}
	return text{s: out.String(), known: known, param: -1}
}

// writeText is the text one call adds to the builder sb: what it writes,
// when it always runs before str, else a hole.
func (b *builder) writeText(call ssa.CallInstruction, sb ssa.Value, str *ssa.Call, depth int, memo *map[ssa.Value]text) text {
	hole := text{s: sqltext.Hole, param: -1}
	if !ssautil.Before(call, str) || inLoop(call.Block()) {
		return hole
	}
	common := call.Common()
	args := common.Args
	switch analysisutil.FuncName(common) {
	case "(*strings.Builder).WriteString", "(*bytes.Buffer).WriteString":
		if len(args) == 2 {
			return b.resolveTextDepth(args[1], depth+1, memo)
		}
	case "(*strings.Builder).WriteByte", "(*bytes.Buffer).WriteByte", "(*strings.Builder).WriteRune", "(*bytes.Buffer).WriteRune":
		if len(args) == 2 {
			if c, ok := unwrap(args[1]).(*ssa.Const); ok && c.Value != nil {
				if r, ok := constant.Int64Val(c.Value); ok {
					return text{s: string(rune(r)), known: true, param: -1}
				}
			}
		}
	case "fmt.Fprintf":
		if len(args) >= 2 && unwrap(args[0]) == sb {
			rest := *common
			rest.Args = args[1:]
			return b.sprintf(&rest, depth, memo)
		}
	}
	return hole
}

// cellValue returns the value stored in the local cell, a variable a
// closure captures and so kept in memory, when one value is stored in it
// besides rewrites of itself: a wrapper that logs its query from a
// deferred closure and reformats it first for the log,
//
//	func (t *Trx) Execute(command string, args ...any) (int64, error) {
//		if debug {
//			command = formatter.Replace(command)
//			defer func() { log.Print(command, args) }()
//		}
//		res, err := t.tx.ExecContext(t.ctx, command, args...)
//
// runs the parameter's text (a rewrite that only respaces it).
func cellValue(cell *ssa.Alloc) ssa.Value {
	if !cell.Heap || cell.Referrers() == nil {
		return nil
	}
	var val ssa.Value
	for _, r := range *cell.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != cell {
			continue
		}
		if rewritesCell(st.Val, cell) {
			continue
		}
		if val != nil {
			return nil
		}
		val = st.Val
	}
	return val
}

// rewritesCell reports a string computed by a call from the cell's own
// value (formatter.Replace(command), strings.TrimSpace(command)).
func rewritesCell(v ssa.Value, cell *ssa.Alloc) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if t, ok := call.Type().Underlying().(*types.Basic); !ok || t.Info()&types.IsString == 0 {
		return false
	}
	for _, arg := range call.Call.Args {
		if ld, ok := unwrap(arg).(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == cell {
			return true
		}
	}
	return false
}

// tableMarker is the name a string parameter stands in as while
// tableParam looks for the one naming a statement's table.
const tableMarker = "idemvet_table_param_"

// tableParam returns the string parameter of fn that names the table of
// the statement v holds, when the text leaves the table to it and nothing
// else knows it:
//
//	func bumpCount(ctx context.Context, db *sql.DB, table string, id int64) error {
//		_, err := db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET n = n + 1 WHERE id = $1", table), id)
//
// or the type parameter of (generic) fn whose value's TableName() names it
// (fmt.Sprintf("UPDATE %s SET used_at = ? WHERE id = ?", code.TableName(ctx)),
// code of type T). The text is resolved again with each string parameter
// and each such call spelled as a name of its own; the one the
// statement's table is, is it.
func (b *builder) tableParam(fn *ssa.Function, v ssa.Value) (*ssa.Parameter, *types.TypeParam, string) {
	if fn == nil || v == nil {
		return nil, nil, ""
	}
	bound := make(map[*ssa.Parameter]text, len(b.boundParams)+len(fn.Params))
	for k, t := range b.boundParams {
		bound[k] = t
	}
	marked := false
	fields := map[*ssa.Parameter]int{}
	for i, p := range fn.Params {
		if _, ok := bound[p]; !ok && isString(p.Type()) {
			bound[p] = text{s: tableMarker + strconv.Itoa(i), known: true, param: -1}
			marked = true
		} else if structOf2(p.Type()) != nil {
			fields[p] = i
			marked = true
		}
	}
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	generic := top.TypeParams().Len() > 0 || top.Origin() != nil
	if !marked && !generic {
		return nil, nil, ""
	}
	saved, savedTypes, savedFields, savedBuilds := b.boundParams, b.markTypes, b.markFields, b.builds
	b.boundParams = bound
	if generic {
		b.markTypes = fn
	}
	if len(fields) > 0 {
		b.markFields = fields
		b.builds = nil // a builder's text is assembled again, with the marks
	}
	t := b.resolveText(v)
	b.boundParams, b.markTypes, b.markFields, b.builds = saved, savedTypes, savedFields, savedBuilds
	stmt := sqltext.Parse(t.s)
	if stmt.Kind == sqltext.KindSelect && stmt.Exists && stmt.Table.Name == "" {
		if inner := existsBody(stmt.Text); inner != "" {
			stmt = sqltext.Parse(inner) // the probe's table, as stmtAccess reads it
		}
	}
	if stmt.Table.Schema != "" {
		return nil, nil, ""
	}
	if tp := typeOfMarker(fn, stmt.Table.Name); tp != nil {
		return nil, tp, ""
	}
	k, ok := strings.CutPrefix(stmt.Table.Name, tableMarker)
	if !ok {
		return nil, nil, ""
	}
	k, field, _ := strings.Cut(k, fieldMarker)
	i, err := strconv.Atoi(k)
	if err != nil || i < 0 || i >= len(fn.Params) {
		return nil, nil, ""
	}
	return fn.Params[i], nil, field
}

// fieldMarker separates, in a table marker, a struct parameter's index
// from the name of its field naming the table.
const fieldMarker = "__"

// markedField returns the marker a string field of a struct parameter
// stands in as while tableParam resolves a text (props.TableName).
func (b *builder) markedField(v ssa.Value) (text, bool) {
	if b.markFields == nil {
		return text{}, false
	}
	var x ssa.Value
	idx := -1
	switch y := unwrap(v).(type) {
	case *ssa.Field:
		x, idx = y.X, y.Field
	case *ssa.UnOp:
		fa, ok := y.X.(*ssa.FieldAddr)
		if y.Op != token.MUL || !ok {
			return text{}, false
		}
		x, idx = fa.X, fa.Field
		if a, ok := x.(*ssa.Alloc); ok {
			if p := spilledParam(a); p != nil {
				x = p
			}
		}
	default:
		return text{}, false
	}
	p, ok := unwrap(x).(*ssa.Parameter)
	if !ok {
		return text{}, false
	}
	i, marked := b.markFields[p]
	st := structOf2(p.Type())
	if !marked || st == nil || idx >= st.NumFields() || !isString(st.Field(idx).Type()) {
		return text{}, false
	}
	return text{s: tableMarker + strconv.Itoa(i) + fieldMarker + st.Field(idx).Name(), known: true, param: -1}, true
}

// structOf2 returns the struct a named struct type (or a pointer to one)
// is, or nil.
func structOf2(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// tableOfArgField gives an access through a call whose callee names its
// table by a string field of a struct parameter the table the caller's
// argument's field holds: a package variable's constant field
// (db.ViewProps, var ViewProps = ObjectProps{TableName: "project__view"}),
// or the caller's own struct parameter again.
func (b *builder) tableOfArgField(fn *ssa.Function, a *Access, arg ssa.Value, field string) {
	v := unwrap(arg)
	if p, ok := v.(*ssa.Parameter); ok && p.Parent() == fn {
		a.tableParam, a.tableField = p, field
		return
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok {
		return
	}
	if s, ok := b.globalField(g, field); ok && s != "" && !strings.ContainsAny(s, " \t\n(),;") {
		a.Table = s
	}
}

// markTableParam records, on the access of the statement text v whose
// table is unknown, the parameter of fn naming it, or the type parameter
// (tableParam). The statement's own access is the last of accs (fromStmt).
func (b *builder) markTableParam(fn *ssa.Function, accs []*Access, t text, v ssa.Value) {
	if len(accs) == 0 || !strings.Contains(t.s, sqltext.Hole) {
		return
	}
	a := accs[len(accs)-1]
	if a.Table != "" || a.Kind == KindUnknown || a.Kind == KindOther || a.Kind == KindTxControl {
		return
	}
	a.tableParam, a.tableType, a.tableField = b.tableParam(fn, v)
	a.tableNaming = namingMethod
}

// tableOfArg gives an access through a call whose callee names its table
// by a parameter (accessFact.TableParam) the table the caller's argument
// holds: a constant, a model's TableName(), or the caller's own parameter
// again (then the caller's summary carries it on).
func (b *builder) tableOfArg(fn *ssa.Function, a *Access, arg ssa.Value) {
	t := b.resolveText(arg)
	if !t.known {
		if p, ok := unwrap(arg).(*ssa.Parameter); ok && t.param >= 0 && p.Parent() == fn {
			a.tableParam = p
		}
		return
	}
	if strings.Contains(t.s, sqltext.Hole) || strings.ContainsAny(t.s, " \t\n(),;") {
		return
	}
	stmt := sqltext.Parse("SELECT * FROM " + t.s)
	if stmt.Table.Name != "" && !strings.HasPrefix(stmt.Table.Name, tableMarker) && !strings.HasPrefix(stmt.Table.Name, typeMarker) {
		a.Table = tableName(stmt.Table)
	}
}

// builderParamText reads sql, args, err := sq.ToSql() of a query builder
// that is the function's parameter (or was bound to the caller's, in a
// helper) as the caller's statement:
//
//	func (r sqlRepository) toSQL(sq squirrel.Sqlizer) (string, dbx.Params, error) {
//		query, args, err := sq.ToSql()
//
// The receiver may also be a choice between the parameter and a builder
// computed from it (sq = r.optimizePagination(sq, opts) under an if).
func (b *builder) builderParamText(call *ssa.CallCommon) (text, bool) {
	if !isToSQL(call) {
		return text{}, false
	}
	p := b.builderParamOf(ssautil.Receiver(call))
	if p == nil {
		return text{}, false
	}
	if t, ok := b.boundParams[p]; ok {
		return t, t.builder
	}
	if i := paramIndex(p.Parent(), p); i >= 0 {
		return text{s: sqltext.Hole, param: i, builder: true}, true
	}
	return text{}, false
}

// builderArg is the text a builder argument of a helper call binds its
// parameter to: the caller's own builder parameter passed on, or a hole.
func (b *builder) builderArg(v ssa.Value) text {
	if p := b.builderParamOf(v); p != nil {
		if t, ok := b.boundParams[p]; ok {
			return t
		}
		if i := paramIndex(p.Parent(), p); i >= 0 {
			return text{s: sqltext.Hole, param: i, builder: true}
		}
	}
	return text{s: sqltext.Hole, param: -1}
}

// builderParamOf returns the builder parameter v is: the parameter, or a
// phi of it and values computed from it.
func (b *builder) builderParamOf(v ssa.Value) *ssa.Parameter {
	v = unwrap(v)
	if p, ok := v.(*ssa.Parameter); ok && isBuilderType(p.Type()) {
		return p
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return nil
	}
	var p *ssa.Parameter
	for _, e := range phi.Edges {
		if q, ok := unwrap(e).(*ssa.Parameter); ok && isBuilderType(q.Type()) {
			if p != nil && p != q {
				return nil
			}
			p = q
		}
	}
	if p == nil {
		return nil
	}
	for _, e := range phi.Edges {
		if unwrap(e) != p && !b.computedFrom(e, p) {
			return nil
		}
	}
	return p
}

// isToSQL reports a call of a query builder's ToSql: squirrel's Sqlizer
// interface, or one of its builders.
func isToSQL(call *ssa.CallCommon) bool {
	f := analysisutil.CalleeFunc(call)
	return f != nil && f.Name() == apis.SquirrelToSQL && f.Pkg() != nil && f.Pkg().Path() == apis.SquirrelPkg
}

// isBuilderType reports squirrel's Sqlizer interface or one of its
// builder types.
func isBuilderType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != apis.SquirrelPkg {
		return false
	}
	return n.Obj().Name() == apis.SquirrelSqlizer || isSquirrelBuilder(t)
}

// errReturn reports a return whose last result is an error that is not
// the nil constant.
func errReturn(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	return isErrorType(last.Type()) && !isNil(last)
}
