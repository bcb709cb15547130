// Package flows moves consent flows on through the persister's helpers.
package flows

import (
	"context"
	"errors"

	"github.com/gobuffalo/pop/v6"

	"stalerow/popnet/persist"
)

type Flow struct {
	ID        string `db:"id"`
	State     int    `db:"state"`
	Subject   string `db:"subject"`
	Remember  bool   `db:"remember"`
	GrantedAt int64  `db:"granted_at"`
}

func (Flow) TableName() string { return "oauth2_flows" }

type Store struct {
	P *persist.Persister
	C *pop.Connection
}

func (s *Store) get(ctx context.Context, id string) (*Flow, error) {
	var f Flow
	if err := s.C.Find(&f, id); err != nil {
		return nil, err
	}
	return &f, nil
}

// Revoke forgets the remembered consent, a column of its own.
func (s *Store) Revoke(ctx context.Context, id string) error {
	return s.C.RawQuery("UPDATE oauth2_flows SET remember = false WHERE id = ?", id).Exec()
}

// HandleLogin loads the flow, records the subject and writes the whole
// row back: a Revoke in between is undone.
func (s *Store) HandleLogin(ctx context.Context, id, subject string) error {
	f, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	f.Subject = subject
	_, err = s.P.UpdateWithNetwork(ctx, f) // want `stale row written back on oauth2_flows\(.*remember.*\)`
	return err
}

// ---- silent ----

// SetRemember writes only the column it sets.
func (s *Store) SetRemember(ctx context.Context, id string, remember bool) error {
	f, err := s.get(ctx, id)
	if err != nil {
		return errors.New("no flow")
	}
	f.Remember = remember
	return s.C.UpdateColumns(f, "remember") // ok: one column, from the request
}
