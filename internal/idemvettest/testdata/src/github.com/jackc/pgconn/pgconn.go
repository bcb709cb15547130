// Package pgconn is a stand-in for github.com/jackc/pgconn v1 (pgx v4's
// connection layer).
package pgconn

import "strconv"

// CommandTag is v1's command tag: the bytes of the server's reply.
type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 {
	n, _ := strconv.ParseInt(string(ct), 10, 64)
	return n
}

type StatementDescription struct{ Name, SQL string }

type PgError struct {
	Severity, Code, Message, ConstraintName string
}

func (pe *PgError) Error() string {
	return pe.Severity + ": " + pe.Message + " (SQLSTATE " + pe.Code + ")"
}
