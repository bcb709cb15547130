// Package sqlutil prepares a table's statements from a list pairing each
// statement's field with its SQL, and rebinds them to a transaction.
package sqlutil

import (
	"context"
	"database/sql"
)

type StatementList []struct {
	Statement **sql.Stmt
	SQL       string
}

func (s StatementList) Prepare(db *sql.DB) (err error) {
	for _, statement := range s {
		if *statement.Statement, err = db.Prepare(statement.SQL); err != nil {
			return
		}
	}
	return
}

// TxStmt returns the statement bound to the transaction, if there is one.
func TxStmt(txn *sql.Tx, statement *sql.Stmt) *sql.Stmt { // want TxStmt:"mutates p1" TxStmt:"rebinds p1 to p0"
	if txn != nil {
		statement = txn.Stmt(statement)
	}
	return statement
}

func TxStmtContext(ctx context.Context, txn *sql.Tx, statement *sql.Stmt) *sql.Stmt { // want TxStmtContext:"mutates p2" TxStmtContext:"rebinds p2 to p1"
	if txn != nil {
		statement = txn.StmtContext(ctx, statement)
	}
	return statement
}
