package repo

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

var ErrNotFound = errors.New("not found")

type Repo struct{ db *sql.DB }

func (r *Repo) Exists(ctx context.Context, email string) (bool, error) { // want Exists:"select users email=p2 read:exists->r0 on p0.db found:bool@r0 err@r1"
	var ok bool
	err := r.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)", email).Scan(&ok)
	return ok, err
}

func (r *Repo) Find(ctx context.Context, id int64) (string, error) { // want Find:"select users id=p2 read:name->r0 on p0.db found:err@r1 err@r1"
	var name string
	err := r.db.QueryRowContext(ctx, "SELECT name FROM users WHERE id = $1", id).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}

func (r *Repo) Insert(ctx context.Context, email string) error { // want Insert:"insert users set:email=p2 on p0.db err@r0 uniquehandled"
	_, err := r.db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	if err != nil && strings.Contains(err.Error(), "duplicate key") {
		return nil
	}
	return err
}

// Query is an executor wrapper: the SQL comes from its caller.
func (r *Repo) Query(ctx context.Context, q string, args ...any) *sql.Row { // want Query:"wrapper sql=p2"
	return r.db.QueryRowContext(ctx, q, args...)
}

func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) } // want IsNotFound:"notfound-test p0"

func IsDup(err error) bool { return strings.Contains(err.Error(), "UNIQUE constraint failed") } // want IsDup:"unique-test p0"

// ValidCodes returns the unexpired codes of an email, one per row: the
// slice is empty when the query found none.
func (r *Repo) ValidCodes(ctx context.Context, email string, now int64) ([]string, error) { // want ValidCodes:"select login_codes email=p2 expires_at>p3 read:code->r0\\[\\] on p0.db found:len@r0 err@r1"
	rows, err := r.db.QueryContext(ctx, "SELECT code FROM login_codes WHERE email = $1 AND expires_at > $2", email, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	codes := make([]string, 0)
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return codes, err
		}
		codes = append(codes, c)
	}
	return codes, rows.Err()
}

// CodesOrDefault starts the slice with a code of its own: its length says
// nothing about the rows.
func (r *Repo) CodesOrDefault(ctx context.Context, email string) ([]string, error) { // want CodesOrDefault:"select login_codes email=p2 read:code->r0\\[\\] on p0.db err@r1"
	rows, err := r.db.QueryContext(ctx, "SELECT code FROM login_codes WHERE email = $1", email)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	codes := []string{"0000"}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		codes = append(codes, c)
	}
	return codes, nil
}

var (
	ErrPending = errors.New("code pending")
	ErrUsed    = errors.New("code used")
)

// CheckFree fails when a code is pending and then when the email is used:
// ErrUsed is another check's, not what the codes lookup reports: a nil
// error still says no code is pending (found:refuse).
func (r *Repo) CheckFree(ctx context.Context, email string, now int64) error { // want CheckFree:"^select login_codes email=p2 expires_at>p3 on p0.db found:refuse@r0 err@r0$"
	codes, err := r.ValidCodes(ctx, email, now)
	if err != nil {
		return err
	}
	if len(codes) != 0 {
		return ErrPending
	}
	if strings.HasSuffix(email, ".invalid") {
		return ErrUsed
	}
	return nil
}

// UserNotFoundError is a not-found error of the application's own type.
type UserNotFoundError struct{}

func (UserNotFoundError) Error() string { return "user not found" }

type User struct{ Name string }

// FindUser says "not found" with a nil row and an error value of its own
// type: the error is the signal, as a sentinel would be.
func (r *Repo) FindUser(ctx context.Context, id int64) (*User, error) { // want FindUser:"select users id=p2 read:name->r0.Name on p0.db found:err@r1 err@r1"
	u := &User{}
	if err := r.db.QueryRowContext(ctx, "SELECT name FROM users WHERE id = $1", id).Scan(&u.Name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, UserNotFoundError{}
		}
		return nil, err
	}
	return u, nil
}

// HasArticle swallows "no rows": a constant column scanned into a bool
// stays false when no row matched, so the bool says whether one did.
func (r *Repo) HasArticle(tx *sql.Tx, sourceID int64, digest string) (bool, error) { // want HasArticle:"select articles source_id=p2 digest=p3 read:true->r0 on p1 found:bool@r0 err@r1" HasArticle:"leaves p0 unnamed"
	var seen bool
	err := tx.QueryRow("SELECT true FROM articles WHERE source_id = $1 AND digest = $2 LIMIT 1", sourceID, digest).Scan(&seen)
	if err != nil && err != sql.ErrNoRows {
		return seen, err
	}
	return seen, nil
}

// ArticleID returns 0 for "no rows": a key is never 0 in a row that exists.
func (r *Repo) ArticleID(tx *sql.Tx, sourceID int64, digest string) (int64, error) { // want ArticleID:"select articles source_id=p2 digest=p3 read:id->r0 on p1 found:count@r0 err@r1" ArticleID:"leaves p0 unnamed"
	var id int64
	err := tx.QueryRow("SELECT id FROM articles WHERE source_id = $1 AND digest = $2", sourceID, digest).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return id, nil
}

// WordCount returns 0 for "no rows" too, but a row that exists may count
// 0 words: the number says nothing about the row, and neither does the
// error (nil for "no rows", returned only once "no rows" was ruled out).
func (r *Repo) WordCount(tx *sql.Tx, sourceID int64, digest string) (int, error) { // want WordCount:"select articles source_id=p2 digest=p3 read:word_count->r0 on p1 err@r1" WordCount:"leaves p0 unnamed"
	var n int
	err := tx.QueryRow("SELECT word_count FROM articles WHERE source_id = $1 AND digest = $2", sourceID, digest).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

// ArticleIDOrErr returns the error: its callers test it for "no rows".
func (r *Repo) ArticleIDOrErr(tx *sql.Tx, sourceID int64, digest string) (int64, error) { // want ArticleIDOrErr:"select articles source_id=p2 digest=p3 read:id->r0 on p1 found:err@r1 err@r1" ArticleIDOrErr:"leaves p0 unnamed"
	var id int64
	err := tx.QueryRow("SELECT id FROM articles WHERE source_id = $1 AND digest = $2", sourceID, digest).Scan(&id)
	return id, err
}

var ErrCap = errors.New("cap reached")

type Coupon struct {
	Code    string
	Uses    int
	MaxUses *int
	Active  bool
}

// CheckCap is a validation helper: it fails when the count reached the
// cap, so its callers' writes are decided by the fields it compares.
func CheckCap(c Coupon) error { // want CheckCap:"check r0 error when p0.Uses >= p0.MaxUses"
	if c.MaxUses != nil && c.Uses >= *c.MaxUses {
		return ErrCap
	}
	return nil
}

// CanSpend is a predicate: false when the balance is short.
func CanSpend(balance struct{ Cents int64 }, cents int64) bool { // want CanSpend:"check r0 false when p0.Cents < p1"
	if balance.Cents < cents {
		return false
	}
	return true
}

// Usable chains a flag check and CheckCap's checks.
func Usable(c *Coupon) error { // want Usable:"check r0 error when p0.Active == false; check r0 error when p0.Uses >= p0.MaxUses"
	if !c.Active {
		return errors.New("inactive")
	}
	if err := CheckCap(*c); err != nil {
		return err
	}
	return nil
}

// Describe fails on every path: it checks nothing.
func Describe(c Coupon) error {
	if c.Uses > 0 {
		return errors.New("used")
	}
	return errors.New("unused")
}
