package gormv1

import "github.com/jinzhu/gorm"

// Dir is a folder of a user's drive: one row per owner, parent and name.
type Dir struct {
	gorm.Model
	Name     string `gorm:"unique_index:idx_dir"`
	ParentID uint   `gorm:"unique_index:idx_dir"`
	OwnerID  uint   `gorm:"unique_index:idx_dir"`
}

// Make stores the folder the caller filled in unless one like it exists;
// the conditions are the caller's struct. Two requests making one folder
// at once both find none; the loser's insert fails and so does its
// request.
func (d *Dir) Make(db *gorm.DB) (uint, error) {
	tx := db.Begin()
	if err := tx.FirstOrCreate(d, *d).Error; err != nil { // want `check-then-insert inside gorm FirstOrCreate on dirs\(name, parent_id, owner_id\): the model's unique index`
		tx.Rollback()
		return 0, err
	}
	return d.ID, tx.Commit().Error
}

// ---- silent ----

// MakeOrFind reads the winner's row when its own insert fails: the loser
// of the race gets the folder the other request made.
func (d *Dir) MakeOrFind(db *gorm.DB) (uint, error) {
	if err := db.FirstOrCreate(d, *d).Error; err != nil { // ok: the failure reads the row made meanwhile
		d.Model = gorm.Model{}
		err2 := db.First(d, *d).Error
		return d.ID, err2
	}
	return d.ID, nil
}
