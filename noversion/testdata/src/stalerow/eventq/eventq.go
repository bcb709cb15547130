// Package eventq: a webhook gateway's event repository on sqlx, whose
// narrow writers take the event struct, and the workers that match an
// event's subscriptions.
package eventq

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type Event struct {
	UID       string   `db:"id"`
	ProjectID string   `db:"project_id"`
	EventType string   `db:"event_type"`
	Endpoints []string `db:"endpoints"`
	Status    string   `db:"status"`
	Metadata  string   `db:"metadata"`
}

type Repo struct{ db *sqlx.DB }

const fetchEventByID = `SELECT id, project_id, event_type, endpoints, status, metadata FROM events WHERE id = $1 AND project_id = $2`

func (r *Repo) FindEventByID(ctx context.Context, projectID, id string) (*Event, error) {
	e := &Event{}
	if err := r.db.QueryRowxContext(ctx, fetchEventByID, id, projectID).StructScan(e); err != nil {
		return nil, err
	}
	return e, nil
}

// UpdateEventEndpoints writes the event's endpoints (and links the
// endpoints passed, elsewhere): the struct's field is the value written.
func (r *Repo) UpdateEventEndpoints(ctx context.Context, e *Event, endpoints []string) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET endpoints = $1 WHERE project_id = $2 AND id = $3`, e.Endpoints, e.ProjectID, e.UID)
	return err
}

// UpdateEvent writes the event's endpoints and status together.
func (r *Repo) UpdateEvent(ctx context.Context, e *Event) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET endpoints = $1, status = $2 WHERE project_id = $3 AND id = $4`, e.Endpoints, e.Status, e.ProjectID, e.UID)
	return err
}

// MatchBroadcast computes the endpoints and writes them.
func MatchBroadcast(ctx context.Context, r *Repo, projectID, id string, match func(*Event) []string) error {
	e, err := r.FindEventByID(ctx, projectID, id)
	if err != nil {
		return err
	}
	e.Endpoints = match(e)
	return r.UpdateEventEndpoints(ctx, e, e.Endpoints) // ok: the one column written is the request's
}

// ---- silent ----

// MatchDynamic reads the event and calls the narrow writer without changing
// the struct: the only column it writes is the one it read, so the row is
// written as it was read. Nothing the request changed is carried with it,
// which is the hazard of a whole-row write-back.
func MatchDynamic(ctx context.Context, r *Repo, projectID, id, endpoint string) error {
	e, err := r.FindEventByID(ctx, projectID, id)
	if err != nil {
		return err
	}
	return r.UpdateEventEndpoints(ctx, e, []string{endpoint}) // ok: writes nothing new
}

// ---- reported ----

// Retry changes the status and writes the endpoints it read back with it:
// the broadcast matcher's endpoints written in between are reverted.
func Retry(ctx context.Context, r *Repo, projectID, id string) error {
	e, err := r.FindEventByID(ctx, projectID, id)
	if err != nil {
		return err
	}
	e.Status = "retry"
	return r.UpdateEvent(ctx, e) // want `stale row written back on events\(endpoints\): eventq.Repo.UpdateEvent writes back the values read at eventq.go:\d+ \(by eventq.Repo.FindEventByID\), reverting concurrent changes such as endpoints by eventq.MatchBroadcast`
}
