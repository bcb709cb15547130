package schemacat // want `schema Users\(pk id; unique expr lower\("email"\) \(keys email\); version version\)` `schema rides\(pk id; unique driver_id where status = 'active'; unique offer_token\)`

import "database/sql"

func Count(db *sql.DB) (n int, err error) {
	err = db.QueryRow("SELECT count(*) FROM rides").Scan(&n) // want `select count rides reads count\->n on db; found\? count`
	return n, err
}
