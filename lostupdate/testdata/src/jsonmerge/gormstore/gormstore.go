// Package gormstore keeps a device's attributes in a JSON column that gorm
// serializes, and a team's labels in a column type of its own.
package gormstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"

	"gorm.io/gorm"
)

type Device struct {
	ID    uint
	Name  string
	Attrs map[string]string `gorm:"serializer:json"`
	Tags  []string          `gorm:"serializer:json"`
	Meta  []byte
}

// Labels is stored as a JSON document.
type Labels map[string]string

func (l *Labels) Scan(src any) error {
	b, ok := src.([]byte)
	if !ok {
		return errors.New("labels: not bytes")
	}
	return json.Unmarshal(b, l)
}

func (l Labels) Value() (driver.Value, error) { return json.Marshal(l) }

type Repo struct {
	db  *gorm.DB
	sql *sql.DB
}

// One attribute set in the map read with the row; Save writes the whole
// map back.
func (r *Repo) SetAttr(id uint, key, value string) error {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return err
	}
	d.Attrs[key] = value
	return r.db.Save(&d).Error // want `lost update on devices.attrs`
}

// The map is made when the row had none, then merged: on the other path
// the map read is what Save writes back.
func (r *Repo) MergeAttrs(id uint, attrs map[string]string) error {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return err
	}
	if d.Attrs == nil {
		d.Attrs = map[string]string{}
	}
	for k, v := range attrs {
		d.Attrs[k] = v
	}
	return r.db.Save(&d).Error // want `lost update on devices.attrs`
}

func (r *Repo) SetAttrColumn(id uint, key, value string) error {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return err
	}
	d.Attrs[key] = value
	return r.db.Model(&d).Update("attrs", d.Attrs).Error // want `lost update on devices.attrs`
}

func (r *Repo) RetagFirst(id uint, tag string) error {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return err
	}
	d.Tags[0] = tag
	return r.db.Model(&d).Update("tags", d.Tags).Error // want `lost update on devices.tags`
}

// A column type that decodes itself (sql.Scanner over json.Unmarshal).
func (r *Repo) Label(ctx context.Context, team int64, key, value string) error {
	var labels Labels
	if err := r.sql.QueryRowContext(ctx, "SELECT labels FROM teams WHERE id = $1", team).Scan(&labels); err != nil {
		return err
	}
	labels[key] = value
	_, err := r.sql.ExecContext(ctx, "UPDATE teams SET labels = $1 WHERE id = $2", labels, team) // want `lost update on teams.labels`
	return err
}

// The document is decoded and merged here, encoded and written by a
// helper that replaces the column.
func (r *Repo) SetLabels(ctx context.Context, id uint, labels map[string]string) error {
	var d Device
	if err := r.db.WithContext(ctx).First(&d, id).Error; err != nil {
		return err
	}
	meta := map[string]any{}
	if d.Meta != nil {
		if err := json.Unmarshal(d.Meta, &meta); err != nil {
			return err
		}
	}
	if len(labels) == 0 {
		delete(meta, "labels")
	} else {
		meta["labels"] = labels
	}
	return r.setMeta(ctx, id, meta) // want `lost update on devices.meta`
}

func (r *Repo) setMeta(ctx context.Context, id uint, meta map[string]any) error {
	b, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	return r.db.WithContext(ctx).Model(&Device{}).Where("id", id).UpdateColumn("meta", b).Error
}

// ---- silent ----

// The map is changed after the write.
func (r *Repo) RenameThenNote(id uint, name string) (map[string]string, error) {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return nil, err
	}
	if err := r.db.Model(&d).Update("attrs", d.Attrs).Error; err != nil { // ok: the map is written as read
		return nil, err
	}
	d.Attrs["renamed"] = name
	return d.Attrs, nil
}

// A fresh map from the request replaces the document.
func (r *Repo) ReplaceAttrs(id uint, attrs map[string]string) error {
	var d Device
	if err := r.db.First(&d, id).Error; err != nil {
		return err
	}
	fresh := map[string]string{}
	for k, v := range attrs {
		fresh[k] = v
	}
	return r.db.Model(&d).Update("attrs", fresh).Error // ok: nothing of the old map is written back
}

// Locked: the read holds the row until the commit.
func (r *Repo) LabelLocked(ctx context.Context, team int64, key, value string) error {
	tx, err := r.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var labels Labels
	if err := tx.QueryRowContext(ctx, "SELECT labels FROM teams WHERE id = $1 FOR UPDATE", team).Scan(&labels); err != nil {
		return err
	}
	labels[key] = value
	if _, err := tx.ExecContext(ctx, "UPDATE teams SET labels = $1 WHERE id = $2", labels, team); err != nil { // ok: FOR UPDATE
		return err
	}
	return tx.Commit()
}

// The database sets the key: jsonb_set on the current document.
func (r *Repo) LabelAtomic(ctx context.Context, team int64, key, value string) error {
	_, err := r.sql.ExecContext(ctx, "UPDATE teams SET labels = jsonb_set(labels, ARRAY[$1], to_jsonb($2::text)) WHERE id = $3", key, value, team) // ok: the database changes the current document
	return err
}
