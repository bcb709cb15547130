// Package store keeps the campaigns of a workspace in SQL: the count of
// campaigns is built with squirrel, each filter of the options struct
// added only when the caller set it; the workspace row is written under
// an optimistic lock by a helper that returns the row it wrote, a copy of
// the one it was given.
package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/Masterminds/squirrel"
)

var ErrConflict = errors.New("version conflict")

// Workspace numbers its campaigns from Seq.
type Workspace struct {
	ID      int64
	Version int64
	Seq     int64
	Name    string
}

// Campaign is one campaign of a workspace on a channel in a region.
type Campaign struct {
	ID          int64
	WorkspaceID int64
	Number      int64
	Channel     string
	Region      string
	State       string
	OwnerID     int64
}

// CampaignFilter narrows a count: each field that is set is one filter.
type CampaignFilter struct {
	Channel string
	Region  string
	States  []string
	OwnerID int64
}

var qb = squirrel.StatementBuilder.PlaceholderFormat(squirrel.Dollar)

type Campaigns struct{ db *sql.DB }

// Count counts the workspace's campaigns the filter selects.
func (s *Campaigns) Count(ctx context.Context, workspaceID int64, f *CampaignFilter) (int64, error) {
	q := qb.Select("count(*)").From("campaigns").Where("campaign_workspace_id = ?", workspaceID)
	if len(f.States) == 1 {
		q = q.Where("campaign_state = ?", f.States[0])
	} else if len(f.States) > 1 {
		q = q.Where(squirrel.Eq{"campaign_state": f.States})
	}
	if f.Channel != "" {
		q = q.Where("campaign_channel = ?", f.Channel)
	}
	if f.Region != "" {
		q = q.Where("campaign_region = ?", f.Region)
	}
	if f.OwnerID > 0 {
		q = q.Where("campaign_owner_id = ?", f.OwnerID)
	}
	text, args, err := q.ToSql()
	if err != nil {
		return 0, err
	}
	var n int64
	if err := s.db.QueryRowContext(ctx, text, args...).Scan(&n); err != nil {
		return 0, err
	}
	return n, nil
}

// Create inserts the campaign.
func (s *Campaigns) Create(ctx context.Context, c *Campaign) error {
	return s.db.QueryRowContext(ctx, `INSERT INTO campaigns
		(campaign_workspace_id, campaign_number, campaign_channel, campaign_region, campaign_state, campaign_owner_id)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING campaign_id`,
		c.WorkspaceID, c.Number, c.Channel, c.Region, c.State, c.OwnerID).Scan(&c.ID)
}

type Workspaces struct{ db *sql.DB }

// Find loads the workspace.
func (s *Workspaces) Find(ctx context.Context, id int64) (*Workspace, error) {
	w := &Workspace{}
	err := s.db.QueryRowContext(ctx, `SELECT workspace_id, workspace_version, workspace_seq, workspace_name
		FROM workspaces WHERE workspace_id = $1`, id).Scan(&w.ID, &w.Version, &w.Seq, &w.Name)
	if err != nil {
		return nil, err
	}
	return w, nil
}

// Update writes the workspace if nobody wrote it since it was read.
func (s *Workspaces) Update(ctx context.Context, w *Workspace) error {
	res, err := s.db.ExecContext(ctx, `UPDATE workspaces SET workspace_version = $1, workspace_seq = $2, workspace_name = $3
		WHERE workspace_id = $4 AND workspace_version = $5`, w.Version+1, w.Seq, w.Name, w.ID, w.Version)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrConflict
	}
	w.Version++
	return nil
}

// Bump applies change to a copy of the workspace and writes it, reading
// the row again after a conflict; it returns the copy it wrote.
func (s *Workspaces) Bump(ctx context.Context, w *Workspace, change func(*Workspace) error) (*Workspace, error) {
	for {
		dup := *w
		if err := change(&dup); err != nil {
			return nil, err
		}
		err := s.Update(ctx, &dup)
		if err == nil {
			return &dup, nil
		}
		if !errors.Is(err, ErrConflict) {
			return nil, err
		}
		w, err = s.Find(ctx, w.ID)
		if err != nil {
			return nil, err
		}
	}
}

// Clone inserts a copy of the workspace under a new id and returns it.
func (s *Workspaces) Clone(ctx context.Context, w *Workspace) (*Workspace, error) {
	dup := *w
	dup.ID = 0
	err := s.db.QueryRowContext(ctx, `INSERT INTO workspaces (workspace_version, workspace_seq, workspace_name)
		VALUES (0, 0, $1) RETURNING workspace_id`, dup.Name).Scan(&dup.ID)
	if err != nil {
		return nil, err
	}
	return &dup, nil
}
