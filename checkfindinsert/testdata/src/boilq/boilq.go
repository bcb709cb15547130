// Package boilq holds check-then-insert races written with sqlboiler's
// generated models (boilfixture/models): a get-or-create repository over
// a *sql.DB, an existence check before a sign-up, a key looked up by its
// primary key before it is inserted.
package boilq

import (
	"context"
	"database/sql"
	"errors"

	"boilfixture/models"

	"github.com/lib/pq"
	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
)

var ErrTaken = errors.New("email taken")

type Repo struct {
	db *sql.DB
}

// GetOrCreate looks the user up by email and inserts one when the lookup
// finds none: two requests both see sql.ErrNoRows and both insert.
func (r *Repo) GetOrCreate(ctx context.Context, email, name string) (*models.User, error) {
	u, err := models.Users(qm.Where("email = ?", email)).One(ctx, r.db)
	if err == nil {
		return u, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	u = &models.User{Email: email, Name: name}
	if err := u.Insert(ctx, r.db, boil.Infer()); err != nil { // want `check-then-insert on users\(email\)`
		return nil, err
	}
	return u, nil
}

// SignUp asks Exists through the generated where helper first.
func (r *Repo) SignUp(ctx context.Context, email string) error {
	taken, err := models.Users(models.UserWhere.Email.EQ(email)).Exists(ctx, r.db)
	if err != nil {
		return err
	}
	if taken {
		return ErrTaken
	}
	u := &models.User{Email: email}
	return u.Insert(ctx, r.db, boil.Infer()) // want `check-then-insert on users\(email\)`
}

// IssueKey looks the key up by its primary key with the generated Find.
func (r *Repo) IssueKey(ctx context.Context, hash string, user int) error {
	if _, err := models.FindAPIKey(ctx, r.db, hash); err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	k := &models.APIKey{KeyHash: hash, UserID: user}
	return k.Insert(ctx, r.db, boil.Infer()) // want `check-then-insert on api_keys\(key_hash\)`
}

// ---- silent ----

// The upsert on the lookup's key: a concurrent insert becomes an update.
func (r *Repo) GetOrCreateUpsert(ctx context.Context, email, name string) (*models.User, error) {
	u, err := models.Users(qm.Where("email = ?", email)).One(ctx, r.db)
	if err == nil {
		return u, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	u = &models.User{Email: email, Name: name}
	if err := u.Upsert(ctx, r.db, true, []string{models.UserColumns.Email}, boil.Whitelist(models.UserColumns.Name), boil.Infer()); err != nil { // ok: ON CONFLICT (email)
		return nil, err
	}
	return u, nil
}

// The key claimed with ON CONFLICT DO NOTHING.
func (r *Repo) IssueKeyOnce(ctx context.Context, hash string, user int) error {
	if _, err := models.FindAPIKey(ctx, r.db, hash); err == nil {
		return nil
	}
	k := &models.APIKey{KeyHash: hash, UserID: user}
	return k.Upsert(ctx, r.db, false, nil, boil.None(), boil.Infer()) // ok: DO NOTHING on the key
}

// The unique violation of the insert is handled: the loser reports the
// email taken.
func (r *Repo) SignUpUnique(ctx context.Context, email string) error {
	taken, err := models.Users(models.UserWhere.Email.EQ(email)).Exists(ctx, r.db)
	if err != nil {
		return err
	}
	if taken {
		return ErrTaken
	}
	u := &models.User{Email: email}
	err = u.Insert(ctx, r.db, boil.Infer()) // ok: 23505 handled
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return ErrTaken
	}
	return err
}
