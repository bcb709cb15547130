// Package entfresh holds ent transactions that create rows and then call
// an identity provider before committing: the lock of a new row is
// nobody's wait, the lock of a unique key from the request, of an upsert
// or of an update is.
package entfresh

import (
	"context"
	"net/http"
	"strings"

	"entfixture/ent"
	"entfixture/ent/member"
)

type Provider struct{ HTTP *http.Client }

// Assign tells the identity provider which tenant the user belongs to.
func (p *Provider) Assign(ctx context.Context, userID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://idp.example.com/assign", strings.NewReader(userID))
	if err != nil {
		return err
	}
	resp, err := p.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Service struct {
	Client *ent.Client
	IdP    *Provider
}

// Onboard creates the sandbox member (its id is the table's serial), then
// assigns it at the provider inside the transaction.
func (s *Service) Onboard(ctx context.Context, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Member.Create().SetCredits(0).SetStatus("sandbox").Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // ok: the only lock is the new member row, which no other transaction sees
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// SignUp creates the member with the email of the request: email is
// unique, so a concurrent sign-up with the same email waits on this
// transaction for the provider's latency.
func (s *Service) SignUp(ctx context.Context, email, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Member.Create().SetEmail(email).SetStatus("new").Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // want `HTTP call \(entfresh.Provider.Assign → \(\*net/http.Client\).Do\) while the transaction holds the row lock taken at entfresh.go:\d+ \(INSERT INTO members\)`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Claim upserts the member by email: ON CONFLICT DO UPDATE locks the
// existing row every other request for that email updates.
func (s *Service) Claim(ctx context.Context, email, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := tx.Member.Create().SetEmail(email).SetStatus("claimed").OnConflictColumns(member.FieldEmail).UpdateNewValues().Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // want `HTTP call .* while the transaction holds the row lock taken at entfresh.go:\d+ \(INSERT INTO members ... ON CONFLICT DO UPDATE\)`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Activate creates the sandbox row and updates an existing member: the
// update's lock is held across the call.
func (s *Service) Activate(ctx context.Context, id int, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Member.Create().SetStatus("sandbox").Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Member.UpdateOneID(id).SetStatus("active").Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // want `HTTP call .* while the transaction holds the row lock taken at entfresh.go:\d+ \(UPDATE members\)`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Subscribe creates the subscription's member row (fresh), then takes
// the tenant's next invoice number with an upsert through the client's
// QueryContext (ent's sql/execquery) in a helper: the counter row every
// invoice of the tenant updates stays locked across the call.
func (s *Service) Subscribe(ctx context.Context, tenant, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Member.Create().SetStatus("subscribed").Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := nextInvoiceNumber(ctx, tx, tenant); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // want `HTTP call .* while the transaction holds the row lock taken at entfresh.go:\d+ \(INSERT INTO invoice_sequences ... ON CONFLICT DO UPDATE in entfresh.nextInvoiceNumber\)`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func nextInvoiceNumber(ctx context.Context, tx *ent.Tx, tenant string) (int64, error) {
	rows, err := tx.QueryContext(ctx, `INSERT INTO invoice_sequences (tenant_id, last_value) VALUES ($1, 1)
		ON CONFLICT (tenant_id) DO UPDATE SET last_value = invoice_sequences.last_value + 1 RETURNING last_value`, tenant)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, rows.Err()
}

// InviteTeam creates a member per email of the request in one CreateBulk,
// then calls the provider before committing: a concurrent invite of one
// of those emails waits on the unique key for the provider's latency.
func (s *Service) InviteTeam(ctx context.Context, emails []string, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	builders := make([]*ent.MemberCreate, len(emails))
	for i, e := range emails {
		builders[i] = tx.Member.Create().SetEmail(e).SetStatus("invited")
	}
	if _, err := tx.Member.CreateBulk(builders...).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // want `HTTP call \(entfresh.Provider.Assign → \(\*net/http.Client\).Do\) while the transaction holds the row lock taken at entfresh.go:\d+ \(INSERT INTO members\)`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Sandboxes creates n sandbox members in one CreateBulk: new rows with
// serial ids, which no other transaction waits on.
func (s *Service) Sandboxes(ctx context.Context, n int, userID string) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	var builders []*ent.MemberCreate
	for i := 0; i < n; i++ {
		builders = append(builders, tx.Member.Create().SetCredits(0).SetStatus("sandbox"))
	}
	if err := tx.Member.CreateBulk(builders...).Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.IdP.Assign(ctx, userID); err != nil { // ok: the new rows' locks are nobody's wait
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
