// Package entstore is a repository written with an ent client generated
// by the real ent v0.14.5 (go generate ./internal/entstore/ent, features
// sql/lock and sql/upsert) from the schema in ent/schema.
package entstore

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/idemvet/idemvet/testdata/e2elibs/internal/entstore/ent"
	"github.com/idemvet/idemvet/testdata/e2elibs/internal/entstore/ent/member"
)

var ErrTaken = errors.New("taken")

type Store struct{ client *ent.Client }

func New(client *ent.Client) *Store { return &Store{client: client} }

func (s *Store) Join(ctx context.Context, email string) (*ent.Member, error) {
	m, err := s.client.Member.Query().Where(member.EmailEQ(email)).Only(ctx)
	if err == nil {
		return m, ErrTaken
	}
	if !ent.IsNotFound(err) {
		return nil, err
	}
	return s.client.Member.Create().SetEmail(email).Save(ctx) // HAZARD(checkfindinsert)
}

func (s *Store) JoinUpsert(ctx context.Context, email string) error {
	ok, err := s.client.Member.Query().Where(member.Email(email)).Exist(ctx)
	if err != nil || ok {
		return err
	}
	return s.client.Member.Create().SetEmail(email).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING
}

func (s *Store) Grant(ctx context.Context, id int, n int64) error {
	m, err := s.client.Member.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.client.Member.UpdateOneID(id).SetCredits(m.Credits + n).Exec(ctx) // HAZARD(lostupdate)
}

func (s *Store) GrantAtomic(ctx context.Context, id int, n int64) error {
	return s.client.Member.UpdateOneID(id).AddCredits(n).Exec(ctx) // SAFE(lostupdate): atomic
}

func (s *Store) Freeze(ctx context.Context, id int) error {
	return s.client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Exec(ctx) // HAZARD(noversion)
}

func (s *Store) FreezeChecked(ctx context.Context, id int) error {
	n, err := s.client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Save(ctx) // SAFE(noversion): the count is tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("not active")
	}
	return nil
}

func welcome(email string) error {
	resp, err := http.Post("https://mail.example.com/send", "application/json", strings.NewReader(email))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Activate(ctx context.Context, id int) error {
	tx, err := s.client.Tx(ctx)
	if err != nil {
		return err
	}
	m, err := tx.Member.Query().Where(member.ID(id)).ForUpdate().Only(ctx)
	if err != nil {
		tx.Rollback()
		return err
	}
	if err := welcome(m.Email); err != nil { // HAZARD(lockacrosscall)
		tx.Rollback()
		return err
	}
	if err := tx.Member.UpdateOneID(id).SetStatus("active").Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Invite sends an invitation again: UpdateNewValues writes back every field
// the create sets, so a member who accepted is pending once more.
func (s *Store) Invite(ctx context.Context, email string) error {
	return s.client.Member.Create().SetEmail(email).SetStatus("pending").OnConflictColumns(member.FieldEmail).UpdateNewValues().Exec(ctx) // HAZARD(upsert)
}

func (s *Store) InviteOnce(ctx context.Context, email string) error {
	return s.client.Member.Create().SetEmail(email).SetStatus("pending").OnConflictColumns(member.FieldEmail).UpdateEmail().Exec(ctx) // SAFE(upsert): the status is left out of DO UPDATE
}

// InviteTeam creates a member per email in one CreateBulk inside a
// transaction, then mails the first before committing: the unique email
// rows it holds keep a concurrent invite of one of them waiting.
func (s *Store) InviteTeam(ctx context.Context, emails []string) error {
	tx, err := s.client.Tx(ctx)
	if err != nil {
		return err
	}
	builders := make([]*ent.MemberCreate, len(emails))
	for i, e := range emails {
		builders[i] = tx.Member.Create().SetEmail(e).SetStatus("pending")
	}
	if _, err := tx.Member.CreateBulk(builders...).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := welcome(emails[0]); err != nil { // HAZARD(lockacrosscall)
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// InviteTeamAfter mails once the rows are committed.
func (s *Store) InviteTeamAfter(ctx context.Context, emails []string) error {
	var builders []*ent.MemberCreate
	for _, e := range emails {
		builders = append(builders, s.client.Member.Create().SetEmail(e).SetStatus("pending"))
	}
	if err := s.client.Member.CreateBulk(builders...).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx); err != nil {
		return err
	}
	return welcome(emails[0]) // SAFE(lockacrosscall): no transaction holds the rows
}
