// Package xormtop moves a card into a column at the end: the column's
// highest position is read with OrderBy("pos desc").Get and the card
// given the next one. The row read is the column's last card, the row
// written is the moved card: no row loses an update, the positions are
// duplicated when two cards move at once. A card's own counter read by
// its id and written back, and the last card's own position bumped, stay
// lost updates.
package xormtop

import "xorm.io/xorm"

var x *xorm.Engine

type Card struct {
	ID     int64 `xorm:"pk"`
	Column int64
	Pos    int32
	Views  int64
}

func lastPos(column int64) (int32, error) {
	top := &Card{}
	has, err := x.Cols("column", "pos").Where("column=?", column).OrderBy("pos desc").Get(top)
	if err != nil || !has {
		return 0, err
	}
	return top.Pos, nil
}

func moveCard(c *Card) error {
	_, err := x.ID(c.ID).Cols("column", "pos").Update(c)
	return err
}

// MoveToEnd puts the card after the column's last one.
func MoveToEnd(id, column int64) error {
	last, err := lastPos(column)
	if err != nil {
		return err
	}
	c := &Card{ID: id, Column: column, Pos: last + 1}
	return moveCard(c) // want `duplicate card\.pos: the value read at xormtop\.go:\d+ \(by xormtop\.lastPos\) is recomputed in Go and stored on another row than the one read`
}

// MoveLimit is MoveToEnd with Desc and Limit(1).
func MoveLimit(id, column int64) error {
	var top Card
	if _, err := x.Where("column=?", column).Desc("pos").Limit(1).Get(&top); err != nil {
		return err
	}
	_, err := x.ID(id).Cols("pos").Update(&Card{Pos: top.Pos + 1}) // want `duplicate card\.pos`
	return err
}

// View reads the card's counter by its id and writes it back.
func View(id int64) error {
	c := &Card{}
	if _, err := x.ID(id).Get(c); err != nil {
		return err
	}
	_, err := x.ID(id).Cols("views").Update(&Card{Views: c.Views + 1}) // want `lost update on card\.views`
	return err
}

// BumpLast moves the column's last card one further: the row read is the
// row written (WHERE id = top.ID).
func BumpLast(column int64) error {
	top := &Card{}
	if _, err := x.Where("column=?", column).OrderBy("pos desc").Get(top); err != nil {
		return err
	}
	_, err := x.ID(top.ID).Cols("pos").Update(&Card{Pos: top.Pos + 1}) // want `lost update on card\.pos`
	return err
}
