// Package usersvc holds the account services of the usermodel package's
// service: activation, an administrator's ban switch, gift codes.
package usersvc

import (
	"errors"
	"net/http"
	"net/smtp"
	"strings"

	"staleguard/usermodel"
)

var (
	ErrCannotActivate = errors.New("this user cannot be activated")
	ErrUsed           = errors.New("this code has been used")
)

// ---- silent ----

// Activate checks the account is not yet active and activates it: two
// clicks on the activation link both write Active, and nothing else is
// done on the check's word.
func Activate(uid uint) (string, error) {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return "", err
	}
	if user.Status != usermodel.NotActivated {
		return "", ErrCannotActivate
	}
	user.SetStatus(usermodel.Active) // ok: every racer writes the same constant
	return user.Email, nil
}

// Ban switches a user between active and banned. Two administrators
// racing past the check both write the state the check chose.
func Ban(uid uint) (int, error) {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return 0, err
	}
	if user.ID == 1 {
		return 0, errors.New("the default user cannot be banned")
	}
	if user.Status == usermodel.Active {
		user.SetStatus(usermodel.Banned) // ok: a constant on each side of the check
	} else {
		user.SetStatus(usermodel.Active) // ok: a constant on each side of the check
	}
	return user.Status, nil
}

// SyncOrgName renames the user's org after the login when they differ
// (a rename at the forge), then moves the user to its group whatever the
// check said: two logins racing past the check both write the same name,
// and the write after it is made on either side of it.
func SyncOrgName(uid, orgID uint) error {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	org, err := usermodel.GetOrg(orgID)
	if err != nil {
		return err
	}
	if org.Name != user.Email {
		org.Name = user.Email
		if err := usermodel.UpdateOrg(org); err != nil { // ok: every racer writes the login the check compared with
			return err
		}
	}
	return user.SetGroup(orgID)
}

// ---- reported ----

// Redeem marks the gift code used with a constant, then grants its
// storage: two requests both pass the check and both get the storage.
func Redeem(uid uint, code string) error {
	r, err := usermodel.GetRedeem(code)
	if err != nil {
		return err
	}
	if r.Used {
		return ErrUsed
	}
	r.Use() // want `check-then-update on redeems\(used\)`
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	return user.IncreaseStorage(r.Size)
}

// ActivateAndWelcome activates, then posts a welcome message to the mail
// service: both racers send it.
func ActivateAndWelcome(uid uint, mailer string) error {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	if user.Status != usermodel.NotActivated {
		return ErrCannotActivate
	}
	user.SetStatus(usermodel.Active) // want `check-then-update on users\(status\)`
	resp, err := http.Post(mailer+"/welcome", "text/plain", strings.NewReader(user.Email))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ResendActivation re-arms an account and mails the link again: the
// update converges, the mail is sent by both racers.
func ResendActivation(uid uint, host string) error {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	if user.Status == usermodel.Active {
		return errors.New("already active")
	}
	user.SetStatus(usermodel.NotActivated) // want `check-then-update on users\(status\)`
	return smtp.SendMail(host, nil, "noreply@example.com", []string{user.Email}, []byte("Subject: activate your account\r\n\r\n"))
}

// Unban sets the state the request asks for: two administrators may ask
// for different ones.
func Unban(uid uint, status int) error {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	if user.Status != usermodel.Banned {
		return errors.New("not banned")
	}
	user.SetStatus(status) // want `check-then-update on users\(status\)`
	return nil
}

// RenameOrgAndGrant renames the org, and only when it did, grants the user
// storage for it: two logins racing past the check both grant it.
func RenameOrgAndGrant(uid, orgID uint) error {
	user, err := usermodel.GetUserByID(uid)
	if err != nil {
		return err
	}
	org, err := usermodel.GetOrg(orgID)
	if err != nil {
		return err
	}
	if org.Name != user.Email {
		org.Name = user.Email
		if err := usermodel.UpdateOrg(org); err != nil { // want `check-then-update on orgs\(name\)`
			return err
		}
		return user.IncreaseStorage(1 << 20)
	}
	return nil
}
