// Package gormv1opt holds upserts written through gorm v1's
// gorm:insert_option.
package gormv1opt

import (
	"github.com/jinzhu/gorm"
)

type Subscription struct {
	ID     uint
	Email  string `gorm:"unique_index"`
	Status string
}

// The option copies the status the model carries for a new subscription.
func Subscribe(db *gorm.DB, email string) error {
	return db.Set("gorm:insert_option", "ON CONFLICT (email) DO UPDATE SET status = EXCLUDED.status").Create(&Subscription{Email: email, Status: "pending"}).Error // want `upsert resets subscriptions\.status to 'pending' when the row exists`
}

// ok: the caller's status.
func SyncSubscription(db *gorm.DB, email, status string) error {
	return db.Set("gorm:insert_option", "ON CONFLICT (email) DO UPDATE SET status = EXCLUDED.status").Create(&Subscription{Email: email, Status: status}).Error
}

// ok: DO NOTHING on the business key.
func SubscribeOnce(db *gorm.DB, email string) error {
	return db.Set("gorm:insert_option", "ON CONFLICT (email) DO NOTHING").Create(&Subscription{Email: email, Status: "pending"}).Error
}
