// Package codes consumes one-time login codes and invites.
package codes

import (
	"context"
	"database/sql"
	"errors"
	"log"
)

var ErrInvalid = errors.New("invalid code")

type Store struct{ db *sql.DB }

func (s *Store) userOf(ctx context.Context, code string) (int64, error) {
	var user int64
	err := s.db.QueryRowContext(ctx, "SELECT user_id FROM login_codes WHERE code = $1", code).Scan(&user)
	return user, err
}

// Login consumes the code and logs "nothing deleted": both requests log in.
func (s *Store) Login(ctx context.Context, code string) (string, error) {
	user, err := s.userOf(ctx, code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrInvalid
	}
	if err != nil {
		return "", err
	}
	res, err := s.db.ExecContext(ctx, "DELETE FROM login_codes WHERE code = $1", code) // want `check-then-delete on login_codes: the row found at codes.go:\d+ \(by codes.Store.userOf\) is consumed by a DELETE that only logs rows affected, so concurrent requests both find it and both go on`
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		log.Printf("code %s was already used", code)
	}
	return s.session(ctx, user)
}

func (s *Store) session(ctx context.Context, user int64) (string, error) {
	var token string
	err := s.db.QueryRowContext(ctx, "INSERT INTO sessions (user_id) VALUES ($1) RETURNING token", user).Scan(&token)
	return token, err
}

// Accept deletes the invite and adds the member without looking at the
// delete's outcome.
func (s *Store) Accept(ctx context.Context, invite string, user int64) error {
	var team int64
	if err := s.db.QueryRowContext(ctx, "SELECT team_id FROM invites WHERE token = $1", invite).Scan(&team); err != nil {
		return ErrInvalid
	}
	if _, err := s.db.ExecContext(ctx, "DELETE FROM invites WHERE token = $1", invite); err != nil { // want `check-then-delete on invites: .* ignores rows affected`
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, user)
	return err
}

// RedeemTx issues the session, then consumes the code, in one
// transaction that commits whatever the delete matched: both requests get
// a session.
func (s *Store) RedeemTx(ctx context.Context, code string) error {
	user, err := s.userOf(ctx, code)
	if err != nil {
		return ErrInvalid
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO sessions (user_id) VALUES ($1)", user); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM login_codes WHERE code = $1", code); err != nil { // want `check-then-delete on login_codes: .* ignores rows affected`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

// RedeemTxChecked rolls the session back when the code was gone.
func (s *Store) RedeemTxChecked(ctx context.Context, code string) error {
	user, err := s.userOf(ctx, code)
	if err != nil {
		return ErrInvalid
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO sessions (user_id) VALUES ($1)", user); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM login_codes WHERE code = $1", code) // ok: 0 rows rolls the session back
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrInvalid
	}
	return tx.Commit()
}

// RemoveFolder clears the references to a folder, then deletes it: no
// work is granted.
func (s *Store) RemoveFolder(ctx context.Context, id int64) error {
	var owner int64
	if err := s.db.QueryRowContext(ctx, "SELECT owner_id FROM folders WHERE id = $1", id).Scan(&owner); err != nil {
		return ErrInvalid
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE notes SET folder_id = NULL WHERE folder_id = $1", id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM folders WHERE id = $1", id); err != nil { // ok: the delete is the last thing done
		return err
	}
	return tx.Commit()
}

// The delete's outcome decides.
func (s *Store) LoginChecked(ctx context.Context, code string) (string, error) {
	user, err := s.userOf(ctx, code)
	if err != nil {
		return "", ErrInvalid
	}
	res, err := s.db.ExecContext(ctx, "DELETE FROM login_codes WHERE code = $1", code) // ok: 0 rows is refused
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", ErrInvalid
	}
	return s.session(ctx, user)
}

// DELETE ... RETURNING: no row is ErrNoRows, tested.
func (s *Store) LoginReturning(ctx context.Context, code string) (string, error) {
	var user int64
	err := s.db.QueryRowContext(ctx, "DELETE FROM login_codes WHERE code = $1 RETURNING user_id", code).Scan(&user) // ok: one statement
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrInvalid
	}
	if err != nil {
		return "", err
	}
	return s.session(ctx, user)
}

// A DELETE endpoint: looked up for a 404, deleted, nothing follows.
func (s *Store) DeleteNote(ctx context.Context, id int64) error {
	var owner int64
	if err := s.db.QueryRowContext(ctx, "SELECT owner_id FROM notes WHERE id = $1", id).Scan(&owner); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, "DELETE FROM notes WHERE id = $1", id) // ok: deleting twice is deleting once
	return err
}

// Deleting an account: its root folder found, deleted, then the rows that
// belong to it. Every write after is a delete: running it twice removes
// nothing twice.
func (s *Store) DeleteAccount(ctx context.Context, user int64) error {
	var root int64
	if err := s.db.QueryRowContext(ctx, "SELECT id FROM folders WHERE owner_id = $1 AND parent_id IS NULL", user).Scan(&root); err != nil {
		return err
	}
	s.db.ExecContext(ctx, "DELETE FROM folders WHERE id = $1", root) // ok: a cascade of deletes, nothing granted
	s.db.ExecContext(ctx, "DELETE FROM tags WHERE user_id = $1", user)
	s.db.ExecContext(ctx, "DELETE FROM tasks WHERE user_id = $1", user)
	_, err := s.db.ExecContext(ctx, "DELETE FROM users WHERE id = $1", user)
	return err
}

// A DELETE endpoint that records the delete in the audit trail: two
// racers leave two audit rows of one delete, nothing is granted twice.
func (s *Store) DeleteNoteAudited(ctx context.Context, id, actor int64) error {
	var owner int64
	if err := s.db.QueryRowContext(ctx, "SELECT owner_id FROM notes WHERE id = $1", id).Scan(&owner); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, "DELETE FROM notes WHERE id = $1", id); err != nil { // ok: the write after is an audit row
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO audit_log (actor_id, event, target_id) VALUES ($1, 'note.deleted', $2)", actor, id)
	return err
}

// AcceptAudited adds the member and records it: the membership is still
// granted twice.
func (s *Store) AcceptAudited(ctx context.Context, invite string, user int64) error {
	var team int64
	if err := s.db.QueryRowContext(ctx, "SELECT team_id FROM invites WHERE token = $1", invite).Scan(&team); err != nil {
		return ErrInvalid
	}
	if _, err := s.db.ExecContext(ctx, "DELETE FROM invites WHERE token = $1", invite); err != nil { // want `check-then-delete on invites: .* ignores rows affected`
		return err
	}
	if _, err := s.db.ExecContext(ctx, "INSERT INTO audit_log (actor_id, event, target_id) VALUES ($1, 'invite.accepted', $2)", user, team); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, user)
	return err
}
