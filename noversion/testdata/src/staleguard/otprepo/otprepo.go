// Package otprepo stores the one-time passcodes mailed to users.
package otprepo

import (
	"database/sql"
	"errors"
)

type Repo struct{ DB *sql.DB }

// Valid returns the unexpired passcodes of an email, one per row.
func (r *Repo) Valid(emailHash string, app string, now int64) ([]string, error) {
	rows, err := r.DB.Query(`SELECT passcode FROM passcodes WHERE email_hash = $1 AND app = $2 AND expires_at > $3`, emailHash, app, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	codes := make([]string, 0)
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return codes, err
		}
		codes = append(codes, c)
	}
	return codes, nil
}

// Remove deletes a passcode once used; it does not say whether one was.
func (r *Repo) Remove(emailHash, code, app string) error {
	_, err := r.DB.Exec(`DELETE FROM passcodes WHERE email_hash = $1 AND passcode = $2 AND app = $3`, emailHash, code, app)
	return err
}

// Consume deletes a passcode and reports whether this call did.
func (r *Repo) Consume(emailHash, code, app string) (bool, error) {
	res, err := r.DB.Exec(`DELETE FROM passcodes WHERE email_hash = $1 AND passcode = $2 AND app = $3`, emailHash, code, app)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// Alias returns the custom domain a user set, nil when none.
func (r *Repo) Alias(user int64) (*string, error) {
	var d string
	err := r.DB.QueryRow(`SELECT value FROM user_settings WHERE user_id = $1 AND name = 'alias'`, user).Scan(&d)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// RemoveAlias deletes the user's custom domain.
func (r *Repo) RemoveAlias(user int64) error {
	_, err := r.DB.Exec(`DELETE FROM user_settings WHERE user_id = $1 AND name = 'alias'`, user)
	return err
}
