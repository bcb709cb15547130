// Package choosestmt runs statements chosen on branches, and texts its
// package variables compute.
package choosestmt

import (
	"context"
	"database/sql"
	"fmt"
)

const stateActive = 2

// selectActiveSQL is computed by the package's initializer.
var selectActiveSQL = "" +
	"SELECT id FROM devices" +
	" WHERE user_id = $1" +
	" AND state = " + fmt.Sprintf("%d", stateActive)

type Store struct {
	db         *sql.DB
	listAll    *sql.Stmt
	listActive *sql.Stmt
}

func Prepare(db *sql.DB) (*Store, error) {
	s := &Store{db: db}
	var err error
	if s.listAll, err = db.Prepare("SELECT id FROM devices WHERE user_id = $1"); err != nil {
		return nil, err
	}
	if s.listActive, err = db.Prepare(selectActiveSQL); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Store) Active(ctx context.Context, userID int64) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, selectActiveSQL, userID) // want `select devices where user_id=\$userID,state=2 reads id->\? on s\.db`
}

func (s *Store) List(ctx context.Context, tx *sql.Tx, userID int64, activeOnly bool) (*sql.Rows, error) {
	stmt := s.listAll
	if activeOnly {
		stmt = s.listActive
	}
	return tx.StmtContext(ctx, stmt).QueryContext(ctx, userID) // want `select devices where user_id=\$userID reads id->\? on tx; .*one of 2` `select devices where user_id=\$userID,state=2 reads id->\? on tx; .*one of 2`
}

func (s *Store) Revoke(ctx context.Context, userID int64, mode string) error {
	var q string
	switch mode {
	case "hard":
		q = "DELETE FROM sessions WHERE user_id = $1"
	case "soft":
		q = "UPDATE sessions SET revoked = true WHERE user_id = $1"
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	_, err := s.db.ExecContext(ctx, q, userID) // want `delete sessions where user_id=\$userID on s\.db; .*one of 2` `update sessions set revoked=true where user_id=\$userID on s\.db; .*one of 2`
	return err
}

// Filter adds a condition: the common prefix reads the statement's kind
// and table already, and stays the one (partial) access.
func (s *Store) Filter(ctx context.Context, userID int64, recent bool) (*sql.Rows, error) {
	q := "SELECT id FROM sessions WHERE user_id = $1"
	if recent {
		q += " AND created_at > now() - interval '1 day'"
	}
	return s.db.QueryContext(ctx, q, userID) // want `select sessions where user_id=\$userID reads id->\? on s\.db; partial$`
}

// Search builds its text in a loop: no alternatives.
func (s *Store) Search(ctx context.Context, terms []string) (*sql.Rows, error) {
	q := "SELECT id FROM sessions WHERE true"
	for range terms {
		q += " AND note LIKE ?"
	}
	return s.db.QueryContext(ctx, q) // want `select sessions where ={true} reads id->\? on s\.db; partial$`
}

// selectTokenSQL is a constant expression: the package initializer the SSA
// builder keeps leaves it out, the type checker knows it.
var selectTokenSQL = "SELECT user_id FROM tokens " +
	"WHERE token = $1"

func (s *Store) Token(ctx context.Context, token string) (int64, error) {
	var userID int64
	err := s.db.QueryRowContext(ctx, selectTokenSQL, token).Scan(&userID) // want `select tokens where token=\$token reads user_id->userID on s\.db`
	return userID, err
}

// countSQL is assigned again at run time: no one text.
var countSQL = "SELECT count(*) FROM tokens"

func UseArchive() { countSQL = "SELECT count(*) FROM archived_tokens" }

func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, countSQL).Scan(&n) // want `unknown \? reads \?->n on s\.db; .*partial`
	return n, err
}

// Lookup rebinds its statement to the transaction when there is one.
func (s *Store) Lookup(ctx context.Context, tx *sql.Tx, userID int64) (int64, error) {
	stmt := s.listAll
	if tx != nil {
		stmt = tx.StmtContext(ctx, stmt)
	}
	var id int64
	err := stmt.QueryRowContext(ctx, userID).Scan(&id) // want `select devices where user_id=\$userID reads id->id on t\d+; found\? err\(database/sql\.ErrNoRows\)$`
	return id, err
}

// prepareFiltered prepares its caller's text with a filter added, on the
// transaction when there is one.
func prepareFiltered(db *sql.DB, tx *sql.Tx, query string, kinds []string) (*sql.Stmt, error) {
	if len(kinds) > 0 {
		query += " AND kind = ANY($2)"
	}
	query += " ORDER BY id"
	var stmt *sql.Stmt
	var err error
	if tx != nil {
		stmt, err = tx.Prepare(query)
	} else {
		stmt, err = db.Prepare(query)
	}
	if err != nil {
		return nil, err
	}
	return stmt, nil
}

func (s *Store) Events(ctx context.Context, tx *sql.Tx, userID int64, kinds []string) (*sql.Rows, error) {
	stmt, err := prepareFiltered(s.db, tx, "SELECT id FROM events WHERE user_id = $1", kinds)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(ctx, userID, kinds) // want `select events where user_id=\$userID reads id->\? on prepareFiltered\(\)#0; partial$`
}

// Purge runs each statement of a list in turn: more of them than
// branches may choose from.
func (s *Store) Purge(ctx context.Context, tx *sql.Tx, userID int64) error {
	for _, q := range []string{
		"DELETE FROM sessions WHERE user_id = $1",
		"DELETE FROM devices WHERE user_id = $1",
		"DELETE FROM tokens WHERE user_id = $1",
		"DELETE FROM pushers WHERE user_id = $1",
		"DELETE FROM profiles WHERE user_id = $1",
	} {
		if _, err := tx.ExecContext(ctx, q, userID); err != nil { // want `delete sessions where user_id=\$userID on tx; one of 5` `delete devices where user_id=\$userID on tx; one of 5` `delete tokens where user_id=\$userID on tx; one of 5` `delete pushers where user_id=\$userID on tx; one of 5` `delete profiles where user_id=\$userID on tx; one of 5`
			return err
		}
	}
	return nil
}
