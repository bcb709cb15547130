package mintedkey

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// Session is a cookie session kept in a table whose id is the primary key.
type Session struct {
	ID    string
	IsNew bool
	Data  []byte
}

type Store struct{ db *sql.DB }

// upsert's id is its caller's.
func (st *Store) upsert(ctx context.Context, s *Session) error {
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, s.Data) // want `check-then-insert on sessions\(id\)`
		return err
	}
	return err
}

// ---- silent: the id is minted in this request ----

// A new session gets its id just before the lookup and the insert.
func (st *Store) SaveNew(ctx context.Context, s *Session) error {
	s.ID = uuid.NewString()
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, s.Data) // ok: minted here
		return err
	}
	return err
}

// The id of a local session, through uuid.Parse of a minted string.
func (st *Store) Create(ctx context.Context, data []byte) error {
	var s Session
	s.ID = uuid.New().String()
	s.Data = data
	id, err := uuid.Parse(s.ID)
	if err != nil {
		return err
	}
	var found string
	err = st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", id).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", id, s.Data) // ok: minted here
		return err
	}
	return err
}

// ---- reported: the id may come from the request ----

// The id is minted only for a new session; otherwise it is the cookie's.
func (st *Store) Save(ctx context.Context, r *http.Request, s *Session) error {
	if c, err := r.Cookie("sid"); err == nil {
		s.ID = c.Value
	}
	if s.IsNew {
		s.ID = uuid.NewString()
	}
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, s.Data) // want `check-then-insert on sessions\(id\)`
		return err
	}
	return err
}

// Minted, then replaced by the request's id.
func (st *Store) SaveOverridden(ctx context.Context, r *http.Request, s *Session) error {
	s.ID = uuid.NewString()
	if id := r.FormValue("sid"); id != "" {
		s.ID = id
	}
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, s.Data) // want `check-then-insert on sessions\(id\)`
		return err
	}
	return err
}

// The clock is no mint: two requests read the same second.
func (st *Store) SaveStamped(ctx context.Context, s *Session) error {
	key := time.Now().Format("20060102150405")
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", key).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", key, s.Data) // want `check-then-insert on sessions\(id\)`
		return err
	}
	return err
}

// The helper takes the id its caller passes: a request's.
func (st *Store) Touch(ctx context.Context, r *http.Request) error {
	return st.upsert(ctx, &Session{ID: r.FormValue("sid")})
}

// insertNew is called only with a session whose id its caller minted.
func (st *Store) insertNew(ctx context.Context, s *Session) error {
	var found string
	err := st.db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = st.db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, s.Data) // ok: every caller mints the id
		return err
	}
	return err
}

func (st *Store) Start(ctx context.Context, data []byte) error {
	s := &Session{Data: data}
	s.ID = uuid.NewString()
	return st.insertNew(ctx, s)
}

func (st *Store) Restart(ctx context.Context, s *Session) error {
	s.ID = uuid.NewString()
	return st.insertNew(ctx, s)
}
