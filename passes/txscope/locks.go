package txscope

import (
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// ContendedLocks returns the locks of Locks that another transaction can
// wait for, in order: it leaves out the plain inserts of new rows
// (NewRowOnly).
func (t *Tx) ContendedLocks(cat *schema.Catalog) []*dbcall.Access {
	var out []*dbcall.Access
	for _, a := range t.Locks() {
		if !NewRowOnly(a, cat) {
			out = append(out, a)
		}
	}
	return out
}

// NewRowOnly reports a write whose only lock is the one on the row it
// creates: a plain INSERT (no conflict clause, no lookup of its own, no
// locking read) that sets no unique key but the new row's primary key.
// Until commit no other transaction can see that row, so nobody waits for
// it; the one thing a plain insert blocks is a concurrent insert of the
// same unique key. Its primary key is the new row's id (the database's
// default or serial, or an id minted for this row), so the insert contends
// only when it sets every column of another unique key the schema or the
// model declares (an email, a tenant's lookup key: the request that
// repeats it waits). Upserts (ON CONFLICT DO UPDATE locks the existing
// row; DO NOTHING waits on an uncommitted duplicate), updates, deletes,
// locking reads and advisory locks are contended as before. With nothing
// known of the table's keys, the insert is taken to create a row of its
// own.
func NewRowOnly(a *dbcall.Access, cat *schema.Catalog) bool {
	if a.Kind != dbcall.KindInsert || a.Conflict != sqltext.ConflictNone || a.Upsert != nil || a.CheckedBy != nil ||
		a.Lock != sqltext.LockNone || len(a.Advisory) > 0 {
		return false
	}
	var keys [][]string
	var pk []string
	if t := cat.Table(a.Table); t != nil {
		pk = t.PrimaryKey
		for _, u := range t.Uniques {
			keys = append(keys, u.Columns)
		}
	}
	keys = append(keys, a.ModelUniques...)
	unnamed := false // a value set on a column the model could not name
	set := map[string]bool{}
	for _, s := range a.Set {
		if s.Column == "" {
			unnamed = true
		}
		set[s.Column] = true
	}
	for _, k := range keys {
		if len(k) == 0 || sameColumns(k, pk) || len(pk) == 0 && len(k) == 1 && k[0] == "id" {
			continue // the new row's id
		}
		if unnamed {
			return false
		}
		all := true
		for _, c := range k {
			if !set[c] {
				all = false
				break
			}
		}
		if all {
			return false
		}
	}
	return true
}

func sameColumns(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
