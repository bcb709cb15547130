// Package capacity holds counts compared with a limit that decide an insert
// into the counted table, in database/sql, pgx, sqlx and gorm.
package capacity

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var ErrFull = errors.New("full")

const maxKeys = 5

// COUNT(*) compared with a plan's limit.
func AddMember(ctx context.Context, db *sql.DB, team, user int64, limit int) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE team_id = $1", team).Scan(&n); err != nil {
		return err
	}
	if n >= limit {
		return ErrFull
	}
	_, err := db.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, user) // want `count-then-insert on members\(team_id\): concurrent requests all count below the limit at capacity.go:\d+ and all insert, exceeding it`
	return err
}

// len of the rows pgx.CollectRows returned.
type Key struct {
	ID   int64
	User int64
}

func AddKey(ctx context.Context, pool *pgxpool.Pool, user int64, secret string) error {
	rows, err := pool.Query(ctx, "SELECT id, user_id FROM api_keys WHERE user_id = $1", user)
	if err != nil {
		return err
	}
	keys, err := pgx.CollectRows(rows, pgx.RowToStructByName[Key])
	if err != nil {
		return err
	}
	if len(keys) >= maxKeys {
		return ErrFull
	}
	_, err = pool.Exec(ctx, "INSERT INTO api_keys (user_id, secret) VALUES ($1, $2)", user, secret) // want `count-then-insert on api_keys\(user_id\)`
	return err
}

// sqlx Select into a slice.
type Seat struct {
	ID    int64 `db:"id"`
	Event int64 `db:"event_id"`
}

func Book(ctx context.Context, db *sqlx.DB, event, user int64, capacity int) error {
	var seats []Seat
	if err := db.SelectContext(ctx, &seats, "SELECT id, event_id FROM bookings WHERE event_id = $1", event); err != nil {
		return err
	}
	if len(seats) < capacity {
		_, err := db.ExecContext(ctx, "INSERT INTO bookings (event_id, user_id) VALUES ($1, $2)", event, user) // want `count-then-insert on bookings\(event_id\)`
		return err
	}
	return ErrFull
}

// gorm Count.
type Invite struct {
	ID     uint
	TeamID uint
	Email  string
}

func Invite1(db *gorm.DB, team uint, email string) error {
	var n int64
	if err := db.Model(&Invite{}).Where("team_id = ?", team).Count(&n).Error; err != nil {
		return err
	}
	if n > 10 {
		return ErrFull
	}
	return db.Create(&Invite{TeamID: team, Email: email}).Error // want `count-then-insert on invites\(team_id\)`
}

// ---- silent ----

// The parent row locked before counting serializes the inserts.
type Team struct {
	ID    uint
	Limit int64
}

func InviteLocked(db *gorm.DB, team uint, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var t Team
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&t, team).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Invite{}).Where("team_id = ?", team).Count(&n).Error; err != nil {
			return err
		}
		if n >= t.Limit {
			return ErrFull
		}
		return tx.Create(&Invite{TeamID: team, Email: email}).Error // ok: the team row is locked
	})
}

// SERIALIZABLE aborts one of the two.
func AddMemberSerializable(ctx context.Context, db *sql.DB, team, user int64, limit int) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE team_id = $1", team).Scan(&n); err != nil {
		return err
	}
	if n >= limit {
		return ErrFull
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, user); err != nil { // ok: serializable
		return err
	}
	return tx.Commit()
}

// An advisory lock on the team first.
func AddMemberAdvisory(ctx context.Context, db *sql.DB, team, user int64, limit int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", team); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE team_id = $1", team).Scan(&n); err != nil {
		return err
	}
	if n >= limit {
		return ErrFull
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, user); err != nil { // ok: advisory lock
		return err
	}
	return tx.Commit()
}

// The count of another team than the one inserted into.
func MoveMember(ctx context.Context, db *sql.DB, from, to, user int64, limit int) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE team_id = $1", from).Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return errors.New("last member")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", to, user) // ok: another team
	return err
}

// The insert runs whatever the count says: a statistic, not a limit.
func Log(ctx context.Context, db *sql.DB, user int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM visits WHERE user_id = $1", user).Scan(&n); err != nil {
		return err
	}
	if n > 100 {
		println("frequent visitor")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO visits (user_id) VALUES ($1)", user) // ok: not decided by the count
	return err
}

// A count of another table (the parent's capacity) is not this race.
func Enroll(ctx context.Context, db *sql.DB, course, user int64) error {
	var seats int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM sections WHERE course_id = $1", course).Scan(&seats); err != nil {
		return err
	}
	if seats < 2 {
		return ErrFull
	}
	_, err := db.ExecContext(ctx, "INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2)", course, user) // ok: counted sections, inserts enrollments
	return err
}
