// Package wallet finds or creates a wallet in a transaction of db.WithTx.
package wallet

import (
	"context"

	"xormgitea/models/db"
)

type Wallet struct {
	ID      int64 `xorm:"pk autoincr"`
	OwnerID int64 `xorm:"UNIQUE"`
	Balance int64
}

func Ensure(ctx context.Context, owner int64) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		has, err := db.GetEngine(ctx).Where("owner_id = ?", owner).Get(new(Wallet)) // want `select wallet where owner_id=\$owner reads .* on ctx#ctxtx; found\? bool; in callback tx of db\.WithTx`
		if err != nil || has {
			return err
		}
		_, err = db.GetEngine(ctx).Insert(&Wallet{OwnerID: owner}) // want `insert wallet set owner_id=\$owner on ctx#ctxtx; in callback tx of db\.WithTx`
		return err
	})
}
