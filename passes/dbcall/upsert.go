package dbcall

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Upsert is the conflict handling of an insert in full, as the statement
// runs it: read from the SQL text, or assembled from gorm's
// clause.OnConflict. It is small and flat, and travels in facts.
type Upsert struct {
	Action sqltext.ConflictAction
	// Target lists the ON CONFLICT (...) columns, normalized (an index
	// expression element is its text); nil when none is named (DO NOTHING
	// without a target, ON DUPLICATE KEY UPDATE, INSERT IGNORE, REPLACE).
	Target []string
	// Constraint is the name of ON CONFLICT ON CONSTRAINT name.
	Constraint string
	// TargetWhere is the text of the target's WHERE (partial-index
	// inference), "" when none; TargetWhereUnknown reports one that the
	// model could not read (a gorm TargetWhere).
	TargetWhere        string
	TargetWhereUnknown bool
	// UpdateAll reports gorm's UpdateAll: every column the insert writes,
	// except the primary key and created_at, is set from the proposed row;
	// UpdateAllColumns lists them when the model is known.
	UpdateAll        bool
	UpdateAllColumns []string
	// Set lists the DO UPDATE SET or ON DUPLICATE KEY UPDATE assignments.
	Set []UpsertSet
	// UpdateWhere is the text of DO UPDATE ... WHERE ("?" when the model
	// could not read it), and UpdateWhereColumns the columns it compares.
	UpdateWhere        string
	UpdateWhereColumns []string
	// Listed reports that the insert's column list is known, so that a
	// column it does not list takes its default.
	Listed bool
	// Fresh reports a gorm model built in the call's function (a composite
	// literal): the fields it does not set are zero, and gorm fills
	// created_at and updated_at.
	Fresh bool
	// NewValues reports ent's UpdateNewValues: Set lists every field the
	// create sets, with its proposed value.
	NewValues bool
	// Defaulted lists columns the insert leaves to the database although
	// its column list is not known: the zero primary key of a model gorm
	// creates.
	Defaulted []string
}

// UpsertSet is one assignment of the DO UPDATE list.
type UpsertSet struct {
	Column string
	Class  sqltext.UpsertClass
	// Atomic reports a value computed from the existing row's value of
	// the column (t.c + 1, COALESCE(t.c, EXCLUDED.c)).
	Atomic bool
	// From is the proposed column an UpsertProposed value copies
	// (EXCLUDED.x's x).
	From string
	// Value is the value as written: the SQL text, or a Go constant's.
	Value string
}

// InsertFrom says where an insert takes a column's value from.
type InsertFrom uint8

const (
	InsertUnknown InsertFrom = iota // the model cannot tell
	InsertConst                     // a constant: an SQL literal, or a Go constant bound to its placeholder
	InsertValue                     // a value of the application's (a placeholder bound to a variable) or an expression
	InsertDefault                   // DEFAULT, or a column the insert does not list: the column's default
)

// Inserted returns what an insert gives column col: a constant (and its
// text as SQL writes it: 'pending', 0, NULL, now()), another value, or
// the column's default.
func (a *Access) Inserted(col string) (string, InsertFrom) {
	for _, s := range a.Set {
		if !strings.EqualFold(s.Column, col) {
			continue
		}
		switch {
		case strings.EqualFold(s.Expr, "DEFAULT"):
			return "", InsertDefault
		case s.Class == sqltext.AssignConst && s.Const != "":
			return sqlConst(s.Const), InsertConst
		case s.Value.Path == "":
			if c, ok := s.Value.Root.(*ssa.Const); ok {
				return goConstSQL(c), InsertConst
			}
		}
		if s.Const != "" && s.Value.IsZero() && s.Class != sqltext.AssignOther {
			return sqlConst(s.Const), InsertConst // a Go constant, from a summary
		}
		return "", InsertValue
	}
	if a.Upsert != nil {
		if a.Upsert.Listed {
			return "", InsertDefault
		}
		for _, d := range a.Upsert.Defaulted {
			if strings.EqualFold(d, col) {
				return "", InsertDefault
			}
		}
	}
	return "", InsertUnknown
}

// sqlConst renders a constant as SQL writes it: Go's "x" is 'x'.
func sqlConst(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		if v := constant.MakeFromLiteral(s, token.STRING, 0); v.Kind() == constant.String {
			return "'" + strings.ReplaceAll(constant.StringVal(v), "'", "''") + "'"
		}
	}
	return s
}

func goConstSQL(c *ssa.Const) string {
	if c.Value == nil {
		return "NULL"
	}
	return sqlConst(c.Value.ExactString())
}

// upsertOf summarizes the conflict clause of an INSERT statement, or
// returns nil for a plain INSERT and for other statements.
func upsertOf(stmt *sqltext.Stmt) *Upsert {
	if stmt.Kind != sqltext.KindInsert || stmt.Conflict.Action == sqltext.ConflictNone {
		return nil
	}
	c := stmt.Conflict
	u := &Upsert{Action: c.Action, Target: c.Target, Constraint: c.Constraint}
	if len(c.TargetWhere) > 0 {
		var parts []string
		for _, w := range c.TargetWhere {
			parts = append(parts, w.Text)
		}
		u.TargetWhere = clip(strings.Join(parts, " AND "), 160)
	}
	for _, s := range c.Set {
		us := UpsertSet{Column: strings.ToLower(s.Column), Class: s.Upsert, Atomic: s.Class == sqltext.AssignAtomic, Value: clip(s.Value.Text, 80)}
		if s.Upsert == sqltext.UpsertProposed {
			us.From = strings.ToLower(s.Value.Column)
		}
		if s.Upsert == sqltext.UpsertParam && s.Value.Kind == sqltext.ExprParam {
			// SET status = $2 where VALUES gives status $2: the same bound
			// value, the proposed one (numbered and named placeholders
			// only; each ? binds its own argument).
			if col := insertedBy(stmt, s.Value.Param); col != "" {
				us.Class, us.From = sqltext.UpsertProposed, col
			}
		}
		u.Set = append(u.Set, us)
	}
	if len(c.Where) > 0 {
		var parts []string
		for _, w := range c.Where {
			parts = append(parts, w.Text)
			if w.Column != "" {
				u.UpdateWhereColumns = append(u.UpdateWhereColumns, strings.ToLower(w.Column))
			}
			for _, r := range w.Value.Refs {
				u.UpdateWhereColumns = append(u.UpdateWhereColumns, strings.ToLower(r))
			}
		}
		u.UpdateWhere = clip(strings.Join(parts, " AND "), 160)
	}
	if stmt.DefaultValues {
		u.Listed = true
	} else if stmt.Columns != nil {
		u.Listed = len(stmt.Values) == len(stmt.Columns)
		for _, col := range stmt.Columns {
			if col == sqltext.Hole {
				u.Listed = false
			}
		}
	}
	return u
}

// insertedBy returns the column whose VALUES entry is the placeholder p
// ($n or a named one), "" when none or when p is a positional ?.
func insertedBy(stmt *sqltext.Stmt, p sqltext.Param) string {
	if p.Style == sqltext.ParamQuestion || len(stmt.Values) != len(stmt.Columns) {
		return ""
	}
	for i, v := range stmt.Values {
		if v.Kind != sqltext.ExprParam || stmt.Columns[i] == sqltext.Hole {
			continue
		}
		if p.Name != "" && v.Param.Name == p.Name || p.Name == "" && p.Index >= 0 && v.Param.Name == "" && v.Param.Index == p.Index {
			return strings.ToLower(stmt.Columns[i])
		}
	}
	return ""
}

// pairQuestionMarks reads ON DUPLICATE KEY UPDATE c = ? as the proposed
// value of c when its ? is bound to the same Go value as the ? VALUES
// gives c (the same variable, or an equal constant):
//
//	INSERT INTO jobs (id, status) VALUES (?, ?) ON DUPLICATE KEY UPDATE status = ?   -- id, StatusQueued, StatusQueued
//
// Only the column's own VALUES entry is compared: equal constants bound to
// two columns say nothing of which one a ? repeats.
func pairQuestionMarks(u *Upsert, stmt *sqltext.Stmt, param func(sqltext.Param) Ref) {
	if u == nil || param == nil || len(u.Set) != len(stmt.Conflict.Set) || len(stmt.Values) != len(stmt.Columns) {
		return
	}
	for i, s := range stmt.Conflict.Set {
		if s.Upsert != sqltext.UpsertParam || s.Value.Kind != sqltext.ExprParam || s.Value.Param.Style != sqltext.ParamQuestion || u.Set[i].Class != sqltext.UpsertParam {
			continue
		}
		for j, c := range stmt.Columns {
			v := stmt.Values[j]
			if !strings.EqualFold(c, s.Column) || v.Kind != sqltext.ExprParam {
				continue
			}
			if r := param(s.Value.Param); !r.IsZero() && r.Same(param(v.Param)) {
				u.Set[i].Class, u.Set[i].From = sqltext.UpsertProposed, strings.ToLower(c)
			}
		}
	}
}

// gormOnConflict assembles clause.OnConflict{...} into the conflict clause
// gorm writes:
//
//	clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"status"})}
//	  → ON CONFLICT (id) DO UPDATE SET status = excluded.status
//	clause.OnConflict{UpdateAll: true}   → ON CONFLICT (<primary key>) DO UPDATE SET <every column> = excluded.<column>
//	clause.OnConflict{DoNothing: true}   → ON CONFLICT DO NOTHING
//	clause.OnConflict{OnConstraint: "orders_pkey", DoUpdates: clause.Assignments(map[string]any{"status": "pending"})}
//	  → ON CONFLICT ON CONSTRAINT orders_pkey DO UPDATE SET status = 'pending'
//
// gorm targets the model's primary key when Columns is empty and UpdateAll
// is set; gormAccess fills it in once the model is known.
func (b *builder) gormOnConflict(v ssa.Value, table string) *Upsert {
	u := &Upsert{Action: sqltext.ConflictDoUpdate}
	if isTrue(storedFieldByName(v, "DoNothing")) {
		u.Action = sqltext.ConflictDoNothing
	}
	u.UpdateAll = isTrue(storedFieldByName(v, "UpdateAll"))
	if s, ok := constString(storedFieldByName(v, "OnConstraint")); ok {
		u.Constraint = s
	}
	if cols := storedFieldByName(v, "Columns"); cols != nil {
		names, ok := columnNames(cols)
		if ok {
			u.Target = names
		}
	}
	if storedFieldByName(v, "TargetWhere") != nil {
		u.TargetWhereUnknown = true
	}
	if storedFieldByName(v, "Where") != nil {
		u.UpdateWhere = "?"
	}
	if u.Action == sqltext.ConflictDoUpdate {
		if set := storedFieldByName(v, "DoUpdates"); set != nil {
			u.Set = b.gormSet(set, table)
		}
	}
	return u
}

func isTrue(v ssa.Value) bool {
	c, ok := unwrap(v).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// columnNames reads []clause.Column{{Name: "a"}, {Name: "b"}}.
func columnNames(v ssa.Value) ([]string, bool) {
	elems, ok := sliceElems(v)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range elems {
		name, ok := constString(storedIn(e, "Name"))
		if !ok {
			return nil, false
		}
		out = append(out, strings.ToLower(name))
	}
	return out, true
}

// gormSet reads the DoUpdates of an OnConflict: clause.AssignmentColumns
// of constant names, clause.Assignments of a map literal, or a clause.Set
// literal. An assignment whose column is not known is left out.
func (b *builder) gormSet(v ssa.Value, table string) []UpsertSet {
	v = unwrap(v)
	if call, ok := v.(*ssa.Call); ok {
		args := call.Call.Args
		switch analysisutil.FuncName(&call.Call) {
		case apis.GormAssignmentColumns:
			if len(args) == 1 {
				cols, _ := variadicArgs(args[0])
				var out []UpsertSet
				for _, c := range cols {
					if s, ok := constString(c); ok {
						col := strings.ToLower(s)
						out = append(out, UpsertSet{Column: col, Class: sqltext.UpsertProposed, From: col, Value: "excluded." + col})
					}
				}
				return out
			}
		case apis.GormAssignments:
			if len(args) == 1 {
				var out []UpsertSet
				for _, kv := range mapLiteral(args[0]) {
					out = append(out, b.gormUpsertValue(table, strings.ToLower(kv.key), kv.value))
				}
				sort.Slice(out, func(i, j int) bool { return out[i].Column < out[j].Column })
				return out
			}
		}
		return nil
	}
	elems, ok := sliceElems(v)
	if !ok {
		return nil
	}
	var out []UpsertSet
	for _, e := range elems {
		col, ok := constString(storedIn(storedIn(e, "Column"), "Name"))
		if !ok {
			if cv := storedIn(e, "Column"); cv != nil {
				col, ok = constString(storedFieldByName(cv, "Name"))
			}
		}
		if !ok {
			continue
		}
		out = append(out, b.gormUpsertValue(table, strings.ToLower(col), storedIn(e, "Value")))
	}
	return out
}

// gormUpsertValue classifies the value of one gorm DO UPDATE assignment:
// clause.Column{Table: "excluded", Name: c}, gorm.Expr("..."), a Go
// constant, or an application value.
func (b *builder) gormUpsertValue(table, col string, v ssa.Value) UpsertSet {
	us := UpsertSet{Column: col, Class: sqltext.UpsertParam}
	if v == nil {
		us.Class = sqltext.UpsertOther
		return us
	}
	x := unwrap(v)
	switch typeName(x.Type()) {
	case apis.GormClauseColumn:
		table, _ := constString(storedFieldByName(x, "Table"))
		name, ok := constString(storedFieldByName(x, "Name"))
		if ok && strings.EqualFold(table, "excluded") {
			us.Class, us.From, us.Value = sqltext.UpsertProposed, strings.ToLower(name), "excluded."+strings.ToLower(name)
			return us
		}
		us.Class = sqltext.UpsertOther
		if ok && strings.EqualFold(name, col) {
			us.Atomic = true
		}
		return us
	}
	if call, ok := x.(*ssa.Call); ok && analysisutil.FuncName(&call.Call) == apis.GormExprFunc && len(call.Call.Args) > 0 {
		s, ok := constString(call.Call.Args[0])
		if !ok {
			us.Class = sqltext.UpsertOther
			return us
		}
		// Read the expression as the value of a DO UPDATE assignment, so
		// that excluded.c and the column itself are told apart.
		if table == "" {
			table = "t"
		}
		st := sqltext.Parse("INSERT INTO " + table + " (" + col + ") VALUES (NULL) ON CONFLICT (" + col + ") DO UPDATE SET " + col + " = " + s)
		us.Class, us.Value = sqltext.UpsertOther, s
		if len(st.Conflict.Set) == 1 && !st.Partial {
			a := st.Conflict.Set[0]
			us.Class, us.Atomic = a.Upsert, a.Class == sqltext.AssignAtomic
			if a.Upsert == sqltext.UpsertProposed {
				us.From = strings.ToLower(a.Value.Column)
			}
		}
		return us
	}
	if c, ok := x.(*ssa.Const); ok {
		us.Class, us.Value = sqltext.UpsertConst, goConstSQL(c)
	}
	return us
}

// sliceElems returns the addresses of the elements of a slice literal,
// in order: the &arr[i] its fields are stored through.
func sliceElems(v ssa.Value) ([]ssa.Value, bool) {
	sl, ok := unwrap(v).(*ssa.Slice)
	if !ok {
		return nil, false
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return nil, false
	}
	ptr, ok := a.Type().(*types.Pointer)
	if !ok {
		return nil, false
	}
	arr, ok := ptr.Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, arr.Len())
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, exact := constant.Int64Val(c.Value)
		if !exact || i < 0 || int(i) >= len(out) {
			return nil, false
		}
		out[i] = ia
	}
	for _, e := range out {
		if e == nil {
			return nil, false
		}
	}
	return out, true
}

// storedIn returns the value stored into the field name of the struct at
// address addr (an element of a slice literal, or a field of one), or the
// value stored whole at addr when it is not built field by field.
func storedIn(addr ssa.Value, name string) ssa.Value {
	if addr == nil || addr.Referrers() == nil {
		return nil
	}
	for _, r := range *addr.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if fieldName(x.X.Type(), x.Field) != name {
				continue
			}
			if st := uniqueStore(x); st != nil {
				return st
			}
			return x // built field by field itself
		case *ssa.Store:
			if x.Addr == addr {
				// The element stored whole: a struct value whose fields
				// come from a literal of its own.
				return storedFieldByName(x.Val, name)
			}
		}
	}
	return nil
}

// String renders the DO UPDATE list for the dump: "doupdate[status=proposed(status),n=accumulate]".
func (u *Upsert) String() string {
	var b strings.Builder
	if u.Constraint != "" {
		b.WriteString(" constraint=" + u.Constraint)
	}
	if u.TargetWhere != "" {
		b.WriteString(" targetwhere{" + u.TargetWhere + "}")
	}
	if u.UpdateAll {
		b.WriteString(" updateall")
	}
	if len(u.Set) > 0 {
		b.WriteString(" doupdate[")
		for i, s := range u.Set {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.Column + "=" + s.Class.String())
			if s.From != "" {
				b.WriteString("(" + s.From + ")")
			}
		}
		b.WriteString("]")
	}
	if u.UpdateWhere != "" {
		b.WriteString(" updatewhere{" + u.UpdateWhere + "}")
	}
	return b.String()
}

// InsertedNow reports whether the insert gives col the current time from
// Go: a placeholder bound to time.Now(), possibly through UTC, Local,
// Round, Truncate or In (the application's now(), not data it carries).
func (a *Access) InsertedNow(col string) bool {
	for _, s := range a.Set {
		if !strings.EqualFold(s.Column, col) {
			continue
		}
		if s.Value.Path != "" {
			return false
		}
		return isTimeNow(s.Value.Root, 0)
	}
	return false
}

func isTimeNow(v ssa.Value, depth int) bool {
	call, ok := v.(*ssa.Call)
	if !ok || depth > 4 {
		return false
	}
	f := analysisutil.CalleeFunc(&call.Call)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != "time" {
		return false
	}
	switch f.Name() {
	case "Now":
		return call.Call.Signature().Recv() == nil
	case "UTC", "Local", "Round", "Truncate", "In":
		if recv := call.Call.Signature().Recv(); recv != nil && len(call.Call.Args) > 0 {
			return isTimeNow(call.Call.Args[0], depth+1)
		}
	}
	return false
}
