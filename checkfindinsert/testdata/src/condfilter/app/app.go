// Package app opens campaigns: it counts the open campaigns of the
// workspace on the channel and region through the store's interfaces,
// numbers the new one from the workspace's sequence, and inserts it.
package app

import (
	"context"
	"errors"
	"net/http"

	"condfilter/store"
)

type Campaigns interface {
	Count(ctx context.Context, workspaceID int64, f *store.CampaignFilter) (int64, error)
	Create(ctx context.Context, c *store.Campaign) error
}

type Workspaces interface {
	Find(ctx context.Context, id int64) (*store.Workspace, error)
	Bump(ctx context.Context, w *store.Workspace, change func(*store.Workspace) error) (*store.Workspace, error)
	Clone(ctx context.Context, w *store.Workspace) (*store.Workspace, error)
}

var (
	_ Campaigns  = (*store.Campaigns)(nil)
	_ Workspaces = (*store.Workspaces)(nil)
)

var errExists = errors.New("an open campaign exists on this channel and region")

type Service struct {
	campaigns  Campaigns
	workspaces Workspaces
}

type OpenInput struct {
	Channel, Region string
	Copy            string
	OwnerID         int64
}

// Open lets two requests at once both count no open campaign and both
// insert one.
func (s *Service) Open(ctx context.Context, workspaceID int64, in *OpenInput) (*store.Campaign, error) {
	ws, err := s.workspaces.Find(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	n, err := s.campaigns.Count(ctx, ws.ID, &store.CampaignFilter{
		Channel: in.Channel,
		Region:  in.Region,
		States:  []string{"open"},
	})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, errExists
	}
	ws, err = s.workspaces.Bump(ctx, ws, func(w *store.Workspace) error {
		w.Seq++
		return nil
	})
	if err != nil {
		return nil, err
	}
	c := &store.Campaign{WorkspaceID: ws.ID, Number: ws.Seq, Channel: in.Channel, Region: in.Region, State: "open", OwnerID: in.OwnerID}
	if err := s.campaigns.Create(ctx, c); err != nil { // want `check-then-insert on campaigns\(campaign_workspace_id, campaign_channel, campaign_region\): a concurrent request can insert`
		return nil, err
	}
	return c, nil
}

// OpenFromCopy counts the campaigns on the channel it copies from, and
// inserts one on another: not the key it counted.
func (s *Service) OpenFromCopy(ctx context.Context, workspaceID int64, in *OpenInput) (*store.Campaign, error) {
	ws, err := s.workspaces.Find(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	n, err := s.campaigns.Count(ctx, ws.ID, &store.CampaignFilter{Channel: in.Copy, Region: in.Region})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, errExists
	}
	c := &store.Campaign{WorkspaceID: ws.ID, Channel: in.Channel, Region: in.Region, State: "open"}
	return c, s.campaigns.Create(ctx, c) // ok: the count was of campaigns on in.Copy
}

// OpenInClone inserts into the clone the store made under a new id: not
// the workspace it counted in.
func (s *Service) OpenInClone(ctx context.Context, workspaceID int64, in *OpenInput) (*store.Campaign, error) {
	ws, err := s.workspaces.Find(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	n, err := s.campaigns.Count(ctx, ws.ID, &store.CampaignFilter{Channel: in.Channel, Region: in.Region})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, errExists
	}
	clone, err := s.workspaces.Clone(ctx, ws)
	if err != nil {
		return nil, err
	}
	c := &store.Campaign{WorkspaceID: clone.ID, Channel: in.Channel, Region: in.Region, State: "open"}
	return c, s.campaigns.Create(ctx, c) // ok: the clone has an id of its own
}

func (s *Service) Handle(w http.ResponseWriter, r *http.Request) {
	_, _ = s.Open(r.Context(), 1, &OpenInput{})
	_, _ = s.OpenFromCopy(r.Context(), 1, &OpenInput{})
	_, _ = s.OpenInClone(r.Context(), 1, &OpenInput{})
}
