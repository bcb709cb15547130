package sqltext

import "strings"

var kindNames = [...]string{"unknown", "select", "insert", "update", "delete", "begin", "commit",
	"rollback", "set transaction", "lock table", "ddl", "other"}

// String returns the kind in lower case: "select", "set transaction", ....
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

var styleNames = [...]string{"", "$n", "?", ":name", "@name"}

// String returns the placeholder style as written: "$n", "?", ":name", "@name".
func (s ParamStyle) String() string {
	if s > 0 && int(s) < len(styleNames) {
		return styleNames[s]
	}
	return "ParamStyle(" + itoa(int(s)) + ")"
}

// String returns the placeholder as written: "$2", "?", ":name", "@name".
// A ? shows its 1-based position, "?1".
func (p Param) String() string {
	switch p.Style {
	case ParamDollar:
		if p.Name != "" {
			return "$" + p.Name
		}
		return "$" + itoa(p.Index+1)
	case ParamQuestion:
		return "?" + itoa(p.Index+1)
	case ParamColon:
		return ":" + p.Name
	case ParamAt:
		return "@" + p.Name
	case ParamBrace:
		return "{:" + p.Name + "}"
	}
	return ""
}

var exprKindNames = [...]string{"other", "param", "column", "const", "arith", "excluded", "hole", "default"}

// String returns the expression kind in lower case.
func (k ExprKind) String() string {
	if int(k) < len(exprKindNames) {
		return exprKindNames[k]
	}
	return "ExprKind(" + itoa(int(k)) + ")"
}

var assignNames = [...]string{"other", "param", "atomic", "const"}

// String returns the class in lower case: "param", "atomic", ....
func (c AssignClass) String() string {
	if int(c) < len(assignNames) {
		return assignNames[c]
	}
	return "AssignClass(" + itoa(int(c)) + ")"
}

var upsertNames = [...]string{"other", "proposed", "accumulate", "const", "param"}

// String returns the class in lower case: "proposed", "accumulate", ....
func (c UpsertClass) String() string {
	if int(c) < len(upsertNames) {
		return upsertNames[c]
	}
	return "UpsertClass(" + itoa(int(c)) + ")"
}

var insertedNames = [...]string{"unknown", "value", "default"}

// String returns the source in lower case: "unknown", "value", "default".
func (s InsertedFrom) String() string {
	if int(s) < len(insertedNames) {
		return insertedNames[s]
	}
	return "InsertedFrom(" + itoa(int(s)) + ")"
}

var lockNames = [...]string{"", "FOR UPDATE", "FOR NO KEY UPDATE", "FOR SHARE", "FOR KEY SHARE"}

// String returns the locking clause as written, "FOR UPDATE", or "" for
// LockNone.
func (s LockStrength) String() string {
	if int(s) < len(lockNames) {
		return lockNames[s]
	}
	return "LockStrength(" + itoa(int(s)) + ")"
}

var conflictNames = [...]string{"none", "do nothing", "do update", "ignore", "replace", "duplicate key update"}

// String returns the action in lower case: "do nothing", "ignore", ....
func (a ConflictAction) String() string {
	if int(a) < len(conflictNames) {
		return conflictNames[a]
	}
	return "ConflictAction(" + itoa(int(a)) + ")"
}

var isolationNames = [...]string{"", "READ UNCOMMITTED", "READ COMMITTED", "REPEATABLE READ", "SERIALIZABLE"}

// String returns the level as SQL spells it, "SERIALIZABLE", or "" for
// IsolationNone.
func (i Isolation) String() string {
	if int(i) < len(isolationNames) {
		return isolationNames[i]
	}
	return "Isolation(" + itoa(int(i)) + ")"
}

// String returns the table as [schema.]name [alias].
func (t TableRef) String() string {
	var b strings.Builder
	if t.Schema != "" {
		b.WriteString(t.Schema)
		b.WriteByte('.')
	}
	b.WriteString(t.Name)
	if t.Alias != "" {
		b.WriteByte(' ')
		b.WriteString(t.Alias)
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Cond returns the first WHERE conjunct on column col (compared without
// regard to case), and whether there is one.
func (s *Stmt) Cond(col string) (Cond, bool) {
	for _, c := range s.Where {
		if c.Column != "" && strings.EqualFold(c.Column, col) {
			return c, true
		}
	}
	return Cond{}, false
}

// Assign returns the assignment of column col (compared without regard to
// case) in UPDATE's SET list or, failing that, in the upsert's SET list, and
// whether there is one.
func (s *Stmt) Assign(col string) (Assign, bool) {
	for _, a := range s.Set {
		if strings.EqualFold(a.Column, col) {
			return a, true
		}
	}
	for _, a := range s.Conflict.Set {
		if strings.EqualFold(a.Column, col) {
			return a, true
		}
	}
	return Assign{}, false
}

// Inserted returns what an INSERT gives column col (compared without
// regard to case): its value in the first row, or that it takes its
// default. For INSERT ... SELECT the value is the SELECT's result
// expression.
func (st *Stmt) Inserted(col string) (Expr, InsertedFrom) {
	if st == nil || st.Kind != KindInsert {
		return Expr{}, InsertedUnknown
	}
	if st.DefaultValues {
		return Expr{}, InsertedDefault
	}
	if st.Columns == nil {
		return Expr{}, InsertedUnknown
	}
	hole := false
	for i, c := range st.Columns {
		if c == Hole {
			hole = true
			continue
		}
		if !strings.EqualFold(c, col) {
			continue
		}
		if len(st.Values) != len(st.Columns) {
			return Expr{}, InsertedUnknown
		}
		return st.Values[i], InsertedValue
	}
	if hole {
		return Expr{}, InsertedUnknown
	}
	return Expr{}, InsertedDefault
}

// Writes reports whether the statement modifies rows: INSERT, UPDATE,
// DELETE, or a data-modifying CTE.
func (s *Stmt) Writes() bool {
	switch s.Kind {
	case KindInsert, KindUpdate, KindDelete:
		return true
	}
	for _, w := range s.With {
		if w.Writes() {
			return true
		}
	}
	return false
}

// Class returns the class of the assignment col = e by the rules of
// AssignClass, for an expression summarized on its own, such as the
// argument of gorm.Expr that ParseExpr reads: a reference to col under any
// qualifier makes it atomic. Assignments inside a statement are classified
// by Parse, which also weighs qualifiers against the target table.
func (e Expr) Class(col string) AssignClass {
	if e.Kind == ExprParam || isFallback(e, col) {
		return AssignParam
	}
	for _, r := range e.Refs {
		if strings.EqualFold(r, col) {
			return AssignAtomic
		}
	}
	if e.Kind == ExprConst {
		return AssignConst
	}
	return AssignOther
}
