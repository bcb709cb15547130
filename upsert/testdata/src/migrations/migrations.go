// Package migrations loads fixed data once at deploy time: REPLACE here is
// a seed, not a write a retry repeats.
package migrations

import "database/sql"

// ok: a migration seeding a lookup table.
func Up0003(tx *sql.Tx) error {
	_, err := tx.Exec("REPLACE INTO currencies (code, name) VALUES ('USD', 'US dollar'), ('EUR', 'Euro')")
	return err
}
