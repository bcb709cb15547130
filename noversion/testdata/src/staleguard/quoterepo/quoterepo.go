// Package quoterepo stores payment quotes in SQLite. The state column
// holds text; Go holds it as an enum, converted both ways.
package quoterepo

import (
	"database/sql"
	"errors"
)

type State int

const (
	Unpaid State = iota
	Paid
	Pending
	Issued
	Unknown
)

func (s State) String() string {
	switch s {
	case Unpaid:
		return "UNPAID"
	case Paid:
		return "PAID"
	case Pending:
		return "PENDING"
	case Issued:
		return "ISSUED"
	}
	return "UNKNOWN"
}

// ParseState converts the column's text.
func ParseState(s string) State {
	switch s {
	case "UNPAID":
		return Unpaid
	case "PAID":
		return Paid
	case "PENDING":
		return Pending
	case "ISSUED":
		return Issued
	}
	return Unknown
}

type Quote struct {
	Id     string
	Amount uint64
	State  State
}

type Repo struct{ DB *sql.DB }

// Quote reads every column, the state through a local.
func (r *Repo) Quote(id string) (Quote, error) {
	row := r.DB.QueryRow("SELECT * FROM quotes WHERE id = ?", id)
	var q Quote
	var state string
	if err := row.Scan(&q.Id, &q.Amount, &state); err != nil {
		return Quote{}, err
	}
	q.State = ParseState(state)
	return q, nil
}

// SetState writes the state by id alone.
func (r *Repo) SetState(id string, state State) error {
	res, err := r.DB.Exec("UPDATE quotes SET state = ? WHERE id = ?", state.String(), id)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return errors.New("quote not updated")
	}
	return nil
}

// MoveState writes the state only from the one expected, and says whether
// it did.
func (r *Repo) MoveState(id string, from, to State) (bool, error) {
	res, err := r.DB.Exec("UPDATE quotes SET state = ? WHERE id = ? AND state = ?", to.String(), id, from.String())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

func (r *Repo) SaveSignature(quote, sig string) error {
	_, err := r.DB.Exec("INSERT INTO signatures (quote_id, sig) VALUES (?, ?)", quote, sig)
	return err
}
