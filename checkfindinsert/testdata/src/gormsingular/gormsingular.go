// Package gormsingular opens gorm with singular table names, as a service
// migrating from xorm does to keep its tables: Follow is the table
// follow for both libraries, so xorm's lookup and gorm's insert meet.
package gormsingular

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
	"xorm.io/xorm"
)

var x *xorm.Engine

func Open(d gorm.Dialector) (*gorm.DB, error) {
	return gorm.Open(d, &gorm.Config{
		SkipDefaultTransaction: true,
		NamingStrategy: schema.NamingStrategy{
			SingularTable: true,
		},
	})
}

type Follow struct {
	ID       int64 `gorm:"primaryKey"`
	UserID   int64 `xorm:"UNIQUE(follow)" gorm:"uniqueIndex:follow_user_follow_unique;not null"`
	FollowID int64 `xorm:"UNIQUE(follow)" gorm:"uniqueIndex:follow_user_follow_unique;not null"`
}

type Store struct{ db *gorm.DB }

// Follow: gorm's FirstOrCreate, on the singular table.
func (s *Store) Follow(userID, followID int64) error {
	return s.db.Transaction(func(tx *gorm.DB) error {
		f := &Follow{UserID: userID, FollowID: followID}
		return tx.FirstOrCreate(f, f).Error // want `check-then-insert inside gorm FirstOrCreate on follow\(user_id, follow_id\)`
	})
}

func isFollowing(userID, followID int64) bool {
	has, _ := x.Get(&Follow{UserID: userID, FollowID: followID})
	return has
}

// FollowLegacy checks with the legacy xorm layer and inserts with gorm:
// one table.
func (s *Store) FollowLegacy(userID, followID int64) error {
	if isFollowing(userID, followID) {
		return nil
	}
	return s.db.Create(&Follow{UserID: userID, FollowID: followID}).Error // want `check-then-insert on follow\(user_id, follow_id\): the model's unique index on follow\(user_id, follow_id\)`
}

// ---- silent ----

// FollowOnce lets the unique index decide.
func (s *Store) FollowOnce(userID, followID int64) error {
	if isFollowing(userID, followID) {
		return nil
	}
	return s.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Follow{UserID: userID, FollowID: followID}).Error // ok: ON CONFLICT DO NOTHING
}

// FollowBack checks the other direction.
func (s *Store) FollowBack(userID, followID int64) error {
	if !isFollowing(followID, userID) {
		return nil
	}
	return s.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Follow{UserID: userID, FollowID: followID}).Error // ok: ON CONFLICT DO NOTHING
}
