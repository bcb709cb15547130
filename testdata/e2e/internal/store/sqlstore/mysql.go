package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-sql-driver/mysql"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// CRM is the legacy MySQL customer database (go-sql-driver/mysql).
type CRM struct{ DB *sql.DB }

func OpenCRM(dsn string) (*CRM, error) {
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		return nil, err
	}
	return &CRM{DB: db}, nil
}

// AddContact pre-checks the address and inserts; a duplicate that slips
// past the check fails on the UNIQUE key with error 1062, handled here.
func (c *CRM) AddContact(ctx context.Context, email, name string) error {
	var id int64
	err := c.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = ?", email).Scan(&id)
	if err == nil {
		return domain.ErrEmailTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = c.DB.ExecContext(ctx, "INSERT INTO users (email, name) VALUES (?, ?)", email, name) // SAFE(checkfindinsert): MySQL duplicate-key error 1062 handled
	var myErr *mysql.MySQLError
	if errors.As(err, &myErr) && myErr.Number == 1062 {
		return domain.ErrEmailTaken
	}
	return err
}

// AddContactIgnore uses INSERT IGNORE.
func (c *CRM) AddContactIgnore(ctx context.Context, email, name string) error {
	var n int
	if err := c.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", email).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := c.DB.ExecContext(ctx, "INSERT IGNORE INTO users (email, name) VALUES (?, ?)", email, name) // SAFE(checkfindinsert): INSERT IGNORE
	return err
}

// AddContactRacy counts matching rows and inserts when there are none; a
// concurrent import of the same address slips between the two statements
// and the duplicate-key error (1062) goes back to the caller unhandled.
func (c *CRM) AddContactRacy(ctx context.Context, email, name string) error {
	var n int
	if err := c.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", email).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return domain.ErrEmailTaken
	}
	_, err := c.DB.ExecContext(ctx, "INSERT INTO users (email, name) VALUES (?, ?)", email, name) // HAZARD(checkfindinsert)
	return err
}

// SaveCRMSession stores the CRM's web session with REPLACE. The CRM's
// schema is not in this module, so what the delete loses is not known.
func (c *CRM) SaveCRMSession(ctx context.Context, id string, userID int64, data []byte) error {
	_, err := c.DB.ExecContext(ctx, "REPLACE INTO crm_sessions (id, user_id, data) VALUES (?, ?, ?)", id, userID, data) // SAFE(upsert): no schema for the CRM's tables
	return err
}

// CountPageView counts with ON DUPLICATE KEY UPDATE, adding to the
// existing count.
func (c *CRM) CountPageView(ctx context.Context, page string) error {
	_, err := c.DB.ExecContext(ctx, "INSERT INTO crm_page_views (page, views) VALUES (?, 1) ON DUPLICATE KEY UPDATE views = views + VALUES(views)", page) // SAFE(upsert): the count is computed from the existing value
	return err
}

// TrackCampaign restarts a campaign's open counter on every import.
func (c *CRM) TrackCampaign(ctx context.Context, campaign string) error {
	_, err := c.DB.ExecContext(ctx, "INSERT INTO crm_campaigns (name, open_count) VALUES (?, 0) ON DUPLICATE KEY UPDATE open_count = VALUES(open_count)", campaign) // HAZARD(upsert)
	return err
}
