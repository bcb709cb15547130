package sqlutil

import "database/sql"

// Statements pairs each statement field with the SQL it is prepared from.
type Statements []struct {
	Stmt **sql.Stmt
	SQL  string
}

func (l Statements) Prepare(db *sql.DB) error {
	for _, s := range l {
		st, err := db.Prepare(s.SQL)
		if err != nil {
			return err
		}
		*s.Stmt = st
	}
	return nil
}

func InTx(tx *sql.Tx, stmt *sql.Stmt) *sql.Stmt {
	if tx == nil {
		return stmt
	}
	return tx.Stmt(stmt)
}
