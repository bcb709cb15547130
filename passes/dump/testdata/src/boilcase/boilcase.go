// Package boilcase holds the statements of sqlboiler's generated models
// (boilfixture/models): lookups, the insert, the whole-row and the
// column-list update, UpdateAll with its rows affected, the upsert and a
// transaction.
package boilcase

import (
	"context"
	"database/sql"
	"errors"

	"boilfixture/models"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
)

func ByEmail(ctx context.Context, db *sql.DB, email string) (*models.User, error) {
	u, err := models.Users(qm.Where("email = ?", email)).One(ctx, db) // want `select users where email=\$email reads id->One\(\)#0\.ID,email->One\(\)#0\.Email,name->One\(\)#0\.Name,credits->One\(\)#0\.Credits,status->One\(\)#0\.Status,updated_at->One\(\)#0\.UpdatedAt on db; found\? err\(database/sql\.ErrNoRows\)`
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return u, err
}

func ByHelper(ctx context.Context, db *sql.DB, email string) (bool, error) {
	return models.Users(models.UserWhere.Email.EQ(email), models.UserWhere.Status.NEQ("closed")).Exists(ctx, db) // want `select exists users where email=\$email,status<>\$"closed" on db; found\? bool`
}

func ByColumn(ctx context.Context, db *sql.DB, name string) (int64, error) {
	return models.Users(qm.Where(models.UserColumns.Name+" = ?", name)).Count(ctx, db) // want `select count users where name=\$name on db; found\? count`
}

func Find(ctx context.Context, db *sql.DB, id int) (*models.User, error) {
	return models.FindUser(ctx, db, id) // want `select users where id=\$id reads id->FindUser\(\)#0\.ID,email->FindUser\(\)#0\.Email,name->FindUser\(\)#0\.Name,credits->FindUser\(\)#0\.Credits,status->FindUser\(\)#0\.Status,updated_at->FindUser\(\)#0\.UpdatedAt on db; found\? err\(database/sql\.ErrNoRows\)`
}

func Key(ctx context.Context, db *sql.DB, hash string) (*models.APIKey, error) {
	return models.FindAPIKey(ctx, db, hash) // want `select api_keys where key_hash=\$hash reads key_hash->FindAPIKey\(\)#0\.KeyHash,user_id->FindAPIKey\(\)#0\.UserID,label->FindAPIKey\(\)#0\.Label on db; found\? err\(database/sql\.ErrNoRows\)`
}

func Create(ctx context.Context, db *sql.DB, email, name string) error {
	u := &models.User{Email: email, Name: name}
	return u.Insert(ctx, db, boil.Infer()) // want `insert users set email=\$email,name=\$name on db`
}

func Rename(ctx context.Context, db *sql.DB, id int, name string) error {
	u, err := models.FindUser(ctx, db, id) // want `select users where id=\$id reads id->FindUser\(\)#0\.ID,email->FindUser\(\)#0\.Email,name->FindUser\(\)#0\.Name,credits->FindUser\(\)#0\.Credits,status->FindUser\(\)#0\.Status,updated_at->FindUser\(\)#0\.UpdatedAt on db; found\? err\(database/sql\.ErrNoRows\)`
	if err != nil {
		return err
	}
	u.Name = name
	_, err = u.Update(ctx, db, boil.Infer()) // want `update users set email=\$FindUser\(\)#0\.Email,name=\$name,credits=\$FindUser\(\)#0\.Credits,status=\$FindUser\(\)#0\.Status,updated_at=\$FindUser\(\)#0\.UpdatedAt where id=\$FindUser\(\)#0\.ID on db`
	return err
}

func RenameOnly(ctx context.Context, db *sql.DB, u *models.User, name string) error {
	u.Name = name
	_, err := u.Update(ctx, db, boil.Whitelist(models.UserColumns.Name)) // want `update users set name=\$name where id=\$u\.ID on db`
	return err
}

func Spend(ctx context.Context, db *sql.DB, id int, n int64) (bool, error) {
	rows, err := models.Users(models.UserWhere.ID.EQ(id), models.UserWhere.Credits.GTE(n)).UpdateAll(ctx, db, models.M{"credits": n, models.UserColumns.Status: "active"}) // want `update users set credits=\$n,status="active" where id=\$id,credits>=\$n on db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	return rows == 1, nil
}

func Register(ctx context.Context, db *sql.DB, email string) error {
	u := &models.User{Email: email}
	return u.Upsert(ctx, db, true, []string{models.UserColumns.Email}, boil.Whitelist("name"), boil.Infer()) // want `insert users set email=\$email conflict=doupdate\(email\) doupdate\[name=proposed\(name\)\] on db`
}

func Claim(ctx context.Context, db *sql.DB, hash string, user int) error {
	k := &models.APIKey{KeyHash: hash, UserID: user}
	return k.Upsert(ctx, db, false, nil, boil.None(), boil.Infer()) // want `insert api_keys set key_hash=\$hash,user_id=\$user conflict=donothing\(key_hash\) on db`
}

func Remove(ctx context.Context, db *sql.DB, u *models.User) error {
	_, err := u.Delete(ctx, db) // want `delete users where id=\$u\.ID on db`
	return err
}

func Debit(ctx context.Context, id int, n int64) error {
	tx, err := boil.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	u, err := models.Users(models.UserWhere.ID.EQ(id), qm.For("update")).One(ctx, tx) // want `select users where id=\$id reads id->One\(\)#0\.ID,email->One\(\)#0\.Email,name->One\(\)#0\.Name,credits->One\(\)#0\.Credits,status->One\(\)#0\.Status,updated_at->One\(\)#0\.UpdatedAt lock=update on BeginTx\(\)#0; found\? err\(database/sql\.ErrNoRows\); in explicit tx`
	if err != nil {
		return err
	}
	u.Credits -= n
	if _, err := u.Update(ctx, tx, boil.Whitelist(models.UserColumns.Credits)); err != nil { // want `update users set credits=\$One\(\)#0\.Credits-n where id=\$One\(\)#0\.ID on BeginTx\(\)#0; in explicit tx`
		return err
	}
	return tx.Commit()
}

func RawLock(ctx context.Context, tx *sql.Tx, id int) (*models.User, error) {
	var u models.User
	err := queries.Raw(`SELECT id, credits FROM users WHERE id = $1 FOR UPDATE`, id).Bind(ctx, tx, &u) // want `select users where id=\$id reads id->u\.ID,credits->u\.Credits lock=update on tx; found\? err\(database/sql\.ErrNoRows\); in param tx`
	return &u, err
}

func RawClose(ctx context.Context, db *sql.DB, id int) (bool, error) {
	res, err := queries.Raw(`UPDATE users SET status = 'closed' WHERE id = $1 AND status = 'active'`, id).ExecContext(ctx, db) // want `update users set status='closed' where id=\$id,status='active' on db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// The global executor's variants (boil.SetDB) and a panicking one.
func GlobalRename(ctx context.Context, email, name string) error {
	u, err := models.Users(qm.Where("email = ?", email)).OneG(ctx) // want `select users where email=\$email reads id->OneG\(\)#0\.ID,email->OneG\(\)#0\.Email,name->OneG\(\)#0\.Name,credits->OneG\(\)#0\.Credits,status->OneG\(\)#0\.Status,updated_at->OneG\(\)#0\.UpdatedAt on \?; found\? err\(database/sql\.ErrNoRows\)`
	if err != nil {
		return err
	}
	u.Name = name
	_, err = u.UpdateG(ctx, boil.Infer()) // want `update users set email=\$OneG\(\)#0\.Email,name=\$name,credits=\$OneG\(\)#0\.Credits,status=\$OneG\(\)#0\.Status,updated_at=\$OneG\(\)#0\.UpdatedAt where id=\$OneG\(\)#0\.ID on \?`
	return err
}

func GlobalCreate(ctx context.Context, id int, email string) error {
	if _, err := models.FindUserG(ctx, id); err == nil { // want `select users where id=\$id reads id->FindUserG\(\)#0\.ID,email->FindUserG\(\)#0\.Email,name->FindUserG\(\)#0\.Name,credits->FindUserG\(\)#0\.Credits,status->FindUserG\(\)#0\.Status,updated_at->FindUserG\(\)#0\.UpdatedAt on \?; found\? err\(database/sql\.ErrNoRows\)`
		return nil
	}
	u := &models.User{ID: id, Email: email}
	return u.InsertG(ctx, boil.Whitelist("id", "email")) // want `insert users set id=\$id,email=\$email on \?`
}

func MustSuspend(ctx context.Context, db *sql.DB, u *models.User) int64 {
	u.Status = "suspended"
	return u.UpdateP(ctx, db, boil.Whitelist(models.UserColumns.Status)) // want `update users set status="suspended" where id=\$u\.ID on db`
}
