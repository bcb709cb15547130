// Package flagretry holds loops that go round again only when a flag is
// set: a transaction callback finds its row locked (a FOR UPDATE SKIP
// LOCKED read finds nothing), sets retry and returns the error, so the
// transaction rolls back and the loop waits and tries again. Only what
// runs on a path setting the flag is repeated.
package flagretry

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"math/rand"
	"net/http"
	"time"

	"github.com/gobuffalo/pop/v6"
	"github.com/google/uuid"
)

type Session struct {
	ID    string `db:"id"`
	Token string `db:"token"`
}

type Service struct {
	DB      *pop.Connection
	HTTP    *http.Client
	HookURL string
}

// notify sends a Standard Webhooks event; the receiver deduplicates on
// webhook-id.
func (s *Service) notify(ctx context.Context, sessionID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.HookURL+"/events", bytes.NewReader([]byte(sessionID)))
	if err != nil {
		return err
	}
	req.Header.Set("webhook-id", uuid.NewString())
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func lockSession(tx *pop.Connection, token string) (*Session, error) {
	var sess Session
	if err := tx.RawQuery("SELECT * FROM sessions WHERE token = ? FOR UPDATE SKIP LOCKED", token).First(&sess); err != nil {
		return nil, err
	}
	return &sess, nil
}

func wait() { time.Sleep(time.Duration(10+rand.Intn(20)) * time.Millisecond) }

// Refresh sets retry only where the locked read finds nothing; the hook
// is sent after every such path, once the row is held, and a failed hook
// leaves the loop.
func (s *Service) Refresh(ctx context.Context, token string) (*Session, error) {
	start := time.Now()
	retry := true
	for retry && time.Since(start) < 5*time.Second {
		retry = false
		var out *Session
		err := s.DB.Transaction(func(tx *pop.Connection) error { // ok: the hook runs after every retry = true
			sess, terr := lockSession(tx, token)
			if terr != nil {
				if errors.Is(terr, sql.ErrNoRows) {
					retry = true
					return terr
				}
				return terr
			}
			if terr := s.notify(ctx, sess.ID); terr != nil {
				return terr
			}
			out = sess
			return nil
		})
		if err != nil {
			if retry && errors.Is(err, sql.ErrNoRows) {
				wait()
				continue
			}
			return nil, err
		}
		return out, nil
	}
	return nil, errors.New("too many concurrent refreshes")
}

// NotifyFirst sends the hook before the locked read that may set retry:
// a locked row sends it again with a new webhook-id.
func (s *Service) NotifyFirst(ctx context.Context, id, token string) (*Session, error) {
	start := time.Now()
	retry := true
	for retry && time.Since(start) < 5*time.Second {
		retry = false
		var out *Session
		err := s.DB.Transaction(func(tx *pop.Connection) error { // want `idempotency key is regenerated on every attempt \(flagretry.Service.notify at flagretry.go:\d+, retried by the loop at flagretry.go:\d+\)`
			if terr := s.notify(ctx, id); terr != nil {
				return terr
			}
			sess, terr := lockSession(tx, token)
			if terr != nil {
				if errors.Is(terr, sql.ErrNoRows) {
					retry = true
				}
				return terr
			}
			out = sess
			return nil
		})
		if err != nil {
			if retry && errors.Is(err, sql.ErrNoRows) {
				wait()
				continue
			}
			return nil, err
		}
		return out, nil
	}
	return nil, errors.New("too many concurrent refreshes")
}

// NotifyBeforeTx sends the hook in the loop, before the transaction whose
// callback sets retry.
func (s *Service) NotifyBeforeTx(ctx context.Context, id, token string) error {
	start := time.Now()
	retry := true
	for retry && time.Since(start) < 5*time.Second {
		retry = false
		if err := s.notify(ctx, id); err != nil { // want `idempotency key is regenerated on every attempt \(flagretry.Service.notify at`
			return err
		}
		err := s.DB.Transaction(func(tx *pop.Connection) error {
			_, terr := lockSession(tx, token)
			if errors.Is(terr, sql.ErrNoRows) {
				retry = true
			}
			return terr
		})
		if err != nil && retry {
			wait()
			continue
		}
		return err
	}
	return errors.New("too many concurrent refreshes")
}

// NeverCleared tests the flag but never clears it: once set, every
// failure goes round again, the hook's included.
func (s *Service) NeverCleared(ctx context.Context, token string) error {
	start := time.Now()
	retry := true
	for retry && time.Since(start) < 5*time.Second {
		err := s.DB.Transaction(func(tx *pop.Connection) error { // want `idempotency key is regenerated on every attempt \(flagretry.Service.notify at`
			sess, terr := lockSession(tx, token)
			if terr != nil {
				retry = errors.Is(terr, sql.ErrNoRows)
				return terr
			}
			return s.notify(ctx, sess.ID)
		})
		if err != nil && retry {
			wait()
			continue
		}
		return err
	}
	return errors.New("too many concurrent refreshes")
}
