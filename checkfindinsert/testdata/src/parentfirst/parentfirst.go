// Package parentfirst is an admin API on pop that creates a workspace and,
// in the same transaction, its signing key when it has none. The
// workspace row is inserted first, keyed by the id the request gives, and
// its unique violation ends the request with a conflict: a second creator
// of the same id never reaches the key's lookup, so the lookup and the
// insert after it need no constraint of their own.
package parentfirst

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/gobuffalo/pop/v6"
	"github.com/jackc/pgx/v5/pgconn"
)

type Workspace struct {
	ID       string `db:"id"`
	Settings string `db:"settings"`
}

type SigningKey struct {
	ID          string `db:"id"`
	WorkspaceID string `db:"workspace_id"`
	PEM         string `db:"pem"`
}

type Invite struct {
	ID          string `db:"id"`
	WorkspaceID string `db:"workspace_id"`
	Email       string `db:"email"`
}

var ErrExists = errors.New("workspace exists")

// The persisters, one per table, bound to a connection or a transaction.

type workspaces struct{ db *pop.Connection }

func (p workspaces) Create(w Workspace) error { return p.db.Create(&w) }

type signingKeys struct{ db *pop.Connection }

func (p signingKeys) First(workspaceID string) (*SigningKey, error) {
	k := SigningKey{}
	err := p.db.Where("workspace_id = ?", workspaceID).First(&k)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &k, nil
}

func (p signingKeys) Create(k *SigningKey) error { return p.db.Create(k) }

type invites struct{ db *pop.Connection }

func (p invites) ByEmail(workspaceID, email string) (*Invite, error) {
	i := Invite{}
	err := p.db.Where("workspace_id = ? AND email = ?", workspaceID, email).First(&i)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &i, nil
}

func (p invites) Create(i *Invite) error { return p.db.Create(i) }

type Handler struct{ db *pop.Connection }

func newKey() (*SigningKey, error) { return &SigningKey{PEM: "..."}, nil }

// Create inserts the workspace, then its key if none: only the request
// whose workspace insert succeeded looks the key up.
func (h *Handler) Create(id, settings string) error {
	ws := Workspace{ID: id, Settings: settings}
	var err error
	return h.db.Transaction(func(tx *pop.Connection) error {
		err = workspaces{tx}.Create(ws)
		if err != nil {
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23505" {
				return ErrExists
			}
			return fmt.Errorf("create workspace: %w", err)
		}
		key, err := signingKeys{tx}.First(id)
		if err != nil {
			return err
		}
		if key == nil {
			key, err = newKey()
			if err != nil {
				return err
			}
			key.WorkspaceID = id
			if err := (signingKeys{tx}).Create(key); err != nil { // ok: the workspace insert before the lookup lets one creator of id through
				return err
			}
		}
		return nil
	})
}

// Rotate is the look-alike with no insert first: two rotations of a
// keyless workspace both find none and both insert one.
func (h *Handler) Rotate(id string) error {
	return h.db.Transaction(func(tx *pop.Connection) error {
		key, err := signingKeys{tx}.First(id)
		if err != nil {
			return err
		}
		if key != nil {
			return nil
		}
		key, err = newKey()
		if err != nil {
			return err
		}
		key.WorkspaceID = id
		return signingKeys{tx}.Create(key) // want `check-then-insert on signing_keys\(workspace_id\)`
	})
}

// CreateLogged inserts the workspace first too, but goes on when that
// insert fails (the error is only logged): a second creator reaches the
// lookup.
func (h *Handler) CreateLogged(id, settings string) error {
	ws := Workspace{ID: id, Settings: settings}
	return h.db.Transaction(func(tx *pop.Connection) error {
		if err := (workspaces{tx}).Create(ws); err != nil {
			fmt.Println("workspace exists:", err)
		}
		key, err := signingKeys{tx}.First(id)
		if err != nil {
			return err
		}
		if key == nil {
			key, err = newKey()
			if err != nil {
				return err
			}
			key.WorkspaceID = id
			return signingKeys{tx}.Create(key) // want `check-then-insert on signing_keys\(workspace_id\)`
		}
		return nil
	})
}

// Invite inserts a row first whose key is not the one looked up (a fresh
// invite id, not the workspace's): the insert lets every request through.
func (h *Handler) Invite(inviteID, id, email string) error {
	return h.db.Transaction(func(tx *pop.Connection) error {
		if err := (workspaces{tx}).Create(Workspace{ID: inviteID}); err != nil {
			return err
		}
		inv, err := invites{tx}.ByEmail(id, email)
		if err != nil {
			return err
		}
		if inv != nil {
			return nil
		}
		return invites{tx}.Create(&Invite{ID: inviteID, WorkspaceID: id, Email: email}) // want `check-then-insert on invites\(workspace_id, email\)`
	})
}
