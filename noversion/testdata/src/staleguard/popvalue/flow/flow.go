package flow

import (
	"errors"

	"staleguard/popvalue/persist"
)

var errLinked = errors.New("email belongs to another user")

// MarkVerified sets the flag when it is not set yet: two requests racing
// past the check both write verified = true, no check-then-update. The
// write still carries every column of the row read (a concurrent Link's
// user_id is reverted).
func MarkVerified(p *persist.Emails, address string) error {
	e, err := p.FindByAddress(address)
	if err != nil || e == nil {
		return err
	}
	if !e.Verified {
		e.Verified = true
		return p.Update(*e) // want `stale row written back on emails\(user_id\)`
	}
	return nil
}

// Link gives an unclaimed address to a user: two users racing past the
// check both claim it, the last one wins.
func Link(p *persist.Emails, address string, userID int64) error {
	e, err := p.FindByAddress(address)
	if err != nil || e == nil {
		return err
	}
	if e.UserID != 0 {
		return errLinked
	}
	e.UserID = userID
	return p.Update(*e) // want `check-then-update on emails\(user_id\)`
}
