// Package gormstore is the gorm implementation of the repositories.
package gormstore

import (
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/plugin/optimisticlock"

	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

type User struct {
	ID        int64     `gorm:"primaryKey"`
	Email     string    `gorm:"uniqueIndex;not null"`
	Name      string    `gorm:"not null"`
	CreatedAt time.Time `gorm:"autoCreateTime"`
}

type Post struct {
	ID        int64 `gorm:"primaryKey"`
	AuthorID  int64
	Title     string
	ViewCount int64
	LikeCount int64
	UpdatedAt time.Time
}

type Product struct {
	ID         int64  `gorm:"primaryKey"`
	SKU        string `gorm:"column:sku;uniqueIndex;not null"`
	Name       string
	Stock      int32
	PriceCents int64
}

// Document is edited concurrently; Version is its optimistic-concurrency
// counter, maintained by hand.
type Document struct {
	ID        int64 `gorm:"primaryKey"`
	OwnerID   int64
	Title     string
	Body      string
	Version   int `gorm:"not null;default:1"`
	UpdatedAt time.Time
}

type Ride struct {
	ID        int64 `gorm:"primaryKey"`
	RiderID   int64
	DriverID  *int64
	Status    string
	FareCents int64
	UpdatedAt time.Time
}

// Article's version is maintained by gorm.io/plugin/optimisticlock: updates
// through Model(&a) test and bump it.
type Article struct {
	ID      int64 `gorm:"primaryKey"`
	Title   string
	Body    string
	Version optimisticlock.Version
}

type Store struct {
	DB       *gorm.DB
	Payments *payments.Client
}

// Open connects with TranslateError so that unique violations surface as
// gorm.ErrDuplicatedKey.
func Open(dsn string) (*gorm.DB, error) {
	return gorm.Open(postgres.Open(dsn), &gorm.Config{TranslateError: true})
}
