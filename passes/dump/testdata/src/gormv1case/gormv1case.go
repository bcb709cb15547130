package gormv1case

import (
	"context"

	"github.com/jinzhu/gorm"
)

type User struct {
	gorm.Model
	Email string `gorm:"unique_index"`
	Name  string
}

type Account struct {
	ID      uint `gorm:"primary_key"`
	Balance int64
	Status  string
}

func Lookup(db *gorm.DB, email string) (*User, error) {
	var u User
	if db.Where("email = ?", email).First(&u).RecordNotFound() { // want `select users where email=\$email reads id\->u\.Model\.ID,created_at\->u\.Model\.CreatedAt,updated_at\->u\.Model\.UpdatedAt,deleted_at\->u\.Model\.DeletedAt,email\->u\.Email,name\->u\.Name on db; found\? bool\(negated\)`
		return nil, nil
	}
	return &u, nil
}

func Insert(db *gorm.DB, email string) error {
	return db.Set("gorm:insert_option", "ON CONFLICT (email) DO NOTHING").Create(&User{Email: email}).Error // want `insert users set email=\$email conflict=donothing\(email\) on db`
}

func Absolute(db *gorm.DB, id uint, balance int64) error {
	return db.Model(&Account{ID: id}).Update("balance", balance).Error // want `update accounts set balance=\$balance where id=\$id on db`
}

func Atomic(db *gorm.DB, id uint, n int64) error {
	return db.Model(&Account{ID: id}).Update("balance", gorm.Expr("balance + ?", n)).Error // want `update accounts set balance=atomic\(balance \+ \?\) where id=\$id on db`
}

func CompareAndSet(db *gorm.DB, id uint) (bool, error) {
	res := db.Model(&Account{}).Where("id = ? AND status = ?", id, "open").Updates(map[string]interface{}{"status": "frozen"}) // want `update accounts set status="frozen" where id=\$id,status=\$"open" on db; found\? count; rows checked`
	return res.RowsAffected == 1, res.Error
}

func Locked(db *gorm.DB, id uint, n int64) error {
	tx := db.Begin()
	var a Account
	if err := tx.Set("gorm:query_option", "FOR UPDATE").First(&a, id).Error; err != nil { // want `select accounts where id=\$id reads id\->a\.ID,balance\->a\.Balance,status\->a\.Status lock=update on Begin\(\); found\? err\(github\.com/jinzhu/gorm\.ErrRecordNotFound\); in explicit tx`
		tx.Rollback()
		return err
	}
	a.Balance += n
	if err := tx.Save(&a).Error; err != nil { // want `update accounts set id=\$a\.ID,balance=\$a\.Balance\+n,status=\$a\.Status where id=\$a\.ID on Begin\(\); in explicit tx`
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

func Callback(db *gorm.DB, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var u User
		err := tx.Where(User{Email: email}).First(&u).Error // want `select users where email=\$email reads .* on tx; found\? err\(github\.com/jinzhu/gorm\.ErrRecordNotFound\); in callback tx`
		if gorm.IsRecordNotFoundError(err) {
			return tx.Create(&User{Email: email}).Error // want `insert users set email=\$email on tx; in callback tx`
		}
		return err
	})
}

type dbKey struct{}

// dbFrom is the context's database accessor.
func dbFrom(ctx context.Context) *gorm.DB { return ctx.Value(dbKey{}).(*gorm.DB) }

// A query narrowed in a loop: the handle is a phi of the accessor's
// result and of the chain built on it (walking back from the chain
// reaches the phi again).
func Filtered(ctx context.Context, names []string) ([]Account, error) {
	q := dbFrom(ctx)
	for _, n := range names {
		q = q.Where("status = ?", n)
	}
	var accounts []Account
	err := q.Find(&accounts).Error // want `select accounts`
	return accounts, err
}
