// Package gormsave holds the edit-form write-back in gorm: a handler loads a
// row, changes the fields the form carries and saves the whole row.
package gormsave

import (
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Application struct {
	ID          uint
	Token       string
	UserID      uint
	Name        string
	Description string
	Image       string
	LastUsed    *time.Time
}

type Params struct {
	Name        string
	Description string
}

// Other code paths: authentication touches last_used on every request, the
// security endpoint rotates the token.

func TouchLastUsed(db *gorm.DB, token string, t *time.Time) error {
	return db.Model(&Application{}).Where("token = ?", token).Update("last_used", t).Error
}

func RotateToken(db *gorm.DB, id uint, token string) error {
	return db.Model(&Application{ID: id}).Update("token", token).Error
}

func Update(db *gorm.DB, id uint, p Params) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	app.Name = p.Name
	app.Description = p.Description
	return db.Save(&app).Error // want `stale row written back on applications\(last_used, token\): gorm Save writes back the values read at gormsave.go:\d+, reverting concurrent changes such as token by gormsave.RotateToken`
}

// The same through Updates of the loaded struct.
func UpdateStruct(db *gorm.DB, id uint, name string) error {
	app := &Application{}
	if err := db.Where("id = ?", id).First(app).Error; err != nil {
		return err
	}
	app.Name = name
	return db.Model(app).Updates(app).Error // want `stale row written back on applications\(description, last_used, token\)`
}

// ---- silent ----

// Only the columns the request changed.
func UpdateColumns(db *gorm.DB, id uint, p Params) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	return db.Model(&app).Updates(map[string]any{"name": p.Name, "description": p.Description}).Error // ok: the changed columns only
}

// Select restricts Save to the named columns.
func UpdateSelected(db *gorm.DB, id uint, p Params) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	app.Name = p.Name
	return db.Select("name").Save(&app).Error // ok: only name is written
}

// A row created here.
func Create(db *gorm.DB, name string) error {
	app := Application{Name: name, Token: "t"}
	return db.Save(&app).Error // ok: a fresh row, an insert
}

// The row is locked from the read to the write.
func UpdateLocked(db *gorm.DB, id uint, name string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var app Application
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&app, id).Error; err != nil {
			return err
		}
		app.Name = name
		return tx.Save(&app).Error // ok: FOR UPDATE holds the row
	})
}

// The form is bound into the loaded row: what it writes is the request's.
func UpdateBound(db *gorm.DB, id uint, bind func(any) error) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	if err := bind(&app); err != nil {
		return err
	}
	return db.Save(&app).Error // ok: every field may come from the request
}

type Note struct {
	ID        uint
	Title     string
	Body      string
	Pinned    bool
	UpdatedAt time.Time
}

// Nobody else writes notes' columns but their timestamp.
func Retitle(db *gorm.DB, id uint, title string) error {
	var n Note
	if err := db.First(&n, id).Error; err != nil {
		return err
	}
	n.Title = title
	return db.Save(&n).Error // ok: no other code path changes body or pinned
}

func TouchNote(db *gorm.DB, id uint) error {
	return db.Model(&Note{ID: id}).Update("updated_at", time.Now()).Error
}

var errMissing = errors.New("missing")

// Notes created through the same Save helper: gorm inserts a row whose key
// is unset, so this changes no existing note's body or pinned flag.
func CreateNote(db *gorm.DB, title, body string) error {
	return saveNote(db, &Note{Title: title, Body: body, Pinned: true})
}

func saveNote(db *gorm.DB, n *Note) error { return db.Save(n).Error }

// ApplyParams sets the form's fields: the model knows which.
func (a *Application) ApplyParams(p Params) {
	a.Name = p.Name
	a.Description = p.Description
}

// Refresh sets the columns the other paths write.
func (a *Application) Refresh(t *time.Time, token string) {
	a.LastUsed = t
	a.Token = token
}

func UpdateViaMethod(db *gorm.DB, id uint, p Params) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	app.ApplyParams(p)
	return db.Save(&app).Error // want `stale row written back on applications\(last_used, token\)`
}

// last_used and token are set here; the form's columns are the stale ones.
func UpdateRefreshed(db *gorm.DB, id uint, t *time.Time, token string) error {
	var app Application
	if err := db.First(&app, id).Error; err != nil {
		return err
	}
	app.Refresh(t, token)
	return db.Save(&app).Error // want `stale row written back on applications\(description, name\)`
}

// Clients are deleted softly: the delete saves the whole row with
// deleted_at set.
type Client struct {
	ID         uint
	Name       string
	SecretHash string
	DeletedAt  *time.Time
}

func RotateSecret(db *gorm.DB, id uint, hash string) error {
	return db.Model(&Client{ID: id}).Update("secret_hash", hash).Error
}

// A rename writes deleted_at back as read: a concurrent delete is undone,
// a concurrent rotation reverted.
func RenameClient(db *gorm.DB, id uint, name string) error {
	var c Client
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	c.Name = name
	return db.Save(&c).Error // want `stale row written back on clients\(deleted_at, secret_hash\)`
}

// The delete itself carries the other columns along, but they belong to a
// row being removed.
func DeleteClient(db *gorm.DB, id uint) error {
	var c Client
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	now := time.Now()
	c.DeletedAt = &now
	return db.Save(&c).Error // ok: a soft delete of the whole row
}
