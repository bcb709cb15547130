// Package domainsrpc is the control plane's domain service: its RPC
// handlers read the domain again and decide on what they read.
package domainsrpc

import (
	"context"
	"database/sql"
	"errors"
)

var ErrVerified = errors.New("domain already verified")

type Domain struct {
	ID     string
	Status string
}

type Service struct {
	db *sql.DB
}

func NewService(db *sql.DB) *Service { return &Service{db: db} }

func (s *Service) find(ctx context.Context, name string) (Domain, error) {
	var d Domain
	err := s.db.QueryRowContext(ctx, "SELECT id, status FROM custom_domains WHERE domain = $1", name).Scan(&d.ID, &d.Status)
	return d, err
}

// RetryVerification re-reads the domain and checks it itself: its own
// check-then-update is the race, reported here.
func (s *Service) RetryVerification(ctx context.Context, name, invocation string) error {
	d, err := s.find(ctx, name)
	if err != nil {
		return err
	}
	if d.Status == "verified" {
		return ErrVerified
	}
	_, err = s.db.ExecContext(ctx, "UPDATE custom_domains SET status = 'pending', invocation_id = $2 WHERE domain = $1", name, invocation) // want `check-then-update on custom_domains\(status\)`
	return err
}

// Reset trusts its caller: it writes without reading.
func (s *Service) Reset(ctx context.Context, name, invocation string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE custom_domains SET status = 'pending', invocation_id = $2 WHERE domain = $1", name, invocation)
	return err
}

// Querier is the generated queries' interface; its implementation is
// not in view.
type Querier interface {
	FindCustomDomainByDomain(ctx context.Context, domain string) (Domain, error)
}

// QService reads through the querier.
type QService struct {
	db *sql.DB
	q  Querier
}

// Reverify reads the domain through the querier and checks it.
func (s *QService) Reverify(ctx context.Context, name, invocation string) error {
	d, err := s.q.FindCustomDomainByDomain(ctx, name)
	if err != nil {
		return err
	}
	if d.Status == "verified" {
		return ErrVerified
	}
	_, err = s.db.ExecContext(ctx, "UPDATE custom_domains SET status = 'pending', invocation_id = $2 WHERE domain = $1", name, invocation) // want `check-then-update on custom_domains\(status\)`
	return err
}

// Reset trusts its caller: it writes without reading.
func (s *QService) Reset(ctx context.Context, name, invocation string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE custom_domains SET status = 'pending', invocation_id = $2 WHERE domain = $1", name, invocation)
	return err
}
