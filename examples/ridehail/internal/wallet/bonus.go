package wallet

import (
	"context"
	"log"

	"github.com/robfig/cron/v3"
)

// Schedule registers the wallet's periodic jobs. Every replica of the
// server runs Schedule, so every replica runs each job at the same tick.
func (s *Service) Schedule(c *cron.Cron) {
	c.AddFunc("0 3 1 * *", s.MonthlyBonus)     // HAZARD(cronlease)
	c.AddFunc("0 3 1 * *", s.MonthlyBonusOnce) // SAFE(cronlease): the month's run is claimed first
}

// MonthlyBonus is the original job: credit every active rider's wallet
// with the monthly bonus. Three replicas, three bonuses.
func (s *Service) MonthlyBonus() {
	ctx := context.Background()
	if _, err := s.Store.Pool.Exec(ctx, `UPDATE wallets SET balance_cents = balance_cents + 500 WHERE rider_id IN (SELECT rider_id FROM rides WHERE created_at > now() - interval '1 month')`); err != nil {
		log.Printf("monthly bonus: %v", err)
	}
}

// MonthlyBonusOnce claims this month's run in one statement — only the
// replica whose UPDATE moves last_run past the start of the month gets a
// row back — and credits in the same transaction.
func (s *Service) MonthlyBonusOnce() {
	ctx := context.Background()
	tx, err := s.Store.Pool.Begin(ctx)
	if err != nil {
		return
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE job_runs SET last_run = now() WHERE job_name = 'monthly_bonus' AND last_run < date_trunc('month', now())`)
	if err != nil || tag.RowsAffected() == 0 {
		return // another replica ran it this month
	}
	if _, err := tx.Exec(ctx, `UPDATE wallets SET balance_cents = balance_cents + 500 WHERE rider_id IN (SELECT rider_id FROM rides WHERE created_at > now() - interval '1 month')`); err != nil {
		log.Printf("monthly bonus: %v", err)
		return
	}
	tx.Commit(ctx)
}
