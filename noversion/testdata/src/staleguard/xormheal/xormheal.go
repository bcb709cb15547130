// Package xormheal moves boards between positions (fractional indexing:
// a board moved to the top gets half the smallest position). When a
// board's position gets too small, the positions of its siblings are
// healed: re-read in order and spread evenly over the range. Two requests
// that both see the tiny position both heal, and the second leaves what
// the first did. A heal that gives each board a position taken from the
// request, and one that sends a notice on the check's word, are reported.
package xormheal

import (
	"math"

	"xorm.io/xorm"
)

type Board struct {
	ID       int64
	ParentID int64
	Position float64
}

func getBoard(s *xorm.Session, id int64) (*Board, error) {
	b := new(Board)
	_, err := s.ID(id).Get(b)
	return b, err
}

// respread gives the parent's boards evenly spaced positions, in their
// current order.
func respread(s *xorm.Session, parentID int64) error {
	boards := []*Board{}
	if err := s.Where("parent_id = ?", parentID).OrderBy("position asc, id asc").Find(&boards); err != nil {
		return err
	}
	step := math.Pow(2, 32) / float64(len(boards))
	for i, b := range boards {
		if _, err := s.Cols("position").Where("id = ?", b.ID).Update(&Board{Position: step * float64(i+1)}); err != nil {
			return err
		}
	}
	return nil
}

func MoveBoard(s *xorm.Session, id int64, pos float64) error {
	if _, err := s.ID(id).Cols("position").Update(&Board{Position: pos}); err != nil {
		return err
	}
	b, err := getBoard(s, id)
	if err != nil {
		return err
	}
	if b.Position < 0.1 {
		return respread(s, b.ParentID) // ok: every racer re-reads the boards and spreads them alike
	}
	return nil
}

// ---- reported ----

// shiftAll moves the parent's boards by an offset the request gives.
func shiftAll(s *xorm.Session, parentID int64, offset float64) error {
	boards := []*Board{}
	if err := s.Where("parent_id = ?", parentID).Find(&boards); err != nil {
		return err
	}
	for i, b := range boards {
		if _, err := s.Cols("position").Where("id = ?", b.ID).Update(&Board{Position: offset + float64(i)}); err != nil {
			return err
		}
	}
	return nil
}

func MoveBoardBy(s *xorm.Session, id int64, offset float64) error {
	b, err := getBoard(s, id)
	if err != nil {
		return err
	}
	if b.Position < 0.1 {
		return shiftAll(s, b.ParentID, offset) // want `check-then-update on board\(position\)`
	}
	return nil
}

type Notice struct {
	ID      int64
	BoardID int64
}

func MoveBoardAndTell(s *xorm.Session, id int64) error {
	b, err := getBoard(s, id)
	if err != nil {
		return err
	}
	if b.Position < 0.1 {
		if err := respread(s, b.ParentID); err != nil { // want `check-then-update on board\(position\)`
			return err
		}
		_, err := s.Insert(&Notice{BoardID: b.ID})
		return err
	}
	return nil
}
