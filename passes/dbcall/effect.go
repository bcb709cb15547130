package dbcall

import (
	"strings"

	"golang.org/x/tools/go/ssa"

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
//     gorm.Expr("c + ?", n), Redis INCR) counts twice (a jsonb object
//     merged in, c = c || $1::jsonb, does not), and so does an
//     upsert adding the proposed value to the stored one (DO UPDATE SET
//     c = t.c + EXCLUDED.c).
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
		if a.Upsert != nil {
			// An upsert an ORM assembles (bun's On("CONFLICT (id) DO
			// UPDATE").Set("amount = payment.amount + EXCLUDED.amount")):
			// the proposed value added to the stored one.
			for _, us := range a.Upsert.Set {
				// metadata = t.metadata || EXCLUDED.metadata merges a
				// jsonb object, the same when merged again.
				if us.Class == sqltext.UpsertAccumulate && !strings.Contains(us.Value, "||") {
					return true, "relative upsert of " + table + "." + us.Column
				}
			}
		}
	case KindUpdate:
		for _, s := range a.Set {
			if s.Class == sqltext.AssignAtomic && !s.Merge {
				return true, "relative update of " + table + "." + s.Column
			}
		}
	}
	return false, ""
}

// jsonbMerge reports an assignment merging a jsonb object into the column
// (meta_data = meta_data || $1::jsonb): the keys it sets hold the same
// values when merged again. An || the text does not show to be jsonb may
// append to a string or an array, which repeats.
func jsonbMerge(expr string) bool {
	e := strings.ToLower(expr)
	return strings.Contains(e, "||") && strings.Contains(e, "jsonb") && !strings.Contains(e, "jsonb_insert") && !strings.Contains(e, "array")
}

// Claim reports whether the access lets only one caller through and its
// outcome is tested, so the code after it runs once per key:
//
//   - INSERT ... ON CONFLICT DO NOTHING (INSERT IGNORE) with the rows
//     affected, RETURNING or ErrNoRows examined;
//   - a plain INSERT whose unique violation is handled;
//   - an UPDATE with a condition beyond its key (a lease: WHERE job = $1
//     AND held_until < now()) whose rows affected are examined;
//   - an UPDATE of rows its CTE took FOR UPDATE SKIP LOCKED, its returned
//     rows used (a per-row lease: WITH due AS (SELECT id ... WHERE
//     next_alert_at <= now() FOR UPDATE SKIP LOCKED) UPDATE ... SET
//     next_alert_at = now() + interval '1 day' ... RETURNING);
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
		// A compare-and-set (WHERE id = $1 AND status = 'pending'), or
		// rows taken with SKIP LOCKED and moved by the update (WITH due
		// AS (SELECT ... FOR UPDATE SKIP LOCKED) UPDATE ... RETURNING):
		// each row goes to one caller, its outcome used.
		return a.RowsChecked && (len(a.Where) >= 2 || a.LockOptions == "SKIP LOCKED")
	}
	for _, adv := range a.Advisory {
		if adv.Try {
			return true
		}
	}
	return false
}

// Converges reports an update that leaves its row the same whichever
// caller runs it, and however many run it: every column it sets is given
// a constant (an SQL literal, NULL, DEFAULT, the database clock, a Go
// constant bound to its placeholder, here or by a caller through a
// summary) or is row bookkeeping (updated_at, updated_by):
//
//	UPDATE users SET status = 1 WHERE id = $1            // activation
//	repo.UpdateEndpointStatus(ctx, id, StatusActive)     // SET status = $3, bound to a constant
//
// Two requests racing past a check of the row's state both write it, and
// the row ends as either alone would leave it. An update of a value of
// the request (driver_id = $2), of a relative value (balance = balance -
// $1) or of a value computed in Go (time.Now(), a struct saved whole)
// does not converge; nor does SQL the model read only in part, or an
// access guessed from a method's name.
func (a *Access) Converges() bool {
	if a.Kind != KindUpdate || len(a.Set) == 0 || a.Partial || a.Heuristic || a.Table == "" {
		return false
	}
	for _, s := range a.Set {
		if s.Column == "" {
			return false
		}
		if rowBookkeeping(s.Column) && s.Class != sqltext.AssignAtomic {
			continue
		}
		switch {
		case s.Class == sqltext.AssignAtomic:
			return false
		case !s.Value.IsZero():
			if _, ok := unwrap(s.Value.Root).(*ssa.Const); !ok || s.Value.Path != "" {
				return false // a value of the program: the request's, the clock's
			}
		case s.Class == sqltext.AssignConst:
		default:
			return false
		}
	}
	return true
}

// TouchesOnly reports an update that sets only row bookkeeping (updated_at,
// updated_by): a parent row's last-modified time stamped after a change
// of its children. It grants nothing; two racers that both stamp it leave
// it as one would.
//
//	s.ID(project.ID).Cols("updated").Update(project)
func (a *Access) TouchesOnly() bool {
	if a.Kind != KindUpdate || len(a.Set) == 0 || a.Partial || a.Heuristic {
		return false
	}
	for _, s := range a.Set {
		if !rowBookkeeping(s.Column) || s.Class == sqltext.AssignAtomic {
			return false
		}
	}
	return true
}

// RecordsOnly reports an insert into an audit trail: into a table named
// for it (audit_log, key_audits), or made by the application's audit code
// (a package or type named for it: auditlogs.service.Insert writing an
// outbox of log rows). The row records that the request happened and
// nothing decides on it. Two racers that both write one leave two records
// of work done once, not the work done twice: a delete endpoint that logs
// the delete grants nothing, unlike a consumed code that issues a session.
func (a *Access) RecordsOnly() bool {
	if a.Kind != KindInsert {
		return false
	}
	if strings.Contains(strings.ToLower(a.Table), "audit") {
		return true
	}
	if a.Via == nil {
		return false
	}
	for _, c := range a.Via.Callees {
		// "pkg.Func" or "pkg.Type.Method": the package or the type, not
		// the function (a handler named AuditAndGrant still grants).
		if i := strings.LastIndexByte(c, '.'); i > 0 && strings.Contains(strings.ToLower(c[:i]), "audit") {
			return true
		}
	}
	return false
}
