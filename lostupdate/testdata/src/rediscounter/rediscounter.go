package rediscounter

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

func Add(ctx context.Context, rdb *redis.Client, key string, n int64) error {
	cur, err := rdb.Get(ctx, key).Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	return rdb.Set(ctx, key, cur+n, time.Hour).Err() // want `lost update on redis.value: .*; update atomically with IncrBy, or read and write the key in a Watch transaction`
}

func AddField(ctx context.Context, rdb *redis.Client, key string) error {
	s, _ := rdb.HGet(ctx, key, "hits").Result()
	n, _ := strconv.Atoi(s)
	return rdb.HSet(ctx, key, "hits", n+1).Err() // want `lost update on redis.hits`
}

type cachedBalance struct {
	Available int64
	AllowSend bool
}

// SetAllowSend rewrites the settings of a cached balance: a concurrent
// update of the balance under the same key is overwritten.
func SetAllowSend(ctx context.Context, rdb *redis.Client, key string, allow bool) error {
	val, err := rdb.Get(ctx, key).Result()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	var cached cachedBalance
	if err := json.Unmarshal([]byte(val), &cached); err != nil {
		return err
	}
	cached.AllowSend = allow
	data, err := json.Marshal(cached)
	if err != nil {
		return err
	}
	return rdb.Set(ctx, key, string(data), time.Hour).Err() // want `lost update on redis.value: .*; read and write the key in a Watch transaction \(WATCH, then MULTI/EXEC\) and retry when it fails, or in a Lua script`
}

// ---- silent ----

func AddAtomic(ctx context.Context, rdb *redis.Client, key string, n int64) error {
	return rdb.IncrBy(ctx, key, n).Err() // ok: INCRBY
}

func Reset(ctx context.Context, rdb *redis.Client, key string) error {
	if _, err := rdb.Get(ctx, key).Int64(); err != nil {
		return err
	}
	return rdb.Set(ctx, key, 0, time.Hour).Err() // ok: a constant
}

func Copy(ctx context.Context, rdb *redis.Client, from, to string) error {
	v, err := rdb.Get(ctx, from).Int64()
	if err != nil {
		return err
	}
	return rdb.Set(ctx, to, v+1, time.Hour).Err() // ok: another key
}
