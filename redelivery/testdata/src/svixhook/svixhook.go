// Package svixhook receives webhooks signed with svix (Clerk, Resend and
// others send them so).
package svixhook

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/jackc/pgx/v5/pgconn"
	svix "github.com/svix/svix-webhooks/go"
)

type Users struct {
	db *sql.DB
	wh *svix.Webhook
}

type userCreated struct {
	Data struct {
		ID    string `json:"id"`
		Email string `json:"email_address"`
	} `json:"data"`
}

// ---- reported ----

func (u *Users) Created(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := u.wh.Verify(body, r.Header); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var ev userCreated
	json.Unmarshal(body, &ev)
	u.db.Exec(`INSERT INTO welcome_credits (user_ref, amount) VALUES ($1, 500)`, ev.Data.ID) // want `svix webhook handler repeats this insert into welcome_credits when the event is delivered again; claim the svix-id header first`
}

// ---- silent ----

// The svix-id claimed with its unique violation handled, in a helper.
func (u *Users) CreatedOnce(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := u.wh.Verify(body, r.Header); err != nil {
		return
	}
	if first, err := u.record(r.Context(), r.Header.Get("svix-id")); err != nil || !first {
		return
	}
	var ev userCreated
	json.Unmarshal(body, &ev)
	u.db.Exec(`INSERT INTO welcome_credits (user_ref, amount) VALUES ($1, 500)`, ev.Data.ID) // ok: after the claim
}

func (u *Users) record(ctx context.Context, id string) (bool, error) {
	_, err := u.db.ExecContext(ctx, `INSERT INTO webhook_messages (svix_id) VALUES ($1)`, id)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return false, nil
	}
	return err == nil, err
}

// The user row keyed by the provider's user id: its own conflict target.
func (u *Users) Synced(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := u.wh.Verify(body, r.Header); err != nil {
		return
	}
	var ev userCreated
	json.Unmarshal(body, &ev)
	u.db.Exec(`INSERT INTO users (clerk_id, email) VALUES ($1, $2) ON CONFLICT (clerk_id) DO UPDATE SET email = EXCLUDED.email`, ev.Data.ID, ev.Data.Email) // ok: an upsert
}
