// Package domain holds the entities and errors shared by the stores, the
// services and the HTTP layer.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrEmailTaken        = errors.New("email already registered")
	ErrConflict          = errors.New("concurrent modification")
	ErrRideTaken         = errors.New("ride is no longer available")
	ErrInsufficientFunds = errors.New("insufficient funds")
	ErrOutOfStock        = errors.New("out of stock")
	ErrAlreadyRedeemed   = errors.New("coupon already redeemed")
	ErrAlreadyProcessed  = errors.New("already processed")
	ErrSeatTaken         = errors.New("seat already booked")
	ErrExists            = errors.New("already exists")
)

type User struct {
	ID        int64
	Email     string
	Name      string
	CreatedAt time.Time
}

type Account struct {
	ID       int64
	UserID   int64
	Currency string
	Balance  int64
}

type Post struct {
	ID        int64
	AuthorID  int64
	Title     string
	Tags      []string
	ViewCount int64
	LikeCount int64
}

type Document struct {
	ID      int64
	OwnerID int64
	Title   string
	Body    string
	Version int32
}

type Ride struct {
	ID        int64
	RiderID   int64
	DriverID  *int64
	Status    string
	FareCents int64
}

type Product struct {
	ID         int64  `db:"id"`
	SKU        string `db:"sku"`
	Name       string `db:"name"`
	Stock      int32  `db:"stock"`
	PriceCents int64  `db:"price_cents"`
}
