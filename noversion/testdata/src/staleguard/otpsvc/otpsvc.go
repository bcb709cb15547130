// Package otpsvc verifies the passcodes of otprepo, and logs users in or
// changes their email once a passcode checks out.
package otpsvc

import (
	"database/sql"
	"errors"
	"time"

	"staleguard/otprepo"
)

var (
	ErrExpired   = errors.New("passcode expired")
	ErrIncorrect = errors.New("incorrect passcode")
)

type Service struct {
	DB    *sql.DB
	Codes *otprepo.Repo
}

// verify checks the passcode against the valid ones and removes it; the
// work it allows is its callers'.
func (s *Service) verify(emailHash, code, app string) error {
	codes, err := s.Codes.Valid(emailHash, app, time.Now().Unix())
	if err != nil {
		return err
	}
	if len(codes) < 1 {
		return ErrExpired
	}
	ok := false
	for _, c := range codes {
		if c == code {
			ok = true
		}
	}
	if !ok {
		return ErrIncorrect
	}
	if err := s.Codes.Remove(emailHash, code, app); err != nil { // want `check-then-delete on passcodes: the row found at otpsvc.go:\d+ \(by otprepo.Repo.Valid\) is consumed by a DELETE that ignores rows affected, so concurrent requests both find it and both go on to the work Login does after otpsvc.Service.verify at otpsvc.go:\d+`
		return err
	}
	return nil
}

// Login creates a session once the passcode checks out: two requests with
// the same passcode both get one.
func (s *Service) Login(emailHash, code, app string, user int64) error {
	if err := s.verify(emailHash, code, app); err != nil {
		return err
	}
	_, err := s.DB.Exec(`INSERT INTO sessions (user_id, app) VALUES ($1, $2)`, user, app)
	return err
}

// ChangeEmail is the same race: reported once, at verify's delete.
func (s *Service) ChangeEmail(emailHash, code, app string, user int64, newEmail string) error {
	if err := s.verify(emailHash, code, app); err != nil {
		return err
	}
	_, err := s.DB.Exec(`UPDATE users SET email = $1 WHERE id = $2`, newEmail, user)
	return err
}

// ---- silent ----

// verifyOnce treats "nothing removed" as a passcode already used.
func (s *Service) verifyOnce(emailHash, code, app string) error {
	codes, err := s.Codes.Valid(emailHash, app, time.Now().Unix())
	if err != nil {
		return err
	}
	if len(codes) < 1 {
		return ErrExpired
	}
	ok := false
	for _, c := range codes {
		if c == code {
			ok = true
		}
	}
	if !ok {
		return ErrIncorrect
	}
	removed, err := s.Codes.Consume(emailHash, code, app) // ok: 0 rows deleted is refused
	if err != nil {
		return err
	}
	if !removed {
		return ErrExpired
	}
	return nil
}

func (s *Service) LoginOnce(emailHash, code, app string, user int64) error {
	if err := s.verifyOnce(emailHash, code, app); err != nil {
		return err
	}
	_, err := s.DB.Exec(`INSERT INTO sessions (user_id, app) VALUES ($1, $2)`, user, app)
	return err
}

// checkCode verifies and removes, and its caller does nothing more: a
// passcode removed twice grants nothing twice.
func (s *Service) checkCode(emailHash, code, app string) error {
	codes, err := s.Codes.Valid(emailHash, app, time.Now().Unix())
	if err != nil {
		return err
	}
	if len(codes) == 0 {
		return ErrExpired
	}
	return s.Codes.Remove(emailHash, code, app) // ok: nothing is done on its word
}

func (s *Service) Check(emailHash, code, app string) error {
	return s.checkCode(emailHash, code, app)
}

// clearAlias removes the user's alias when there is one; none is nothing
// to do, not a failure, so its caller closes the account either way.
func (s *Service) clearAlias(user int64) error {
	alias, err := s.Codes.Alias(user)
	if err != nil {
		return nil
	}
	if alias == nil {
		return nil
	}
	return s.Codes.RemoveAlias(user) // ok: a cleanup, not a gate
}

func (s *Service) CloseAccount(user int64) error {
	if err := s.clearAlias(user); err != nil {
		return err
	}
	_, err := s.DB.Exec(`UPDATE accounts SET closed = true WHERE user_id = $1`, user)
	return err
}
