package dbcall

import (
	"slices"
	"strings"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// SoftDelete reports an update that only marks rows removed: it sets a
// state column (status, state) to a constant naming a removal (deleted,
// archived, removed, trashed; or a Go constant whose name ends so, an int
// UserStatusDeleted), or a deletion marker (deleted_at,
// archived_at, is_deleted, deleted, archived) to a value other than NULL
// or false, and besides that only bookkeeping columns (updated_at,
// updated_by, deleted_by, ...):
//
//	client.Invoice.Update().Where(invoice.ID(id), invoice.Status("published")).
//		SetStatus("deleted").SetUpdatedBy(userID).SetUpdatedAt(time.Now()).Save(ctx)
//
// The transition is one-way and its end state is the same whichever
// request makes it: the request whose update matches 0 rows (a concurrent
// delete won) leaves the row as it wanted it.
func (a *Access) SoftDelete() bool {
	return a.setsOnly(func(s Binding) bool { return softDeleteState(s) || softDeleteMarker(s) })
}

// setsOnly reports an update whose SET has an assignment mark reports, and
// besides those only bookkeeping columns.
func (a *Access) setsOnly(mark func(Binding) bool) bool {
	if a.Kind != KindUpdate || len(a.Set) == 0 {
		return false
	}
	marks := false
	for _, s := range a.Set {
		switch {
		case mark(s):
			marks = true
		case rowBookkeeping(s.Column):
		default:
			return false
		}
	}
	return marks
}

// Revokes reports an update that only switches its row off: a flag that
// grants something set to its off value (active, is_active, enabled,
// is_enabled = false; revoked, is_revoked, disabled, is_disabled = true;
// revoked_at, disabled_at, deactivated_at set), and besides that only
// bookkeeping columns:
//
//	UPDATE sessions SET active = false WHERE id = ? AND nid = ? AND active = true
//
// As with a soft delete, the request whose update matches 0 rows (a
// concurrent revoke won) leaves the row as it wanted it. Unlike a removal
// the row lives on, so a whole-row write carrying the flag is no
// revocation of anything else (MarksRemoved does not count it).
func (a *Access) Revokes() bool { return a.setsOnly(revokeMarker) }

func revokeMarker(s Binding) bool { return revokeFlags.marks(s) }

// flags names the columns of a one-way switch: timestamps set on (at),
// flags set true (on), flags set false (off).
type flags struct{ at, on, off []string }

var revokeFlags = flags{
	at:  []string{"revoked_at", "disabled_at", "deactivated_at"},
	on:  []string{"revoked", "is_revoked", "disabled", "is_disabled"},
	off: []string{"active", "is_active", "enabled", "is_enabled"},
}

// marks reports an assignment that throws one of f's switches.
func (f flags) marks(s Binding) bool {
	c := strings.ToLower(s.Const)
	switch {
	case slices.Contains(f.at, s.Column):
		if s.Class == sqltext.AssignConst {
			return c != "null"
		}
		return s.Class == sqltext.AssignParam || s.Class == sqltext.AssignOther
	case slices.Contains(f.on, s.Column):
		return s.Class == sqltext.AssignConst && (c == "true" || c == "1")
	case slices.Contains(f.off, s.Column):
		return s.Class == sqltext.AssignConst && (c == "false" || c == "0")
	}
	return false
}

// Acknowledges reports an update that only marks its row seen by its
// reader: a flag of the reader's own view state set on (read, is_read,
// seen, is_seen, viewed, is_viewed, dismissed, is_dismissed, acknowledged,
// is_acknowledged = true; read_at, seen_at, viewed_at, dismissed_at,
// acknowledged_at set), and besides that only bookkeeping columns:
//
//	UPDATE notifications SET read = true, updated_at = $1
//	WHERE id = $2 AND user_id = $3 AND read = false
//
// The request whose update matches 0 rows (the reader marked it in
// another tab) leaves the row as it wanted it. A flag that spends
// something (used, redeemed, claimed = true) is no acknowledgement: the
// loser of that race must not go on as if it had spent it.
func (a *Access) Acknowledges() bool { return a.setsOnly(ackMarker) }

func ackMarker(s Binding) bool { return ackFlags.marks(s) }

var ackFlags = flags{
	at: []string{"read_at", "seen_at", "viewed_at", "dismissed_at", "acknowledged_at"},
	on: []string{"read", "is_read", "seen", "is_seen", "viewed", "is_viewed", "dismissed", "is_dismissed", "acknowledged", "is_acknowledged"},
}

// MarksRemoved reports an update that marks its row removed with a value
// it did not read: a soft delete that carries the rest of the row along
// (a whole-row save after client.DeletedAt = &now). stale lists the
// columns written back as read (Result.Stale); a removal marker among
// them is no removal, it writes back whatever the read saw (and undoes a
// concurrent delete). The columns written back belong to a row being
// deleted: reverting them loses nothing a reader will see.
func (a *Access) MarksRemoved(stale []StaleColumn) bool {
	if a.Kind != KindUpdate {
		return false
	}
	back := map[string]bool{}
	for _, s := range stale {
		back[s.Column] = true
	}
	for _, s := range a.Set {
		if !back[s.Column] && (softDeleteState(s) || softDeleteMarker(s)) {
			return true
		}
	}
	return false
}

// removedStates are the values of a state column that say a row was
// removed by a soft delete: terminal, and reached by delete only.
var removedStates = map[string]bool{"deleted": true, "archived": true, "removed": true, "trashed": true}

func softDeleteState(s Binding) bool {
	switch s.Column {
	case "status", "state":
	default:
		return false
	}
	if s.Class != sqltext.AssignConst {
		return false
	}
	if removedStates[strings.ToLower(strings.Trim(s.Const, "\"'`"))] {
		return true
	}
	// An int state set from a Go constant named for the removal
	// (user.Status = UserStatusDeleted, 3).
	name := strings.ToLower(s.ConstName)
	for st := range removedStates {
		if strings.HasSuffix(name, st) {
			return true
		}
	}
	return false
}

func softDeleteMarker(s Binding) bool {
	c := strings.ToLower(s.Const)
	switch s.Column {
	case "deleted_at", "archived_at", "removed_at": // a time: now(), a parameter
		if s.Class == sqltext.AssignConst {
			return c != "null"
		}
		return s.Class == sqltext.AssignParam || s.Class == sqltext.AssignOther
	case "is_deleted", "deleted", "archived", "is_archived": // a flag set, not cleared
		if s.Column == "deleted" && s.Class == sqltext.AssignOther && strings.EqualFold(s.Expr, "now()") {
			return true // xorm's deleted time, set by Delete
		}
		return s.Class == sqltext.AssignConst && (c == "true" || c == "1")
	}
	return false
}

// rowBookkeeping reports a column recording when and by whom a row last
// changed.
func rowBookkeeping(col string) bool {
	switch col {
	case "updated_at", "modified_at", "update_time", "updated_time", "gmt_modified", "last_modified", "mtime", "updated",
		"updated_by", "modified_by", "deleted_by", "archived_by", "updated_by_id":
		return true
	}
	return false
}
