package gormsave

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Post struct {
	ID    uint
	Title string
	Views int
	Tags  string
}

type Product struct {
	ID    uint
	SKU   string
	Stock int
}

func View(db *gorm.DB, id uint) error {
	var p Post
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	return db.Model(&p).Update("views", p.Views+1).Error // want `lost update on posts.views: .*gorm.Expr\("views \+ \?", n\)`
}

func ViewSave(db *gorm.DB, id uint) error {
	var p Post
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	p.Views++
	return db.Save(&p).Error // want `lost update on posts.views`
}

func Buy(db *gorm.DB, sku string, qty int) error {
	var p Product
	if err := db.Where("sku = ?", sku).First(&p).Error; err != nil {
		return err
	}
	return db.Model(&p).Updates(map[string]interface{}{"stock": p.Stock - qty}).Error // want `lost update on products.stock`
}

func Tag(db *gorm.DB, id uint, tag string) error {
	var p Post
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	return db.Model(&Post{}).Where("id = ?", id).Update("tags", p.Tags+","+tag).Error // want `lost update on posts.tags`
}

// ---- silent ----

func ViewExpr(db *gorm.DB, id uint) error {
	return db.Model(&Post{}).Where("id = ?", id).Update("views", gorm.Expr("views + ?", 1)).Error // ok: atomic
}

func BuyLocked(db *gorm.DB, sku string, qty int) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var p Product
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("sku = ?", sku).First(&p).Error; err != nil {
			return err
		}
		return tx.Model(&p).Update("stock", p.Stock-qty).Error // ok: locked
	})
}

// Saving after changing another field writes views back unchanged.
func Retitle(db *gorm.DB, id uint, title string) error {
	var p Post
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	p.Title = title
	return db.Save(&p).Error // ok for lostupdate: views is written back unchanged
}
