package entq

import (
	"context"
	"errors"

	"entfixture/ent"
	"entfixture/ent/member"
)

// Update().Where(...) returns the affected count; discarding it ignores
// the compare-and-set's outcome.
func Freeze(ctx context.Context, client *ent.Client, id int) error {
	return client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Exec(ctx) // want `compare-and-set on members.status ignores rows affected`
}

// ---- silent ----

func FreezeChecked(ctx context.Context, client *ent.Client, id int) error {
	n, err := client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Save(ctx) // ok: the count is tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("not active")
	}
	return nil
}

// UpdateOne fails with a NotFoundError when the predicate matches no row.
func FreezeOne(ctx context.Context, client *ent.Client, id int) error {
	_, err := client.Member.UpdateOneID(id).Where(member.StatusEQ("active")).SetStatus("frozen").Save(ctx) // ok: NotFoundError when it did nothing
	if ent.IsNotFound(err) {
		return errors.New("not active")
	}
	return err
}
