package dbcall

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// libraryAccess builds the accesses of a call of a database API method.
func (b *builder) libraryAccess(fn *ssa.Function, call ssa.CallInstruction, meth apis.Method) []*Access {
	common := call.Common()
	args := ssautil.CallArgs(common)
	arg := func(i int) ssa.Value {
		if i >= 0 && i < len(args) {
			return args[i]
		}
		return nil
	}
	var handle ssa.Value
	if meth.Handle >= 0 {
		handle = arg(meth.Handle)
	} else {
		handle = ssautil.Receiver(common)
	}
	var t text
	var joins []joinRecord // the lists joined into t
	var sqlv ssa.Value     // the statement's text, or the prepared statement
	prepared := false
	switch meth.Op {
	case apis.OpExec, apis.OpQuery, apis.OpQueryRow, apis.OpGet, apis.OpSelect, apis.OpBatchQueue:
		sqlv = arg(meth.SQL)
		if meth.ByName {
			t = b.byNameText(sqlv)
		} else {
			var js []joinRecord
			b.joins = &js
			t = b.resolveText(sqlv)
			b.joins = nil
			joins = js
		}
		if meth.Lib == apis.LibZdb && t.known {
			if name, ok := strings.CutPrefix(t.s, "load:"); ok {
				t = b.zdbLoadText(name)
			}
		}
		if (meth.Lib == apis.LibPgx || meth.Lib == apis.LibPgxV4 || meth.Lib == apis.LibShape) && t.known {
			if s, ok := b.pgxPreparedText(t.s); ok {
				t.s = s
			}
		}
	case apis.OpStmtExec, apis.OpStmtQuery, apis.OpStmtQueryRow, apis.OpStmtSelect:
		sqlv, prepared = handle, true
		t = b.preparedText(handle)
		handle = b.preparedHandle(handle)
	default:
		return nil
	}
	if t.param >= 0 && !t.known {
		// The function passes its own query argument on: it is an
		// executor wrapper, summarized as one (see wrapperOf).
		return nil
	}
	stmt := sqltext.Parse(t.s)
	var bound []ssa.Value
	var named ssa.Value
	if meth.Args >= 0 {
		if meth.Variadic {
			bound = b.boundArgs(arg(meth.Args))
			if bound == nil {
				named, _ = b.rewrittenNamed(arg(meth.Args))
			}
			if bound == nil && named == nil {
				bound = b.lockstepArgs(arg(meth.Args), t.s, stmt, joins)
			}
			if bound == nil && named == nil {
				bound = b.trailingArgs(arg(meth.Args), t.s, stmt)
			}
		} else {
			named = arg(meth.Args)
		}
	}
	if named == nil && bound == nil && prepared {
		named = chainBinding(sqlv)
	}
	if named == nil && len(bound) == 1 && isNamedArgs(bound[0].Type()) {
		named = bound[0]
	}
	if named == nil && meth.Lib == apis.LibZdb {
		named = zdbParams(bound)
	}
	texts := []text{t}
	chosen := false
	if (stmt.Kind == sqltext.KindUnknown || stmt.Table.Name == "") && !meth.ByName {
		if alts := b.alternatives(sqlv, prepared); alts != nil {
			texts, chosen = alts, true
		}
	}
	var accs []*Access
	for _, t := range texts {
		if chosen {
			stmt = sqltext.Parse(t.s)
		}
		some := b.fromStmt(fn, call, stmt, bound, named)
		if !meth.ByName && !prepared && len(texts) == 1 {
			b.markTableParam(fn, some, t, sqlv)
		}
		for _, a := range some {
			a.Lib = meth.Lib
			a.Handle = b.resolveRef(refOf(handle))
			a.Partial = a.Partial || strings.Contains(t.s, sqltext.Hole)
			if len(texts) > 1 {
				a.Alternatives = len(texts)
			}
			if sqlv != nil && !chosen {
				if st := b.builtOfToSQL(sqlv); st != nil {
					addConds(a, st) // sql, args, err := q.ToSql(); db.QueryRowContext(ctx, sql, args...)
				}
			}
			b.bindResults(a, call, meth)
		}
		accs = append(accs, some...)
	}
	return accs
}

// listElems returns, for the element of a literal list a loop ranges over
// (for _, stmt := range []*sql.Stmt{s.purgeAliasesStmt, s.purgePublishedStmt}),
// the list's elements, or nil.
func listElems(v ssa.Value) []ssa.Value {
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	ia, ok := ld.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	sl, ok := ia.X.(*ssa.Slice)
	if !ok {
		return nil
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	elems, ok := ssautil.ArrayElems(a)
	if !ok || len(elems) == 0 || len(elems) > maxListed {
		return nil
	}
	for _, e := range elems {
		if e == nil {
			return nil
		}
	}
	return elems
}

// maxAlternatives bounds the statements one call is read as running when
// branches choose them; maxListed when a loop runs each of a list.
const (
	maxAlternatives = 4
	maxListed       = 16
)

// alternatives returns the texts of a statement chosen on branches before
// the call that runs it, when each is known in full and there are two to
// maxAlternatives of them:
//
//	var q string
//	switch kind {
//	case "hard":
//		q = "DELETE FROM sessions WHERE user_id = $1"
//	case "soft":
//		q = "UPDATE sessions SET revoked = true WHERE user_id = $1"
//	}
//	db.ExecContext(ctx, q, userID)
//
// and, with prepared, the statements chosen so (dendrite's
// stmt := s.selectAllStmt; if excludeRejected { stmt = s.selectAcceptedStmt }),
// or the elements of a literal list a loop runs one per iteration
// (for _, stmt := range []*sql.Stmt{s.purgeAliasesStmt, s.purgePublishedStmt}).
// A text built in a loop, or one with a part not known, is no answer.
func (b *builder) alternatives(v ssa.Value, prepared bool) []text {
	if v == nil {
		return nil
	}
	var out []text
	limit := maxAlternatives
	seen := map[*ssa.Phi]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		b.spend()
		if prepared {
			v = b.rebound(v)
		}
		if elems := listElems(v); elems != nil {
			limit = max(limit, len(elems))
			for _, e := range elems {
				if !walk(e, depth+1) {
					return false
				}
			}
			return true
		}
		if phi, ok := unwrap(v).(*ssa.Phi); ok {
			if seen[phi] && prepared {
				// A statement variable carried around a loop (chosen
				// when a batch starts, run for each element): the
				// loop brings no statement of its own.
				return true
			}
			if seen[phi] || depth > 3 {
				return false // a loop
			}
			seen[phi] = true
			for _, e := range phi.Edges {
				if prepared && isNil(e) {
					continue // not prepared yet: nothing runs
				}
				if !walk(e, depth+1) {
					return false
				}
			}
			return true
		}
		var t text
		if prepared {
			t = b.preparedText(v)
		} else {
			t = b.resolveText(v)
		}
		if !t.known || strings.Contains(t.s, sqltext.Hole) {
			return false
		}
		for _, u := range out {
			if u.s == t.s {
				return true
			}
		}
		out = append(out, t)
		return len(out) <= limit
	}
	if !walk(v, 0) || len(out) == 0 || len(out) == 1 && !prepared {
		return nil
	}
	// One text: a prepared statement rebound on one branch only (stmt :=
	// s.selectStmt; if txn != nil { stmt = sqlutil.TxStmt(txn, stmt) }).
	return out
}

// isNamedArgs reports pgx.NamedArgs and pgx.StrictNamedArgs.
func isNamedArgs(t types.Type) bool {
	s := typeName(t)
	return s == "github.com/jackc/pgx/v5.NamedArgs" || s == "github.com/jackc/pgx/v5.StrictNamedArgs"
}

// fromStmt builds the accesses of one SQL statement: the statement's own and
// those of data-modifying CTEs.
func (b *builder) fromStmt(fn *ssa.Function, call ssa.CallInstruction, stmt *sqltext.Stmt, bound []ssa.Value, named ssa.Value) []*Access {
	return b.fromStmtParams(fn, call, stmt, func(p sqltext.Param) Ref {
		if p.Index >= 0 {
			if p.Index < len(bound) && bound[p.Index] != nil {
				return b.resolveRef(refOf(bound[p.Index]))
			}
			return Ref{}
		}
		if named != nil && p.Name != "" {
			return b.resolveRef(namedValue(named, p.Name))
		}
		return Ref{}
	})
}

// fromStmtParams is fromStmt with the Go value of each placeholder given
// by param.
func (b *builder) fromStmtParams(fn *ssa.Function, call ssa.CallInstruction, stmt *sqltext.Stmt, param func(sqltext.Param) Ref) []*Access {
	var out []*Access
	for _, w := range stmt.With {
		if w.Kind == sqltext.KindInsert || w.Kind == sqltext.KindUpdate || w.Kind == sqltext.KindDelete {
			out = append(out, b.stmtAccess(fn, call, w, param))
		}
	}
	if m := cteRead(stmt); m != nil {
		stmt = m
	}
	return append(out, b.stmtAccess(fn, call, stmt, param))
}

// cteRead returns, for a SELECT from one of its own CTEs that reads one
// table, the read as that table sees it: the CTE's table, its conditions
// with the main statement's on the columns the CTE passes through, the
// lock of either; nil for any other statement.
//
//	WITH u AS (SELECT * FROM users WHERE email = $1) SELECT id FROM u   → select users where email = $1
func cteRead(stmt *sqltext.Stmt) *sqltext.Stmt {
	if stmt.Kind != sqltext.KindSelect || stmt.Table.Name == "" || stmt.Table.Schema != "" || len(stmt.From) != 1 {
		return nil
	}
	for i, name := range stmt.WithNames {
		if name != stmt.Table.Name || i >= len(stmt.With) {
			continue
		}
		body := stmt.With[i]
		if body.Kind != sqltext.KindSelect || body.Table.Name == "" || len(body.From) != 1 || slices.Contains(stmt.WithNames, body.Table.Name) {
			return nil // a join, a subquery, a recursive or chained CTE
		}
		m := *body
		m.Columns, m.Count, m.Exists, m.Params, m.Text = stmt.Columns, stmt.Count, stmt.Exists, stmt.Params, stmt.Text
		m.Partial = body.Partial || stmt.Partial
		m.Where = append([]sqltext.Cond(nil), body.Where...)
		for _, c := range stmt.Where {
			if c.Column != "" && (slices.Contains(body.Columns, "*") || slices.Contains(body.Columns, c.Column)) {
				m.Where = append(m.Where, c)
			} else {
				m.Partial = true // a condition on what the CTE computed
			}
		}
		m.HasWhere = body.HasWhere || stmt.HasWhere
		if m.Lock.Strength == sqltext.LockNone {
			m.Lock = stmt.Lock
		}
		if stmt.Limit >= 0 {
			m.Limit = stmt.Limit
		}
		return &m
	}
	return nil
}

func (b *builder) stmtAccess(fn *ssa.Function, call ssa.CallInstruction, stmt *sqltext.Stmt, param func(sqltext.Param) Ref) *Access {
	if stmt.Kind == sqltext.KindSelect && stmt.Exists && stmt.Table.Name == "" {
		// SELECT EXISTS(SELECT 1 FROM t WHERE ...): the probe's table and
		// key are the subquery's.
		if inner := existsBody(stmt.Text); inner != "" {
			probe := *sqltext.Parse(inner)
			probe.Exists, probe.Columns, probe.Params = true, stmt.Columns, stmt.Params
			probe.Text = stmt.Text
			stmt = &probe
		}
	}
	a := &Access{
		Fn:           fn,
		Call:         call,
		Pos:          call.Pos(),
		Stmt:         stmt,
		SQL:          stmt.Text,
		Table:        tableName(stmt.Table),
		Lock:         stmt.Lock.Strength,
		Conflict:     stmt.Conflict.Action,
		Advisory:     stmt.Advisory,
		Isolation:    stmt.Isolation,
		Count:        stmt.Count,
		Exists:       stmt.Exists,
		Sum:          stmt.Sum,
		First:        firstOf(stmt),
		Partial:      stmt.Partial,
		RowsReturned: -1, ResultReturned: -1,
		Command: stmt.Command,
	}
	if stmt.Lock.NoWait {
		a.LockOptions = "NOWAIT"
	} else if stmt.Lock.SkipLocked {
		a.LockOptions = "SKIP LOCKED"
	}
	if stmt.Kind == sqltext.KindUpdate || stmt.Kind == sqltext.KindDelete {
		// WITH due AS (SELECT ... FOR UPDATE SKIP LOCKED) UPDATE t ... FROM
		// due: the rows it writes are the ones its CTE locked, skipping
		// those another runner holds.
		for _, w := range stmt.With {
			if w.Kind == sqltext.KindSelect && w.Lock.SkipLocked {
				a.LockOptions = "SKIP LOCKED"
			}
		}
		// UPDATE t SET ... WHERE id IN (SELECT id FROM t WHERE ... FOR
		// UPDATE SKIP LOCKED): the same, with the rows taken in a subquery.
		for _, c := range stmt.Where {
			if (c.Op == "IN" || c.Op == "= ANY") && skipLockedSubquery(c.Value.Text) {
				a.LockOptions = "SKIP LOCKED"
			}
		}
	}
	a.ConflictTarget = stmt.Conflict.Target
	a.Upsert = upsertOf(stmt)
	pairQuestionMarks(a.Upsert, stmt, param)
	switch stmt.Kind {
	case sqltext.KindSelect:
		a.Kind = KindRead
		if a.Table == "" && len(stmt.Advisory) > 0 {
			a.Kind = KindAdvisory
		}
	case sqltext.KindInsert:
		a.Kind = KindInsert
	case sqltext.KindUpdate:
		a.Kind = KindUpdate
	case sqltext.KindDelete:
		a.Kind = KindDelete
	case sqltext.KindBegin, sqltext.KindCommit, sqltext.KindRollback, sqltext.KindSetTransaction:
		a.Kind = KindTxControl
	case sqltext.KindUnknown:
		a.Kind = KindUnknown
	default:
		a.Kind = KindOther
	}
	for _, c := range stmt.Where {
		bd := condBinding(c, param)
		if q := joinQualifier(stmt, c); q != "" {
			bd.Column = q + "." + bd.Column // a joined table's (joinedReads)
		}
		a.Where = append(a.Where, bd)
	}
	switch stmt.Kind {
	case sqltext.KindUpdate:
		for _, s := range stmt.Set {
			bd := exprBinding(s.Column, "=", s.Value, param)
			bd.Class = s.Class
			bd.Merge = s.Class == sqltext.AssignAtomic && jsonbMerge(s.Value.Text)
			if s.Class == sqltext.AssignParam && s.Value.Kind != sqltext.ExprParam && len(s.Value.Params) == 1 {
				bd.Value = param(s.Value.Params[0]) // COALESCE(NULLIF($1, ''), c): the value is $1
			}
			a.Set = append(a.Set, bd)
		}
	case sqltext.KindInsert:
		for i, col := range stmt.Columns {
			if i >= len(stmt.Values) {
				break
			}
			v := stmt.Values[i]
			bd := exprBinding(col, "=", v, param)
			switch v.Kind {
			case sqltext.ExprParam:
				bd.Class = sqltext.AssignParam
			case sqltext.ExprConst:
				bd.Class = sqltext.AssignConst
			}
			a.Set = append(a.Set, bd)
		}
	case sqltext.KindSelect:
		for _, col := range stmt.Columns {
			a.Reads = append(a.Reads, ColumnRead{Column: col})
		}
	}
	return a
}

// skipLockedSubquery reports whether text, the operand of an IN, is a
// parenthesized SELECT that locks its rows FOR UPDATE SKIP LOCKED.
func skipLockedSubquery(text string) bool {
	inner, ok := strings.CutPrefix(strings.TrimSpace(text), "(")
	if !ok {
		return false
	}
	inner, ok = strings.CutSuffix(strings.TrimSpace(inner), ")")
	if !ok {
		return false
	}
	sub := sqltext.Parse(inner)
	return sub.Kind == sqltext.KindSelect && sub.Lock.SkipLocked
}

// existsBody returns the text of the subquery of SELECT [NOT] EXISTS (...),
// or "".
func existsBody(text string) string {
	upper := strings.ToUpper(text)
	i := strings.Index(upper, "EXISTS")
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(text[i:], '(')
	if j < 0 {
		return ""
	}
	start := i + j + 1
	depth := 1
	for k := start; k < len(text); k++ {
		switch text[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return text[start:k]
			}
		case '\'':
			// Skip a quoted literal.
			if end := strings.IndexByte(text[k+1:], '\''); end >= 0 {
				k += end + 1
			}
		}
	}
	return ""
}

// exprBinding binds a column to a summarized SQL expression.
// condBinding returns the binding of a WHERE conjunct: col op value, the
// column compared through a case-folding (lower(email) = lower($1)), or
// one the model does not read (only its text).
func condBinding(c sqltext.Cond, param func(sqltext.Param) Ref) Binding {
	if c.Column == "" {
		return Binding{Op: c.Op, Expr: c.Text}
	}
	bd := exprBinding(c.Column, c.Op, c.Value, param)
	bd.Fold = c.Fold
	return bd
}

func exprBinding(col, op string, e sqltext.Expr, param func(sqltext.Param) Ref) Binding {
	bd := Binding{Column: col, Op: op, Expr: e.Text}
	switch e.Kind {
	case sqltext.ExprParam:
		bd.Value = param(e.Param)
	case sqltext.ExprConst:
		bd.Const = e.Text
	case sqltext.ExprArith:
		if e.Param.Style != 0 {
			bd.Value = param(e.Param)
		}
	case sqltext.ExprOther:
		if e.Fold != "" && e.Param.Style != 0 {
			bd.Value = param(e.Param) // lower($1): the key is $1 up to case
		}
	}
	return bd
}

// tableName normalizes a table reference to its lower-case bare name.
func tableName(t sqltext.TableRef) string {
	if strings.Contains(t.Name, sqltext.Hole) {
		// A table named at run time (fmt.Sprintf("... %s ...", table), a
		// builder's From(variable)): unknown, never the hole marker.
		return ""
	}
	return strings.ToLower(t.Name)
}

// namedValue returns the value a named placeholder takes from a struct
// (sqlx: the field whose db tag or lower-cased name is name) or from a map
// literal (pgx.NamedArgs{"name": v}, map[string]any{"name": v}).
func namedValue(container ssa.Value, name string) Ref {
	v := unwrap(container)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if _, isMap := ld.Type().Underlying().(*types.Map); isMap {
			v = ld.X
		}
	}
	if _, isMap := v.Type().Underlying().(*types.Map); isMap {
		if refs := v.Referrers(); refs != nil {
			for _, r := range *refs {
				if up, ok := r.(*ssa.MapUpdate); ok {
					if k, ok := constString(up.Key); ok && k == name {
						return refOf(up.Value)
					}
				}
			}
		}
		return Ref{}
	}
	s, ok := structOf(v.Type())
	if !ok {
		return Ref{}
	}
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		tag := reflect.StructTag(s.Tag(i)).Get("db")
		if tag == name || tag == "" && strings.EqualFold(f.Name(), name) {
			return fieldValue(container, f.Name())
		}
	}
	return Ref{}
}

// preparedText returns the SQL of a prepared statement value: the text
// passed to the Prepare call that produced it.
//
// A statement in a struct field tagged `query:"name"` is the named
// statement goyesql prepared into it.
func (b *builder) preparedText(stmt ssa.Value) text {
	stmt = b.rebound(stmt)
	if call := prepareCall(stmt); call != nil {
		if meth, ok := methodOf(call); ok && meth.SQL >= 0 {
			args := ssautil.CallArgs(call)
			if meth.SQL < len(args) {
				if meth.ByName {
					return b.byNameText(args[meth.SQL])
				}
				return b.resolveText(args[meth.SQL])
			}
		}
	}
	if t, ok := b.taggedQueryText(stmt); ok {
		return t
	}
	if phi, ok := unwrap(stmt).(*ssa.Phi); ok && b.stmtPhis < 4 {
		// One statement prepared on either branch (txn.Prepare(query)
		// or db.Prepare(query)): the text both agree on.
		b.stmtPhis++
		defer func() { b.stmtPhis-- }()
		var agreed *text
		for _, e := range phi.Edges {
			if isNil(e) {
				continue
			}
			t := b.preparedText(e)
			if agreed != nil && agreed.s != t.s || !t.known {
				agreed = nil
				break
			}
			agreed = &t
		}
		if agreed != nil {
			return *agreed
		}
	}
	// A helper of the package preparing its caller's text with filters
	// added (dendrite's prepareWithFilters(db, txn, selectSQL, params,
	// ...) returning the *sql.Stmt): the text, with the call's arguments.
	switch x := unwrap(stmt).(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			var memo map[ssa.Value]text
			if t, ok := b.helperResult(&call.Call, x.Index, 0, &memo, true); ok {
				return t
			}
		}
	case *ssa.Call:
		var memo map[ssa.Value]text
		if t, ok := b.helperResult(&x.Call, 0, 0, &memo, true); ok {
			return t
		}
	}
	for v, i := stmt, 0; v != nil && i < 2; v, i = embeddingOf(v), i+1 {
		if t, ok := b.fieldPreparedText(v); ok {
			return t
		}
		if p, ok := cellParam(v); ok && p.Parent() != nil {
			// The caller's statement (models.LoadStats(stmt *sqlx.Stmt)):
			// the function is a wrapper of it (wrapperOf).
			return text{s: sqltext.Hole, param: paramIndex(p.Parent(), p)}
		}
	}
	return text{s: sqltext.Hole, param: -1}
}

// embeddingOf returns the struct value whose embedded field v loads
// (sqlx.Stmt's *sql.Stmt, through which its promoted Exec runs), or nil.
func embeddingOf(v ssa.Value) ssa.Value {
	if ld, ok := unwrap(v).(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fa, ok := ld.X.(*ssa.FieldAddr); ok {
			if st := structOfType(fa.X.Type()); st != nil && fa.Field < st.NumFields() && st.Field(fa.Field).Anonymous() {
				return fa.X
			}
		}
	}
	return nil
}

// preparedHandle returns the handle a prepared statement was prepared on.
func (b *builder) preparedHandle(stmt ssa.Value) ssa.Value {
	if call, _ := txStmtCall(stmt); call != nil {
		return ssautil.Receiver(call) // tx.Stmt(s): runs on the transaction
	}
	if _, tx := b.rebindCall(stmt); tx != nil {
		return tx // TxStmt(txn, s): on the transaction when there is one
	}
	if call := prepareCall(stmt); call != nil {
		meth, _ := methodOf(call)
		if meth.Handle >= 0 {
			if args := ssautil.CallArgs(call); meth.Handle < len(args) {
				return args[meth.Handle]
			}
		}
		h := ssautil.Receiver(call)
		if meth.Lib == apis.LibDbx {
			// tx.NewQuery is the method of the Builder dbx.Tx and
			// dbx.DB embed: the handle is the transaction.
			for i := 0; i < 2 && embeddingOf(h) != nil; i++ {
				h = embeddingOf(h)
			}
			if ld, ok := unwrap(h).(*ssa.UnOp); ok && ld.Op == token.MUL {
				if _, ok := ld.X.(*ssa.Alloc); !ok {
					h = ld.X
				}
			}
		}
		return h
	}
	return stmt
}

// txStmtCall returns the call rebinding a prepared statement to a
// transaction (tx.Stmt(s), tx.StmtContext(ctx, s), sqlx's Stmtx) that
// produced stmt, and the statement it rebinds.
func txStmtCall(stmt ssa.Value) (*ssa.CallCommon, ssa.Value) {
	v := unwrap(stmt)
	// (*sqlx.Stmt).Exec is its embedded *sql.Stmt's: the field's load.
	if c := embeddingOf(v); c != nil {
		v = unwrap(c)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	meth, ok := methodOf(&call.Call)
	if !ok || meth.Op != apis.OpTxStmt {
		return nil, nil
	}
	args := ssautil.CallArgs(&call.Call)
	if meth.SQL < 0 || meth.SQL >= len(args) {
		return nil, nil
	}
	return &call.Call, args[meth.SQL]
}

// rebound returns the statement a chain of tx.Stmt rebindings started
// from: its text is the text of the statement prepared (listmonk's
// tx.Stmt(s.im.opt.UpsertStmt), goyesql's tx.Stmtx(q.InsertSubscriber),
// dendrite's sqlutil.TxStmt(txn, s.insertStmt)).
func (b *builder) rebound(stmt ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		_, inner := txStmtCall(stmt)
		if inner == nil {
			inner, _ = b.rebindCall(stmt)
		}
		if inner == nil {
			return stmt
		}
		stmt = inner
	}
	return stmt
}

func prepareCall(stmt ssa.Value) *ssa.CallCommon {
	v := unwrap(stmt)
	// stmt.ExecContext on a *sqlx.Stmt is its embedded *sql.Stmt's: the
	// field's load of the statement Preparex returned.
	if c := embeddingOf(v); c != nil {
		v = unwrap(c)
	}
	for range 8 {
		if ex, ok := v.(*ssa.Extract); ok {
			v = ex.Tuple
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			return nil
		}
		if meth, ok := methodOf(&call.Call); ok && meth.Op == apis.OpPrepare {
			return &call.Call
		}
		// dbx's q.Bind(params).WithContext(ctx): the query it is called on.
		if _, chained := queryChain(&call.Call); !chained {
			return nil
		}
		v = unwrap(ssautil.Receiver(&call.Call))
	}
	return nil
}

// queryChain reports a method returning the statement it is called on
// (apis.DbxQueryChain), with the index of its argument binding named
// values, or -1.
func queryChain(call *ssa.CallCommon) (int, bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil {
		return -1, false
	}
	i, ok := apis.DbxQueryChain[apis.FullName(f)]
	return i, ok
}

// chainBinding returns the values a statement's chain binds by name
// (dbx's NewQuery(q).Bind(dbx.Params{"id": id}).Execute()): the argument
// of the call nearest the statement's run, or nil.
func chainBinding(stmt ssa.Value) ssa.Value {
	v := unwrap(stmt)
	for range 8 {
		call, ok := v.(*ssa.Call)
		if !ok {
			return nil
		}
		i, chained := queryChain(&call.Call)
		if !chained {
			return nil
		}
		if args := ssautil.CallArgs(&call.Call); i >= 0 && i < len(args) {
			return args[i]
		}
		v = unwrap(ssautil.Receiver(&call.Call))
	}
	return nil
}

// bindResults finds the values through which a library call reports its
// outcome: the error, the rows scanned and where they land, the result
// carrying rows affected.
func (b *builder) bindResults(a *Access, call ssa.CallInstruction, meth apis.Method) {
	v := call.Value()
	if v == nil {
		return // go or defer: no results
	}
	sentinel := "database/sql.ErrNoRows"
	if meth.Lib == apis.LibPgx {
		sentinel = "github.com/jackc/pgx/v5.ErrNoRows"
	}
	if meth.Lib == apis.LibPgxV4 {
		sentinel = apis.PgxV4NoRows
	}
	if a.Lib == apis.LibShape {
		sentinel = shapeSentinel(call.Common())
	}
	args := ssautil.CallArgs(call.Common())
	switch meth.Op {
	case apis.OpQueryRow, apis.OpStmtQueryRow:
		var row ssa.Value = v
		if _, ok := v.Type().(*types.Tuple); ok {
			// dotsql's QueryRow returns (*sql.Row, error).
			a.Err = extracts(v, 1)
			row = nil
			for _, r := range extracts(v, 0) {
				row = r
			}
		}
		for _, scan := range scansOfRow(row) {
			a.Err = append(a.Err, scan.Value())
			b.scanInto(a, scan)
		}
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{sentinel}}
		if meth.Dest >= 0 && meth.Dest < len(args) {
			a.Err = append(a.Err, v)
			a.Found.Values = a.Err
			if sig := call.Common().Signature(); sig.Variadic() && meth.Dest == sig.Params().Len()-1 {
				b.scanInto(a, call) // dbx's q.Row(&a, &b): the call scans
			} else {
				b.destInto(a, args[meth.Dest], false)
			}
		}
	case apis.OpGet:
		a.Err = errOf(v)
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{sentinel}}
		if meth.Dest >= 0 && meth.Dest < len(args) {
			b.destInto(a, args[meth.Dest], false)
		}
	case apis.OpSelect, apis.OpStmtSelect:
		a.Err = errOf(v)
		if meth.Dest >= 0 && meth.Dest < len(args) {
			b.destInto(a, args[meth.Dest], true)
			a.Found = Outcome{Signal: SignalLen, Addr: unwrap(args[meth.Dest])}
		}
	case apis.OpQuery, apis.OpStmtQuery:
		a.Err = extracts(v, 1)
		for _, rows := range extracts(v, 0) {
			for _, scan := range scansOf(rows) {
				b.scanInto(a, scan)
			}
			for _, next := range nextsOf(rows) {
				a.Found.Values = append(a.Found.Values, next)
			}
		}
		if len(a.Found.Values) > 0 {
			a.Found.Signal = SignalBool
		}
		// pgx.CollectRows(rows, fn) and CollectOneRow: the slice, or the
		// error that is ErrNoRows, tells what was found.
		for _, rows := range extracts(v, 0) {
			for _, c := range collectCalls(rows) {
				m, _ := methodOf(c.Common())
				cv := c.Value()
				if cv == nil {
					continue
				}
				switch m.Op {
				case apis.OpCollectRows:
					a.Found = Outcome{Signal: SignalLen, Values: extracts(cv, 0)}
					a.Err = append(a.Err, extracts(cv, 1)...)
				case apis.OpCollectOne:
					errs := extracts(cv, 1)
					a.Found = Outcome{Signal: SignalErr, Values: errs, Sentinels: []string{"github.com/jackc/pgx/v5.ErrNoRows"}}
					a.Err = append(a.Err, errs...)
				}
			}
		}
	case apis.OpExec, apis.OpStmtExec:
		switch _, isTuple := v.Type().(*types.Tuple); {
		case isTuple && meth.CountResult:
			// n, err := zdb.NumRows(ctx, ...): the count itself.
			a.Err = extracts(v, 1)
			a.RowsAffected = extracts(v, 0)
		case isTuple:
			a.Err = extracts(v, 1)
			a.ResultObjs = extracts(v, 0)
		case isErrorType(v.Type()):
			a.Err = []ssa.Value{v} // zdb.Exec reports only its error
		default:
			a.ResultObjs = []ssa.Value{v}
		}
		for _, res := range a.ResultObjs {
			a.RowsAffected = append(a.RowsAffected, rowsAffectedOf(res)...)
		}
	}
	if a.Count || a.Exists {
		b.presenceSignal(a)
	}
	if a.Sum {
		// SELECT SUM(...) returns one row whatever matched: its error
		// says nothing of a row's presence.
		a.Found = Outcome{}
	}
}

// errOf returns the error a Get or Select reports: its only result, or
// the last of its results (gorp's Select returns the rows it scanned and
// the error).
func errOf(v ssa.Value) []ssa.Value {
	if t, ok := v.Type().(*types.Tuple); ok {
		return extracts(v, t.Len()-1)
	}
	return []ssa.Value{v}
}

// shapeSentinel returns the no-rows error of the library a shape-recognized
// method's row type belongs to.
func shapeSentinel(call *ssa.CallCommon) string {
	if call.Method != nil {
		if sig, ok := call.Method.Type().(*types.Signature); ok && sig.Results().Len() > 0 {
			if strings.Contains(typeName(sig.Results().At(0).Type()), "jackc/pgx/v4") {
				return apis.PgxV4NoRows
			}
			if strings.Contains(typeName(sig.Results().At(0).Type()), "jackc/pgx") {
				return "github.com/jackc/pgx/v5.ErrNoRows"
			}
		}
	}
	return "database/sql.ErrNoRows"
}

// presenceSignal makes a COUNT or EXISTS read report its finding through the
// scanned value rather than the error.
func (b *builder) presenceSignal(a *Access) {
	if len(a.Reads) == 0 || !a.Reads[0].Addr {
		return
	}
	sig := SignalCount
	if a.Exists {
		sig = SignalBool
		if a.Stmt != nil && len(a.Stmt.Columns) == 1 && strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Stmt.Columns[0])), "not") {
			a.Found.Negated = true
		}
	}
	a.Found.Signal = sig
	a.Found.Addr = a.Reads[0].Dest.Root
	a.Found.Values = nil
	a.Found.Sentinels = nil
	if a.Reads[0].Dest.Path != "" {
		a.Found.Addr = nil
		if fa := fieldAddrOf(a.Reads[0].Dest); fa != nil {
			a.Found.Addr = fa
		}
	}
}

// extracts returns the Extract instructions taking result i of a tuple.
func extracts(v ssa.Value, i int) []ssa.Value {
	var out []ssa.Value
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == i {
				out = append(out, ex)
			}
		}
	}
	return out
}

// resultValues returns the values of result i of a call: its Extracts, or
// the call itself for a single result.
func resultValues(call ssa.Value, i int) []ssa.Value {
	if call == nil {
		return nil
	}
	if _, ok := call.Type().(*types.Tuple); ok {
		return extracts(call, i)
	}
	if i == 0 {
		return []ssa.Value{call}
	}
	return nil
}

// usersOf returns the calls that use v as their receiver, looking through
// interface conversions and phis (a *sql.Row stored in a variable of type
// Row), and the promoted methods of an embedded field (rows.Next() on the
// *sqlx.Rows of QueryxContext is (*sql.Rows).Next on its embedded
// *sql.Rows: a load of &rows.Rows).
func usersOf(v ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || depth > 4 || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case ssa.CallInstruction:
				if rv := ssautil.Receiver(x.Common()); rv != nil && unwrap(rv) == unwrap(v) {
					out = append(out, x)
				}
			case *ssa.MakeInterface:
				walk(x, depth+1)
			case *ssa.ChangeInterface:
				walk(x, depth+1)
			case *ssa.Phi:
				walk(x, depth+1)
			case *ssa.FieldAddr:
				if embeddedField(x.X.Type(), x.Field) && x.Referrers() != nil {
					for _, rr := range *x.Referrers() {
						if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
							walk(ld, depth+1)
						}
					}
				}
			case *ssa.Field:
				if embeddedField(x.X.Type(), x.Field) {
					walk(x, depth+1)
				}
			case *ssa.Store:
				// rows kept in a variable a closure captures (defer
				// func() { _ = rows.Close() }()): the loads of that
				// variable are rows too, when nothing else is stored.
				if cell, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v && cell.Heap && soleStore(cell) == v && cell.Referrers() != nil {
					for _, rr := range *cell.Referrers() {
						if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
							walk(ld, depth+1)
						}
					}
				}
			}
		}
	}
	walk(v, 0)
	return out
}

// embeddedField reports whether field i of the struct t (or of the struct
// t points to) is embedded.
func embeddedField(t types.Type, i int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && i < st.NumFields() && st.Field(i).Embedded()
}

// collectCalls returns the calls of pgx.CollectRows and CollectOneRow given
// rows as their first argument.
func collectCalls(rows ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || depth > 3 || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case ssa.CallInstruction:
				if m, ok := methodOf(x.Common()); ok && (m.Op == apis.OpCollectRows || m.Op == apis.OpCollectOne) {
					if args := x.Common().Args; len(args) > 0 && unwrap(args[0]) == unwrap(v) {
						out = append(out, x)
					}
				}
			case *ssa.MakeInterface, *ssa.ChangeInterface:
				walk(x.(ssa.Value), depth+1)
			}
		}
	}
	walk(rows, 0)
	return out
}

// scansOf returns the Scan calls on a row or rows value, as instructions.
func scansOfRow(v ssa.Value) []ssa.CallInstruction {
	if v == nil {
		return nil
	}
	return scansOf(v)
}

func scansOf(v ssa.Value) []ssa.CallInstruction {
	return callsWithOp(v, apis.OpScan)
}

func nextsOf(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, c := range callsWithOp(v, apis.OpNext) {
		if c.Value() != nil {
			out = append(out, c.Value())
		}
	}
	return out
}

func callsWithOp(v ssa.Value, op apis.Op) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, c := range usersOf(v) {
		if m, ok := methodOf(c.Common()); ok && m.Op == op {
			out = append(out, c)
		}
	}
	return out
}

// rowsAffectedOf returns the values carrying the affected-row count of a
// result: res.RowsAffected() of database/sql (its int64), the CommandTag's
// RowsAffected() of pgx.
func rowsAffectedOf(res ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, c := range callsWithOp(res, apis.OpRowsAffected) {
		v := c.Value()
		if v == nil {
			continue
		}
		if _, isTuple := v.Type().(*types.Tuple); isTuple {
			out = append(out, extracts(v, 0)...)
		} else {
			out = append(out, v)
		}
	}
	return out
}

// scanInto records the destinations of a Scan call against the read's
// columns, position by position.
func (b *builder) scanInto(a *Access, scan ssa.CallInstruction) {
	m, _ := methodOf(scan.Common())
	args := ssautil.CallArgs(scan.Common())
	if m.Dest < 0 || m.Dest >= len(args) {
		return
	}
	if m.Lib == apis.LibSqlx && strings.HasSuffix(analysisutilName(scan.Common()), "StructScan") {
		b.destInto(a, args[m.Dest], false)
		return
	}
	dests, ok := variadicArgs(args[m.Dest])
	if !ok {
		return
	}
	cols := a.Reads
	a.Reads = nil
	for i, d := range dests {
		col := "?"
		if i < len(cols) {
			col = strings.ToLower(cols[i].Column)
		}
		if len(cols) == 1 && cols[0].Column == "*" {
			col = "*"
			if len(dests) > 1 {
				// SELECT * scanned position by position: each
				// destination is named after the column it holds.
				col = destColumn(d)
			}
		}
		if d == nil {
			continue
		}
		if t := unmarshalTarget(d); t != nil {
			d = t
		}
		a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: refOf(d), Addr: true})
	}
}

// unmarshalTarget returns, for a local the Scan fills with a column's
// JSON text, the address its one json.Unmarshal decodes it into, or nil:
//
//	var raw []byte
//	row.Scan(&l.ID, &raw)
//	json.Unmarshal(raw, &l.MetaData)   // meta_data lands in l.MetaData
func unmarshalTarget(d ssa.Value) ssa.Value {
	alloc, ok := unwrap(d).(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var target ssa.Value
	for _, r := range *alloc.Referrers() {
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.Referrers() == nil {
			continue
		}
		for _, rr := range *ld.Referrers() {
			call, ok := rr.(*ssa.Call)
			if !ok || analysisutil.FuncName(call.Common()) != "encoding/json.Unmarshal" || len(call.Common().Args) != 2 || unwrap(call.Common().Args[0]) != ld {
				continue
			}
			if target != nil {
				return nil // decoded twice: which one holds the column is not one answer
			}
			target = unwrap(call.Common().Args[1])
		}
	}
	return target
}

// destInto records a struct, scalar or slice destination of Get, Select,
// StructScan, gorm First/Find: one read per column of the statement, placed
// in the field whose db tag (or lower-cased name) is the column.
func (b *builder) destInto(a *Access, dest ssa.Value, slice bool) {
	d := unwrap(dest)
	cols := a.Reads
	a.Reads = nil
	t := d.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if slice {
		if s, ok := t.Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
	}
	st, isStruct := structOf(t)
	if !isStruct || isScannerType(t) {
		if len(cols) == 1 || len(cols) == 0 {
			col := "?"
			if len(cols) == 1 {
				col = cols[0].Column
			}
			a.Reads = append(a.Reads, ColumnRead{Column: strings.ToLower(col), Dest: refOf(d), Addr: true})
		}
		return
	}
	if slice {
		return // rows of a slice are not tracked field by field
	}
	fields := sqlxFields(st)
	if len(cols) == 1 && cols[0].Column == "*" || len(cols) == 0 {
		for _, f := range fields {
			a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(d, f.path), Addr: true})
		}
		return
	}
	for _, c := range cols {
		col := strings.ToLower(c.Column)
		for _, f := range fields {
			if f.column == col {
				a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: fieldRef(d, f.path), Addr: true})
				break
			}
		}
	}
}

func fieldRef(base ssa.Value, path []string) Ref {
	r := refOf(base)
	for _, p := range path {
		r.Path += "." + p
	}
	return r
}

// fieldAddrOf returns the FieldAddr instruction naming ref's field of its
// root, when one exists in the function.
func fieldAddrOf(ref Ref) ssa.Value {
	if ref.Root == nil || ref.Root.Referrers() == nil {
		return nil
	}
	name := strings.TrimPrefix(ref.Path, ".")
	if strings.Contains(name, ".") {
		return nil
	}
	for _, r := range *ref.Root.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fieldName(fa.X.Type(), fa.Field) == name {
			return fa
		}
	}
	return nil
}

// isScannerType reports struct types that scan as one value (time.Time,
// sql.NullString, pgtype.Text, uuid.UUID arrays are not structs).
func isScannerType(t types.Type) bool {
	n := typeName(t)
	return strings.HasPrefix(n, "time.") || strings.HasPrefix(n, "database/sql.Null") ||
		strings.Contains(n, "pgtype.") || strings.Contains(n, "decimal.")
}

type structField struct {
	column string
	path   []string
}

// sqlxFields lists the columns a struct maps, the way sqlx's default mapper
// does: the db tag, else the lower-cased field name; embedded structs are
// flattened; "-" skips a field.
func sqlxFields(st *types.Struct) []structField {
	var out []structField
	var walk func(st *types.Struct, prefix []string, depth int)
	visits := 0 // fields seen, against maxStructFields: embedding can fan out at every level
	walk = func(st *types.Struct, prefix []string, depth int) {
		if depth > 4 {
			return
		}
		for i := 0; i < st.NumFields(); i++ {
			if visits++; visits > maxStructFields {
				return
			}
			f := st.Field(i)
			tag := reflect.StructTag(st.Tag(i)).Get("db")
			if tag == "-" {
				continue
			}
			path := append(append([]string(nil), prefix...), f.Name())
			if f.Anonymous() && tag == "" {
				if inner, ok := structOf(f.Type()); ok && !isScannerType(f.Type()) {
					walk(inner, path, depth+1)
					continue
				}
			}
			if !f.Exported() {
				continue
			}
			col := tag
			if i := strings.IndexByte(col, ','); i >= 0 {
				col = col[:i]
			}
			if col == "" {
				col = strings.ToLower(f.Name())
			}
			out = append(out, structField{column: col, path: path})
		}
	}
	walk(st, nil, 0)
	return out
}

func analysisutilName(call *ssa.CallCommon) string {
	if call.IsInvoke() {
		return call.Method.Name()
	}
	if f := call.StaticCallee(); f != nil {
		return f.Name()
	}
	return ""
}

// destColumn names the column a Scan destination of SELECT * holds, from
// the Go name it is scanned into: &q.PaymentHash is payment_hash, &state
// is state (the table's column order is not known without a schema, and
// code names what it scans). "*" when the destination has no name.
func destColumn(d ssa.Value) string {
	switch x := unwrap(d).(type) {
	case *ssa.FieldAddr:
		if st, ok := structOf(x.X.Type()); ok && x.Field < st.NumFields() {
			f := st.Field(x.Field)
			if tag := reflect.StructTag(st.Tag(x.Field)).Get("db"); tag != "" && tag != "-" {
				return strings.ToLower(strings.Split(tag, ",")[0])
			}
			return snakeCase(f.Name())
		}
	case *ssa.Alloc:
		if token.IsIdentifier(x.Comment) {
			return snakeCase(x.Comment)
		}
	}
	return "*"
}

// tableMethod looks the method a library's method recognizer names up in
// one of the library's apis tables: its name and entry, when both match.
func tableMethod[T any](call *ssa.CallCommon, method func(*ssa.CallCommon) (string, bool), table map[string]T) (string, T, bool) {
	var zero T
	name, ok := method(call)
	if !ok {
		return "", zero, false
	}
	v, ok := table[name]
	return name, v, ok
}

// firstOf is Access.First of a statement: the column a SELECT orders by
// when it returns one row (ORDER BY pos DESC LIMIT 1).
func firstOf(stmt *sqltext.Stmt) string {
	if stmt.Kind != sqltext.KindSelect || stmt.Limit != 1 {
		return ""
	}
	return stmt.OrderBy
}
