// Package scrape fetches metadata and stores it in a transaction.
package scrape

import (
	"context"
	"io"
	"net/http"

	"example.com/ctxbegin/sqlite"
	"example.com/ctxbegin/txn"
)

type Task struct {
	Mgr    txn.Manager
	Scenes sqlite.Scenes
	HTTP   *http.Client
}

// Identify stores the title and fetches the cover while the write
// transaction is open.
func (t *Task) Identify(ctx context.Context, id int64, url string) error {
	return txn.WithTxn(ctx, t.Mgr, func(ctx context.Context) error {
		if err := t.Scenes.SetTitle(ctx, id, "scraped"); err != nil {
			return err
		}
		resp, err := t.HTTP.Get(url) // want `HTTP call \(\(\*net/http.Client\).Get\) while the transaction holds the row lock taken at scrape.go:\d+ \(UPDATE scenes in sqlite.Scenes.SetTitle\)`
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	})
}

// IdentifyFirst fetches before the transaction.
func (t *Task) IdentifyFirst(ctx context.Context, id int64, url string) error {
	resp, err := t.HTTP.Get(url) // ok: before the transaction
	if err != nil {
		return err
	}
	resp.Body.Close()
	return txn.WithTxn(ctx, t.Mgr, func(ctx context.Context) error {
		return t.Scenes.SetTitle(ctx, id, "scraped")
	})
}
