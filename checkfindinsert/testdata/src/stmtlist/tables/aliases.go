package tables

import (
	"context"
	"database/sql"
	"errors"

	"stmtlist/sqlutil"
)

const (
	selectAliasSQL     = "SELECT room_id FROM room_aliases WHERE alias = $1"
	insertAliasSQL     = "INSERT INTO room_aliases (alias, room_id) VALUES ($1, $2)"
	insertAliasOnceSQL = "INSERT INTO room_aliases (alias, room_id) VALUES ($1, $2) ON CONFLICT (alias) DO NOTHING"
)

type aliasStatements struct {
	selectAlias     *sql.Stmt
	insertAlias     *sql.Stmt
	insertAliasOnce *sql.Stmt
}

func NewAliases(db *sql.DB) (*aliasStatements, error) {
	s := &aliasStatements{}
	return s, sqlutil.Statements{
		{&s.selectAlias, selectAliasSQL},
		{&s.insertAlias, insertAliasSQL},
		{&s.insertAliasOnce, insertAliasOnceSQL},
	}.Prepare(db)
}

func (s *aliasStatements) Claim(ctx context.Context, tx *sql.Tx, alias, roomID string) error {
	var owner string
	err := sqlutil.InTx(tx, s.selectAlias).QueryRowContext(ctx, alias).Scan(&owner)
	if err == nil {
		return errors.New("alias taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = sqlutil.InTx(tx, s.insertAlias).ExecContext(ctx, alias, roomID) // want `check-then-insert on room_aliases\(alias\)`
	return err
}

// ---- silent ----

func (s *aliasStatements) ClaimOnce(ctx context.Context, tx *sql.Tx, alias, roomID string) error {
	var owner string
	err := sqlutil.InTx(tx, s.selectAlias).QueryRowContext(ctx, alias).Scan(&owner)
	if err == nil {
		return errors.New("alias taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = sqlutil.InTx(tx, s.insertAliasOnce).ExecContext(ctx, alias, roomID) // ok: ON CONFLICT DO NOTHING
	return err
}
