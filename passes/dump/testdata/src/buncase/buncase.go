package buncase

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

type User struct {
	bun.BaseModel `bun:"table:users,alias:u"`

	ID    int64  `bun:",pk,autoincrement"`
	Email string `bun:",unique"`
	Name  string
}

type Account struct {
	ID      int64 `bun:",pk"`
	Balance int64
	Status  string
}

func Lookup(ctx context.Context, db *bun.DB, email string) (*User, error) {
	u := new(User)
	err := db.NewSelect().Model(u).Where("email = ?", email).Scan(ctx) // want `select users where email=\$email reads id\->new\.ID,email\->new\.Email,name\->new\.Name on db; found\? err\(database/sql\.ErrNoRows\)`
	return u, err
}

func Exists(ctx context.Context, db *bun.DB, email string) (bool, error) {
	return db.NewSelect().Model((*User)(nil)).Where("email = ?", email).Exists(ctx) // want `select exists users where email=\$email on db; found\? bool`
}

func Insert(ctx context.Context, db *bun.DB, email string) error {
	_, err := db.NewInsert().Model(&User{Email: email}).On("CONFLICT (email) DO NOTHING").Exec(ctx) // want `insert users set email=\$email conflict=donothing\(email\) on db`
	return err
}

func Absolute(ctx context.Context, db *bun.DB, id, balance int64) error {
	_, err := db.NewUpdate().Model((*Account)(nil)).Set("balance = ?", balance).Where("id = ?", id).Exec(ctx) // want `update accounts set balance=\$balance where id=\$id on db`
	return err
}

func Atomic(ctx context.Context, db *bun.DB, id, n int64) error {
	a := &Account{ID: id}
	_, err := db.NewUpdate().Model(a).Set("balance = balance + ?", n).WherePK().Exec(ctx) // want `update accounts set balance=atomic\(balance \+ \?\) where id=\$id on db`
	return err
}

func WholeRow(ctx context.Context, db *bun.DB, a *Account) error {
	_, err := db.NewUpdate().Model(a).WherePK().Exec(ctx) // want `update accounts set balance=\$a\.Balance,status=\$a\.Status where id=\$a\.ID on db`
	return err
}

func CompareAndSet(ctx context.Context, db *bun.DB, id int64) (bool, error) {
	res, err := db.NewUpdate().Model((*Account)(nil)).Set("status = ?", "frozen").Where("id = ?", id).Where("status = ?", "open").Exec(ctx) // want `update accounts set status=\$"frozen" where id=\$id,status=\$"open" on db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func Tx(ctx context.Context, db *bun.DB, id int64) error {
	return db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}, func(ctx context.Context, tx bun.Tx) error {
		var a Account
		if err := tx.NewSelect().Model(&a).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil { // want `select accounts where id=\$id reads id\->a\.ID,balance\->a\.Balance,status\->a\.Status lock=update on tx; found\? err\(database/sql\.ErrNoRows\); in callback tx \(serializable\)`
			return err
		}
		_, err := tx.NewDelete().Model((*Account)(nil)).Where("id = ?", id).Exec(ctx) // want `delete accounts where id=\$id on tx; in callback tx \(serializable\)`
		return err
	})
}

func Filtered(ctx context.Context, db *bun.DB, status string) ([]User, error) {
	var users []User
	q := db.NewSelect().Model(&users).Where("deleted = false")
	if status != "" {
		q.Where("status = ?", status)
	}
	err := q.Scan(ctx) // want `select users where deleted=false on db; found\? len; partial`
	return users, err
}

type ledgerEntry struct {
	bun.BaseModel `bun:"table:ledger"`

	ID     string `bun:",pk"`
	Amount int64
}

// bun inserts INTO ledger AS ledger_entry, the model's default alias: the
// DO UPDATE adds the proposed amount to the stored one.
func Accumulate(ctx context.Context, db *bun.DB, entries []ledgerEntry) error {
	_, err := db.NewInsert().Model(&entries).On("CONFLICT (id) DO UPDATE").Set("amount = ledger_entry.amount + EXCLUDED.amount").Exec(ctx) // want `insert ledger .*doupdate\[amount=accumulate\]`
	return err
}
