// Package app wires stores into services: the only place that knows which
// repository implements which service interface.
package app

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/testdata/e2e/internal/api"
	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/notify"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/billing"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/dispatch"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/docs"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/posts"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/users"
	"github.com/idemvet/idemvet/testdata/e2e/internal/store/pgxstore"
	"github.com/idemvet/idemvet/testdata/e2e/internal/store/sqlstore"
)

var (
	_ users.UserRepository = (*sqlstore.Users)(nil)
	_ posts.PostRepository = (*sqlstore.Posts)(nil)
)

type Config struct {
	DatabaseURL  string
	PaymentsURL  string
	PaymentsKey  string
	KafkaBrokers []string
}

// New opens the database handles and returns the HTTP handler.
func New(ctx context.Context, cfg Config) (http.Handler, error) {
	db, err := sqlstore.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pay := payments.New(cfg.PaymentsURL, cfg.PaymentsKey)
	events := notify.NewPublisher(cfg.KafkaBrokers, nil)
	h := &api.Handler{
		Users:    users.New(&sqlstore.Users{DB: db}),
		Posts:    posts.New(&sqlstore.Posts{DB: db}),
		Docs:     &docs.Service{Store: pgxstore.New(pool, pay, events), PgxQ: pgxq.New(pool), SQLQ: sqlq.New(db)},
		Dispatch: &dispatch.Service{Pgx: pgxq.New(pool), SQL: sqlq.New(db)},
		Billing:  &billing.Service{DB: db, Pool: pool, Payments: pay, Events: events},
	}
	return h.Routes(), nil
}
