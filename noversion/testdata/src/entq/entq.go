package entq

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"entfixture/ent"
	"entfixture/ent/member"
)

// Update().Where(...) returns the affected count; discarding it ignores
// the compare-and-set's outcome.
func Freeze(ctx context.Context, client *ent.Client, id int) error {
	return client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Exec(ctx) // want `compare-and-set on members.status ignores rows affected`
}

// ArchiveAndNotify soft-deletes the member, then tells the mail service
// it was archived: a concurrent archive that won makes this request send
// the notice a second time.
func ArchiveAndNotify(ctx context.Context, client *ent.Client, id int) error {
	_, err := client.Member.Update().Where(member.ID(id), member.StatusEQ("published")).SetStatus("archived").Save(ctx) // want `compare-and-set on members.status ignores rows affected`
	if err != nil {
		return fmt.Errorf("archive member: %w", err)
	}
	resp, err := http.Post("https://mail.example.com/archived", "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DeleteAndRecount soft-deletes the member and then writes on its word.
func DeleteAndRecount(ctx context.Context, client *ent.Client, id int) error {
	if _, err := client.Member.Update().Where(member.ID(id), member.StatusEQ("published")).SetStatus("deleted").Save(ctx); err != nil { // want `compare-and-set on members.status ignores rows affected`
		return err
	}
	return client.Member.UpdateOneID(id).AddCredits(-1).Exec(ctx)
}

// ---- silent ----

// Archive is a soft delete (published → archived) whose count is
// dropped: when 0 rows match, a concurrent archive won and the member is
// archived as this request wanted; nothing after it acts on having won.
func Archive(ctx context.Context, client *ent.Client, id int) error {
	_, err := client.Member.Update().Where(member.ID(id), member.StatusEQ("published")).SetStatus("archived").Save(ctx) // ok: an idempotent soft delete
	if err != nil {
		if ent.IsNotFound(err) {
			return fmt.Errorf("member %d not found: %w", id, err)
		}
		return fmt.Errorf("archive member: %w", err)
	}
	return nil
}

// Delete soft-deletes inside a transaction, the last write before
// commit.
func Delete(ctx context.Context, client *ent.Client, id int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Member.Update().Where(member.ID(id), member.StatusEQ("published")).SetStatus("deleted").Save(ctx); err != nil { // ok: an idempotent soft delete
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

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
