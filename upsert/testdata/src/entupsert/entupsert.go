// Package entupsert holds upserts written with ent's OnConflict builders.
package entupsert

import (
	"context"

	"entfixture/ent"
	"entfixture/ent/member"
)

// UpdateNewValues updates every field the create set: an invite sent again
// puts an active member back to pending.
func Invite(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).SetStatus("pending").OnConflictColumns(member.FieldEmail).UpdateNewValues().Exec(ctx) // want `upsert resets members\.status to 'pending' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DO UPDATE \(UpdateNewValues updates every field the create sets: call Update<Field>\(\) for the others instead\)`
}

// The welcome credits written back on every duplicate signup.
func Signup(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).SetCredits(0).OnConflict().UpdateCredits().Exec(ctx) // want `upsert resets members\.credits to 0 when the row exists: a retried or duplicate insert undoes changes made since; add to it instead: credits = members\.credits \+ EXCLUDED\.credits`
}

// ok: the create's status is left alone on conflict; only the caller's
// data is updated.
func InviteKeepStatus(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).SetStatus("pending").OnConflictColumns(member.FieldEmail).UpdateEmail().Exec(ctx)
}

// ok: UpdateNewValues of the caller's data only.
func Sync(ctx context.Context, client *ent.Client, email, status string) error {
	return client.Member.Create().SetEmail(email).SetStatus(status).OnConflictColumns(member.FieldEmail).UpdateNewValues().Exec(ctx)
}

// ok: DO NOTHING on the unique email.
func InviteOnce(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).SetStatus("pending").OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx)
}

// ok: AddCredits adds to the existing balance.
func Grant(ctx context.Context, client *ent.Client, email string, n int64) error {
	return client.Member.Create().SetEmail(email).SetCredits(n).OnConflictColumns(member.FieldEmail).AddCredits(n).Exec(ctx)
}

// ok: a constant the create does not give is a deliberate reset, not a
// restart of the row.
func Suspend(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).OnConflictColumns(member.FieldEmail).SetStatus("pending").Exec(ctx)
}
