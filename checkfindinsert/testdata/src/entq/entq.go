package entq

import (
	"context"
	"errors"

	"entfixture/ent"
	"entfixture/ent/member"
)

var ErrTaken = errors.New("taken")

func Join(ctx context.Context, client *ent.Client, email string) (*ent.Member, error) {
	m, err := client.Member.Query().Where(member.EmailEQ(email)).Only(ctx)
	if err == nil {
		return m, ErrTaken
	}
	if !ent.IsNotFound(err) {
		return nil, err
	}
	return client.Member.Create().SetEmail(email).Save(ctx) // want `check-then-insert on members\(email\)`
}

func JoinExist(ctx context.Context, client *ent.Client, email string) error {
	ok, err := client.Member.Query().Where(member.Email(email)).Exist(ctx)
	if err != nil {
		return err
	}
	if ok {
		return ErrTaken
	}
	return client.Member.Create().SetEmail(email).Exec(ctx) // want `check-then-insert on members\(email\)`
}

// ---- silent ----

func JoinUpsert(ctx context.Context, client *ent.Client, email string) error {
	ok, err := client.Member.Query().Where(member.Email(email)).Exist(ctx)
	if err != nil || ok {
		return err
	}
	return client.Member.Create().SetEmail(email).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx) // ok: ON CONFLICT DO NOTHING
}

func JoinConstraint(ctx context.Context, client *ent.Client, email string) error {
	ok, err := client.Member.Query().Where(member.Email(email)).Exist(ctx)
	if err != nil || ok {
		return err
	}
	err = client.Member.Create().SetEmail(email).Exec(ctx) // ok: the constraint error is handled
	if ent.IsConstraintError(err) {
		return ErrTaken
	}
	return err
}
