// Package noversion defines an Analyzer that reports updates that skip
// optimistic concurrency, and compare-and-set updates whose outcome is
// ignored.
//
// # Analyzer noversion
//
// noversion: report unversioned updates and ignored compare-and-sets
//
// Two hazards of updates that race:
//
// A table is versioned (a version, lock_version or revision column; a gorm
// model with a Version field or gorm.io/plugin/optimisticlock's Version) and
// one update path forgets it. The last writer silently wins:
//
//	UPDATE documents SET title = $1, body = $2 WHERE id = $3   // update of documents without a version check
//	db.Save(&doc)                                              // the whole row, no predicate
//
// A conditional update — a version predicate, a state guard such as
// "WHERE id = $1 AND status = 'searching'", a lease "AND held_until < now()",
// a balance "AND balance >= $2" — whose affected-row count is never examined.
// Zero rows means someone else won; code that ignores it reports success
// for a write that did not happen (the ride goes to two drivers):
//
//	db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", id, driver)
//
// A whole-row write-back of a table with no version at all: the edit form
// that loads a row, changes the fields the request carries and writes every
// column back. The columns it did not change are written from a snapshot;
// a change another code path made to them in between (a credential
// rotation, a last-seen timestamp, an operator's suspension) is reverted:
//
//	app, _ := store.GetApplication(id)
//	app.Name = req.Name
//	store.Save(app)   // stale row written back on applications(last_used, token): ... reverting a concurrent change of last_used by store.TouchLastUsed
//
// It is reported when the write passes through, unchanged, columns read
// from the same row earlier in the function (or by the functions it calls),
// and another code path changes some of them. The other code paths are the
// updates of the package and of the packages it imports (directly or
// not), as their summaries describe them: narrow updates (SET last_used =
// $1) change every column they set; another whole-row write-back changes
// only the columns it sets to values of its own. Writes in packages out of
// view (a worker wired in main) are not seen, tests are not code paths,
// and bookkeeping columns (updated_at) do not count. A column counts as
// unchanged only when nothing may have changed the struct between the read
// and the write: no store into the field, no call given the struct (a
// Bind, a helper). It stays silent on writes of only the columns the
// request changed, on writes that change nothing (every column they set is
// written back as it was read, and the struct read was not changed in any
// field in between: there is no change of the request for stale columns
// to ride along with; an order saved after its downloads were changed is
// still reported), on fresh rows and on rows the function
// inserted itself (a row's history starts at a read: a struct built in Go,
// inserted, then saved again is not a snapshot of another writer's row),
// on soft deletes that save the whole row (deleted_at or status =
// 'deleted' set to a value of the request's own, or status set to a Go
// constant named for the removal, user.Status = UserStatusDeleted before
// Updates(user): the columns written back
// belong to a row being removed; a deleted_at written back as read is
// still reported, as it undoes a concurrent delete), on rows locked with FOR UPDATE in the
// write's transaction, on REPEATABLE READ and SERIALIZABLE transactions,
// and on writes whose WHERE compares a written-back column or a version.
// A column a method sets before the write is the write's own when it sets
// it on every run, or, for a write whose columns are named as constants
// (UpdateUser(id, u, []string{"password", "password_type"})), on some runs:
// the list is the columns the code means to change.
//
// A state or balance checked in Go, then an update of that column whose
// WHERE does not re-check it, with no row lock: both requests pass the
// check, both write. An atomic decrement is no cure when the check was
// made on a value read earlier:
//
//	if ride.Status != "searching" { return ErrTaken }
//	repo.Assign(ctx, id, driver)        // UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1
//	// check-then-update on rides(status): the status checked at ... can change before the update by repo.Assign, ...; add AND status = 'searching' to the WHERE and treat 0 rows affected as a conflict, ...
//	if acct.Balance < amount { return ErrInsufficient }
//	db.Exec("UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, id)
//
// The check may be a validation helper's: a function that returns an
// error (or false) when a field of its parameter fails a comparison, and
// can succeed otherwise, called on the row read before the update (a
// summary fact of the helper, so the helper may be a method, chain other
// helpers, or sit in another package the model reads):
//
//	func checkCap(c Coupon) error { if c.Uses >= *c.MaxUses { return ErrExhausted }; return nil }
//	if err := checkCap(*c); err != nil { return err }
//	db.Exec("UPDATE coupons SET uses = uses + 1 WHERE code = $1", code)
//	// check-then-update on coupons(uses): the check at ... (by checkCap) ...; add AND uses < $n ...
//
// The helper may read the row itself and return it once checked, and say
// it failed by an error or by a failure value beside the row (a non-nil
// pointer the caller returns, an OAuth *TokenError):
//
//	func codeGrant(code string) (*Grant, *GrantError, error) {
//		g, err := grantByCode(code)
//		...
//		if g.CodeUsed { return nil, &GrantError{Error: "invalid_grant"}, nil }
//		return g, nil, nil
//	}
//	g, gerr, err := codeGrant(code)   // also when the helper is one case of a switch
//	if gerr != nil { return gerr, nil }
//	g.CodeUsed = true
//	markUsed(g)                        // UPDATE grants SET code_used = true WHERE code = ?
//	// check-then-update on grants(code_used): the check at ... (by codeGrant) ...
//
// The check is a comparison of the column (or a flag read from it) with a
// value (with an operator, or with a decimal's method: w.Balance.LessThan(amount)), on the branch that decides whether the update runs, and the update
// sets that column; the read and the update name the same row. It stays
// silent when the WHERE re-states the column (then "0 rows affected" is
// what matters, see below), when the update's new value is computed from
// the value read (a lost update, reported by lostupdate), when the check
// only skips a write of the value the column already holds ("if o.Status
// == 'paid' { return }" before SET status = 'paid') and no work is done
// on the check's word (no write of another table after it, no other
// insert or update on the check's side, the update's own call included,
// no network call), when the check requires the value the update writes
// ("if p.Status != 'draft' { return }" before SET status = 'draft', body =
// $1: the column does not move), on checks of columns the update leaves alone
// (ownership; and a field gorm's Updates(struct) skips as zero: a helper's
// m := Member{ID: id}; m.Remove() never writes the role checked), on conditions computed from the column by calls (a throttle
// on last_used), and when the row is held: FOR UPDATE in the transaction,
// REPEATABLE READ or SERIALIZABLE, an advisory lock taken first. A flag
// guard followed by another write ("if c.Used { return }", SET used =
// true, then INSERT INTO redemptions) is reported: both requests redeem.
//
// A check before a call whose callee reads the column again and branches
// on it (an API handler that answers early for a verified domain, then
// asks the control plane, whose handler loads the domain and checks it
// itself) is not the check that decides the write: it is silent at the
// caller, and the callee's own check-then-update is judged in the callee.
// A callee that loads the row again without testing the column leaves the
// caller's check deciding, and it stays reported.
//
// An edit's "nothing changed" shortcut is silent even with work after it:
// a skip of a write of a field of the request the function was given
// ("if tag.SlugName == slug && tag.Text == req.Text { return nil }",
// slug a normalized req.SlugName), before the row is written and a
// revision recorded. Another writer can make that check stale only by
// writing the same value, as the same request sent twice; one that skips
// ends as if it had run first. A skip decided by a constant or by a plain
// parameter (a caller's state constant) stays reported, as does one in a
// handler of an at-least-once delivery, which is sent twice by design.
//
// It stays silent, too, when the update converges and nothing else is done
// on the check's word. An update converges when every column it sets is
// given a constant (an SQL literal, NULL, the database's clock, a Go
// constant bound to its placeholder here or by a caller of the
// repository method), or is bookkeeping (updated_at, updated_by): every
// request that passes the check writes the same row, and the row ends as
// either alone would leave it.
//
//	if user.Status != model.NotActivated { return ErrCannotActivate }
//	user.SetStatus(model.Active)                      // silent: all racers write Active
//	if ep.Status != store.PausedEndpointStatus { return err }
//	repo.UpdateEndpointStatus(ctx, id, store.ActiveEndpointStatus)   // silent
//
// Work on the check's word is an insert or another update (here or in a
// function called, the update's own call included) or a network call (an
// email, a charge, a webhook) on the side of the check that leads to the
// update, before it or after it: two racers both do it, so the gift code
// marked used with a constant and then credited, the activation followed
// by a welcome mail stay reported. So does a reply built from the row's
// columns and returned (&Reply{AccessToken: g.AccessToken}, the token
// issued for a one-time code): both racers get it. A column returned bare
// (return user.Email) is the row reported back, not counted. Deletes do not count (a second delete
// of the same rows removes nothing more), nor do inserts into an audit
// trail (a table named for audit: audit_log, key_audits), which record
// that a request happened and decide nothing, nor do counts taken again
// and stored, of another table or of the row itself (an activated badge's
// award_count recounted and written back, the count taken by the caller
// and handed to the repository): every racer stores the same count;
// callers are not followed: a caller that does
// the work after a repository's check-and-set is not seen. Values of the
// request (driver_id = $2), relative values (balance = balance - $1) and
// values computed in Go (time.Now() in a column other than bookkeeping, a
// struct saved whole) do not converge.
//
// The same race consumes one-time rows: a code, an invite or a reset token
// looked up, then deleted by a DELETE whose affected-row count is ignored
// or only logged, before the work the row grants (a session created, a
// member added). Both requests find the row, one deletes nothing, both go
// on. It is reported as "check-then-delete on login_codes: ..."; treat 0
// rows deleted as already used, or DELETE ... RETURNING and test for no
// row. The work may also come first inside the delete's transaction (tokens
// issued, then the authorization code deleted, one commit): the loser's
// grant commits with its empty delete unless the count rolls it back. The
// lookup may run before the transaction, in the function that hands the
// delete's callback to it (db.Transaction(func(tx) error { ...; return
// tx.Destroy(code) })), and may say "not found" with an error type of its
// own beside a nil row (return nil, CodeNotFoundError{}). The DELETE must
// name the row found, by the lookup's own key value or a key column of the
// row it returned: deleting other rows once one is found (the user's other
// identities, loaded by a query of their own) consumes nothing. A DELETE that is the last thing done (a DELETE endpoint) is not,
// nor one followed only by other deletes (an account removed with its
// folders, tags and tasks: nothing is granted twice), by an audit row, or
// by writes every racer makes alike (references cleared to a constant,
// counts taken again by COUNT).
//
// A one-time row may also be spent by an UPDATE: a recovery code found
// with is_used = false, then marked used by its id alone, its count
// unexamined. Both requests find it unused and both get in. It is reported
// as "check-then-update on recovery_codes(is_used): the row found ... with
// is_used = false is marked by an UPDATE whose WHERE does not re-state
// it"; add AND is_used = false and treat 0 rows affected as already used.
//
// Right:
//
//	db.Model(&app).Updates(map[string]any{"name": req.Name})   // only what the request changes
//	res, err := db.ExecContext(ctx, "UPDATE documents SET title = $1, version = version + 1 WHERE id = $2 AND version = $3", title, id, v)
//	if n, _ := res.RowsAffected(); n == 0 {
//		return ErrConflict
//	}
//
// The count may be tested where the update runs, returned to a caller
// that tests it, or handed with the result object to a helper that tests
// it (mustAffectOne(res), sqlutil.CheckOne(db.ExecContext(...))), followed
// across packages: database/sql's and bun's sql.Result, pgx's
// CommandTag.RowsAffected, gorm's RowsAffected field, ent's count from
// Update().Save and UpdateOne's NotFoundError, xorm's affected count from
// Update and Delete, pop's ExecWithCount and UpdateQuery count (its Exec
// reports none), goqu's Executor().Exec sql.Result. A conditional release is no
// compare-and-set to check: "SET holder = NULL WHERE lock_key = $1 AND
// holder = $2" clears only what the caller still holds, and 0 rows means
// there is nothing left to undo. Nor is one on a row the transaction
// already holds with SELECT ... FOR UPDATE (here or in a helper it calls):
// the state it re-states cannot change under the lock. Nor is the last thing a function with no
// results does, with only logging after it ("put the task back to pending
// if it is still running", at shutdown): nobody is told it happened, and
// nothing goes on as if it had. Nor is a soft delete, a one-way move to a
// removed state (SET status = 'deleted' or 'archived', SET deleted_at =
// now(), with only updated_at and updated_by beside it) guarded by the
// state it leaves (AND status = 'published'): when 0 rows match, a
// concurrent delete won and the row is as this request wanted it. Nor is
// a revoke (SET active = false WHERE ... AND active = true) or an
// acknowledgement of the reader's own view state (SET read = true, or
// seen, dismissed, read_at, WHERE ... AND read = false): the row ends as
// this request wanted whichever request matched. A flag that spends
// something (SET used = true WHERE ... AND NOT used) stays reported. Each
// is reported when a write or a network call can follow it in its function,
// work done on the word that this request made the transition (callers
// are not followed); the cascade of a delete (the rows hanging off it
// soft-deleted, revoked or DELETEd in turn) is no such work, as it
// matches nothing for the loser either. Other transitions to a final state (cancelled,
// completed) stay reported: their callers act on them. Nor is an update
// whose WHERE pins none of the keys the schema gives its table (the
// primary key, a unique constraint or index, a partial one whatever its
// predicate): SET used_at = $1 WHERE email = $2 AND used_at IS NULL on
// codes unique only by their token retires every live code of the
// address, and 0 rows means there was none. Without the table in the
// schema, columns named id, key, code, token, email or <table>_id are
// taken to name one row. An sqlc query with such a
// predicate declared :exec gives callers no way to know; the finding is
// reported at the call of the generated method and suggests :execrows.
//
// Versioned tables are known from the model (gorm fields), and from the
// other updates of the package and of the repositories it calls: when some
// update of a table checks its version column, every update that writes a
// column those versioned updates set must check it too. An unversioned
// update of only other columns (a pin flag, a last-opened time, a folder)
// cannot overwrite a versioned edit and stays silent; with a version known
// only from the model or the schema, every column counts, unless the
// updates in view bump it without ever checking it (SET version = version
// + 1 WHERE id = $1): then it counts changes and is no lock. A version
// column only the schema names, which no code in view reads, checks or
// sets, is no lock of this code either. It stays silent on atomic updates that read nothing (SET c = c + 1,
// SET deleted_at = now()), on soft deletes (SET status = 'archived' and
// bookkeeping: the row's end, nothing of a concurrent edit to keep), on
// unversioned tables, on inserts, on updates
// made while a SELECT ... FOR UPDATE of the table holds the row, and on
// counts that are compared, branched on, or returned.
//
// Categories: "missingpredicate" (no version check), "nobump" (the version
// is checked but not incremented), "rowsaffectedunchecked" (a
// compare-and-set whose outcome is ignored), "stalerow" (a whole-row
// write-back of an unversioned table reverting another path's change),
// "staleguard" (a check in Go that the update's WHERE does not re-state,
// or a one-time row consumed by a DELETE whose outcome is ignored).
//
// # One process at a time
//
// The stale-row, check-then-update and check-then-delete findings are
// silent when the process serializes the read and the write: a sync.Mutex
// held from before the read until the write, both in a singleflight
// callback, or both in a callback a serializing executor's one worker
// goroutine runs. That protects one process only; idemvet takes it as the
// statement that the service runs as a single instance (a wallet hub, a
// media store on local disk).
//
// # Code that runs once
//
// The race needs two executions of the code at once. The analyzer asks
// passes/entry whether the function with the update can run concurrently
// with itself, and stays silent when the answer is no: it is reached only
// from main or init of its package, or from the action of a one-shot
// command (cobra Run/RunE, urfave/cli Action, kingpin Action), and from no request handler
// (net/http, chi, gorilla/mux, gin, echo, fiber), gRPC method, message
// consumer, job handler, schedule or goroutine. A seed command under cmd/
// or a tool that does its work and exits is silent; a function reached
// both from main and from a handler is reported. With no evidence either
// way (an exported repository method whose callers are in other packages,
// out of view) it is reported.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore noversion a losing accept is harmless here: the job is idempotent
package noversion
