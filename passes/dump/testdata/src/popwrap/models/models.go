package models

import (
	"context"
	"time"

	"popwrap/store"
)

type Factor struct {
	ID           int64      `db:"id"`
	Status       string     `db:"status"`
	FriendlyName string     `db:"friendly_name"`
	LastUsedAt   *time.Time `db:"last_used_at"`
	UpdatedAt    time.Time  `db:"updated_at"`
}

func (Factor) TableName() string { return "mfa_factors" }

func (f *Factor) Verify(tx *store.Connection) error {
	f.Status = "verified"
	return tx.UpdateOnly(f, "status", "updated_at") // want `update mfa_factors set status="verified",updated_at=\{now\(\)\} where id=\$f\.ID on tx\.Connection$`
}

func (f *Factor) Rename(tx *store.Connection, name string) error {
	f.FriendlyName = name
	return tx.SetColumns(f, "friendly_name") // want `update mfa_factors set friendly_name=\$name,updated_at=\{now\(\)\} where id=\$f\.ID on tx\.Connection$`
}

func (f *Factor) Touch(tx *store.Connection, fields ...string) error {
	now := time.Now()
	f.LastUsedAt = &now
	return tx.UpdateOnly(f, fields...) // want `update mfa_factors where id=\$f\.ID on tx\.Connection; partial$`
}

func (f *Factor) Stamp(tx *store.Connection) error {
	return tx.UpdateOnly(f) // want `update mfa_factors where id=\$f\.ID on tx\.Connection$`
}

func (f *Factor) Delete(tx *store.Connection) error {
	return store.Remove(tx.Connection, f) // want `delete mfa_factors where id=\$f\.ID on tx\.Connection$`
}

func (f *Factor) Bump(tx *store.Connection) error {
	return tx.UpdateStamp(f) // want `update \? on tx\.Connection; via store\.Connection\.UpdateStamp at store\.go:\d+; partial`
}

// Save passes an interface on: the wrapper's call here knows no table.
func Save(tx *store.Connection, m interface{}, cols ...string) error {
	return tx.UpdateOnly(m, cols...) // want `update \? on tx\.Connection; via store\.Connection\.UpdateOnly at store\.go:\d+; partial`
}

func (f *Factor) Save(ctx context.Context, tx *store.Connection) error {
	f.Status = "unverified"
	_, err := tx.UpdateRow(ctx, f) // want `update mfa_factors set status="unverified",friendly_name=\$f\.FriendlyName,last_used_at=\$f\.LastUsedAt,updated_at=\{now\(\)\} where id=\$f\.ID on tx\.Connection$`
	return err
}
