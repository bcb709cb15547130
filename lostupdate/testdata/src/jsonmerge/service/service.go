// Package service changes one key of a workspace's settings.
package service

import (
	"bytes"
	"context"
	"encoding/json"

	"jsonmerge/repo"
)

type Store interface {
	Get(ctx context.Context, id int64) (*repo.Workspace, error)
	SetSettings(ctx context.Context, id int64, settings []byte) error
}

type Service struct {
	store Store
	repo  *repo.Workspaces
}

type Settings struct {
	Theme    string            `json:"theme"`
	Webhooks []string          `json:"webhooks"`
	Flags    map[string]bool   `json:"flags"`
	Labels   map[string]string `json:"labels"`
}

// The settings are decoded into a map, one key is changed and the whole
// document is written back: a concurrent change of another key is lost.
func (s *Service) SetFlag(ctx context.Context, id int64, flag string, on bool) error {
	w, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	m := map[string]any{}
	if err := json.Unmarshal(w.Settings, &m); err != nil {
		return err
	}
	m[flag] = on
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return s.repo.SetSettings(ctx, id, b) // want `lost update on workspaces.settings: the value read at service.go:\d+ \(by repo.Workspaces.Get\) is recomputed in Go and written back`
}

// Decoded into a struct through a decoder, a slice appended to.
func (s *Service) AddWebhook(ctx context.Context, id int64, url string) error {
	w, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	var st Settings
	if err := json.NewDecoder(bytes.NewReader(w.Settings)).Decode(&st); err != nil {
		return err
	}
	st.Webhooks = append(st.Webhooks, url)
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(st); err != nil {
		return err
	}
	return s.repo.SetSettings(ctx, id, buf.Bytes()) // want `lost update on workspaces.settings`
}

// Through the interface the handler's service is built with.
func (s *Service) SetTheme(ctx context.Context, id int64, theme string) error {
	w, err := s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	var st Settings
	if err := json.Unmarshal(w.Settings, &st); err != nil {
		return err
	}
	st.Theme = theme
	b, _ := json.Marshal(&st)
	return s.store.SetSettings(ctx, id, b) // want `lost update on workspaces.settings`
}

// ---- silent ----

// The right fix: the database merges the patch.
func (s *Service) SetFlagMerged(ctx context.Context, id int64, flag string, on bool) error {
	patch, err := json.Marshal(map[string]any{flag: on})
	if err != nil {
		return err
	}
	return s.repo.MergeSettings(ctx, id, patch) // ok: settings || $1 merges in the database
}

// The other right fix: the row is locked from the read to the write.
func (s *Service) SetFlagLocked(ctx context.Context, id int64, flag string, on bool) error {
	tx, err := s.repo.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w, err := s.repo.GetForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	m := map[string]any{}
	if err := json.Unmarshal(w.Settings, &m); err != nil {
		return err
	}
	m[flag] = on
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := s.repo.SetSettingsTx(ctx, tx, id, b); err != nil { // ok: read FOR UPDATE in the same transaction
		return err
	}
	return tx.Commit()
}

// A look-alike: the document is replaced by one built from the request
// alone; the read only checks that the workspace exists.
func (s *Service) ResetSettings(ctx context.Context, id int64, theme string) error {
	if _, err := s.repo.Get(ctx, id); err != nil {
		return err
	}
	b, err := json.Marshal(Settings{Theme: theme})
	if err != nil {
		return err
	}
	return s.repo.SetSettings(ctx, id, b) // ok: nothing of the old document is written back
}

// A look-alike: the document read is decoded only to validate it, and the
// caller's document is written.
func (s *Service) ReplaceSettings(ctx context.Context, id int64, doc []byte) error {
	w, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	var old Settings
	if err := json.Unmarshal(w.Settings, &old); err != nil {
		return err
	}
	if old.Theme == "locked" {
		return nil
	}
	return s.repo.SetSettings(ctx, id, doc) // ok: the caller's document, not the one read
}
