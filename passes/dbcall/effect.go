package dbcall

import (
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Repeats reports whether running the access a second time repeats its
// effect, with what it repeats ("insert into grants", "relative update of
// wallets.balance"):
//
//   - an INSERT without a conflict clause and without a handled unique
//     violation adds a second row;
//   - an UPDATE that sets a column relative to itself (c = c + $1,
//     gorm.Expr("c + ?", n), Redis INCR) counts twice.
//
// An absolute UPDATE, a DELETE, an upsert and an INSERT ... ON CONFLICT
// DO NOTHING leave the same state when repeated. Filesystem accesses are
// not effects here.
func (a *Access) Repeats() (bool, string) {
	if a.Table == apis.FSTable {
		return false, ""
	}
	table := a.Table
	if table == "" {
		table = "?"
	}
	switch a.Kind {
	case KindInsert:
		if a.Conflict == sqltext.ConflictNone && !a.UniqueHandled && a.CheckedBy == nil {
			return true, "insert into " + table
		}
		if a.Stmt != nil {
			for _, as := range a.Stmt.Conflict.Set {
				if as.Class == sqltext.AssignAtomic {
					return true, "relative upsert of " + table + "." + as.Column
				}
			}
		}
	case KindUpdate:
		for _, s := range a.Set {
			if s.Class == sqltext.AssignAtomic {
				return true, "relative update of " + table + "." + s.Column
			}
		}
	}
	return false, ""
}

// Claim reports whether the access lets only one caller through and its
// outcome is tested, so the code after it runs once per key:
//
//   - INSERT ... ON CONFLICT DO NOTHING (INSERT IGNORE) with the rows
//     affected, RETURNING or ErrNoRows examined;
//   - a plain INSERT whose unique violation is handled;
//   - an UPDATE with a condition beyond its key (a lease: WHERE job = $1
//     AND held_until < now()) whose rows affected are examined;
//   - pg_try_advisory_lock / pg_try_advisory_xact_lock.
func (a *Access) Claim() bool {
	switch a.Kind {
	case KindInsert:
		if a.Table == apis.FSTable {
			return false
		}
		if a.Conflict == sqltext.ConflictDoNothing || a.Conflict == sqltext.ConflictIgnore {
			return a.RowsChecked
		}
		return a.Conflict == sqltext.ConflictNone && a.UniqueHandled
	case KindUpdate:
		return a.RowsChecked && len(a.Where) >= 2
	}
	for _, adv := range a.Advisory {
		if adv.Try {
			return true
		}
	}
	return false
}
