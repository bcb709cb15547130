// Package cache keeps rate-limit and usage counters in Redis.
package cache

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type Counters struct {
	RDB *redis.Client
}

// AddUsage reads the counter, adds in Go and SETs the sum: concurrent
// requests overwrite each other's increments.
func (c *Counters) AddUsage(ctx context.Context, key string, n int64) error {
	cur, err := c.RDB.Get(ctx, key).Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	return c.RDB.Set(ctx, key, cur+n, 24*time.Hour).Err() // HAZARD(lostupdate)
}

// AddUsageAtomic uses INCRBY.
func (c *Counters) AddUsageAtomic(ctx context.Context, key string, n int64) (int64, error) {
	total, err := c.RDB.IncrBy(ctx, key, n).Result() // SAFE(lostupdate): INCRBY is atomic in Redis
	if err != nil {
		return 0, err
	}
	if total == n {
		c.RDB.Expire(ctx, key, 24*time.Hour)
	}
	return total, nil
}

// Reset reads the counter for the caller and stores zero.
func (c *Counters) Reset(ctx context.Context, key string) (int64, error) {
	cur, err := c.RDB.Get(ctx, key).Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return 0, err
	}
	return cur, c.RDB.Set(ctx, key, 0, 24*time.Hour).Err() // SAFE(lostupdate): writes a constant
}
