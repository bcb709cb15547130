package goyesqlq

import "github.com/jmoiron/sqlx"

type Queries struct {
	GetQuota *sqlx.Stmt `query:"get-quota"`
	SetQuota *sqlx.Stmt `query:"set-quota"`
	UseQuota *sqlx.Stmt `query:"use-quota"`
}

type Quotas struct{ q *Queries }

func (s *Quotas) Use(account, n int64) error {
	var used int64
	if err := s.q.GetQuota.Get(&used, account); err != nil {
		return err
	}
	_, err := s.q.SetQuota.Exec(account, used+n) // want `lost update on quotas.used`
	return err
}

// ---- silent ----

func (s *Quotas) UseAtomic(account, n int64) error {
	_, err := s.q.UseQuota.Exec(account, n) // ok: atomic
	return err
}

func (s *Quotas) Reset(account int64) error {
	_, err := s.q.SetQuota.Exec(account, 0) // ok: a constant, not the value read
	return err
}
