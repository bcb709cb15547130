// Package svc merges pull requests and notifies a webhook.
package svc

import (
	"bytes"
	"context"
	"net/http"

	"example.com/runner/dbtx"
	"example.com/runner/store"
)

type Service struct {
	Tx      dbtx.Transactor
	PRs     *store.PullReqs
	HTTP    *http.Client
	HookURL string
}

func (s *Service) Merge(ctx context.Context, id int64, sha string) error {
	return s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.PRs.Merge(ctx, id, sha); err != nil {
			return err
		}
		resp, err := s.HTTP.Post(s.HookURL, "application/json", bytes.NewReader(nil)) // want `HTTP call \(\(\*net/http.Client\).Post\) while the transaction holds the row lock taken at svc.go:\d+ \(UPDATE pullreqs in store.PullReqs.Merge\)`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func (s *Service) Describe(ctx context.Context, id int64) error {
	return s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.PRs.Title(ctx, id); err != nil {
			return err
		}
		resp, err := s.HTTP.Post(s.HookURL, "application/json", bytes.NewReader(nil)) // ok: nothing locked
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
