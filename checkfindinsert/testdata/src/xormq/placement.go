package xormq

import (
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
	"xorm.io/xorm"
)

// Placement puts a card in one lane of a board view.
type Placement struct {
	CardID int64 `xorm:"unique(card_view) notnull"`
	ViewID int64 `xorm:"unique(card_view) notnull"`
	LaneID int64
}

// ErrAlreadyPlaced is what the loser of a move gets.
type ErrAlreadyPlaced struct{ CardID, ViewID int64 }

func (e ErrAlreadyPlaced) Error() string {
	return fmt.Sprintf("card %d is already placed in view %d", e.CardID, e.ViewID)
}

func duplicate(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1062
}

// place moves the card, and places it when it had no row yet. Two first
// moves both update nothing and both insert; the violation is tested, but
// the loser only fails: its lane is never written.
func (p *Placement) place(s *xorm.Session) error {
	n, err := s.Where("card_id = ? AND view_id = ?", p.CardID, p.ViewID).Cols("lane_id").Update(p)
	if err != nil {
		return err
	}
	if n == 0 {
		if _, err := s.Insert(p); err != nil { // want `update-then-insert on placement\(card_id, view_id\): when the UPDATE at placement.go:\d+ matches no row, concurrent requests both insert and .* fails the loser; this insert tests the violation but does not update again, so the loser's write is lost`
			if duplicate(err) {
				return ErrAlreadyPlaced{CardID: p.CardID, ViewID: p.ViewID}
			}
			return err
		}
	}
	return nil
}

// ---- silent ----

// placeRetry updates again when it loses the insert: the winner's row
// gets this lane.
func (p *Placement) placeRetry(s *xorm.Session) error {
	n, err := s.Where("card_id = ? AND view_id = ?", p.CardID, p.ViewID).Cols("lane_id").Update(p)
	if err != nil || n > 0 {
		return err
	}
	_, err = s.Insert(p) // ok: the loser updates the winner's row
	if duplicate(err) {
		_, err = s.Where("card_id = ? AND view_id = ?", p.CardID, p.ViewID).Cols("lane_id").Update(p)
	}
	return err
}

// placeLoop runs the update again from the top after a lost insert.
func (p *Placement) placeLoop(s *xorm.Session) error {
	for attempt := 0; attempt < 3; attempt++ {
		n, err := s.Where("card_id = ? AND view_id = ?", p.CardID, p.ViewID).Cols("lane_id").Update(p)
		if err != nil || n > 0 {
			return err
		}
		if _, err = s.Insert(p); err == nil || !duplicate(err) { // ok: a duplicate goes round to the update
			return err
		}
	}
	return errors.New("placement kept changing")
}
