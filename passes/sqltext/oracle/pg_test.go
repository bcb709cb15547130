package oracle

import (
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// pgStmt is one statement of a PostgreSQL input with its parse tree.
type pgStmt struct {
	text string
	node *pg.Node
}

// pgParse parses input with pg_query and splits it into statements.
func pgParse(input string) ([]pgStmt, error) {
	res, err := pg.Parse(input)
	if err != nil {
		return nil, err
	}
	var out []pgStmt
	for _, raw := range res.Stmts {
		start := int(raw.StmtLocation)
		end := len(input)
		if raw.StmtLen > 0 {
			end = start + int(raw.StmtLen)
		}
		if start < 0 || start > end || end > len(input) {
			continue
		}
		out = append(out, pgStmt{text: strings.TrimSpace(input[start:end]), node: raw.Stmt})
	}
	return out, nil
}

// walk calls f for every message under m, depth first, in field order;
// f returns whether to descend into the message.
func walk(m protoreflect.Message, f func(protoreflect.Message) bool) {
	if !m.IsValid() || !f(m) {
		return
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			l := v.List()
			for i := 0; i < l.Len(); i++ {
				walk(l.Get(i).Message(), f)
			}
		case fd.Message() != nil && !fd.IsMap():
			walk(v.Message(), f)
		}
		return true
	})
}

func walkNode(n *pg.Node, f func(protoreflect.Message) bool) {
	if n != nil {
		walk(n.ProtoReflect(), f)
	}
}

func strs(nodes []*pg.Node) []string {
	var out []string
	for _, n := range nodes {
		if s := n.GetString_(); s != nil {
			out = append(out, s.Sval)
		} else if n.GetAStar() != nil {
			out = append(out, "*")
		}
	}
	return out
}

// isSqlcParam reports whether n is sqlc.arg(x), sqlc.narg(x), sqlc.slice(x)
// or pgx's @x (a prefix @ operator to PostgreSQL), which the scanner reads
// as named placeholders.
func isSqlcParam(n *pg.Node) bool {
	if fc := n.GetFuncCall(); fc != nil {
		name := strs(fc.Funcname)
		return len(name) == 2 && name[0] == "sqlc"
	}
	if e := n.GetAExpr(); e != nil && e.Lexpr == nil && len(e.Name) == 1 && strs(e.Name)[0] == "@" {
		// @x, and @x::type, which PostgreSQL reads as @ (x::type) but
		// pgx and sqlc replace by a placeholder before it parses.
		r := e.Rexpr
		if tc := r.GetTypeCast(); tc != nil {
			r = tc.Arg
		}
		return r.GetColumnRef() != nil
	}
	return false
}

// pgInfo collects what an expression's class depends on; excl names the
// proposed row's qualifier.
func pgInfo(n *pg.Node, excl string) exprInfo {
	var info exprInfo
	walkNode(n, func(m protoreflect.Message) bool {
		switch x := m.Interface().(type) {
		case *pg.Node:
			if isSqlcParam(x) {
				info.param = true
				return false
			}
		case *pg.SubLink:
			info.sub = true
			return false
		case *pg.ParamRef:
			info.param = true
		case *pg.ColumnRef:
			f := strs(x.Fields)
			if len(f) == 0 || f[len(f)-1] == "*" {
				return false
			}
			r := ref{name: f[len(f)-1]}
			if len(f) >= 2 {
				r.qual = f[len(f)-2]
			}
			if r.qual != "" && excl != "" && strings.EqualFold(r.qual, excl) {
				info.excl = true
				return false
			}
			info.refs = append(info.refs, r)
		}
		return true
	})
	return info
}

// pgSingleParam reports whether n is one placeholder, possibly cast.
func pgSingleParam(n *pg.Node) bool {
	for {
		switch {
		case n == nil:
			return false
		case n.GetParamRef() != nil || isSqlcParam(n):
			return true
		case n.GetTypeCast() != nil:
			n = n.GetTypeCast().Arg
		default:
			return false
		}
	}
}

// pgColumn returns the column of c, t.c, c::type, c COLLATE x.
func pgColumn(n *pg.Node, excl string) (string, bool) {
	for {
		switch {
		case n == nil:
			return "", false
		case n.GetTypeCast() != nil:
			n = n.GetTypeCast().Arg
		case n.GetCollateClause() != nil:
			n = n.GetCollateClause().Arg
		case n.GetColumnRef() != nil:
			f := strs(n.GetColumnRef().Fields)
			if len(f) == 0 || f[len(f)-1] == "*" {
				return "", false
			}
			if len(f) >= 2 && excl != "" && strings.EqualFold(f[len(f)-2], excl) {
				return "", false
			}
			return f[len(f)-1], true
		default:
			return "", false
		}
	}
}

// pgValueLike reports whether n may stand left of a comparison whose right
// side is a column, so that the scanner swaps them: a placeholder, a
// literal, a keyword literal, a proposed-row reference, possibly cast.
func pgValueLike(n *pg.Node, excl string) bool {
	for {
		switch {
		case n == nil:
			return false
		case n.GetTypeCast() != nil:
			n = n.GetTypeCast().Arg
		case n.GetParamRef() != nil, n.GetAConst() != nil, n.GetSqlvalueFunction() != nil, isSqlcParam(n):
			return true
		case n.GetColumnRef() != nil:
			f := strs(n.GetColumnRef().Fields)
			return len(f) >= 2 && excl != "" && strings.EqualFold(f[len(f)-2], excl)
		default:
			return false
		}
	}
}

// pgConds renders the top-level conjuncts of a WHERE as the scanner does.
func pgConds(n *pg.Node) []string {
	if n == nil {
		return nil
	}
	if b := n.GetBoolExpr(); b != nil {
		switch b.Boolop {
		case pg.BoolExprType_OR_EXPR:
			return []string{"?"}
		case pg.BoolExprType_AND_EXPR:
			var out []string
			for _, a := range b.Args {
				if ab := a.GetBoolExpr(); ab != nil && ab.Boolop == pg.BoolExprType_OR_EXPR {
					out = append(out, "?")
					continue
				}
				out = append(out, pgConds(a)...)
			}
			return out
		}
	}
	return pgCond(n)
}

var pgCmp = map[string]string{"=": "=", "<>": "<>", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

func pgCond(n *pg.Node) []string {
	opaque := []string{"?"}
	switch {
	case n.GetNullTest() != nil:
		t := n.GetNullTest()
		col, ok := pgColumn(t.Arg, "")
		if !ok {
			return opaque
		}
		if t.Nulltesttype == pg.NullTestType_IS_NULL {
			return []string{col + " IS NULL"}
		}
		return []string{col + " IS NOT NULL"}
	case n.GetSubLink() != nil:
		s := n.GetSubLink()
		col, ok := pgColumn(s.Testexpr, "")
		if !ok {
			return opaque
		}
		switch s.SubLinkType {
		case pg.SubLinkType_ANY_SUBLINK:
			if len(s.OperName) == 0 {
				return []string{col + " IN"}
			}
			return []string{col + " " + pgCmp[strs(s.OperName)[0]] + " ANY"}
		case pg.SubLinkType_ALL_SUBLINK:
			return []string{col + " " + pgCmp[strs(s.OperName)[0]] + " ALL"}
		}
		return opaque
	case n.GetColumnRef() != nil:
		// A boolean column alone tests it: active (active = true).
		if col, ok := pgColumn(n, ""); ok {
			return []string{col + " ="}
		}
		return opaque
	case n.GetBoolExpr() != nil:
		// x NOT IN (SELECT ...) is NOT over the IN; NOT (x IN ...) is
		// the same tree, told apart by where the NOT is. NOT active
		// tests active = false.
		b := n.GetBoolExpr()
		if b.Boolop == pg.BoolExprType_NOT_EXPR && len(b.Args) == 1 && b.Args[0].GetColumnRef() != nil {
			if col, ok := pgColumn(b.Args[0], ""); ok {
				return []string{col + " ="}
			}
		}
		if b.Boolop == pg.BoolExprType_NOT_EXPR && len(b.Args) == 1 {
			if s := b.Args[0].GetSubLink(); s != nil && s.SubLinkType == pg.SubLinkType_ANY_SUBLINK && len(s.OperName) == 0 {
				if col, ok := pgColumn(s.Testexpr, ""); ok && b.Location > location(s.Testexpr) {
					return []string{col + " NOT IN"}
				}
			}
		}
		return opaque
	case n.GetAExpr() != nil:
	default:
		return opaque
	}
	e := n.GetAExpr()
	name := strs(e.Name)
	if len(name) != 1 {
		return opaque
	}
	var op string
	switch e.Kind {
	case pg.A_Expr_Kind_AEXPR_OP:
		op = pgCmp[name[0]]
	case pg.A_Expr_Kind_AEXPR_OP_ANY:
		if c := pgCmp[name[0]]; c != "" {
			op = c + " ANY"
		}
	case pg.A_Expr_Kind_AEXPR_OP_ALL:
		if c := pgCmp[name[0]]; c != "" {
			op = c + " ALL"
		}
	case pg.A_Expr_Kind_AEXPR_DISTINCT:
		op = "IS DISTINCT FROM"
	case pg.A_Expr_Kind_AEXPR_NOT_DISTINCT:
		op = "IS NOT DISTINCT FROM"
	case pg.A_Expr_Kind_AEXPR_IN:
		op = "IN"
		if name[0] == "<>" {
			op = "NOT IN"
		}
	case pg.A_Expr_Kind_AEXPR_LIKE:
		op = "LIKE"
		if name[0] == "!~~" {
			op = "NOT LIKE"
		}
	case pg.A_Expr_Kind_AEXPR_ILIKE:
		op = "ILIKE"
		if name[0] == "!~~*" {
			op = "NOT ILIKE"
		}
	case pg.A_Expr_Kind_AEXPR_BETWEEN, pg.A_Expr_Kind_AEXPR_BETWEEN_SYM:
		op = "BETWEEN"
	case pg.A_Expr_Kind_AEXPR_NOT_BETWEEN, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM:
		op = "NOT BETWEEN"
	}
	if op == "" {
		return opaque
	}
	// (a, b) = (x, y): one conjunct per column.
	if op == "=" && e.Lexpr.GetRowExpr() != nil && e.Rexpr.GetRowExpr() != nil {
		l, r := e.Lexpr.GetRowExpr().Args, e.Rexpr.GetRowExpr().Args
		if len(l) != len(r) {
			return opaque
		}
		var out []string
		for _, a := range l {
			col, ok := pgColumn(a, "")
			if !ok {
				return opaque
			}
			out = append(out, col+" =")
		}
		return out
	}
	if col, ok := pgColumn(e.Lexpr, ""); ok {
		return []string{col + " " + op}
	}
	// lower(email) = lower($1): a condition on the column through a case
	// folding, as the scanner reads it.
	if col, ok := pgFolded(e.Lexpr); ok {
		return []string{col + " " + op}
	}
	switch e.Kind {
	case pg.A_Expr_Kind_AEXPR_OP, pg.A_Expr_Kind_AEXPR_DISTINCT, pg.A_Expr_Kind_AEXPR_NOT_DISTINCT:
		if col, ok := pgColumn(e.Rexpr, ""); ok && pgValueLike(e.Lexpr, "") {
			return []string{col + " " + mirror(op)}
		}
		if col, ok := pgFolded(e.Rexpr); ok && pgValueLike(e.Lexpr, "") {
			return []string{col + " " + mirror(op)}
		}
	}
	return opaque
}

// pgFolded returns the column of lower(col) or upper(col) (through casts).
func pgFolded(n *pg.Node) (string, bool) {
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	f := n.GetFuncCall()
	if f == nil || len(f.Args) != 1 {
		return "", false
	}
	name := strs(f.Funcname)
	if len(name) == 0 || !strings.EqualFold(name[len(name)-1], "lower") && !strings.EqualFold(name[len(name)-1], "upper") {
		return "", false
	}
	return pgColumn(f.Args[0], "")
}

// location returns the byte offset recorded on a node, or -1.
func location(n *pg.Node) int32 {
	loc := int32(-1)
	if n == nil {
		return loc
	}
	m := n.ProtoReflect()
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Message() == nil {
			return true
		}
		inner := v.Message()
		if f := inner.Descriptor().Fields().ByName("location"); f != nil {
			loc = int32(inner.Get(f).Int())
		}
		return false
	})
	return loc
}

// pgFirstSelect returns the first branch of a set operation.
func pgFirstSelect(s *pg.SelectStmt) *pg.SelectStmt {
	for s != nil && s.Op != pg.SetOperation_SETOP_NONE && s.Larg != nil {
		s = s.Larg
	}
	return s
}

// pgFirstTable returns the leftmost table of a FROM list.
func pgFirstTable(from []*pg.Node) (schema, name string, ok bool) {
	if len(from) == 0 {
		return "", "", false
	}
	n := from[0]
	for {
		switch {
		case n.GetRangeVar() != nil:
			rv := n.GetRangeVar()
			return rv.Schemaname, rv.Relname, true
		case n.GetJoinExpr() != nil:
			n = n.GetJoinExpr().Larg
		case n.GetRangeTableSample() != nil:
			n = n.GetRangeTableSample().Relation
		default:
			return "", "", true // a subquery or a function
		}
	}
}

// pgAssigns renders a SET list; target and alias name the updated table.
func pgAssigns(list []*pg.Node, target, alias, excl string) string {
	var out []string
	for _, n := range list {
		rt := n.GetResTarget()
		if rt == nil {
			return "(unknown)"
		}
		val := rt.Val
		if ma := val.GetMultiAssignRef(); ma != nil {
			val = nil
			if row := ma.Source.GetRowExpr(); row != nil && int(ma.Colno) <= len(row.Args) {
				val = row.Args[ma.Colno-1]
			}
			if val == nil {
				out = append(out, assign(rt.Name, "other", postgres))
				continue
			}
		}
		class := assignClass(rt.Name, "", pgSingleParam(val), pgInfo(val, excl), target, alias)
		if len(rt.Indirection) > 0 && class != "param" && class != "const" {
			class = "other" // c[1] = ..., c.f = ...
		}
		out = append(out, assign(rt.Name, class, postgres))
	}
	return strings.Join(out, ", ")
}

// pgUpserts renders a conflict SET list classified as sqltext.UpsertClass.
func pgUpserts(list []*pg.Node, target, alias string) string {
	var out []string
	for _, n := range list {
		rt := n.GetResTarget()
		if rt == nil {
			return "(unknown)"
		}
		val := rt.Val
		if ma := val.GetMultiAssignRef(); ma != nil {
			val = nil
			if row := ma.Source.GetRowExpr(); row != nil && int(ma.Colno) <= len(row.Args) {
				val = row.Args[ma.Colno-1]
			}
			if val == nil {
				out = append(out, rt.Name+"=other")
				continue
			}
		}
		class := assignClass(rt.Name, "", pgSingleParam(val), pgInfo(val, "excluded"), target, alias)
		if len(rt.Indirection) > 0 && class != "param" && class != "const" {
			out = append(out, rt.Name+"=other")
			continue
		}
		proposed := pgProposed(val)
		acc := false
		if e := val.GetAExpr(); e != nil && e.Kind == pg.A_Expr_Kind_AEXPR_OP && len(e.Name) == 1 {
			switch strs(e.Name)[0] {
			case "+", "-", "*", "/", "||":
				l, lok := pgColumn(e.Lexpr, "excluded")
				r, rok := pgColumn(e.Rexpr, "excluded")
				acc = lok && strings.EqualFold(l, rt.Name) && pgProposed(e.Rexpr) != "" ||
					rok && strings.EqualFold(r, rt.Name) && pgProposed(e.Lexpr) != ""
			}
		}
		out = append(out, rt.Name+"="+upsertClass(rt.Name, class, proposed, acc))
	}
	return strings.Join(out, ", ")
}

// pgProposed returns the column of EXCLUDED.c, possibly cast or collated,
// or "".
func pgProposed(n *pg.Node) string {
	for n != nil {
		switch {
		case n.GetTypeCast() != nil:
			n = n.GetTypeCast().Arg
		case n.GetCollateClause() != nil:
			n = n.GetCollateClause().Arg
		case n.GetColumnRef() != nil:
			f := strs(n.GetColumnRef().Fields)
			if len(f) == 2 && strings.EqualFold(f[0], "excluded") && f[1] != "*" {
				return f[1]
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

// pgInsertValues renders the classes of the first row's values (or the
// SELECT's result columns) as the scanner's insertValues does.
func pgInsertValues(ins *pg.InsertStmt, cols []string) string {
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil {
		return "" // DEFAULT VALUES
	}
	var items []*pg.Node
	switch {
	case sel.ValuesLists != nil:
		items = sel.ValuesLists[0].GetList().GetItems()
	case sel.WithClause != nil:
		return ""
	default:
		first := pgFirstSelect(sel)
		for _, t := range first.TargetList {
			items = append(items, t.GetResTarget().GetVal())
		}
	}
	var classes []string
	for _, v := range items {
		classes = append(classes, pgValueClass(v))
	}
	return insertValues(cols, classes, postgres)
}

// pgValueClass classifies an inserted value: a placeholder, DEFAULT, an
// expression with no column, placeholder or subquery (const), or other.
func pgValueClass(n *pg.Node) string {
	switch {
	case pgSingleParam(n):
		return "param"
	case n.GetSetToDefault() != nil:
		return "default"
	}
	if c := n.GetColumnRef(); c != nil && len(c.Fields) > 0 && c.Fields[len(c.Fields)-1].GetAStar() != nil {
		return "other" // SELECT *
	}
	info := pgInfo(n, "")
	if len(info.refs) == 0 && !info.param && !info.sub && !info.excl && !info.varRefs {
		return "const"
	}
	return "other"
}

var pgAdvisory = map[string]bool{
	"pg_advisory_lock": true, "pg_advisory_lock_shared": true,
	"pg_advisory_xact_lock": true, "pg_advisory_xact_lock_shared": true,
	"pg_try_advisory_lock": true, "pg_try_advisory_lock_shared": true,
	"pg_try_advisory_xact_lock": true, "pg_try_advisory_xact_lock_shared": true,
}

// pgSummary derives the summary of one statement from its tree. It returns
// nil for statements outside the comparison.
func pgSummary(n *pg.Node) summary {
	s := summary{}
	var funcs []string
	params := 0
	walkNode(n, func(m protoreflect.Message) bool {
		switch x := m.Interface().(type) {
		case *pg.FuncCall:
			name := strs(x.Funcname)
			if len(name) > 0 && pgAdvisory[strings.ToLower(name[len(name)-1])] {
				funcs = append(funcs, strings.ToLower(name[len(name)-1]))
			}
		case *pg.ParamRef:
			params++
		case *pg.MultiAssignRef:
			// (a, b) = (x, y) repeats the source in every column's target.
			return x.Colno == 1
		}
		return true
	})
	s[fAdvisory] = advisory(funcs)
	s[fParams] = strconv.Itoa(params)
	s[fIsolation] = ""

	noWhere := func() { s[fWhere] = "" }
	switch x := n.Node.(type) {
	case *pg.Node_SelectStmt:
		s[fKind] = "select"
		sel := pgFirstSelect(x.SelectStmt)
		if sel.ValuesLists != nil {
			break
		}
		if schema, name, ok := pgFirstTable(sel.FromClause); ok {
			s[fTable] = tableName(schema, name, postgres)
		} else {
			s[fTable] = ""
		}
		s[fWhere] = strings.Join(pgConds(sel.WhereClause), "; ")
		strength, nowait, skip := "", false, false
		rank := map[pg.LockClauseStrength]int{pg.LockClauseStrength_LCS_FORUPDATE: 4,
			pg.LockClauseStrength_LCS_FORNOKEYUPDATE: 3, pg.LockClauseStrength_LCS_FORSHARE: 2,
			pg.LockClauseStrength_LCS_FORKEYSHARE: 1}
		names := map[pg.LockClauseStrength]string{pg.LockClauseStrength_LCS_FORUPDATE: "FOR UPDATE",
			pg.LockClauseStrength_LCS_FORNOKEYUPDATE: "FOR NO KEY UPDATE", pg.LockClauseStrength_LCS_FORSHARE: "FOR SHARE",
			pg.LockClauseStrength_LCS_FORKEYSHARE: "FOR KEY SHARE"}
		best := 0
		for _, l := range x.SelectStmt.LockingClause {
			lc := l.GetLockingClause()
			if r := rank[lc.Strength]; r > best {
				best, strength = r, names[lc.Strength]
			}
			nowait = nowait || lc.WaitPolicy == pg.LockWaitPolicy_LockWaitError
			skip = skip || lc.WaitPolicy == pg.LockWaitPolicy_LockWaitSkip
		}
		s[fLock] = lock(strength, nowait, skip)
	case *pg.Node_InsertStmt:
		ins := x.InsertStmt
		s[fKind] = "insert"
		s[fTable] = tableName(ins.Relation.Schemaname, ins.Relation.Relname, postgres)
		var cols []string
		for _, c := range ins.Cols {
			cols = append(cols, c.GetResTarget().Name)
		}
		s[fInsertCols] = strings.Join(cols, ",")
		s[fReturning] = strconv.FormatBool(len(ins.ReturningList) > 0)
		s[fConflict] = "none"
		s[fSet] = ""
		s[fTargetWhere], s[fUpsertSet] = "", ""
		s[fInsertValues] = pgInsertValues(ins, cols)
		if oc := ins.OnConflictClause; oc != nil {
			if oc.Infer != nil {
				s[fTargetWhere] = strings.Join(pgConds(oc.Infer.WhereClause), "; ")
			}
			var target []string
			constraint := ""
			if oc.Infer != nil {
				constraint = oc.Infer.Conname
				for _, e := range oc.Infer.IndexElems {
					if ie := e.GetIndexElem(); ie != nil && ie.Name != "" {
						target = append(target, ie.Name)
					} else {
						target = append(target, "(expr)")
					}
				}
			}
			switch oc.Action {
			case pg.OnConflictAction_ONCONFLICT_NOTHING:
				s[fConflict] = conflict("do nothing", target, constraint)
			case pg.OnConflictAction_ONCONFLICT_UPDATE:
				s[fConflict] = conflict("do update", target, constraint)
				alias := ""
				if ins.Relation.Alias != nil {
					alias = ins.Relation.Alias.Aliasname
				}
				s[fSet] = pgAssigns(oc.TargetList, ins.Relation.Relname, alias, "excluded")
				s[fUpsertSet] = pgUpserts(oc.TargetList, ins.Relation.Relname, alias)
			}
		}
	case *pg.Node_UpdateStmt:
		up := x.UpdateStmt
		s[fKind] = "update"
		s[fTable] = tableName(up.Relation.Schemaname, up.Relation.Relname, postgres)
		alias := ""
		if up.Relation.Alias != nil {
			alias = up.Relation.Alias.Aliasname
		}
		s[fSet] = pgAssigns(up.TargetList, up.Relation.Relname, alias, "")
		s[fWhere] = strings.Join(pgConds(up.WhereClause), "; ")
		s[fReturning] = strconv.FormatBool(len(up.ReturningList) > 0)
	case *pg.Node_DeleteStmt:
		del := x.DeleteStmt
		s[fKind] = "delete"
		s[fTable] = tableName(del.Relation.Schemaname, del.Relation.Relname, postgres)
		s[fWhere] = strings.Join(pgConds(del.WhereClause), "; ")
		s[fReturning] = strconv.FormatBool(len(del.ReturningList) > 0)
	case *pg.Node_TransactionStmt:
		t := x.TransactionStmt
		switch t.Kind {
		case pg.TransactionStmtKind_TRANS_STMT_BEGIN, pg.TransactionStmtKind_TRANS_STMT_START:
			s[fKind] = "begin"
			s[fIsolation] = pgIsolation(t.Options)
		case pg.TransactionStmtKind_TRANS_STMT_COMMIT:
			s[fKind] = "commit"
		case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK:
			s[fKind] = "rollback"
		default:
			s[fKind] = "other"
		}
	case *pg.Node_VariableSetStmt:
		v := x.VariableSetStmt
		switch strings.ToLower(v.Name) {
		case "transaction", "session characteristics":
			s[fKind] = "set transaction"
			s[fIsolation] = pgIsolation(v.Args)
		case "transaction_isolation", "default_transaction_isolation":
			s[fKind] = "set transaction"
			if len(v.Args) == 1 {
				if c := v.Args[0].GetAConst(); c != nil && c.GetSval() != nil {
					s[fIsolation] = isolationLevel(c.GetSval().Sval)
				}
			}
		default:
			s[fKind] = "other"
		}
	case *pg.Node_VariableShowStmt:
		s[fKind] = "select"
	case *pg.Node_LockStmt:
		s[fKind] = "lock table"
		if len(x.LockStmt.Relations) > 0 {
			rv := x.LockStmt.Relations[0].GetRangeVar()
			s[fTable] = tableName(rv.Schemaname, rv.Relname, postgres)
		}
	case *pg.Node_CreateStmt, *pg.Node_AlterTableStmt, *pg.Node_DropStmt, *pg.Node_IndexStmt,
		*pg.Node_TruncateStmt, *pg.Node_CommentStmt, *pg.Node_GrantStmt, *pg.Node_CreateFunctionStmt,
		*pg.Node_ViewStmt, *pg.Node_CreateSeqStmt, *pg.Node_AlterSeqStmt, *pg.Node_CreateEnumStmt,
		*pg.Node_CompositeTypeStmt, *pg.Node_CreateExtensionStmt, *pg.Node_CreateSchemaStmt,
		*pg.Node_RenameStmt, *pg.Node_CreateTrigStmt, *pg.Node_CreateTableAsStmt, *pg.Node_AlterEnumStmt,
		*pg.Node_CreateDomainStmt, *pg.Node_DefineStmt, *pg.Node_CreatePolicyStmt, *pg.Node_AlterOwnerStmt,
		*pg.Node_AlterObjectSchemaStmt, *pg.Node_CreateRoleStmt, *pg.Node_AlterRoleStmt, *pg.Node_DropRoleStmt,
		*pg.Node_GrantRoleStmt, *pg.Node_CreatedbStmt, *pg.Node_DropdbStmt, *pg.Node_AlterDefaultPrivilegesStmt,
		*pg.Node_CreateCastStmt, *pg.Node_CreateRangeStmt, *pg.Node_AlterDomainStmt, *pg.Node_AlterFunctionStmt,
		*pg.Node_CreateTableSpaceStmt, *pg.Node_DropTableSpaceStmt, *pg.Node_AlterExtensionStmt,
		*pg.Node_CreateOpClassStmt, *pg.Node_RuleStmt, *pg.Node_CreateStatsStmt, *pg.Node_AlterTypeStmt,
		*pg.Node_CreatePublicationStmt, *pg.Node_CreateSubscriptionStmt, *pg.Node_AlterPolicyStmt,
		*pg.Node_CreateEventTrigStmt, *pg.Node_CreateConversionStmt, *pg.Node_CreateFdwStmt,
		*pg.Node_CreateForeignServerStmt, *pg.Node_CreateForeignTableStmt, *pg.Node_CreateUserMappingStmt,
		*pg.Node_CreateTransformStmt, *pg.Node_CreateAmStmt, *pg.Node_CreatePlangStmt, *pg.Node_DropOwnedStmt,
		*pg.Node_AlterDatabaseStmt, *pg.Node_AlterDatabaseSetStmt, *pg.Node_AlterRoleSetStmt,
		*pg.Node_AlterTsconfigurationStmt, *pg.Node_AlterTsdictionaryStmt, *pg.Node_AlterOperatorStmt,
		*pg.Node_AlterCollationStmt, *pg.Node_AlterStatsStmt, *pg.Node_AlterTableMoveAllStmt,
		*pg.Node_AlterSystemStmt, *pg.Node_DropSubscriptionStmt, *pg.Node_AlterPublicationStmt,
		*pg.Node_AlterSubscriptionStmt, *pg.Node_DropUserMappingStmt, *pg.Node_AlterFdwStmt,
		*pg.Node_AlterForeignServerStmt, *pg.Node_AlterUserMappingStmt, *pg.Node_ImportForeignSchemaStmt,
		*pg.Node_CreateOpFamilyStmt, *pg.Node_AlterOpFamilyStmt, *pg.Node_AlterEventTrigStmt,
		*pg.Node_AlterTableSpaceOptionsStmt, *pg.Node_AlterObjectDependsStmt:
		s[fKind] = "ddl"
	default:
		s[fKind] = "other"
	}
	if _, ok := s[fWhere]; !ok {
		noWhere()
	}
	pgDDL(n).render(s)
	return s
}

// pgIsolation reads transaction_isolation from transaction options.
func pgIsolation(opts []*pg.Node) string {
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil || d.Defname != "transaction_isolation" {
			continue
		}
		if c := d.Arg.GetAConst(); c != nil && c.GetSval() != nil {
			return isolationLevel(c.GetSval().Sval)
		}
	}
	return ""
}
