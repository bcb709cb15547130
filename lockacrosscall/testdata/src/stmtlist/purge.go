package stmtlist

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

type Purger struct {
	db                     *sql.DB
	purgeAliases, purgeACL *sql.Stmt
	hooks                  *http.Client
}

func NewPurger(db *sql.DB) (*Purger, error) {
	p := &Purger{db: db, hooks: http.DefaultClient}
	var err error
	if p.purgeAliases, err = db.Prepare("DELETE FROM room_aliases WHERE room_id = $1"); err != nil {
		return nil, err
	}
	if p.purgeACL, err = db.Prepare("DELETE FROM room_acl WHERE room_id = $1"); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Purger) notify(ctx context.Context, roomID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/purged", strings.NewReader(roomID))
	if err != nil {
		return err
	}
	resp, err := p.hooks.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *Purger) purge(ctx context.Context, tx *sql.Tx, roomID string) error {
	for _, stmt := range []*sql.Stmt{p.purgeAliases, p.purgeACL} {
		if _, err := tx.StmtContext(ctx, stmt).ExecContext(ctx, roomID); err != nil {
			return err
		}
	}
	return nil
}

func (p *Purger) PurgeRoom(ctx context.Context, roomID string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := p.purge(ctx, tx, roomID); err != nil {
		return err
	}
	if err := p.notify(ctx, roomID); err != nil { // want `HTTP call \(stmtlist\.Purger\.notify → \(\*net/http\.Client\)\.Do\) while the transaction holds the row lock taken at purge\.go:\d+ \(DELETE FROM room_aliases in stmtlist\.Purger\.purge\)`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

func (p *Purger) PurgeRoomThenNotify(ctx context.Context, roomID string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := p.purge(ctx, tx, roomID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return p.notify(ctx, roomID) // ok: after commit
}
