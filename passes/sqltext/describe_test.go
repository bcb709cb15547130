package sqltext

import (
	"reflect"
	"strconv"
	"strings"
)

// describe renders every summarized field of st except Text and spans, in a
// compact and stable form for table-driven tests.
func describe(st *Stmt) string {
	var b strings.Builder
	w := func(parts ...string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	w(st.Kind.String())
	if st.Table != (TableRef{}) {
		w("table=", tref(st.Table))
	}
	if len(st.From) > 0 && !(len(st.From) == 1 && st.From[0] == st.Table) {
		var f []string
		for _, t := range st.From {
			f = append(f, tref(t))
		}
		w("from=[", strings.Join(f, ","), "]")
	}
	if st.Columns != nil {
		w("cols=[", strings.Join(st.Columns, ","), "]")
	}
	if st.Values != nil {
		var f []string
		for _, v := range st.Values {
			f = append(f, dexpr(v))
		}
		w("values=[", strings.Join(f, ","), "]")
	}
	if st.DefaultValues {
		w("defaultvalues")
	}
	if st.Set != nil {
		w("set=[", dassigns(st.Set), "]")
	}
	if st.HasWhere || st.Where != nil {
		w("where=[", dconds(st.Where), "]")
		if !st.HasWhere {
			w("NOHASWHERE")
		}
	}
	if st.Lock.Strength != LockNone || st.Lock.NoWait || st.Lock.SkipLocked || st.Lock.Of != nil {
		s := "lock=" + strings.ReplaceAll(st.Lock.Strength.String(), " ", "_")
		if st.Lock.Of != nil {
			s += "(" + strings.Join(st.Lock.Of, ",") + ")"
		}
		if st.Lock.NoWait {
			s += ",nowait"
		}
		if st.Lock.SkipLocked {
			s += ",skiplocked"
		}
		w(s)
	}
	c := st.Conflict
	if c.Action != ConflictNone || c.Target != nil || c.Constraint != "" || c.Set != nil || c.Where != nil || c.TargetWhere != nil {
		s := "conflict=" + strings.ReplaceAll(c.Action.String(), " ", "_")
		if c.Target != nil {
			s += "(" + strings.Join(c.Target, ",") + ")"
		}
		if c.Constraint != "" {
			s += "constraint:" + c.Constraint
		}
		if c.TargetWhere != nil {
			s += " twhere=[" + dconds(c.TargetWhere) + "]"
		}
		if c.Set != nil {
			s += " cset=[" + dupserts(c.Set) + "]"
		}
		if c.Where != nil {
			s += " cwhere=[" + dconds(c.Where) + "]"
		}
		w(s)
	}
	if st.Returning != nil {
		w("returning=[", strings.Join(st.Returning, ","), "]")
	}
	for _, a := range st.Advisory {
		s := "adv=" + a.Func
		if a.Xact {
			s += ",xact"
		}
		if a.Try {
			s += ",try"
		}
		var f []string
		for _, v := range a.Args {
			f = append(f, dexpr(v))
		}
		w(s, "(", strings.Join(f, ","), ")")
	}
	if st.Isolation != IsolationNone {
		w("iso=", strings.ReplaceAll(st.Isolation.String(), " ", "_"))
	}
	if st.WriteLock {
		w("writelock")
	}
	if st.Count {
		w("count")
	}
	if st.Sum {
		w("sum")
	}
	if st.Exists {
		w("exists")
	}
	if st.Limit != -1 {
		w("limit=", strconv.Itoa(st.Limit))
	}
	for _, s := range st.With {
		w("with{", describe(s), "}")
	}
	if st.Source != nil {
		w("source{", describe(st.Source), "}")
	}
	if st.Params != nil {
		var f []string
		for _, p := range st.Params {
			f = append(f, p.String())
		}
		w("params=[", strings.Join(f, ","), "]")
	}
	if st.Partial {
		w("partial")
	}
	if st.Name != "" || st.Command != "" {
		w("name=", st.Name, st.Command)
	}
	if st.DDL != nil {
		w(describeDDL(st.DDL))
	}
	return b.String()
}

// describeDDL renders every field of a DDL summary except the spans of the
// index predicate's conjuncts.
func describeDDL(d *DDL) string {
	var parts []string
	w := func(s ...string) { parts = append(parts, strings.Join(s, "")) }
	w("{", strings.ReplaceAll(d.Op.String(), " ", "-"))
	if d.Table != (TableRef{}) {
		w(tref(d.Table))
	}
	if len(d.Tables) > 1 || len(d.Tables) == 1 && d.Tables[0] != d.Table {
		var f []string
		for _, t := range d.Tables {
			f = append(f, tref(t))
		}
		w("tables=[", strings.Join(f, ","), "]")
	}
	if d.NewName != (TableRef{}) {
		w("new=", tref(d.NewName))
	}
	if len(d.Renames) > 1 || len(d.Renames) == 1 && (d.Renames[0].From != d.Table || d.Renames[0].To != d.NewName) {
		var f []string
		for _, r := range d.Renames {
			f = append(f, tref(r.From)+"->"+tref(r.To))
		}
		w("renames=[", strings.Join(f, ","), "]")
	}
	if d.IfNotExists {
		w("ine")
	}
	if d.IfExists {
		w("ie")
	}
	if d.Temporary {
		w("temp")
	}
	if d.Columns != nil {
		var f []string
		for _, c := range d.Columns {
			f = append(f, dcol(c))
		}
		w("cols=[", strings.Join(f, "; "), "]")
	}
	if d.Constraints != nil {
		var f []string
		for _, c := range d.Constraints {
			f = append(f, dcons(c))
		}
		w("cons=[", strings.Join(f, "; "), "]")
	}
	if d.Actions != nil {
		var f []string
		for _, a := range d.Actions {
			f = append(f, dalter(a))
		}
		w("actions=[", strings.Join(f, "; "), "]")
	}
	if x := d.Index; x != nil {
		s := "index="
		if x.Name != "" {
			s += x.Name
		} else {
			s += "_"
		}
		if x.Unique {
			s += " unique"
		}
		if x.Method != "" {
			s += " using=" + x.Method
		}
		var f []string
		for i, c := range x.Columns {
			c = strings.ReplaceAll(c, Hole, "HOLE")
			if i < len(x.Exprs) && x.Exprs[i] {
				c = "expr{" + c + "}"
			}
			f = append(f, c)
		}
		s += " (" + strings.Join(f, ",") + ")"
		if len(x.Exprs) != len(x.Columns) {
			s += " BADEXPRS"
		}
		if x.Include != nil {
			s += " include(" + strings.Join(x.Include, ",") + ")"
		}
		if x.NullsNotDistinct {
			s += " nnd"
		}
		if x.Where != nil || x.WhereText != "" {
			s += " where=[" + dconds(x.Where) + "] wtext{" + x.WhereText + "}"
		}
		w(s)
	}
	if d.Indexes != nil {
		w("indexes=[", strings.Join(d.Indexes, ","), "]")
	}
	if d.Like != (TableRef{}) {
		w("like=", tref(d.Like))
	}
	if d.LikeIndexes {
		w("likeidx")
	}
	if d.AsSelect {
		w("asselect")
	}
	return strings.Join(parts, " ") + "}"
}

func dcol(c ColumnDef) string {
	s := strings.ReplaceAll(c.Name, Hole, "HOLE")
	if c.Type != "" {
		s += ":" + strings.ReplaceAll(c.Type, Hole, "HOLE")
	}
	if c.NotNull {
		s += " nn"
	}
	if c.PrimaryKey {
		s += " pk"
	}
	if c.PrimaryKeyName != "" {
		s += "=" + c.PrimaryKeyName
	}
	if c.Unique {
		s += " uq"
	}
	if c.UniqueName != "" {
		s += "=" + c.UniqueName
	}
	if c.Default != "" {
		s += " def{" + c.Default + "}"
	}
	if c.Identity {
		s += " ident"
	}
	if c.Generated != "" {
		s += " gen{" + c.Generated + "}"
	}
	if c.References != (TableRef{}) || c.RefColumns != nil {
		s += " ref=" + tref(c.References) + "(" + strings.Join(c.RefColumns, ",") + ")"
	}
	if c.Check != "" {
		s += " check{" + c.Check + "}"
	}
	if c.Collate != "" {
		s += " collate=" + c.Collate
	}
	return s
}

func dcons(c Constraint) string {
	s := strings.ReplaceAll(c.Kind.String(), " ", "-")
	if c.Name != "" {
		s += ":" + c.Name
	}
	if c.Columns != nil || c.Kind != ConstraintCheck {
		var f []string
		for i, k := range c.Columns {
			if i < len(c.Exprs) && c.Exprs[i] {
				k = "expr{" + k + "}"
			}
			f = append(f, k)
		}
		s += "(" + strings.Join(f, ",") + ")"
		if len(c.Exprs) != len(c.Columns) {
			s += " BADEXPRS"
		}
	}
	if c.NullsNotDistinct {
		s += " nnd"
	}
	if c.References != (TableRef{}) || c.RefColumns != nil {
		s += "->" + tref(c.References) + "(" + strings.Join(c.RefColumns, ",") + ")"
	}
	if c.Check != "" {
		s += "{" + c.Check + "}"
	}
	if c.UsingIndex != "" {
		s += " using-index=" + c.UsingIndex
	}
	if c.Where != nil || c.WhereText != "" {
		s += " where=[" + dconds(c.Where) + "] wtext{" + c.WhereText + "}"
	}
	return s
}

func dalter(a AlterAction) string {
	s := strings.ReplaceAll(a.Kind.String(), " ", "-")
	switch a.Kind {
	case AlterAddColumn, AlterAlterColumn:
		s += " " + dcol(a.Column)
	case AlterAddConstraint:
		s += " " + dcons(a.Constraint)
	case AlterRenameColumn:
		s += " " + a.Name + "->" + a.NewName
		if !reflect.DeepEqual(a.Column, ColumnDef{}) {
			s += " " + dcol(a.Column)
		}
	case AlterRenameConstraint, AlterRenameTable:
		s += " " + a.Name + "->" + a.NewName
	case AlterDropColumn, AlterDropConstraint:
		s += " " + a.Name
	}
	if a.Kind != AlterRenameColumn && a.Kind != AlterRenameConstraint && a.Kind != AlterRenameTable &&
		a.Kind != AlterDropColumn && a.Kind != AlterDropConstraint && (a.Name != "" || a.NewName != "") {
		s += " name=" + a.Name + "->" + a.NewName
	}
	if a.Kind != AlterAddColumn && a.Kind != AlterAlterColumn && a.Kind != AlterRenameColumn && !reflect.DeepEqual(a.Column, ColumnDef{}) {
		s += " col=" + dcol(a.Column)
	}
	if a.Kind != AlterAddConstraint && !reflect.DeepEqual(a.Constraint, Constraint{}) {
		s += " cons=" + dcons(a.Constraint)
	}
	if a.IfExists {
		s += " ie"
	}
	if a.IfNotExists {
		s += " ine"
	}
	if a.DropNotNull {
		s += " drop-nn"
	}
	if a.DropDefault {
		s += " drop-default"
	}
	if a.Redefine {
		s += " redefine"
	}
	return s
}

func tref(t TableRef) string {
	s := t.Name
	if s == "" {
		s = "_"
	}
	if t.Schema != "" {
		s = t.Schema + "." + s
	}
	if t.Alias != "" {
		s += "/" + t.Alias
	}
	return s
}

func dexpr(e Expr) string {
	switch e.Kind {
	case ExprParam:
		return e.Param.String()
	case ExprColumn:
		return "col(" + e.Column + ")"
	case ExprConst:
		return "const"
	case ExprArith:
		p := "_"
		if e.Param.Style != 0 {
			p = e.Param.String()
		}
		return "arith(" + e.Column + e.Op + p + ")"
	case ExprExcluded:
		return "excl(" + e.Column + ")"
	case ExprHole:
		return "hole"
	case ExprDefault:
		return "default"
	}
	if e.Fold != "" {
		if e.Param.Style != 0 {
			return e.Fold + "(" + e.Param.String() + ")"
		}
		return e.Fold + "(col(" + e.Column + "))"
	}
	if e.Text == "" && e.Params == nil {
		return "none"
	}
	return "other"
}

func dconds(cs []Cond) string {
	var f []string
	for _, c := range cs {
		if c.Column == "" {
			f = append(f, "~"+strings.ReplaceAll(c.Text, "\x00", "HOLE")+"~")
			continue
		}
		s := c.Column
		if c.Qualifier != "" {
			s = c.Qualifier + "." + s
		}
		if c.Fold != "" {
			s = c.Fold + "(" + s + ")"
		}
		s += " " + c.Op
		if c.Op != "IS NULL" && c.Op != "IS NOT NULL" {
			s += " " + dexpr(c.Value)
		}
		f = append(f, s)
	}
	return strings.Join(f, "; ")
}

func dassigns(as []Assign) string {
	var f []string
	for _, a := range as {
		f = append(f, a.Column+"="+a.Class.String()+":"+dexpr(a.Value))
	}
	return strings.Join(f, ", ")
}

// dupserts renders a conflict SET list: each assignment as dassigns does,
// then its UpsertClass.
func dupserts(as []Assign) string {
	var f []string
	for _, a := range as {
		f = append(f, a.Column+"="+a.Class.String()+":"+dexpr(a.Value)+"/"+a.Upsert.String())
	}
	return strings.Join(f, ", ")
}

// describeFragment renders a Fragment as describe renders a Stmt.
func describeFragment(f *Fragment) string {
	var parts []string
	if f.Conds != nil {
		parts = append(parts, "conds=["+dconds(f.Conds)+"]")
	}
	if f.Expr.Text != "" || f.Expr.Kind != ExprOther {
		s := "expr=" + dexpr(f.Expr)
		if f.Expr.Refs != nil {
			s += " refs=[" + strings.Join(f.Expr.Refs, ",") + "]"
		}
		parts = append(parts, s)
	}
	if f.Params != nil {
		var ps []string
		for _, p := range f.Params {
			ps = append(ps, p.String())
		}
		parts = append(parts, "params=["+strings.Join(ps, ",")+"]")
	}
	if f.Partial {
		parts = append(parts, "partial")
	}
	return strings.Join(parts, " ")
}
