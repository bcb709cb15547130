package entq

import (
	"context"

	"entfixture/ent"
	"entfixture/ent/member"
)

func Grant(ctx context.Context, client *ent.Client, id int, n int64) error {
	m, err := client.Member.Get(ctx, id)
	if err != nil {
		return err
	}
	return client.Member.UpdateOneID(id).SetCredits(m.Credits + n).Exec(ctx) // want `lost update on members.credits`
}

// ---- silent ----

func GrantAtomic(ctx context.Context, client *ent.Client, id int, n int64) error {
	return client.Member.UpdateOneID(id).AddCredits(n).Exec(ctx) // ok: atomic
}

func GrantLocked(ctx context.Context, client *ent.Client, id int, n int64) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	m, err := tx.Member.Query().Where(member.ID(id)).ForUpdate().Only(ctx)
	if err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Member.UpdateOneID(id).SetCredits(m.Credits + n).Exec(ctx); err != nil { // ok: the row is locked
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
