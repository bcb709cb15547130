// Package distlock redeems gift cards. A card is redeemed once per
// account: the redemption is looked up, then inserted. Redeem takes a
// lock on the card in Redis first, through the application's own locker,
// and runs the lookup and the insert only when it holds it.
package distlock

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"

	"distlock/locker"
)

// Cards redeems gift cards.
type Cards struct {
	db  *sql.DB
	rdb redis.UniversalClient
}

func (c *Cards) redeemed(ctx context.Context, card, account string) (bool, error) {
	var ok bool
	err := c.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM redemptions WHERE card_id = $1 AND account_id = $2)`, card, account).Scan(&ok)
	return ok, err
}

// Redeem holds the card's lock over the lookup and the insert: one
// instance at a time redeems the card.
func (c *Cards) Redeem(ctx context.Context, card, account, request string) error {
	lk := locker.New(c.rdb, "card:"+card, request)
	if err := lk.Acquire(ctx, 30*time.Second); err != nil {
		return err
	}
	defer lk.Release(ctx)
	done, err := c.redeemed(ctx, card, account)
	if err != nil || done {
		return err
	}
	_, err = c.db.ExecContext(ctx, `INSERT INTO redemptions (card_id, account_id) VALUES ($1, $2)`, card, account) // ok: the card's lock is held
	return err
}

// RedeemUnchecked takes the lock but goes on whatever TryAcquire says.
func (c *Cards) RedeemUnchecked(ctx context.Context, card, account, request string) error {
	lk := locker.New(c.rdb, "card:"+card, request)
	if err := lk.TryAcquire(ctx, 30*time.Second); err != nil {
		return err
	}
	defer lk.Release(ctx)
	done, err := c.redeemed(ctx, card, account)
	if err != nil || done {
		return err
	}
	_, err = c.db.ExecContext(ctx, `INSERT INTO redemptions (card_id, account_id) VALUES ($1, $2)`, card, account) // want `check-then-insert on redemptions\(card_id, account_id\)`
	return err
}

// RedeemInline tests SET NX itself.
func (c *Cards) RedeemInline(ctx context.Context, card, account, request string) error {
	if !c.rdb.SetNX(ctx, "card:"+card, request, 30*time.Second).Val() {
		return locker.ErrHeld
	}
	done, err := c.redeemed(ctx, card, account)
	if err != nil || done {
		return err
	}
	_, err = c.db.ExecContext(ctx, `INSERT INTO redemptions (card_id, account_id) VALUES ($1, $2)`, card, account) // ok: SET NX refused every other instance
	return err
}

// RedeemAfterRelease looks the redemption up before it takes the lock.
func (c *Cards) RedeemAfterRelease(ctx context.Context, card, account, request string) error {
	done, err := c.redeemed(ctx, card, account)
	if err != nil || done {
		return err
	}
	lk := locker.New(c.rdb, "card:"+card, request)
	if err := lk.Acquire(ctx, 30*time.Second); err != nil {
		return err
	}
	defer lk.Release(ctx)
	_, err = c.db.ExecContext(ctx, `INSERT INTO redemptions (card_id, account_id) VALUES ($1, $2)`, card, account) // want `check-then-insert on redemptions\(card_id, account_id\)`
	return err
}
