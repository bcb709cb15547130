package oracle

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/pingcap/tidb/pkg/parser"
	"github.com/pingcap/tidb/pkg/parser/ast"
	"github.com/pingcap/tidb/pkg/parser/opcode"
	_ "github.com/pingcap/tidb/pkg/parser/test_driver" // value and placeholder expressions
)

// myStmt is one statement of a MySQL input with its parse tree.
type myStmt struct {
	text string
	node ast.StmtNode
}

// myParse parses input with TiDB's parser.
func myParse(p *parser.Parser, input string) ([]myStmt, error) {
	nodes, _, err := p.ParseSQL(input)
	if err != nil {
		return nil, err
	}
	var out []myStmt
	for _, n := range nodes {
		out = append(out, myStmt{text: strings.TrimSpace(n.OriginalText()), node: n})
	}
	return out, nil
}

// visitor calls enter for every node; enter returns whether to skip the
// node's children.
type visitor struct{ enter func(ast.Node) bool }

func (v visitor) Enter(n ast.Node) (ast.Node, bool) { return n, v.enter(n) }
func (v visitor) Leave(n ast.Node) (ast.Node, bool) { return n, true }

func visit(n ast.Node, enter func(ast.Node) bool) {
	if n != nil {
		n.Accept(visitor{enter})
	}
}

// myInfo collects what an expression's class depends on; excl names
// MySQL's row alias, if any.
func myInfo(e ast.ExprNode, excl string) exprInfo {
	var info exprInfo
	visit(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SubqueryExpr, *ast.ExistsSubqueryExpr:
			info.sub = true
			return true
		case *ast.ValuesExpr:
			info.excl = true
			return true
		case ast.ParamMarkerExpr:
			info.param = true
		case *ast.VariableExpr:
			if !x.IsSystem {
				info.varRefs = true // @x, a named placeholder to the scanner
			}
		case *ast.ColumnNameExpr:
			c := x.Name
			if excl != "" && strings.EqualFold(c.Table.O, excl) {
				info.excl = true
				return true
			}
			info.refs = append(info.refs, ref{name: c.Name.L, qual: c.Table.L})
		}
		return false
	})
	return info
}

func unparen(e ast.ExprNode) ast.ExprNode {
	for {
		p, ok := e.(*ast.ParenthesesExpr)
		if !ok {
			return e
		}
		e = p.Expr
	}
}

func mySingleParam(e ast.ExprNode) bool {
	for {
		switch x := unparen(e).(type) {
		case ast.ParamMarkerExpr:
			return true
		case *ast.FuncCastExpr:
			e = x.Expr
		default:
			return false
		}
	}
}

// myColumn returns the column of c, t.c, CAST(c AS t).
func myColumn(e ast.ExprNode) (string, bool) {
	for {
		switch x := unparen(e).(type) {
		case *ast.ColumnNameExpr:
			return x.Name.Name.L, true
		case *ast.FuncCastExpr:
			e = x.Expr
		default:
			return "", false
		}
	}
}

// myFolded returns the column of lower(col) or upper(col) (lcase, ucase).
func myFolded(e ast.ExprNode) (string, bool) {
	f, ok := unparen(e).(*ast.FuncCallExpr)
	if !ok || len(f.Args) != 1 {
		return "", false
	}
	switch f.FnName.L {
	case "lower", "upper", "lcase", "ucase":
		return myColumn(f.Args[0])
	}
	return "", false
}

var myLiteralFuncs = map[string]bool{"current_timestamp": true, "current_date": true,
	"current_time": true, "localtimestamp": true, "localtime": true, "current_user": true}

func myValueLike(e ast.ExprNode) bool {
	for {
		switch x := unparen(e).(type) {
		case ast.ParamMarkerExpr, ast.ValueExpr:
			return true
		case *ast.FuncCastExpr:
			e = x.Expr
		case *ast.FuncCallExpr:
			return len(x.Args) == 0 && myLiteralFuncs[x.FnName.L]
		case *ast.UnaryOperationExpr:
			_, ok := x.V.(ast.ValueExpr)
			return ok && x.Op == opcode.Minus
		default:
			return false
		}
	}
}

var myCmp = map[opcode.Op]string{opcode.EQ: "=", opcode.NE: "<>", opcode.LT: "<", opcode.LE: "<=",
	opcode.GT: ">", opcode.GE: ">=", opcode.NullEQ: "<=>"}

// myConds renders the top-level conjuncts of a WHERE as the scanner does.
func myConds(e ast.ExprNode) []string {
	if e == nil {
		return nil
	}
	e = unparen(e)
	if b, ok := e.(*ast.BinaryOperationExpr); ok {
		switch b.Op {
		case opcode.LogicOr, opcode.LogicXor:
			return []string{"?"}
		case opcode.LogicAnd:
			return append(myConds(b.L), myConds(b.R)...)
		}
	}
	return myCond(e)
}

func myCond(e ast.ExprNode) []string {
	opaque := []string{"?"}
	var col, op string
	var ok bool
	switch x := e.(type) {
	case *ast.ColumnNameExpr:
		// A boolean column alone tests it: active (active = TRUE).
		col, ok = myColumn(x)
		op = "="
	case *ast.UnaryOperationExpr:
		// NOT active: active = FALSE.
		if x.Op != opcode.Not {
			return opaque
		}
		if c, isCol := unparen(x.V).(*ast.ColumnNameExpr); isCol {
			col, ok = myColumn(c)
			op = "="
		}
	case *ast.IsNullExpr:
		col, ok = myColumn(x.Expr)
		op = "IS NULL"
		if x.Not {
			op = "IS NOT NULL"
		}
	case *ast.PatternInExpr:
		col, ok = myColumn(x.Expr)
		op = "IN"
		if x.Not {
			op = "NOT IN"
		}
	case *ast.PatternLikeOrIlikeExpr:
		col, ok = myColumn(x.Expr)
		op = "LIKE"
		if !x.IsLike {
			op = "ILIKE"
		}
		if x.Not {
			op = "NOT " + op
		}
	case *ast.BetweenExpr:
		col, ok = myColumn(x.Expr)
		op = "BETWEEN"
		if x.Not {
			op = "NOT BETWEEN"
		}
	case *ast.CompareSubqueryExpr:
		col, ok = myColumn(x.L)
		op = myCmp[x.Op]
		if op == "" {
			return opaque
		}
		if x.All {
			op += " ALL"
		} else {
			op += " ANY"
		}
	case *ast.BinaryOperationExpr:
		op = myCmp[x.Op]
		if op == "" {
			return opaque
		}
		if l, lok := unparen(x.L).(*ast.RowExpr); lok && op == "=" {
			r, rok := unparen(x.R).(*ast.RowExpr)
			if !rok || len(r.Values) != len(l.Values) {
				return opaque
			}
			var out []string
			for _, v := range l.Values {
				c, ok := myColumn(v)
				if !ok {
					return opaque
				}
				out = append(out, c+" =")
			}
			return out
		}
		col, ok = myColumn(x.L)
		if !ok {
			col, ok = myFolded(x.L) // lower(email) = lower(?), as the scanner reads it
		}
		if !ok && myValueLike(x.L) {
			col, ok = myColumn(x.R)
			if !ok {
				col, ok = myFolded(x.R)
			}
			op = mirror(op)
		}
	}
	if !ok {
		return opaque
	}
	return []string{col + " " + op}
}

// myFirstTable returns the leftmost table of a FROM clause.
func myFirstTable(refs *ast.TableRefsClause) (schema, name string, ok bool) {
	if refs == nil || refs.TableRefs == nil {
		return "", "", false
	}
	var n ast.ResultSetNode = refs.TableRefs
	for {
		switch x := n.(type) {
		case *ast.Join:
			if x.Left == nil {
				return "", "", false
			}
			n = x.Left
		case *ast.TableSource:
			n = x.Source
		case *ast.TableName:
			return x.Schema.L, x.Name.L, true
		default:
			return "", "", true
		}
	}
}

// myAliasOf returns the alias of the table named name in refs.
func myTables(refs *ast.TableRefsClause) (names, aliases []string) {
	visit(refs, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TableSource); ok {
			if tn, ok := ts.Source.(*ast.TableName); ok {
				names = append(names, tn.Name.L)
				aliases = append(aliases, ts.AsName.L)
			}
		}
		return false
	})
	return names, aliases
}

func myAssigns(list []*ast.Assignment, target, alias string) string {
	var out []string
	for _, a := range list {
		col := a.Column.Name.L
		class := assignClass(col, a.Column.Table.L, mySingleParam(a.Expr), myInfo(a.Expr, ""), target, alias)
		out = append(out, assign(col, class, mysql))
	}
	return strings.Join(out, ", ")
}

// myUpserts renders ON DUPLICATE KEY UPDATE classified as
// sqltext.UpsertClass.
func myUpserts(list []*ast.Assignment, target, alias string) string {
	var out []string
	for _, a := range list {
		col := a.Column.Name.L
		class := assignClass(col, a.Column.Table.L, mySingleParam(a.Expr), myInfo(a.Expr, ""), target, alias)
		acc := false
		if b, ok := unparen(a.Expr).(*ast.BinaryOperationExpr); ok {
			switch b.Op {
			case opcode.Plus, opcode.Minus, opcode.Mul, opcode.Div:
				l, lok := myColumn(b.L)
				r, rok := myColumn(b.R)
				acc = lok && l == col && myProposed(b.R) != "" || rok && r == col && myProposed(b.L) != ""
			}
		}
		out = append(out, col+"="+upsertClass(col, class, myProposed(a.Expr), acc))
	}
	return strings.Join(out, ", ")
}

// myProposed returns the column of VALUES(c), possibly cast, or "".
func myProposed(e ast.ExprNode) string {
	for {
		switch x := unparen(e).(type) {
		case *ast.ValuesExpr:
			if x.Column != nil {
				return x.Column.Name.Name.L
			}
			return ""
		case *ast.FuncCastExpr:
			e = x.Expr
		default:
			return ""
		}
	}
}

// myInsertValues renders the classes of the first row's values (or the
// SELECT's result fields) as the scanner's insertValues does.
func myInsertValues(x *ast.InsertStmt, cols []string) string {
	var items []ast.ExprNode
	var src ast.Node = x.Select
	if _, ok := src.(*ast.SetOprStmt); ok {
		src = myFirstSelect(src)
	}
	switch sel := src.(type) {
	case nil:
		if len(x.Lists) == 0 {
			return ""
		}
		items = x.Lists[0]
	case *ast.SelectStmt:
		if sel.With != nil || sel.Fields == nil {
			return ""
		}
		for _, f := range sel.Fields.Fields {
			if f.WildCard != nil {
				items = append(items, nil)
				continue
			}
			items = append(items, f.Expr)
		}
	default:
		return ""
	}
	var classes []string
	for _, v := range items {
		classes = append(classes, myValueClass(v))
	}
	return insertValues(cols, classes, mysql)
}

// myValueClass classifies an inserted value as pgValueClass does.
func myValueClass(e ast.ExprNode) string {
	if e == nil {
		return "other" // *
	}
	if mySingleParam(e) {
		return "param"
	}
	if d, ok := unparen(e).(*ast.DefaultExpr); ok && d.Name == nil {
		return "default"
	}
	info := myInfo(e, "")
	if len(info.refs) == 0 && !info.param && !info.sub && !info.excl && !info.varRefs {
		return "const"
	}
	return "other"
}

var setTransaction = regexp.MustCompile(`(?i)^SET\s+((GLOBAL|SESSION|LOCAL)\s+)?TRANSACTION\b`)

// mySummary derives the summary of one statement from TiDB's tree.
func mySummary(st myStmt) summary {
	s := summary{}
	var funcs []string
	params := 0
	visit(st.node, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncCallExpr:
			if x.FnName.L == "get_lock" {
				funcs = append(funcs, "get_lock")
			}
		case ast.ParamMarkerExpr:
			params++
		}
		return false
	})
	s[fAdvisory] = advisory(funcs)
	s[fParams] = strconv.Itoa(params)
	s[fIsolation] = ""
	s[fWhere] = ""
	switch x := st.node.(type) {
	case *ast.SelectStmt:
		s[fKind] = "select"
		mySelect(x, s)
	case *ast.SetOprStmt:
		s[fKind] = "select"
		if sel := myFirstSelect(x.SelectList); sel != nil {
			mySelect(sel, s)
		}
	case *ast.InsertStmt:
		s[fKind] = "insert"
		if schema, name, ok := myFirstTable(x.Table); ok {
			s[fTable] = tableName(schema, name, mysql)
		}
		var cols []string
		for _, c := range x.Columns {
			cols = append(cols, c.Name.L)
		}
		s[fInsertCols] = strings.Join(cols, ",")
		s[fReturning] = "false"
		s[fSet] = ""
		s[fTargetWhere], s[fUpsertSet] = "", ""
		s[fInsertValues] = myInsertValues(x, cols)
		switch {
		case x.OnDuplicate != nil:
			s[fConflict] = "duplicate key update"
			names, aliases := myTables(x.Table)
			target, alias := "", ""
			if len(names) > 0 {
				target, alias = names[0], aliases[0]
			}
			s[fSet] = myAssigns(x.OnDuplicate, target, alias)
			s[fUpsertSet] = myUpserts(x.OnDuplicate, target, alias)
		case x.IsReplace:
			s[fConflict] = "replace"
		case x.IgnoreErr:
			s[fConflict] = "ignore"
		default:
			s[fConflict] = "none"
		}
	case *ast.UpdateStmt:
		s[fKind] = "update"
		if schema, name, ok := myFirstTable(x.TableRefs); ok {
			s[fTable] = tableName(schema, name, mysql)
		}
		names, aliases := myTables(x.TableRefs)
		target, alias := "", ""
		if len(names) > 0 {
			target, alias = names[0], aliases[0]
		}
		s[fSet] = myAssigns(x.List, target, alias)
		s[fWhere] = strings.Join(myConds(x.Where), "; ")
		s[fReturning] = "false"
	case *ast.DeleteStmt:
		s[fKind] = "delete"
		if x.IsMultiTable && x.Tables != nil && len(x.Tables.Tables) > 0 {
			t := x.Tables.Tables[0]
			name := t.Name.L
			schema := t.Schema.L
			names, aliases := myTables(x.TableRefs)
			for i, a := range aliases {
				if a == name && schema == "" {
					name = names[i]
					break
				}
			}
			s[fTable] = tableName(schema, name, mysql)
		} else if schema, name, ok := myFirstTable(x.TableRefs); ok {
			s[fTable] = tableName(schema, name, mysql)
		}
		s[fWhere] = strings.Join(myConds(x.Where), "; ")
		s[fReturning] = "false"
	case *ast.BeginStmt:
		s[fKind] = "begin"
	case *ast.CommitStmt:
		s[fKind] = "commit"
	case *ast.RollbackStmt:
		s[fKind] = "rollback"
		if x.SavepointName != "" {
			s[fKind] = "other"
		}
	case *ast.SetStmt:
		s[fKind] = "other"
		if setTransaction.MatchString(st.text) {
			s[fKind] = "set transaction"
		}
		for _, v := range x.Variables {
			switch strings.ToLower(v.Name) {
			case "tx_isolation", "tx_isolation_one_shot", "transaction_isolation":
				s[fKind] = "set transaction"
				if val, ok := v.Value.(ast.ValueExpr); ok {
					s[fIsolation] = isolationLevel(val.GetString())
				}
			}
		}
	case *ast.LockTablesStmt:
		s[fKind] = "lock table"
		if len(x.TableLocks) > 0 {
			t := x.TableLocks[0].Table
			s[fTable] = tableName(t.Schema.L, t.Name.L, mysql)
		}
	case *ast.UnlockTablesStmt:
		s[fKind] = "other" // a DDLNode to TiDB, but it changes no schema
	case *ast.ShowStmt:
		s[fKind] = "select"
	case ast.DDLNode:
		s[fKind] = "ddl"
	default:
		// Account and privilege statements (CREATE USER, GRANT ROLE,
		// RENAME USER ...) change the catalog as DDL does.
		name := reflect.TypeOf(st.node).Elem().Name()
		s[fKind] = "other"
		for _, p := range []string{"Create", "Drop", "Alter", "Rename", "Grant", "Revoke", "Truncate"} {
			if strings.HasPrefix(name, p) {
				s[fKind] = "ddl"
			}
		}
	}
	myDDL(st.node).render(s)
	return s
}

// myFirstSelect returns the first branch of a set operation.
func myFirstSelect(n ast.Node) *ast.SelectStmt {
	for {
		switch x := n.(type) {
		case *ast.SelectStmt:
			return x
		case *ast.SetOprStmt:
			n = x.SelectList
		case *ast.SetOprSelectList:
			if len(x.Selects) == 0 {
				return nil
			}
			n = x.Selects[0]
		default:
			return nil
		}
	}
}

func mySelect(x *ast.SelectStmt, s summary) {
	if x.Kind != ast.SelectStmtKindSelect {
		return // VALUES, TABLE
	}
	if schema, name, ok := myFirstTable(x.From); ok {
		s[fTable] = tableName(schema, name, mysql)
	} else {
		s[fTable] = ""
	}
	s[fWhere] = strings.Join(myConds(x.Where), "; ")
	s[fLock] = ""
	if li := x.LockInfo; li != nil {
		switch li.LockType {
		case ast.SelectLockForUpdate, ast.SelectLockForUpdateWaitN:
			s[fLock] = lock("FOR UPDATE", false, false)
		case ast.SelectLockForShare:
			s[fLock] = lock("FOR SHARE", false, false)
		case ast.SelectLockForUpdateNoWait:
			s[fLock] = lock("FOR UPDATE", true, false)
		case ast.SelectLockForShareNoWait:
			s[fLock] = lock("FOR SHARE", true, false)
		case ast.SelectLockForUpdateSkipLocked:
			s[fLock] = lock("FOR UPDATE", false, true)
		case ast.SelectLockForShareSkipLocked:
			s[fLock] = lock("FOR SHARE", false, true)
		}
	}
}
