// Package githubhook receives GitHub App webhooks: installations and
// pushes.
package githubhook

import (
	"database/sql"
	"net/http"

	"github.com/google/go-github/v66/github"
)

type App struct {
	db     *sql.DB
	secret []byte
}

// ---- reported ----

func (a *App) Installed(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, a.secret)
	if err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	ev, err := github.ParseWebHook(github.WebHookType(r), payload)
	if err != nil {
		return
	}
	if e, ok := ev.(*github.InstallationEvent); ok {
		a.db.Exec(`INSERT INTO installations (github_id, action) VALUES ($1, $2)`, e.Installation.GetID(), *e.Action) // want `github webhook handler repeats this insert into installations when the event is delivered again; claim the X-GitHub-Delivery header first`
	}
}

func (a *App) Pushed(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, a.secret)
	if err != nil {
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if p, ok := ev.(*github.PushEvent); ok {
		a.db.Exec(`UPDATE repos SET pushes = pushes + 1 WHERE full_name = $1`, *p.Repo.FullName) // want `github webhook handler repeats this relative update of repos.pushes`
	}
}

// ---- silent ----

// The delivery header claimed in the transaction of the count.
func (a *App) PushedOnce(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, a.secret)
	if err != nil {
		return
	}
	tx, err := a.db.Begin()
	if err != nil {
		return
	}
	defer tx.Rollback()
	res, err := tx.Exec(`INSERT INTO github_deliveries (guid) VALUES ($1) ON CONFLICT (guid) DO NOTHING`, r.Header.Get("X-GitHub-Delivery"))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		w.WriteHeader(http.StatusOK) // seen: acknowledge again
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if p, ok := ev.(*github.PushEvent); ok {
		tx.Exec(`UPDATE repos SET pushes = pushes + 1 WHERE full_name = $1`, *p.Repo.FullName) // ok: after the delivery's claim
	}
	tx.Commit()
}

// The same through go-github's DeliveryID, with the unique violation of a
// plain insert handled.
func (a *App) InstalledOnce(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, a.secret)
	if err != nil {
		return
	}
	var seen bool
	err = a.db.QueryRow(`INSERT INTO github_deliveries (guid) VALUES ($1) ON CONFLICT DO NOTHING RETURNING false`, github.DeliveryID(r)).Scan(&seen)
	if err == sql.ErrNoRows {
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if e, ok := ev.(*github.InstallationEvent); ok {
		a.db.Exec(`INSERT INTO installations (github_id, action) VALUES ($1, $2)`, e.Installation.GetID(), *e.Action) // ok: after the claim
	}
}

// Installation state set absolutely: a redelivery writes it again.
func (a *App) Suspended(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, a.secret)
	if err != nil {
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if e, ok := ev.(*github.InstallationEvent); ok {
		a.db.Exec(`UPDATE installations SET suspended = true WHERE github_id = $1`, e.Installation.GetID()) // ok: absolute
	}
}
