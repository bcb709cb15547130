// Package repo begins transactions for its callers, wrapped in a type of
// its own whose methods lock and write rows.
package repo

import "github.com/jmoiron/sqlx"

type Repo struct{ DB *sqlx.DB }

// StoreTx is a transaction with the application's queries.
type StoreTx struct {
	*sqlx.Tx
}

func NewStoreTx(tx *sqlx.Tx) StoreTx { return StoreTx{Tx: tx} }

// BeginTx begins a transaction.
func (r Repo) BeginTx() (StoreTx, error) {
	tx, err := r.DB.Beginx()
	if err != nil {
		return StoreTx{}, err
	}
	return NewStoreTx(tx), nil
}

// LockMember locks the member's row.
func (tx StoreTx) LockMember(id string) (int64, error) {
	var n int64
	err := tx.Get(&n, `SELECT expire FROM members WHERE id = ? FOR UPDATE`, id)
	return n, err
}

// SaveMember writes it back.
func (tx StoreTx) SaveMember(id string, n int64) error {
	_, err := tx.Exec(`UPDATE members SET expire = ? WHERE id = ?`, n, id)
	return err
}
