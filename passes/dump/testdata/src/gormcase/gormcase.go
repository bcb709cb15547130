package gormcase

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Ride struct {
	ID       uint
	Status   string
	DriverID uint
	Version  int
}

type Order struct {
	gorm.Model
	Code string `gorm:"column:order_code;uniqueIndex"`
}

func (Order) TableName() string { return "shop_orders" }

func Chains(ctx context.Context, db *gorm.DB, id uint, code string) error {
	var r Ride
	if err := db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ? AND status = ?", id, "searching").First(&r).Error; err != nil { // want `select rides where id=\$id,status=\$"searching" reads id\->r\.ID,status\->r\.Status,driver_id\->r\.DriverID,version\->r\.Version lock=update on db; found\? err\(gorm\.io/gorm\.ErrRecordNotFound\)`
		return err
	}
	res := db.Model(&Ride{}).Where("id = ? AND status = ?", id, "searching").Updates(map[string]interface{}{"status": "accepted", "driver_id": 7}) // want `update rides set status="accepted",driver_id=7 where id=\$id,status=\$"searching" on db; found\? count; rows checked`
	if res.RowsAffected == 0 {
		return gorm.ErrRecordNotFound
	}
	var n int64
	db.Model(&Order{}).Where("order_code = ?", code).Count(&n)                // want `select count shop_orders where order_code=\$code reads count\->n on db; found\? count`
	db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Order{Code: code}) // want `insert shop_orders set order_code=\$code conflict=donothing on db`
	db.Exec("UPDATE rides SET version = version + 1 WHERE id = ?", id)        // want `update rides set version=atomic\(version \+ 1\) where id=\$id on db`
	var rides []Ride
	return db.Where(map[string]interface{}{"status": "searching"}).Find(&rides).Error // want `select rides where status=\$"searching" on db; found\? len`
}

func Tx(db *gorm.DB, id uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Delete(&Ride{}, id).Error // want `delete rides where id=\$id on tx; in callback tx`
	})
}

func Begin(db *gorm.DB, id uint) error {
	tx := db.Begin()
	tx.Model(&Ride{ID: id}).Update("status", "done") // want `update rides set status="done" where id=\$id on Begin\(\); in explicit tx`
	return tx.Commit().Error
}

// A key field spelled Id (column id) with no primaryKey tag is gorm's
// primary key, as ID is.
type Coupon struct {
	Id     int    `json:"id"`
	Code   string `json:"code" gorm:"uniqueIndex"`
	Status int    `json:"status"`
}

func Redeem(db *gorm.DB, c *Coupon) error {
	c.Status = 2
	return db.Save(c).Error // want `update coupons set id=\$c\.Id,code=\$c\.Code,status=2 where id=\$c\.Id on db`
}
