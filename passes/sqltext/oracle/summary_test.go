package oracle

import (
	"slices"
	"strconv"
	"strings"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// A summary maps a field name to its rendering. The scanner's summary has
// every field; an oracle's has the fields its parse tree can decide for the
// statement, and only those are compared.
type summary map[string]string

// Fields, in report order.
const (
	fKind       = "kind"
	fTable      = "table"
	fInsertCols = "insert_cols"
	fSet        = "set"
	fWhere      = "where"
	fLock       = "lock"
	fConflict   = "conflict"
	fReturning  = "returning"
	fAdvisory   = "advisory"
	fIsolation  = "isolation"
	fParams     = "params"
	// The upsert fields, rendered for INSERT only: the conflict target's
	// WHERE (partial-index inference), the conflict SET list classified
	// by UpsertClass, and the class of each inserted value of the first
	// row.
	fTargetWhere  = "target_where"
	fUpsertSet    = "upsert_set"
	fInsertValues = "insert_values"
)

var fieldOrder = append([]string{fKind, fTable, fInsertCols, fSet, fWhere, fLock, fConflict,
	fReturning, fAdvisory, fIsolation, fParams, fTargetWhere, fUpsertSet, fInsertValues}, ddlFields...)

type dialect int

const (
	postgres dialect = iota
	mysql
)

func (d dialect) String() string {
	if d == mysql {
		return "mysql"
	}
	return "postgres"
}

// scannerSummary renders the scanner's summary of st for dialect d.
func scannerSummary(st *sqltext.Stmt, d dialect) summary {
	s := summary{}
	s[fKind] = st.Kind.String()
	s[fTable] = tableName(st.Table.Schema, st.Table.Name, d)
	s[fInsertCols] = joinNames(st.Columns, d)
	switch st.Kind {
	case sqltext.KindUpdate:
		s[fSet] = renderAssigns(st.Set, d)
	case sqltext.KindInsert:
		s[fSet] = renderAssigns(st.Conflict.Set, d)
	default:
		s[fSet] = ""
	}
	var conds []string
	for _, c := range st.Where {
		conds = append(conds, cond(c.Column, c.Op, d))
	}
	s[fWhere] = strings.Join(conds, "; ")
	s[fLock] = lock(st.Lock.Strength.String(), st.Lock.NoWait, st.Lock.SkipLocked)
	target := make([]string, len(st.Conflict.Target))
	for i, t := range st.Conflict.Target {
		if isPlainName(t) {
			target[i] = t
		} else {
			target[i] = "(expr)"
		}
	}
	s[fConflict] = conflict(st.Conflict.Action.String(), target, st.Conflict.Constraint)
	s[fReturning] = strconv.FormatBool(st.Returning != nil)
	var adv []string
	for _, a := range st.Advisory {
		adv = append(adv, a.Func)
	}
	s[fAdvisory] = advisory(adv)
	s[fIsolation] = st.Isolation.String()
	// Only positional placeholders are counted: to pg_query sqlc.arg(x) is
	// a function call and @x an operator, and to TiDB @x is a user variable.
	n := 0
	for _, p := range st.Params {
		switch {
		case d == postgres && p.Style == sqltext.ParamDollar && p.Name == "",
			d == mysql && p.Style == sqltext.ParamQuestion:
			n++
		}
	}
	s[fParams] = strconv.Itoa(n)
	if st.Kind == sqltext.KindInsert {
		var tw []string
		for _, c := range st.Conflict.TargetWhere {
			tw = append(tw, cond(c.Column, c.Op, d))
		}
		s[fTargetWhere] = strings.Join(tw, "; ")
		var us []string
		for _, a := range st.Conflict.Set {
			c := a.Upsert.String()
			if a.Upsert == sqltext.UpsertProposed {
				c += "(" + colName(a.Value.Column, d) + ")"
			}
			us = append(us, colName(a.Column, d)+"="+c)
		}
		s[fUpsertSet] = strings.Join(us, ", ")
		var classes []string
		for _, v := range st.Values {
			classes = append(classes, valueClass(v))
		}
		s[fInsertValues] = insertValues(st.Columns, classes, d)
	}
	scannerDDL(st, d).render(s)
	return s
}

// valueClass renders the class of an inserted value: param, const,
// default or other.
func valueClass(e sqltext.Expr) string {
	switch e.Kind {
	case sqltext.ExprParam:
		return "param"
	case sqltext.ExprConst:
		return "const"
	case sqltext.ExprDefault:
		return "default"
	}
	return "other"
}

// insertValues renders the inserted values' classes against the columns
// (#n for a statement without a column list), and the number of values
// when it differs from the number of columns.
func insertValues(cols, classes []string, d dialect) string {
	if len(classes) == 0 {
		return ""
	}
	var out []string
	for i, c := range classes {
		name := "#" + strconv.Itoa(i+1)
		if cols != nil {
			if i >= len(cols) {
				break
			}
			name = colName(cols[i], d)
		}
		out = append(out, name+"="+c)
	}
	s := strings.Join(out, ", ")
	if cols != nil && len(classes) != len(cols) {
		s += "; " + strconv.Itoa(len(classes)) + " values"
	}
	return s
}

// upsertClass classifies the conflict assignment col = v as
// sqltext.UpsertClass documents, given the AssignClass the oracle derived
// (class), whether v is a proposed-row column (proposed, its name), and
// whether v is "column op proposed" in either order with the column col
// (accumulate).
func upsertClass(col, class, proposed string, accumulate bool) string {
	switch {
	case class == "param":
		return "param"
	case proposed != "":
		return "proposed(" + proposed + ")"
	case class == "atomic" && accumulate:
		return "accumulate"
	case class == "const":
		return "const"
	}
	return "other"
}

// isPlainName reports whether a conflict target entry is a column name
// rather than an expression's text.
func isPlainName(s string) bool {
	return s != "" && !strings.ContainsAny(s, "() ,")
}

func tableName(schema, name string, d dialect) string {
	if d == mysql {
		// MySQL table names compare without regard to case, and TiDB's
		// tree does not say which were quoted.
		schema, name = strings.ToLower(schema), strings.ToLower(name)
	}
	if schema != "" {
		return schema + "." + name
	}
	return name
}

func joinNames(names []string, d dialect) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = colName(n, d)
	}
	return strings.Join(out, ",")
}

func colName(n string, d dialect) string {
	if d == mysql {
		return strings.ToLower(n)
	}
	return n
}

func renderAssigns(as []sqltext.Assign, d dialect) string {
	var out []string
	for _, a := range as {
		out = append(out, colName(a.Column, d)+"="+a.Class.String())
	}
	return strings.Join(out, ", ")
}

func assign(col, class string, d dialect) string { return colName(col, d) + "=" + class }

func cond(col, op string, d dialect) string {
	if col == "" {
		return "?"
	}
	return colName(col, d) + " " + op
}

func lock(strength string, nowait, skip bool) string {
	if strength == "" && !nowait && !skip {
		return ""
	}
	s := strength
	if nowait {
		s += " NOWAIT"
	}
	if skip {
		s += " SKIP LOCKED"
	}
	return s
}

func conflict(action string, target []string, constraint string) string {
	s := action
	if len(target) > 0 {
		s += " (" + strings.Join(target, ",") + ")"
	}
	if constraint != "" {
		s += " ON CONSTRAINT " + constraint
	}
	return s
}

func advisory(funcs []string) string {
	funcs = slices.Clone(funcs)
	slices.Sort(funcs)
	return strings.Join(funcs, ",")
}

// isolationLevel maps a level as settings spell it ("read committed",
// "READ-COMMITTED") to sqltext's spelling.
func isolationLevel(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.NewReplacer("-", " ", "_", " ").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	switch s {
	case "READ UNCOMMITTED", "READ COMMITTED", "REPEATABLE READ", "SERIALIZABLE":
		return s
	}
	return ""
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

// ref is a column reference found in a parse tree.
type ref struct{ name, qual string }

// exprInfo is what the class of an assigned expression depends on.
type exprInfo struct {
	refs                      []ref
	param, sub, excl, varRefs bool
}

// assignClass classifies col = v as sqltext documents AssignClass: a single
// placeholder is param; a reference to the column itself (unqualified, or
// qualified by the target) is atomic; an expression with no column,
// placeholder, subquery or proposed-row reference is const.
func assignClass(col, qual string, single bool, info exprInfo, target, alias string) string {
	if single {
		return "param"
	}
	for _, r := range info.refs {
		if !strings.EqualFold(r.name, col) {
			continue
		}
		if r.qual == "" || strings.EqualFold(r.qual, qual) ||
			qual == "" && (strings.EqualFold(r.qual, target) || alias != "" && strings.EqualFold(r.qual, alias)) {
			return "atomic"
		}
	}
	if len(info.refs) == 0 && !info.param && !info.sub && !info.excl && !info.varRefs {
		return "const"
	}
	return "other"
}
