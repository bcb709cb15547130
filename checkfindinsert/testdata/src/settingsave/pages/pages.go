// Package pages saves the admin pages of a site's settings, each through
// the repository's Save: one check-then-insert inside Save, reported
// once, at the first call, naming the others.
package pages

import (
	"context"

	"settingsave/repo"
)

type Service struct{ settings *repo.Settings }

func (s *Service) SaveGeneral(ctx context.Context, content string) error {
	return s.settings.Save(ctx, "general", &repo.Setting{Kind: "general", Content: content}) // want `check-then-insert in repo\.Settings\.Save on setting\(kind\)`
}

func (s *Service) SaveTheme(ctx context.Context, content string) error {
	return s.settings.Save(ctx, "theme", &repo.Setting{Kind: "theme", Content: content}) // ok: the same race as SaveGeneral's, reported there
}

// ---- silent ----

// SaveLegal stores the row under another kind than the one looked up.
func (s *Service) SaveLegal(ctx context.Context, content string) error {
	return s.settings.Save(ctx, "legal", &repo.Setting{Kind: "terms", Content: content}) // ok: another key
}
