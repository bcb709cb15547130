// Package bindnamed finds a reviewer row or creates it, the store writing
// with sqlx's BindNamed: the insert is the statement's text with the
// struct's db-tagged fields bound to its :name parameters.
package bindnamed

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

var ErrNotFound = errors.New("not found")

type Reviewer struct {
	PRID        int64  `db:"reviewer_pr_id"`
	PrincipalID int64  `db:"reviewer_principal_id"`
	Decision    string `db:"reviewer_decision"`
	Created     int64  `db:"reviewer_created"`
}

type ReviewerStore struct{ db *sqlx.DB }

func (s *ReviewerStore) Find(ctx context.Context, prID, principalID int64) (*Reviewer, error) {
	r := new(Reviewer)
	err := s.db.GetContext(ctx, r, `SELECT reviewer_pr_id, reviewer_principal_id, reviewer_decision, reviewer_created
		FROM reviewers WHERE reviewer_pr_id = $1 AND reviewer_principal_id = $2`, prID, principalID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

const insertReviewer = `
	INSERT INTO reviewers (reviewer_pr_id, reviewer_principal_id, reviewer_decision, reviewer_created)
	VALUES (:reviewer_pr_id, :reviewer_principal_id, :reviewer_decision, :reviewer_created)`

func (s *ReviewerStore) Create(ctx context.Context, r *Reviewer) error {
	query, args, err := s.db.BindNamed(insertReviewer, r)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, query, args...)
	return err
}

func (s *ReviewerStore) SetDecision(ctx context.Context, r *Reviewer) error {
	_, err := s.db.ExecContext(ctx, `UPDATE reviewers SET reviewer_decision = $1
		WHERE reviewer_pr_id = $2 AND reviewer_principal_id = $3`, r.Decision, r.PRID, r.PrincipalID)
	return err
}

// Submit records a review: two submits at once both find no reviewer row,
// and the second insert fails on the primary key.
func Submit(ctx context.Context, s *ReviewerStore, prID, principalID int64, decision string, now int64) error {
	r, err := s.Find(ctx, prID, principalID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	if r != nil {
		r.Decision = decision
		return s.SetDecision(ctx, r)
	}
	r = &Reviewer{PRID: prID, PrincipalID: principalID, Decision: decision, Created: now}
	return s.Create(ctx, r) // want `check-then-insert on reviewers\(reviewer_pr_id, reviewer_principal_id\): the UNIQUE constraint pk_reviewers rejects a concurrent duplicate, but this insert does not handle the violation`
}

// SubmitHandled treats the duplicate as the other submit's row and updates it.
func SubmitHandled(ctx context.Context, s *ReviewerStore, prID, principalID int64, decision string, now int64) error {
	r, err := s.Find(ctx, prID, principalID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	if r != nil {
		r.Decision = decision
		return s.SetDecision(ctx, r)
	}
	r = &Reviewer{PRID: prID, PrincipalID: principalID, Decision: decision, Created: now}
	err = s.Create(ctx, r)
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return s.SetDecision(ctx, r)
	}
	return err
}
