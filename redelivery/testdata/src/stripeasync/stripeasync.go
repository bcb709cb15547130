// Package stripeasync acknowledges Stripe's webhook at once and processes
// the event in a goroutine, syncing the membership by its subscription.
package stripeasync

import (
	"database/sql"
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"
)

type Routes struct {
	db     *sql.DB
	secret string
}

func (rt Routes) Hook(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), rt.secret)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	go func() {
		rt.credit(event.ID) // want `stripe webhook handler repeats the relative update of credits.amount by stripeasync.Routes.credit`
	}()
	go func() {
		rt.syncMember(event.ID) // ok: the insert is decided by the membership it finds
	}()
	w.WriteHeader(http.StatusOK)
}

func (rt Routes) credit(sub string) {
	rt.db.Exec(`UPDATE credits SET amount = amount + 10 WHERE subscription = $1`, sub)
}

// syncMember creates the membership the first time and updates it after.
func (rt Routes) syncMember(sub string) error {
	var id int64
	err := rt.db.QueryRow(`SELECT id FROM members WHERE stripe_subs_id = $1`, sub).Scan(&id)
	if err == sql.ErrNoRows {
		_, err = rt.db.Exec(`INSERT INTO members (stripe_subs_id) VALUES ($1)`, sub)
		return err
	}
	_, err = rt.db.Exec(`UPDATE members SET status = 'active' WHERE id = $1`, id)
	return err
}
