// Package xormlist writes users back through xorm with the column list
// built at run time: a package-level array of the columns a profile edit
// may change, a helper that appends the pending address when the email
// changes, and a bot editor that appends each column it changes. The
// list bounds what the update writes: a password set elsewhere is never
// written back, a status among the base columns is.
package xormlist

import (
	"errors"

	"xorm.io/xorm"
)

type User struct {
	ID           int64
	Username     string
	Name         string
	Email        string
	PendingEmail string
	Status       int
	Password     string
	AvatarFile   int64
}

var profileColumns = [...]string{
	"name",
	"email",
	"status",
	"avatar_file",
}

func getUser(s *xorm.Session, id int64) (*User, error) {
	u := &User{}
	has, err := s.ID(id).Get(u)
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, errors.New("no user")
	}
	return u, nil
}

// SetPassword and Disable write one column each, by id.
func SetPassword(s *xorm.Session, id int64, hash string) error {
	_, err := s.Exec("UPDATE user SET password = ? WHERE id = ?", hash, id)
	return err
}

func Disable(s *xorm.Session, id int64) error {
	_, err := s.Exec("UPDATE user SET status = 2 WHERE id = ?", id)
	return err
}

func RenameAccount(s *xorm.Session, id int64, username string) error {
	_, err := s.Exec("UPDATE user SET username = ? WHERE id = ?", username, id)
	return err
}

func updateColumns(u, old *User) (cols []string, err error) {
	cols = profileColumns[:]
	if u.Email != old.Email {
		u.PendingEmail = ""
		cols = append(cols, "pending_email")
	}
	return cols, nil
}

func saveProfile(s *xorm.Session, u *User) error {
	old, err := getUser(s, u.ID)
	if err != nil {
		return err
	}
	cols, err := updateColumns(u, old)
	if err != nil {
		return err
	}
	_, err = s.ID(u.ID).Cols(cols...).Update(u)
	return err
}

// ---- reported ----

// SetAvatar loads the user, stores the new avatar and saves the profile
// columns: the status, name and email read before are among them, so a
// Disable or a bot edit in between is reverted. The password and the
// username, outside the list, are not.
func SetAvatar(s *xorm.Session, id, file int64) error {
	u, err := getUser(s, id)
	if err != nil {
		return err
	}
	u.AvatarFile = file
	return saveProfile(s, u) // want `stale row written back on user\(email, name, pending_email, status\): .*such as name by xormlist.EditBot`
}

// ---- silent ----

// EditBot writes the name, and the username when it changes: the
// password and the status set elsewhere are not among the columns.
func EditBot(s *xorm.Session, id int64, name, username string) error {
	existing, err := getUser(s, id)
	if err != nil {
		return err
	}
	cols := []string{"name"}
	existing.Name = name
	if username != "" && username != existing.Username {
		existing.Username = username
		cols = append(cols, "username")
	}
	_, err = s.ID(existing.ID).Cols(cols...).Update(existing) // ok: name and username only, both from the request
	return err
}

// ConfirmEmail moves the pending address over: two columns, set here.
func ConfirmEmail(s *xorm.Session, id int64) error {
	u, err := getUser(s, id)
	if err != nil {
		return err
	}
	cols := []string{}
	if u.PendingEmail != "" {
		u.Email, u.PendingEmail = u.PendingEmail, ""
		cols = append(cols, "email", "pending_email")
	}
	if len(cols) == 0 {
		return nil
	}
	_, err = s.ID(u.ID).Cols(cols...).Update(u) // ok: email and pending_email, from the row's own pending value
	return err
}
