// Package settle holds the nightly settlement, called from a schedule.
package settle

import (
	"context"
	"database/sql"
)

type Service struct{ DB *sql.DB }

func (s *Service) Run(ctx context.Context) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO payouts (merchant, amount) SELECT merchant, sum(amount) FROM sales WHERE settled = false GROUP BY merchant`)
	return err
}
