package goyesqlq

import (
	"errors"

	"github.com/jmoiron/sqlx"
)

type Queries struct {
	StartCampaign *sqlx.Stmt `query:"start-campaign"`
}

type Campaigns struct{ q *Queries }

func (c *Campaigns) Start(id int64) error {
	_, err := c.q.StartCampaign.Exec(id) // want `compare-and-set on campaigns.status ignores rows affected`
	return err
}

// ---- silent ----

func (c *Campaigns) StartChecked(id int64) error {
	res, err := c.q.StartCampaign.Exec(id) // ok: rows affected tested
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("not scheduled")
	}
	return nil
}
