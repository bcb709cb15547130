// Package eventworker creates the events queued by the ingest API.
package eventworker

import (
	"context"

	"crosspkg/eventrepo"
	"crosspkg/projrepo"
)

// Process flags the event a duplicate when its key was seen and stores it:
// two events with one key created at once are both stored as originals.
func Process(ctx context.Context, repo *eventrepo.Repo, e *eventrepo.Event) error {
	var dup bool
	if len(e.IdempotencyKey) > 0 {
		var err error
		dup, err = repo.KeyExists(ctx, e.ProjectID, e.IdempotencyKey)
		if err != nil {
			return err
		}
	}
	e.IsDuplicate = dup
	return repo.Create(ctx, e) // want `check-then-insert on events\(idempotency_key, project_id\): is_duplicate is set from the lookup at eventworker.go:\d+ \(by eventrepo.Repo.KeyExists\), so concurrent requests both find no row and both insert one marked as the first`
}

// Broadcast builds the event with the flag in its literal.
func Broadcast(ctx context.Context, repo *eventrepo.Repo, id, project, key string) error {
	dup, err := repo.KeyExists(ctx, project, key)
	if err != nil {
		return err
	}
	ev := &eventrepo.Event{UID: id, ProjectID: project, IdempotencyKey: key, IsDuplicate: dup}
	return repo.Create(ctx, ev) // want `check-then-insert on events\(idempotency_key, project_id\): is_duplicate is set from the lookup`
}

// BroadcastFetched (convoy's broadcast and dynamic event channels) looks
// the project up by the id it was given, looks the key up in that project
// and inserts the event into the project it fetched: project.UID is the
// id it was fetched by.
func BroadcastFetched(ctx context.Context, projects *projrepo.Repo, repo *eventrepo.Repo, id, projectID, key string) error {
	project, err := projects.FetchProjectByID(ctx, projectID)
	if err != nil {
		return err
	}
	dup, err := repo.KeyExists(ctx, projectID, key)
	if err != nil {
		return err
	}
	ev := &eventrepo.Event{UID: id, ProjectID: project.UID, IdempotencyKey: key, IsDuplicate: dup}
	return repo.Create(ctx, ev) // want `check-then-insert on events\(idempotency_key, project_id\): is_duplicate is set from the lookup`
}

// ---- silent ----

// BroadcastNamed fetches the project by its name: its id is not the one
// the key was looked up in.
func BroadcastNamed(ctx context.Context, projects *projrepo.Repo, repo *eventrepo.Repo, id, projectID, name, key string) error {
	project, err := projects.FetchProjectByName(ctx, name)
	if err != nil {
		return err
	}
	dup, err := repo.KeyExists(ctx, projectID, key)
	if err != nil {
		return err
	}
	ev := &eventrepo.Event{UID: id, ProjectID: project.UID, IdempotencyKey: key, IsDuplicate: dup}
	return repo.Create(ctx, ev) // ok: another project's key
}

// ProcessClaimed keeps the cheap pre-check; the repository decides under
// an advisory lock.
func ProcessClaimed(ctx context.Context, repo *eventrepo.Repo, e *eventrepo.Event) error {
	dup, err := repo.KeyExists(ctx, e.ProjectID, e.IdempotencyKey)
	if err != nil {
		return err
	}
	e.IsDuplicate = dup
	return repo.CreateClaimed(ctx, e) // ok: the insert's own call locks the key and looks again
}

// Replay flags from another key's lookup.
func Replay(ctx context.Context, repo *eventrepo.Repo, e *eventrepo.Event, original string) error {
	dup, err := repo.KeyExists(ctx, e.ProjectID, original)
	if err != nil {
		return err
	}
	e.IsDuplicate = dup
	return repo.Create(ctx, e) // ok: not the key inserted
}

// ProcessListed flags from the number of events the key already has.
func ProcessListed(ctx context.Context, repo *eventrepo.Repo, e *eventrepo.Event) error {
	var dup bool
	if len(e.IdempotencyKey) > 0 {
		events, err := repo.ByKey(ctx, e.ProjectID, e.IdempotencyKey)
		if err != nil {
			return err
		}
		dup = len(events) > 0
	}
	e.IsDuplicate = dup
	return repo.Create(ctx, e) // want `check-then-insert on events\(idempotency_key, project_id\): is_duplicate is set from the lookup at eventworker.go:\d+ \(by eventrepo.Repo.ByKey\)`
}
