package storage

import (
	"context"
	"database/sql"

	"preparedlist/sqlutil"
)

const insertInviteSQL = "" +
	"INSERT INTO invites (room_id, user_id, state) VALUES ($1, $2, 'pending')"

const selectInviteSQL = "" +
	"SELECT state FROM invites WHERE room_id = $1 AND user_id = $2"

const retireInviteSQL = "" +
	"UPDATE invites SET state = 'retired' WHERE room_id = $1 AND user_id = $2 AND state = 'pending'"

type inviteStatements struct {
	insertInviteStmt *sql.Stmt
	selectInviteStmt *sql.Stmt
	retireInviteStmt *sql.Stmt
	// purgeStmt is in no list: its text is unknown.
	purgeStmt *sql.Stmt
}

func NewInvitesTable(db *sql.DB) (*inviteStatements, error) {
	s := &inviteStatements{}
	return s, sqlutil.StatementList{
		{&s.insertInviteStmt, insertInviteSQL},
		{&s.selectInviteStmt, selectInviteSQL},
		{&s.retireInviteStmt, retireInviteSQL},
	}.Prepare(db)
}

func (s *inviteStatements) InsertInvite(ctx context.Context, txn *sql.Tx, roomID, userID string) error {
	_, err := sqlutil.TxStmt(txn, s.insertInviteStmt).ExecContext(ctx, roomID, userID) // want `insert invites set room_id=\$roomID,user_id=\$userID,state='pending' on txn; in param tx`
	return err
}

func (s *inviteStatements) SelectInvite(ctx context.Context, txn *sql.Tx, roomID, userID string) (string, error) {
	var state string
	stmt := sqlutil.TxStmtContext(ctx, txn, s.selectInviteStmt)
	err := stmt.QueryRowContext(ctx, roomID, userID).Scan(&state) // want `select invites where room_id=\$roomID,user_id=\$userID reads state\->state on txn; found\? err\(database/sql\.ErrNoRows\); in param tx`
	return state, err
}

func (s *inviteStatements) RetireInvite(ctx context.Context, roomID, userID string) (bool, error) {
	res, err := s.retireInviteStmt.ExecContext(ctx, roomID, userID) // want `update invites set state='retired' where room_id=\$roomID,user_id=\$userID,state='pending' on s\.retireInviteStmt; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *inviteStatements) Purge(ctx context.Context) error {
	_, err := s.purgeStmt.ExecContext(ctx) // want `unknown \? on s\.purgeStmt; partial`
	return err
}
