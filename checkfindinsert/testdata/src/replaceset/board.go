// Package replaceset keeps the order of cards on boards and the labels of
// cards: sets of rows of one parent, recomputed and written anew.
package replaceset

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
)

type Store struct{ db *sql.DB }

type card struct {
	id  int64
	pos float64
}

// Reorder spreads the cards of a board evenly: it deletes the board's
// positions and inserts the recomputed ones.
func (s *Store) Reorder(ctx context.Context, board int64, cards []card) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_positions WHERE board_id = $1`, board); err != nil {
		return err
	}
	for i, c := range cards {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_positions (card_id, board_id, position) VALUES ($1, $2, $3)`, c.id, board, float64(i+1)*1024); err != nil { // want `replace of the card_positions rows of one board_id: a concurrent replace can run between the DELETE at board.go:\d+ and this INSERT; under READ COMMITTED neither DELETE sees the rows the other inserts, so both sets are kept; lock the parent row`
			return err
		}
	}
	return tx.Commit()
}

// SetLabels replaces the labels of a card, statement by statement on the
// pool.
func (s *Store) SetLabels(ctx context.Context, cardID int64, labels []string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1`, cardID); err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, cardID, l); err != nil { // want `replace of the card_labels rows of one card_id`
			return err
		}
	}
	return nil
}

// relabel replaces the labels on the transaction its caller gives.
func relabel(ctx context.Context, tx *sql.Tx, cardID int64, labels []string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1`, cardID); err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, cardID, l); err != nil { // want `replace of the card_labels rows of one card_id`
			return err
		}
	}
	return nil
}

// Import relabels a card without locking it first.
func (s *Store) Import(ctx context.Context, cardID int64, labels []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := relabel(ctx, tx, cardID, labels); err != nil {
		return err
	}
	return tx.Commit()
}

// Handle serves label edits.
func (s *Store) Handle(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.FormValue("card"), 10, 64)
	s.SetLabels(r.Context(), id, r.Form["label"])
	s.Import(r.Context(), id, r.Form["label"])
}

// ---- silent ----

// ReorderLocked locks the board's row first: a second reorder of the
// board waits for this one to commit, then deletes what it inserted.
func (s *Store) ReorderLocked(ctx context.Context, board int64, cards []card) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM boards WHERE id = $1 FOR UPDATE`, board).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_positions WHERE board_id = $1`, board); err != nil {
		return err
	}
	for i, c := range cards {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_positions (card_id, board_id, position) VALUES ($1, $2, $3)`, c.id, board, float64(i+1)*1024); err != nil { // ok: the board's row is locked
			return err
		}
	}
	return tx.Commit()
}

// ReorderUpsert overwrites what a concurrent reorder inserted.
func (s *Store) ReorderUpsert(ctx context.Context, board int64, cards []card) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_positions WHERE board_id = $1`, board); err != nil {
		return err
	}
	for i, c := range cards {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_positions (card_id, board_id, position) VALUES ($1, $2, $3)
			ON CONFLICT (card_id, board_id) DO UPDATE SET position = excluded.position`, c.id, board, float64(i+1)*1024); err != nil { // ok: ON CONFLICT
			return err
		}
	}
	return tx.Commit()
}

// Rename updates the card's row before replacing its labels: a second
// edit of the card waits on that row.
func (s *Store) Rename(ctx context.Context, cardID int64, title string, labels []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE cards SET title = $1 WHERE id = $2`, title, cardID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1`, cardID); err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, cardID, l); err != nil { // ok: the card's row is written first
			return err
		}
	}
	return tx.Commit()
}

// Retitle locks the card, then hands the transaction to relabel's twin.
func (s *Store) Retitle(ctx context.Context, cardID int64, title string, labels []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE cards SET title = $1 WHERE id = $2`, title, cardID); err != nil {
		return err
	}
	if err := relabelHeld(ctx, tx, cardID, labels); err != nil {
		return err
	}
	return tx.Commit()
}

// relabelHeld is only called with the card's row already written.
func relabelHeld(ctx context.Context, tx *sql.Tx, cardID int64, labels []string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1`, cardID); err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, cardID, l); err != nil { // ok: every caller wrote the card's row first
			return err
		}
	}
	return nil
}

// Move deletes one card's position by its key and inserts it again.
func (s *Store) Move(ctx context.Context, id, board int64, pos float64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM card_positions WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO card_positions (id, card_id, board_id, position) VALUES ($1, $1, $2, $3)`, id, board, pos) // ok: one row, not a set
	return err
}

// Prune drops a card's old labels and records a new one.
func (s *Store) Prune(ctx context.Context, cardID int64, label string, before int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1 AND added_at < $2`, cardID, before); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, cardID, label) // ok: a prune by age, not a replace
	return err
}

// CopyLabels clears one card's labels and gives them to another.
func (s *Store) CopyLabels(ctx context.Context, from, to int64, labels []string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM card_labels WHERE card_id = $1`, from); err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO card_labels (card_id, label) VALUES ($1, $2)`, to, l); err != nil { // ok: the rows of another card
			return err
		}
	}
	return nil
}

// ReorderSerializable runs in a serializable transaction: the second
// reorder fails to commit and is retried.
func (s *Store) ReorderSerializable(ctx context.Context, board int64, cards []card) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM card_positions WHERE board_id = $1`, board); err != nil {
		return err
	}
	for i, c := range cards {
		if _, err := tx.ExecContext(ctx, `INSERT INTO card_positions (card_id, board_id, position) VALUES ($1, $2, $3)`, c.id, board, float64(i+1)*1024); err != nil { // ok: SERIALIZABLE
			return err
		}
	}
	return tx.Commit()
}
