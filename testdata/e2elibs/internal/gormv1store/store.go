// Package gormv1store is a repository written with jinzhu/gorm (gorm v1)
// over PostgreSQL.
package gormv1store

import (
	"errors"
	"net/http"
	"strings"

	"github.com/jinzhu/gorm"
	_ "github.com/jinzhu/gorm/dialects/postgres"
)

type Customer struct {
	gorm.Model
	Email  string `gorm:"unique_index"`
	Points int
}

type Voucher struct {
	ID     uint `gorm:"primary_key"`
	Code   string
	Status string
}

var ErrTaken = errors.New("taken")

type Store struct{ db *gorm.DB }

func Open(dsn string) (*Store, error) {
	db, err := gorm.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

func (s *Store) Enroll(email string) error {
	var c Customer
	if !s.db.Where("email = ?", email).First(&c).RecordNotFound() {
		return ErrTaken
	}
	return s.db.Create(&Customer{Email: email}).Error // HAZARD(checkfindinsert)
}

func (s *Store) EnrollUpsert(email string) error {
	var c Customer
	if !s.db.Where("email = ?", email).First(&c).RecordNotFound() {
		return ErrTaken
	}
	return s.db.Set("gorm:insert_option", "ON CONFLICT (email) DO NOTHING").Create(&Customer{Email: email}).Error // SAFE(checkfindinsert): ON CONFLICT DO NOTHING
}

func (s *Store) Reward(id uint, n int) error {
	var c Customer
	if err := s.db.First(&c, id).Error; err != nil {
		return err
	}
	return s.db.Model(&c).Update("points", c.Points+n).Error // HAZARD(lostupdate)
}

func (s *Store) RewardAtomic(id uint, n int) error {
	return s.db.Model(&Customer{}).Where("id = ?", id).Update("points", gorm.Expr("points + ?", n)).Error // SAFE(lostupdate): atomic
}

func (s *Store) Redeem(code string) error {
	return s.db.Model(&Voucher{}).Where("code = ? AND status = ?", code, "issued").Update("status", "redeemed").Error // HAZARD(noversion)
}

func (s *Store) RedeemChecked(code string) error {
	res := s.db.Model(&Voucher{}).Where("code = ? AND status = ?", code, "issued").Update("status", "redeemed") // SAFE(noversion): RowsAffected tested
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return errors.New("voucher not redeemable")
	}
	return nil
}

func notify(code string) error {
	resp, err := http.Post("https://hooks.example.com/vouchers", "application/json", strings.NewReader(code))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Void(id uint) error {
	tx := s.db.Begin()
	var v Voucher
	if err := tx.Set("gorm:query_option", "FOR UPDATE").First(&v, id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := notify(v.Code); err != nil { // HAZARD(lockacrosscall)
		tx.Rollback()
		return err
	}
	if err := tx.Model(&v).Update("status", "void").Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}
