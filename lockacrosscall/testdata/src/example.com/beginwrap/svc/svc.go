// Package svc uses the transactions package repo begins.
package svc

import (
	"net/http"

	"example.com/beginwrap/repo"
)

type Service struct {
	Repo repo.Repo
	HTTP *http.Client
}

func (s *Service) Subscribe(id string) error {
	tx, err := s.Repo.BeginTx()
	if err != nil {
		return err
	}
	n, err := tx.LockMember(id)
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	resp, err := s.HTTP.Post("https://billing.example.com/v1/subscriptions", "application/json", nil) // want `HTTP call \(\(\*net/http.Client\).Post\) while the transaction holds the row lock taken at svc.go:\d+ \(SELECT ... FOR UPDATE in repo.StoreTx.LockMember\)`
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	resp.Body.Close()
	if err := tx.SaveMember(id, n+30); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Service) SubscribeAfterRollback(id string) error {
	tx, err := s.Repo.BeginTx()
	if err != nil {
		return err
	}
	if _, err := tx.LockMember(id); err != nil {
		_ = tx.Rollback()
		return err
	}
	_ = tx.Rollback()
	resp, err := s.HTTP.Get("https://billing.example.com/v1/subscriptions/" + id) // ok: after the promoted Rollback
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
