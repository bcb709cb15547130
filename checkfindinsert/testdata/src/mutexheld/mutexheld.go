// Package mutexheld checks and inserts under a process mutex, the way a
// single-instance wallet hub serializes payments.
package mutexheld

import (
	"errors"
	"sync"

	"gorm.io/gorm"
)

type Payment struct {
	ID          uint
	PaymentHash string
	State       string
}

var payLock sync.Mutex

type Service struct {
	db *gorm.DB
	mu sync.Mutex
}

// The lock is taken before the transaction whose callback checks and
// inserts, and released when the function returns.
func (s *Service) Pay(hash string) error {
	payLock.Lock()
	defer payLock.Unlock()
	return s.db.Transaction(func(tx *gorm.DB) error {
		var existing Payment
		if tx.Where("payment_hash = ? AND state = ?", hash, "pending").Limit(1).Find(&existing).RowsAffected > 0 {
			return errors.New("already being paid")
		}
		return tx.Create(&Payment{PaymentHash: hash, State: "pending"}).Error // ok: serialized by payLock
	})
}

// The lock held in the same function, through a field.
func (s *Service) Record(hash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var existing Payment
	if err := s.db.Where("payment_hash = ?", hash).First(&existing).Error; err == nil {
		return nil
	}
	return s.db.Create(&Payment{PaymentHash: hash}).Error // ok: serialized by s.mu
}

// ---- reported: the lock is released before the insert ----

func (s *Service) RecordReleased(hash string) error {
	s.mu.Lock()
	var existing Payment
	err := s.db.Where("payment_hash = ?", hash).First(&existing).Error
	s.mu.Unlock()
	if err == nil {
		return nil
	}
	return s.db.Create(&Payment{PaymentHash: hash}).Error // want `check-then-insert on payments\(payment_hash\)`
}
