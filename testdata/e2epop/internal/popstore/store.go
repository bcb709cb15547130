// Package popstore is a repository written with gobuffalo/pop v6 over
// PostgreSQL (pgx v5's stdlib driver, as pop uses it), with a Buffalo-style
// action taking its connection from the request's values.
package popstore

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gobuffalo/pop/v6"
	"github.com/jackc/pgx/v5/pgconn"
)

type Coupon struct {
	ID        int       `db:"id"`
	Code      string    `db:"code"`
	Credits   int64     `db:"credits"`
	State     string    `db:"state"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

type Voucher struct {
	ID      int    `db:"id"`
	Owner   string `db:"owner"`
	Credits int64  `db:"credits"`
}

var ErrTaken = errors.New("taken")

type Store struct{ c *pop.Connection }

func New(c *pop.Connection) *Store { return &Store{c: c} }

func (s *Store) Create(code string) error {
	exists, err := s.c.Where("code = ?", code).Exists(&Coupon{})
	if err != nil {
		return err
	}
	if exists {
		return ErrTaken
	}
	return s.c.Create(&Coupon{Code: code, State: "active"}) // HAZARD(checkfindinsert)
}

func (s *Store) CreateHandled(code string) error {
	exists, err := s.c.Where("code = ?", code).Exists(&Coupon{})
	if err != nil || exists {
		return err
	}
	err = s.c.Create(&Coupon{Code: code, State: "active"}) // SAFE(checkfindinsert): the unique violation is handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

// Claim looks the coupon up and creates it when First reports no row.
func (s *Store) Claim(code string) (*Coupon, error) {
	c := &Coupon{}
	err := s.c.Where("code = ?", code).First(c)
	if err == nil {
		return c, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	c = &Coupon{Code: code, State: "claimed"}
	return c, s.c.Create(c) // HAZARD(checkfindinsert)
}

func (s *Store) Spend(id int, n int64) error {
	var v Voucher
	if err := s.c.Find(&v, id); err != nil {
		return err
	}
	v.Credits -= n
	return s.c.UpdateColumns(&v, "credits") // HAZARD(lostupdate)
}

func (s *Store) SpendAtomic(id int, n int64) error {
	return s.c.RawQuery("UPDATE vouchers SET credits = credits - ? WHERE id = ?", n, id).Exec() // SAFE(lostupdate): atomic
}

func (s *Store) SpendLocked(id int, n int64) error {
	return s.c.Transaction(func(tx *pop.Connection) error {
		var v Voucher
		if err := tx.RawQuery("SELECT * FROM vouchers WHERE id = ? FOR UPDATE", id).First(&v); err != nil {
			return err
		}
		v.Credits -= n
		return tx.UpdateColumns(&v, "credits") // SAFE(lostupdate): the row is locked
	})
}

// Redeem moves the coupon from active to redeemed and does not ask how
// many rows matched: Exec reports none.
func (s *Store) Redeem(id int) error {
	return s.c.RawQuery("UPDATE coupons SET state = 'redeemed' WHERE id = ? AND state = 'active'", id).Exec() // HAZARD(noversion)
}

func (s *Store) RedeemChecked(id int) error {
	n, err := s.c.RawQuery("UPDATE coupons SET state = 'redeemed' WHERE id = ? AND state = 'active'", id).ExecWithCount() // SAFE(noversion): the count is tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("already redeemed")
	}
	return nil
}

func notify(ctx context.Context, code string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/coupons", strings.NewReader(code))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Issue updates the coupon and calls the webhook inside the transaction.
func (s *Store) Issue(ctx context.Context, id int) error {
	return s.c.Transaction(func(tx *pop.Connection) error {
		c := &Coupon{ID: id, State: "issued"}
		if err := tx.UpdateColumns(c, "state"); err != nil {
			return err
		}
		return notify(ctx, "issued") // HAZARD(lockacrosscall)
	})
}

// IssueExplicit holds the locked row across the call on a transaction
// NewTransaction began.
func (s *Store) IssueExplicit(ctx context.Context, id int) error {
	tx, err := s.c.NewTransaction()
	if err != nil {
		return err
	}
	var c Coupon
	if err := tx.RawQuery("SELECT * FROM coupons WHERE id = ? FOR UPDATE", id).First(&c); err != nil {
		_ = tx.TX.Rollback()
		return err
	}
	if err := notify(ctx, c.Code); err != nil { // HAZARD(lockacrosscall)
		_ = tx.TX.Rollback()
		return err
	}
	return tx.TX.Commit()
}

func (s *Store) IssueAfterCommit(ctx context.Context, id int) error {
	tx, err := s.c.NewTransaction()
	if err != nil {
		return err
	}
	if err := tx.UpdateColumns(&Coupon{ID: id, State: "issued"}, "state"); err != nil {
		_ = tx.TX.Rollback()
		return err
	}
	if err := tx.TX.Commit(); err != nil {
		return err
	}
	return notify(ctx, "issued") // SAFE(lockacrosscall): after the commit
}

// Tally upserts the day's count with its first value.
func (s *Store) Tally(code string) error {
	return s.c.RawQuery("INSERT INTO coupon_days (code, day, uses) VALUES (?, CURRENT_DATE, 1) ON CONFLICT (code, day) DO UPDATE SET uses = EXCLUDED.uses", code).Exec() // HAZARD(upsert)
}

func (s *Store) TallyAdd(code string) error {
	return s.c.RawQuery("INSERT INTO coupon_days (code, day, uses) VALUES (?, CURRENT_DATE, 1) ON CONFLICT (code, day) DO UPDATE SET uses = coupon_days.uses + 1", code).Exec() // SAFE(upsert): added to
}
