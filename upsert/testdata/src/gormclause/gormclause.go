// Package gormclause holds upserts gorm writes from clause.OnConflict.
package gormclause

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Profile struct {
	ID          int64
	UserID      int64 `gorm:"uniqueIndex"`
	DisplayName string
	Bio         string
	Banned      bool
	UpdatedAt   time.Time
}

type Order struct {
	ID        int64
	UserID    int64
	Amount    int64
	Status    string
	CreatedAt time.Time
}

type Counter struct {
	Key   string `gorm:"primaryKey"`
	Count int64
}

// SET *: a retried profile sync overwrites Banned, which moderation set.
func SyncProfile(db *gorm.DB, p *Profile) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "user_id"}}, UpdateAll: true}).Create(p).Error // want `upsert with UpdateAll on profiles\(user_id\): a retried or duplicate insert overwrites every column of the existing row \(display_name, bio and banned\) with this insert's values, undoing changes made since; update only the columns meant to change, with DoUpdates: clause\.AssignmentColumns\(\[\]string\{\.\.\.\}\)`
}

// ok: the columns the sync owns, spelled out.
func SyncProfileColumns(db *gorm.DB, p *Profile) error {
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"display_name", "bio", "updated_at"}),
	}).Create(p).Error
}

// A duplicate checkout resets the order's status.
func PlaceOrder(db *gorm.DB, id, userID, amount int64) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"amount", "status"})}).Create(&Order{ID: id, UserID: userID, Amount: amount, Status: "pending"}).Error // want `upsert resets orders\.status to 'pending' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DoUpdates`
}

// The DO UPDATE list includes created_at, which gorm fills with the time
// of this insert.
func RecordOrder(db *gorm.DB, id, amount int64) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"amount", "created_at"})}).Create(&Order{ID: id, Amount: amount}).Error // want `upsert overwrites orders\.created_at when the row exists: a retried or duplicate insert rewrites when \(or by whom\) the row was created; leave created_at out of DoUpdates`
}

// ok: an import carries the source's creation time, the same on every
// delivery.
func ImportOrder(db *gorm.DB, o *Order) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"amount", "created_at"})}).Create(o).Error
}

// ok: gorm.Expr adds to the existing count.
func Incr(db *gorm.DB, key string) error {
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.Assignments(map[string]interface{}{"count": gorm.Expr("counters.count + excluded.count")}),
	}).Create(&Counter{Key: key, Count: 1}).Error
}

// A constant count written back on every conflict.
func ResetCounter(db *gorm.DB, key string) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "key"}}, DoUpdates: clause.Assignments(map[string]interface{}{"count": 1})}).Create(&Counter{Key: key, Count: 1}).Error // want `upsert resets counters\.count to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead, with gorm\.Expr\("counters\.count \+ excluded\.count"\)`
}

// ok: DO NOTHING on the business key.
func EnsureProfile(db *gorm.DB, userID int64) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "user_id"}}, DoNothing: true}).Create(&Profile{UserID: userID}).Error
}

// ok: the status comes from the caller.
func ImportStatus(db *gorm.DB, id int64, status string) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"status"})}).Create(&Order{ID: id, Status: status}).Error
}

// ok: a Where the model does not read may guard the state.
func PlaceOrderGuarded(db *gorm.DB, id int64) error {
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "orders.status = ?", Vars: []interface{}{"pending"}}}},
		DoUpdates: clause.AssignmentColumns([]string{"status"}),
	}).Create(&Order{ID: id, Status: "pending"}).Error
}

// Save of a model without its key runs Create, with the chain's clauses.
func SaveNew(db *gorm.DB, userID int64, name string) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "user_id"}}, UpdateAll: true}).Save(&Profile{UserID: userID, DisplayName: name}).Error // want `upsert with UpdateAll on profiles\(user_id\)`
}

// ok: Save of a loaded model is an UPDATE, not an upsert.
func Rename(db *gorm.DB, p *Profile, name string) error {
	p.DisplayName = name
	return db.Save(p).Error
}

type Setting struct {
	Name      string `gorm:"primary_key"`
	Value     string
	UpdatedAt time.Time
}

// ok: a key and one value: UpdateAll is the explicit list.
func PutSetting(db *gorm.DB, s *Setting) error {
	return db.Clauses(clause.OnConflict{UpdateAll: true}).Create(s).Error
}
