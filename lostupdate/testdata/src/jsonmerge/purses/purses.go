// Package purses keeps each player's coins as a JSON object in one column
// and applies a batch of changes: the purses are read in one query, kept
// by player in a map, changed, encoded and written one by one.
package purses

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sort"
)

type Change struct {
	Player string
	Coins  map[string]int64
}

var ErrShort = errors.New("purses: not enough coins")

// Apply reads without a lock: two batches touching one player both start
// from the same purse and the later write drops the earlier change.
func Apply(ctx context.Context, tx *sql.Tx, changes []Change) error {
	players := make([]string, 0, len(changes))
	for _, c := range changes {
		players = append(players, c.Player)
	}
	rows, err := tx.QueryContext(ctx, "SELECT id, coins FROM players WHERE id = ANY($1)", players)
	if err != nil {
		return err
	}
	held := make(map[string]map[string]int64, len(changes))
	for rows.Next() {
		var id string
		var raw sql.NullString
		if err := rows.Scan(&id, &raw); err != nil {
			rows.Close()
			return err
		}
		var coins map[string]int64
		if err := json.Unmarshal([]byte(raw.String), &coins); err != nil {
			rows.Close()
			return err
		}
		held[id] = coins
	}
	rows.Close()

	encoded := make(map[string][]byte, len(changes))
	order := make([]string, 0, len(changes))
	for _, c := range changes {
		coins, ok := held[c.Player]
		if !ok {
			continue
		}
		for kind, n := range c.Coins {
			left := coins[kind] + n
			if left < 0 {
				return ErrShort
			}
			coins[kind] = left
		}
		b, err := json.Marshal(coins)
		if err != nil {
			return err
		}
		encoded[c.Player] = b
		order = append(order, c.Player)
	}
	sort.Strings(order)
	for _, player := range order {
		b, ok := encoded[player]
		if !ok {
			continue
		}
		if _, err := tx.ExecContext(ctx, "UPDATE players SET updated_at = now(), coins = $2 WHERE id = $1", player, b); err != nil { // want `lost update on players.coins`
			return err
		}
	}
	return nil
}

// ---- silent ----

// The right fix: the batch read locks every purse it returns.
func ApplyLocked(ctx context.Context, tx *sql.Tx, changes []Change) error {
	players := make([]string, 0, len(changes))
	for _, c := range changes {
		players = append(players, c.Player)
	}
	rows, err := tx.QueryContext(ctx, "SELECT id, coins FROM players WHERE id = ANY($1) FOR UPDATE", players)
	if err != nil {
		return err
	}
	held := make(map[string]map[string]int64, len(changes))
	for rows.Next() {
		var id string
		var raw sql.NullString
		if err := rows.Scan(&id, &raw); err != nil {
			rows.Close()
			return err
		}
		var coins map[string]int64
		if err := json.Unmarshal([]byte(raw.String), &coins); err != nil {
			rows.Close()
			return err
		}
		held[id] = coins
	}
	rows.Close()
	for _, c := range changes {
		coins, ok := held[c.Player]
		if !ok {
			continue
		}
		for kind, n := range c.Coins {
			coins[kind] += n
		}
		b, err := json.Marshal(coins)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE players SET coins = $2 WHERE id = $1", c.Player, b); err != nil { // ok: FOR UPDATE
			return err
		}
	}
	return nil
}

// A look-alike: the purses of the team are read to total them, and the
// total is written to the captain's row, which is not one of the rows
// read.
func PoolTeam(ctx context.Context, tx *sql.Tx, captain string, team []string) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, coins FROM players WHERE id = ANY($1)", team)
	if err != nil {
		return err
	}
	pooled := map[string]int64{}
	for rows.Next() {
		var id string
		var raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			rows.Close()
			return err
		}
		var coins map[string]int64
		if err := json.Unmarshal(raw, &coins); err != nil {
			rows.Close()
			return err
		}
		for kind, n := range coins {
			pooled[kind] += n
		}
	}
	rows.Close()
	b, err := json.Marshal(pooled)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE players SET coins = $2 WHERE id = $1", captain, b) // ok: another row than those read
	return err
}
