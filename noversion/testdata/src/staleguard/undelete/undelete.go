// Package undelete (re)joins a user to a team: a membership that is
// missing or soft-deleted is written by a helper that inserts it and, when
// the insert hits the unique key, undeletes the row instead (deleted_at =
// NULL). The check "already a live member" skips the write when
// deleted_at already holds the NULL it writes, and the helper's insert
// falls back to the same update for the racer that loses it: both end
// with the same live membership. A welcome credit granted on the check's
// word is granted twice, so that twin is reported.
package undelete

import (
	"database/sql"
	"errors"
	"time"

	"github.com/go-sql-driver/mysql"
)

type Member struct {
	Role      string
	DeletedAt *time.Time
}

func isDupe(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1062
}

func getMember(db *sql.DB, team, user int64) (*Member, error) {
	var m Member
	err := db.QueryRow("SELECT role, deleted_at FROM members WHERE team_id = ? AND user_id = ?", team, user).Scan(&m.Role, &m.DeletedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

func addMember(tx *sql.Tx, team, user int64, role string) error {
	_, err := tx.Exec("INSERT INTO members(team_id, user_id, role, deleted_at) VALUES(?, ?, ?, NULL)", team, user, role)
	if err != nil && isDupe(err) {
		_, err = tx.Exec("UPDATE members SET role = ?, deleted_at = NULL WHERE team_id = ? AND user_id = ?", role, team, user)
	}
	return err
}

// Leave soft-deletes the membership: the change the check can miss.
func Leave(db *sql.DB, team, user int64) error {
	_, err := db.Exec("UPDATE members SET deleted_at = NOW() WHERE team_id = ? AND user_id = ?", team, user)
	return err
}

// Join adds a live membership unless there is one.
func Join(db *sql.DB, team, user int64, role string) error {
	m, err := getMember(db, team, user)
	if err != nil {
		return err
	}
	if m != nil && m.DeletedAt == nil {
		return nil
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := addMember(tx, team, user, role); err != nil { // ok: the racers end with the same live row
		return err
	}
	return tx.Commit()
}

// JoinWithCredit also grants a welcome credit on the check's word.
func JoinWithCredit(db *sql.DB, team, user int64, role string) error {
	m, err := getMember(db, team, user)
	if err != nil {
		return err
	}
	if m != nil && m.DeletedAt == nil {
		return nil
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := addMember(tx, team, user, role); err != nil { // want `check-then-update on members\(deleted_at\)`
		return err
	}
	if _, err := tx.Exec("INSERT INTO credits(user_id, amount) VALUES(?, 10)", user); err != nil {
		return err
	}
	return tx.Commit()
}
