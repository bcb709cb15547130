package web

import (
	"crypto/sha256"
	"encoding/hex"

	"overwritten/store"
)

func hash(pw, salt string) string {
	sum := sha256.Sum256([]byte(salt + pw))
	return hex.EncodeToString(sum[:])
}

// SetPassword replaces the password of the account a reset link names:
// the field is overwritten from the form before it is hashed, so the
// value written never came from the row read.
func SetPassword(r *store.Accounts, token, password, salt string) error {
	a, err := r.ByResetToken(token)
	if err != nil {
		return err
	}
	a.Password = password
	a.ResetToken = ""
	a.Password = hash(a.Password, salt)
	return r.Update(a) // ok: the password written is the form's, hashed
}

// CountLogin increments the counter it read: concurrent logins lose
// increments.
func CountLogin(r *store.Accounts, token string) error {
	a, err := r.ByResetToken(token)
	if err != nil {
		return err
	}
	a.Logins = a.Logins + 1
	return r.Update(a) // want `lost update on accounts.logins`
}

// Rehash strengthens the stored hash: the value written is the column
// read, recomputed.
func Rehash(r *store.Accounts, token, salt string) error {
	a, err := r.ByResetToken(token)
	if err != nil {
		return err
	}
	a.Password = hash(a.Password, salt)
	return r.Update(a) // want `lost update on accounts.password`
}
