package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// Users is the user repository. Its methods each run one statement; the
// services decide how they compose.
type Users struct{ DB *sql.DB }

// FindByEmail returns domain.ErrNotFound when no user has the address.
func (r *Users) FindByEmail(ctx context.Context, email string) (*domain.User, error) {
	var u domain.User
	err := r.DB.QueryRowContext(ctx,
		`SELECT id, email, name, created_at FROM users WHERE email = $1`, email,
	).Scan(&u.ID, &u.Email, &u.Name, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// Create inserts a user. It reports a taken e-mail as domain.ErrEmailTaken.
func (r *Users) Create(ctx context.Context, email, name, passwordHash string) (*domain.User, error) {
	u := domain.User{Email: email, Name: name}
	err := r.DB.QueryRowContext(ctx,
		`INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id, created_at`,
		email, name, passwordHash,
	).Scan(&u.ID, &u.CreatedAt)
	if pqErr := pq.As(err, "23505"); pqErr != nil {
		return nil, domain.ErrEmailTaken
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// Insert inserts a user and returns the driver's error as is.
func (r *Users) Insert(ctx context.Context, email, name string) (int64, error) {
	var id int64
	err := r.DB.QueryRowContext(ctx,
		`INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name,
	).Scan(&id)
	return id, err
}

// Rename changes a user's display name. users has no version column and the
// row is addressed by its primary key: last write wins by design.
func (r *Users) Rename(ctx context.Context, id int64, name string) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE users SET name = $2 WHERE id = $1`, id, name) // SAFE(noversion): unversioned table, keyed by primary key, no state guard
	return err
}

// Register looks the address up and inserts when it is free: two sign-ups
// with the same address both pass the lookup. Early-return form.
func (s *Store) Register(ctx context.Context, email, name, hash string) (int64, error) {
	var existing int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&existing)
	if err == nil {
		return 0, domain.ErrEmailTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	var id int64
	err = s.DB.QueryRowContext(ctx, `INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id`, email, name, hash).Scan(&id) // HAZARD(checkfindinsert)
	return id, err
}

// RegisterPQ keeps the lookup for a friendly error but lets the UNIQUE
// constraint decide: the violation is recognized by its SQLSTATE.
func (s *Store) RegisterPQ(ctx context.Context, email, name, hash string) (int64, error) {
	var existing int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&existing)
	if err == nil {
		return 0, domain.ErrEmailTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	var id int64
	err = s.DB.QueryRowContext(ctx, `INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id`, email, name, hash).Scan(&id) // SAFE(checkfindinsert): unique violation handled below (*pq.Error code 23505)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return 0, domain.ErrEmailTaken
	}
	return id, err
}

// RegisterWithReferrer checks that the referring user exists (by id) and
// inserts a new user (by email): the read and the insert concern different
// keys, and the e-mail's uniqueness is handled through the condition name.
func (s *Store) RegisterWithReferrer(ctx context.Context, email, name string, referrerID int64) (int64, error) {
	var ok bool
	if err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, referrerID).Scan(&ok); err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("referrer %d: %w", referrerID, domain.ErrNotFound)
	}
	var id int64
	err := s.DB.QueryRowContext(ctx, `INSERT INTO users (email, name, referred_by) VALUES ($1, $2, $3) RETURNING id`, email, name, referrerID).Scan(&id) // SAFE(checkfindinsert): the check reads users by id, the insert's key is email
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return 0, domain.ErrEmailTaken
	}
	return id, err
}

// InviteUser pre-checks for a friendly message, then inserts with ON
// CONFLICT DO NOTHING: a concurrent invite of the same address is a no-op.
// The row count is deliberately not examined.
func (s *Store) InviteUser(ctx context.Context, email string) error {
	var taken bool
	if err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)`, email).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return nil
	}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO users (email, name) VALUES ($1, '') ON CONFLICT (email) DO NOTHING`, email) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING makes the insert race-free
	return err
}

// RegisterSerializable does check and insert inside one SERIALIZABLE
// transaction: PostgreSQL aborts one of two racing transactions.
func (s *Store) RegisterSerializable(ctx context.Context, email, name string) (int64, error) {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1`, email).Scan(&n); err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, domain.ErrEmailTaken
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id); err != nil { // SAFE(checkfindinsert): check and insert share a SERIALIZABLE transaction
		return 0, err
	}
	return id, tx.Commit()
}

// UpdateNameIfExists checks and then UPDATEs: nothing is inserted, so there
// is nothing to duplicate.
func (s *Store) UpdateNameIfExists(ctx context.Context, email, name string) error {
	var id int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE users SET name = $2 WHERE id = $1`, id, name) // SAFE(checkfindinsert): check then UPDATE, not INSERT
	return err
}
