// Package genericmodel reads and writes the tables of its type arguments.
package genericmodel

import (
	"database/sql"
	"fmt"

	"gorm.io/gorm"
)

type User struct {
	ID    int64
	Email string
}

type Device struct {
	ID     int64
	UserID int64
}

type LoginCode struct {
	ID     int64
	UsedAt sql.NullTime
}

func (LoginCode) TableName() string { return "login_codes" }

// byID loads one row of its type argument's table.
func byID[T any](db *gorm.DB, id int64) (*T, error) {
	var row T
	if err := db.Where("id = ?", id).First(&row).Error; err != nil { // want `select \? where id=\$id on db; found\? err`
		return nil, err
	}
	return &row, nil
}

func listOf[T any](db *gorm.DB, userID int64) ([]T, error) {
	var rows []T
	err := db.Where("user_id = ?", userID).Find(&rows).Error // want `select \? where user_id=\$userID`
	return rows, err
}

// Repo is generic over its model.
type Repo[T any] struct{ db *gorm.DB }

func (r *Repo[T]) Delete(id int64) error {
	return r.db.Where("id = ?", id).Delete(new(T)).Error // want `delete \? where id=\$id`
}

func GetUser(db *gorm.DB, id int64) (*User, error) {
	return byID[User](db, id) // want `select users where id=\$id .*via genericmodel\.byID`
}

func UserDevices(db *gorm.DB, userID int64) ([]Device, error) {
	return listOf[Device](db, userID) // want `select devices where user_id=\$userID .*via genericmodel\.listOf`
}

func GetCode(db *gorm.DB, id int64) (*LoginCode, error) {
	return byID[LoginCode](db, id) // want `select login_codes where id=\$id .*via genericmodel\.byID`
}

// fetch passes its type parameter on.
func fetch[M any](db *gorm.DB, id int64) (*M, error) {
	return byID[M](db, id) // want `select \? where id=\$id .*via genericmodel\.byID`
}

func GetDevice(db *gorm.DB, id int64) (*Device, error) {
	return fetch[Device](db, id) // want `select devices where id=\$id .*via genericmodel\.fetch->genericmodel\.byID`
}

func DropDevice(r *Repo[Device], id int64) error {
	return r.Delete(id) // want `delete devices where id=\$id .*via genericmodel\.Repo\.Delete`
}

type tabled interface{ TableName() string }

// consume names its type argument's table in the SQL text.
func consume[T tabled](db *sql.DB, id int64) (int64, error) {
	var code T
	res, err := db.Exec(fmt.Sprintf("UPDATE %s SET used_at = now() WHERE id = $1 AND used_at IS NULL", code.TableName()), id) // want `update \? set used_at=now\(\) where id=\$id,used_at IS NULL`
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func ConsumeCode(db *sql.DB, id int64) (int64, error) {
	return consume[LoginCode](db, id) // want `update login_codes set used_at=now\(\) where id=\$id,used_at IS NULL .*via genericmodel\.consume`
}
