package gormfirst

import "gorm.io/gorm"

// Setting is a key-value row keyed by its primary key.
type Setting struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

// PutSetting discards FirstOrCreate's error and saves the row by its
// primary key next: a request losing the insert race goes on to Save,
// which writes the row the winner created. Nothing fails.
func PutSetting(db *gorm.DB, key, value string) error {
	s := Setting{Key: key}
	db.FirstOrCreate(&s, Setting{Key: key}) // ok: the error is dropped and Save follows
	s.Value = value
	return db.Save(&s).Error
}

// PutSettingChecked returns FirstOrCreate's error: the loser fails.
func PutSettingChecked(db *gorm.DB, key, value string) error {
	s := Setting{Key: key}
	if err := db.FirstOrCreate(&s, Setting{Key: key}).Error; err != nil { // want `check-then-insert inside gorm FirstOrCreate on settings\(key\)`
		return err
	}
	s.Value = value
	return db.Save(&s).Error
}

// Tag is named uniquely; items link to it by its generated ID.
type Tag struct {
	ID   uint
	Name string `gorm:"uniqueIndex"`
}

type ItemTag struct {
	ItemID uint
	TagID  uint
}

// TagItem drops FirstOrCreate's error and uses the ID it should have
// filled in: a request losing the insert race links tag 0.
func TagItem(db *gorm.DB, itemID uint, name string) error {
	t := Tag{Name: name}
	db.FirstOrCreate(&t, Tag{Name: name}) // want `check-then-insert inside gorm FirstOrCreate on tags\(name\)`
	return db.Create(&ItemTag{ItemID: itemID, TagID: t.ID}).Error
}
