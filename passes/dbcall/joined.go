package dbcall

import (
	"strings"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// A SELECT that joins tables looks rows of each of them up. Its WHERE
// conditions qualified by a joined table key that table, not the first
// one, the statement's own access:
//
//	SELECT i.id, i.width FROM image i
//		JOIN formatted_image f ON i.id = f.formatted_image_id
//	WHERE f.image_id = ? AND f.format = ?
//
// reads image (narrowed by conditions on f, which its access keeps as
// "f.image_id", a column no write of image sets) and formatted_image by
// (image_id, format), whose read the model adds beside it (joinedReads):
// when the lookup finds no row, no formatted_image row of that key
// exists either.

// joinQualifier returns, for a conjunct of a SELECT joining several
// tables, the qualifier naming a table other than the first (the alias,
// or the name of a table without one); "" for a conjunct of the first
// table, an unqualified one, or any other statement.
func joinQualifier(stmt *sqltext.Stmt, c sqltext.Cond) string {
	if stmt.Kind != sqltext.KindSelect || len(stmt.From) < 2 || c.Column == "" || c.Qualifier == "" {
		return ""
	}
	if refNames(stmt.Table, c.Qualifier) {
		return ""
	}
	for _, t := range stmt.From[1:] {
		if refNames(t, c.Qualifier) {
			return c.Qualifier
		}
	}
	return ""
}

// refNames reports whether the qualifier q names the table reference t:
// its alias, or its name when it has none.
func refNames(t sqltext.TableRef, q string) bool {
	if t.Alias != "" {
		return t.Alias == q
	}
	return t.Name != "" && t.Name == q
}

// joinedReads returns, for the access of a SELECT joining other tables to
// its first, one read of each joined table whose columns the WHERE
// compares for equality with a value: the table's own conditions
// unqualified, the others' (the first table's, as its access holds them)
// qualified, so that they narrow the key as a condition the insert does
// not set would. The reads have the access's outcome, handle and lock
// (unless FOR UPDATE OF names other tables) but no columns: the result
// columns are not told apart by table. A COUNT or SUM over the join is
// no lookup of a row; partial text may hide conditions.
func joinedReads(a *Access) []*Access {
	stmt := a.Stmt
	if a.Kind != KindRead || a.Via != nil || a.JoinOf != nil || stmt == nil || stmt.Kind != sqltext.KindSelect || len(stmt.From) < 2 ||
		a.Count || a.Sum || a.Partial || a.Table == "" {
		return nil
	}
	mainQual := stmt.Table.Alias
	if mainQual == "" {
		mainQual = stmt.Table.Name
	}
	var out []*Access
	for k, t := range stmt.From {
		if k == 0 || t.Name == "" || strings.Contains(t.Name, sqltext.Hole) {
			continue
		}
		q := t.Alias
		if q == "" {
			q = t.Name
		}
		var where []Binding
		keyed := false
		for _, w := range a.Where {
			col, own := strings.CutPrefix(w.Column, q+".")
			switch {
			case w.Column == "":
				// opaque: it narrows every table's rows
			case own:
				w.Column = col
				if (w.Op == "=" || w.Op == "IN" || w.Op == "= ANY") && (!w.Value.IsZero() || w.Const != "") {
					keyed = true
				}
			case strings.Contains(w.Column, "."):
				// another joined table's
			default:
				w.Column = mainQual + "." + w.Column
			}
			where = append(where, w)
		}
		if !keyed {
			continue
		}
		j := &Access{
			Fn: a.Fn, Call: a.Call, Pos: a.Pos, Lib: a.Lib, Kind: KindRead,
			Table: tableName(t), Stmt: stmt, SQL: a.SQL, Where: where,
			Exists: a.Exists, Isolation: a.Isolation, Handle: a.Handle,
			Err: a.Err, Found: a.Found, Partial: a.Partial, Alternatives: a.Alternatives,
			Generated: a.Generated, Method: a.Method, Command: a.Command,
			RowsReturned: -1, ResultReturned: -1,
			JoinOf: a,
		}
		if a.Lock != sqltext.LockNone && (len(stmt.Lock.Of) == 0 || containsName(stmt.Lock.Of, q) || containsName(stmt.Lock.Of, t.Name)) {
			j.Lock, j.LockOptions = a.Lock, a.LockOptions
		}
		out = append(out, j)
	}
	return out
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// withJoined returns accs with, after each access of a joining SELECT,
// the reads of its joined tables (joinedReads). They come after it, so
// that the outcome values they share name the statement's own access
// (outcome registers the first).
func withJoined(accs []*Access) []*Access {
	var out []*Access
	for i, a := range accs {
		js := joinedReads(a)
		if js == nil {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append(out, accs[:i]...)
		}
		out = append(out, a)
		out = append(out, js...)
	}
	if out == nil {
		return accs
	}
	return out
}

// joined returns the reads of the tables a's statement joins (JoinOf a).
func (fi *FuncInfo) joined(a *Access) []*Access {
	if fi == nil || a == nil {
		return nil
	}
	var out []*Access
	for _, x := range fi.Accesses {
		if x.JoinOf == a {
			out = append(out, x)
		}
	}
	return out
}
