package main

import "strings"

// tmplText holds one template per file kind. ‵ stands for a backquote,
// which a Go raw string cannot hold.
var tmplText = strings.ReplaceAll(rawTemplates, "‵", "`")

const rawTemplates = `
{{define "readme"}}# synthetic service

Written by idemvet's bench/gen (-pkgs {{.N}}) for benchmarks. It compiles, and
it is not a program anyone should run.
{{end}}

{{define "dbx"}}// Package dbx holds the database helpers of the synthetic service.
package dbx

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// ErrConflict reports an optimistic-locking conflict.
var ErrConflict = errors.New("conflict: the row changed")

// Open opens the pool.
func Open(dsn string) (*sql.DB, error) { return sql.Open("postgres", dsn) }

// WithTx runs fn inside a transaction on db and commits when fn succeeds.
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// WithSerializableTx is WithTx at SERIALIZABLE isolation.
func WithSerializableTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// IsUniqueViolation recognizes a unique violation by the driver's message.
func IsUniqueViolation(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "duplicate key") || strings.Contains(err.Error(), "23505"))
}
{{end}}

{{define "httpx"}}// Package httpx sends HTTP requests with retries.
package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Do sends req up to attempts times, backing off, on transport errors and
// 5xx responses.
func Do(ctx context.Context, c *http.Client, req *http.Request, attempts int) (*http.Response, error) {
	var lastErr error
	for i := 0; i < attempts; i++ {
		resp, err := c.Do(req.Clone(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(i+1) * 100 * time.Millisecond):
		}
	}
	return nil, errors.Join(errors.New("httpx: giving up"), lastErr)
}
{{end}}

{{define "config"}}// Package config reads the server's configuration.
package config

import (
	"flag"
	"os"
	"strconv"
	"time"
)

// Config is the server's configuration.
type Config struct {
	Addr    string
	DSN     string
	Timeout time.Duration
	Workers int
}

// Load reads flags, with environment variables as defaults.
func Load(args []string) (*Config, error) {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	c := &Config{}
	fs.StringVar(&c.Addr, "addr", env("ADDR", ":8080"), "listen address")
	fs.StringVar(&c.DSN, "dsn", env("DATABASE_URL", "postgres://localhost/app"), "database")
	fs.DurationVar(&c.Timeout, "timeout", 10*time.Second, "request timeout")
	workers, _ := strconv.Atoi(env("WORKERS", "4"))
	fs.IntVar(&c.Workers, "workers", workers, "background workers")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	return c, nil
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}
{{end}}

{{define "util"}}// Package {{.Name}} is a database-free utility package of the synthetic
// service.
package {{.Name}}

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
{{range .Utils}}
	"{{.Path}}"{{end}}
)

// Normalize trims, collapses and lower-cases s.
func Normalize(s string) string {
	s = strings.TrimSpace(s)
{{range .Utils}}	s = {{.Name}}.Collapse(s)
{{end}}	return strings.ToLower(Collapse(s))
}

// Collapse replaces runs of white space by one space.
func Collapse(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// Slug turns s into a URL path element.
func Slug(s string) string {
	var b strings.Builder
	for _, r := range Normalize(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// Hash returns the hex SHA-256 of parts separated by NUL bytes.
func Hash(parts ...string) string {
	h := sha256.New()
	for i, p := range parts {
		if i > 0 {
			h.Write([]byte{0})
		}
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Money is an amount in minor units.
type Money struct {
	Cents    int64  ‵json:"cents"‵
	Currency string ‵json:"currency"‵
}

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Cents/100, abs(m.Cents%100), m.Currency)
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// ErrMoney reports a malformed amount.
var ErrMoney = errors.New("{{.Name}}: malformed amount")

// ParseMoney parses "12.34 EUR".
func ParseMoney(s string) (Money, error) {
	amount, cur, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok || len(cur) != 3 {
		return Money{}, ErrMoney
	}
	units, frac, _ := strings.Cut(amount, ".")
	u, err := strconv.ParseInt(units, 10, 64)
	if err != nil {
		return Money{}, fmt.Errorf("%w: %v", ErrMoney, err)
	}
	var f int64
	if frac != "" {
		if len(frac) > 2 {
			return Money{}, ErrMoney
		}
		if f, err = strconv.ParseInt(frac, 10, 64); err != nil {
			return Money{}, ErrMoney
		}
		if len(frac) == 1 {
			f *= 10
		}
	}
	return Money{Cents: u*100 + f, Currency: strings.ToUpper(cur)}, nil
}

// Page is one page of a listing.
type Page[T any] struct {
	Items []T    ‵json:"items"‵
	Next  string ‵json:"next,omitempty"‵
}

// Paginate returns the page of size items that starts at cursor.
func Paginate[T any](items []T, size int, cursor string) (Page[T], error) {
	start := 0
	if cursor != "" {
		n, err := strconv.Atoi(cursor)
		if err != nil || n < 0 || n > len(items) {
			return Page[T]{}, fmt.Errorf("bad cursor %q", cursor)
		}
		start = n
	}
	end := min(start+size, len(items))
	p := Page[T]{Items: items[start:end]}
	if end < len(items) {
		p.Next = strconv.Itoa(end)
	}
	return p, nil
}

// SortedKeys returns m's keys in order.
func SortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Window is a fixed-window rate limiter.
type Window struct {
	Limit  int
	Period time.Duration
	start  time.Time
	count  int
}

// Allow reports whether one more event fits in the current window.
func (w *Window) Allow(now time.Time) bool {
	if now.Sub(w.start) >= w.Period {
		w.start, w.count = now, 0
	}
	if w.count >= w.Limit {
		return false
	}
	w.count++
	return true
}

// Event is an audit record.
type Event struct {
	Kind   string            ‵json:"kind"‵
	At     time.Time         ‵json:"at"‵
	Actor  string            ‵json:"actor"‵
	Amount Money             ‵json:"amount"‵
	Labels map[string]string ‵json:"labels,omitempty"‵
}

// Encode marshals e.
func Encode(e Event) ([]byte, error) { return json.Marshal(e) }

// Decode unmarshals an Event.
func Decode(data []byte) (Event, error) {
	var e Event
	err := json.Unmarshal(data, &e)
	return e, err
}
{{end}}

{{define "util_more"}}package {{.Name}}

import (
	"bufio"
	"bytes"
	"container/list"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"
)

var emailRE = regexp.MustCompile("^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$")

// ValidEmail reports whether s looks like an e-mail address.
func ValidEmail(s string) bool { return emailRE.MatchString(Normalize(s)) }

// LRU is a least-recently-used cache safe for concurrent use.
type LRU struct {
	mu    sync.Mutex
	cap   int
	ll    *list.List
	items map[string]*list.Element
}

type entry struct {
	key   string
	value any
}

// NewLRU returns a cache of n entries.
func NewLRU(n int) *LRU { return &LRU{cap: n, ll: list.New(), items: map[string]*list.Element{}} }

// Get returns the value cached for key.
func (c *LRU) Get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*entry).value, true
	}
	return nil, false
}

// Put caches value for key.
func (c *LRU) Put(key string, value any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		el.Value.(*entry).value = value
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&entry{key, value})
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

// Histogram collects samples.
type Histogram struct{ values []float64 }

// Add records v.
func (h *Histogram) Add(v float64) { h.values = append(h.values, v) }

// Percentile returns the p-th percentile (0 < p <= 100).
func (h *Histogram) Percentile(p float64) float64 {
	if len(h.values) == 0 {
		return math.NaN()
	}
	sorted := append([]float64(nil), h.values...)
	sort.Float64s(sorted)
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(i, 0)]
}

// Mean returns the average.
func (h *Histogram) Mean() float64 {
	var sum float64
	for _, v := range h.values {
		sum += v
	}
	return sum / float64(len(h.values))
}

// StdDev returns the standard deviation.
func (h *Histogram) StdDev() float64 {
	m := h.Mean()
	var sum float64
	for _, v := range h.values {
		sum += (v - m) * (v - m)
	}
	return math.Sqrt(sum / float64(len(h.values)))
}

// ReadLines returns the lines of r that are neither blank nor comments.
func ReadLines(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

// Table renders rows as aligned columns.
func Table(rows [][]string) string {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len(cell))
		}
	}
	var buf bytes.Buffer
	for _, row := range rows {
		for i, cell := range row {
			if i > 0 {
				buf.WriteString("  ")
			}
			fmt.Fprintf(&buf, "%-*s", widths[i], cell)
		}
		buf.WriteByte('\n')
	}
	return buf.String()
}

// State is the life cycle of a record.
type State int

const (
	Pending State = iota
	Active
	Suspended
	Closed
)

func (s State) String() string {
	switch s {
	case Pending:
		return "pending"
	case Active:
		return "active"
	case Suspended:
		return "suspended"
	case Closed:
		return "closed"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Next returns the state after event.
func (s State) Next(event string) (State, error) {
	switch {
	case s == Pending && event == "activate":
		return Active, nil
	case s == Active && event == "suspend":
		return Suspended, nil
	case s == Suspended && event == "resume":
		return Active, nil
	case s != Closed && event == "close":
		return Closed, nil
	}
	return s, fmt.Errorf("{{.Name}}: no transition from %s on %q", s, event)
}
{{end}}

{{define "util_test"}}package {{.Name}}

import (
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	if got := Slug("  Hello   World "); got != "hello-world" {
		t.Errorf("Slug = %q", got)
	}
}

func TestParseMoney(t *testing.T) {
	m, err := ParseMoney("12.3 eur")
	if err != nil || m.Cents != 1230 || m.Currency != "EUR" {
		t.Fatalf("ParseMoney = %v, %v", m, err)
	}
}

func TestReadLines(t *testing.T) {
	lines, err := ReadLines(strings.NewReader("a\n# c\n\nb\n"))
	if err != nil || len(lines) != 2 {
		t.Fatalf("ReadLines = %q, %v", lines, err)
	}
}
{{end}}

{{define "client"}}{{$u := index .Utils 0}}// Package {{.Name}} is the HTTP client of a partner's payment API.
package {{.Name}}

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"{{.Mod}}/internal/platform/httpx"
	"{{$u.Path}}"
)

// Client talks to the partner.
type Client struct {
	Base  *url.URL
	HTTP  *http.Client
	Token string
}

// New returns a client of the API at base.
func New(base, token string) (*Client, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return &Client{Base: u, HTTP: &http.Client{Timeout: 10 * time.Second}, Token: token}, nil
}

// ChargeRequest is the body of a charge.
type ChargeRequest struct {
	Account   int64        ‵json:"account"‵
	Amount    {{$u.Name}}.Money ‵json:"amount"‵
	Reference string       ‵json:"reference"‵
}

// ChargeResponse is the partner's answer.
type ChargeResponse struct {
	ID     string ‵json:"id"‵
	Status string ‵json:"status"‵
}

func (c *Client) newRequest(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base.JoinPath(path).String(), r)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

func decode(resp *http.Response, out any) error {
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("{{.Name}}: %s: %s", resp.Status, msg)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
{{if .Hazard}}
// Charge retries the POST on failure with a key minted in each attempt.
func (c *Client) Charge(ctx context.Context, account int64, amount {{$u.Name}}.Money) (*ChargeResponse, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, "/v1/charges", ChargeRequest{Account: account, Amount: amount, Reference: strconv.Itoa(attempt)})
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", {{$u.Name}}.Hash(strconv.FormatInt(account, 10), time.Now().String()))
		resp, err := c.HTTP.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
			continue
		}
		var out ChargeResponse
		if err := decode(resp, &out); err != nil {
			lastErr = err
			continue
		}
		return &out, nil
	}
	return nil, lastErr
}
{{else}}
// Charge retries the POST with one idempotency key for every attempt.
func (c *Client) Charge(ctx context.Context, account int64, amount {{$u.Name}}.Money) (*ChargeResponse, error) {
	key := {{$u.Name}}.Hash(strconv.FormatInt(account, 10), amount.String(), time.Now().Format(time.RFC3339Nano))
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, "/v1/charges", ChargeRequest{Account: account, Amount: amount, Reference: key})
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.HTTP.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
			continue
		}
		var out ChargeResponse
		if err := decode(resp, &out); err != nil {
			lastErr = err
			continue
		}
		return &out, nil
	}
	return nil, lastErr
}
{{end}}
// Lookup fetches a charge.
func (c *Client) Lookup(ctx context.Context, id string) (*ChargeResponse, error) {
	req, err := c.newRequest(ctx, http.MethodGet, "/v1/charges/"+url.PathEscape(id), nil)
	if err != nil {
		return nil, err
	}
	resp, err := httpx.Do(ctx, c.HTTP, req, 3)
	if err != nil {
		return nil, err
	}
	var out ChargeResponse
	return &out, decode(resp, &out)
}
{{end}}

{{define "client_more"}}{{$u := index .Utils 0}}package {{.Name}}

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"{{.Mod}}/internal/platform/httpx"
	"{{$u.Path}}"
)

// Notifier posts audit events to the partner's webhook, rate limited.
type Notifier struct {
	C      *Client
	mu     sync.Mutex
	window {{$u.Name}}.Window
}

// Notify posts e unless the rate limit is reached; it reports whether it
// posted.
func (n *Notifier) Notify(ctx context.Context, e {{$u.Name}}.Event) (bool, error) {
	n.mu.Lock()
	if n.window.Limit == 0 {
		n.window = {{$u.Name}}.Window{Limit: 100, Period: time.Second}
	}
	ok := n.window.Allow(time.Now())
	n.mu.Unlock()
	if !ok {
		return false, nil
	}
	req, err := n.C.newRequest(ctx, http.MethodPut, "/v1/events/"+{{$u.Name}}.Hash(e.Kind, e.Actor, e.At.String()), e)
	if err != nil {
		return false, err
	}
	resp, err := httpx.Do(ctx, n.C.HTTP, req, 2)
	if err != nil {
		return false, err
	}
	return true, decode(resp, new(struct{}))
}

// ListCharges pages through an account's charges.
func (c *Client) ListCharges(ctx context.Context, account int64, since time.Time) ([]ChargeResponse, error) {
	var all []ChargeResponse
	cursor := ""
	for page := 0; page < 50; page++ {
		q := url.Values{"account": {strconv.FormatInt(account, 10)}, "since": {since.Format(time.RFC3339)}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		req, err := c.newRequest(ctx, http.MethodGet, "/v1/charges?"+q.Encode(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return nil, err
		}
		var p {{$u.Name}}.Page[ChargeResponse]
		if err := decode(resp, &p); err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if p.Next == "" {
			break
		}
		cursor = p.Next
	}
	return all, nil
}
{{end}}

{{define "repo"}}{{$u := index .Utils 0}}// Package {{.Name}} is the database/sql repository of {{.Table}}.
package {{.Name}}

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"{{.Mod}}/internal/platform/dbx"
	"{{$u.Path}}"
)

// ErrNotFound reports a missing row.
var ErrNotFound = errors.New("{{.Table}}: not found")

// ErrTaken reports an e-mail address in use.
var ErrTaken = errors.New("{{.Table}}: address taken")

// {{.Entity}} is a row of {{.Table}}.
type {{.Entity}} struct {
	ID        int64
	Email     string
	Name      string
	Balance   int64
	Version   int64
	Status    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Repo runs the statements of {{.Table}}.
type Repo struct{ DB *sql.DB }

// New returns the repository on db.
func New(db *sql.DB) *Repo { return &Repo{DB: db} }

// ByEmail returns ErrNotFound when no row has the address.
func (r *Repo) ByEmail(ctx context.Context, email string) (*{{.Entity}}, error) {
	var e {{.Entity}}
	err := r.DB.QueryRowContext(ctx, "SELECT id, email, name, balance, version, status, created_at, updated_at FROM {{.Table}} WHERE email = $1", {{$u.Name}}.Normalize(email)).
		Scan(&e.ID, &e.Email, &e.Name, &e.Balance, &e.Version, &e.Status, &e.CreatedAt, &e.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("{{.Table}} by email: %w", err)
	}
	return &e, nil
}

// Get returns the row with id.
func (r *Repo) Get(ctx context.Context, id int64) (*{{.Entity}}, error) {
	var e {{.Entity}}
	err := r.DB.QueryRowContext(ctx, "SELECT id, email, name, balance, version, status, created_at, updated_at FROM {{.Table}} WHERE id = $1", id).
		Scan(&e.ID, &e.Email, &e.Name, &e.Balance, &e.Version, &e.Status, &e.CreatedAt, &e.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("{{.Table}} %d: %w", id, err)
	}
	return &e, nil
}

// Create inserts a row and returns its id.
func (r *Repo) Create(ctx context.Context, email, name string) (int64, error) {
	var id int64
	err := r.DB.QueryRowContext(ctx, "INSERT INTO {{.Table}} (email, name, status) VALUES ($1, $2, 'active') RETURNING id", email, name).Scan(&id)
	return id, err
}

// CreateIfAbsent inserts unless the address is taken; created is false
// when it was.
func (r *Repo) CreateIfAbsent(ctx context.Context, email, name string) (created bool, err error) {
	res, err := r.DB.ExecContext(ctx, "INSERT INTO {{.Table}} (email, name, status) VALUES ($1, $2, 'active') ON CONFLICT (email) DO NOTHING", email, name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetBalance writes a balance the caller computed.
func (r *Repo) SetBalance(ctx context.Context, id, balance int64) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE {{.Table}} SET balance = $2 WHERE id = $1", id, balance)
	return err
}

// AddBalance adds delta to the balance in the database.
func (r *Repo) AddBalance(ctx context.Context, id, delta int64) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE {{.Table}} SET balance = balance + $2 WHERE id = $1", id, delta)
	return err
}

// Rename changes the name if the row is still at version.
func (r *Repo) Rename(ctx context.Context, id, version int64, name string) error {
	res, err := r.DB.ExecContext(ctx, "UPDATE {{.Table}} SET name = $3, version = version + 1, updated_at = now() WHERE id = $1 AND version = $2", id, version, name)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return dbx.ErrConflict
	}
	return nil
}

// List returns rows by status, newest first.
func (r *Repo) List(ctx context.Context, status string, limit int) ([]{{.Entity}}, error) {
	rows, err := r.DB.QueryContext(ctx, "SELECT id, email, name, balance, version, status, created_at, updated_at FROM {{.Table}} WHERE status = $1 ORDER BY created_at DESC LIMIT $2", status, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []{{.Entity}}
	for rows.Next() {
		var e {{.Entity}}
		if err := rows.Scan(&e.ID, &e.Email, &e.Name, &e.Balance, &e.Version, &e.Status, &e.CreatedAt, &e.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Transfer moves amount between two rows under row locks.
func (r *Repo) Transfer(ctx context.Context, from, to, amount int64) error {
	return dbx.WithTx(ctx, r.DB, func(tx *sql.Tx) error {
		var balance int64
		if err := tx.QueryRowContext(ctx, "SELECT balance FROM {{.Table}} WHERE id = $1 FOR UPDATE", from).Scan(&balance); err != nil {
			return err
		}
		if balance < amount {
			return fmt.Errorf("{{.Table}} %d: insufficient balance", from)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE {{.Table}} SET balance = balance - $2 WHERE id = $1", from, amount); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE {{.Table}} SET balance = balance + $2 WHERE id = $1", to, amount)
		return err
	})
}
{{end}}

{{define "repo_more"}}package {{.Name}}

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
{{if not .Hazard}}
	"{{.Mod}}/internal/platform/dbx"
{{end}})
{{if .Hazard}}
// Register looks the address up and inserts when it is free.
func (r *Repo) Register(ctx context.Context, email, name string) (int64, error) {
	var existing int64
	err := r.DB.QueryRowContext(ctx, "SELECT id FROM {{.Table}} WHERE email = $1", email).Scan(&existing)
	if err == nil {
		return 0, ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	var id int64
	err = r.DB.QueryRowContext(ctx, "INSERT INTO {{.Table}} (email, name) VALUES ($1, $2) RETURNING id", email, name).Scan(&id)
	return id, err
}

// Deposit reads the balance, adds in Go and writes the sum back.
func (r *Repo) Deposit(ctx context.Context, id, amount int64) error {
	var balance int64
	if err := r.DB.QueryRowContext(ctx, "SELECT balance FROM {{.Table}} WHERE id = $1", id).Scan(&balance); err != nil {
		return err
	}
	_, err := r.DB.ExecContext(ctx, "UPDATE {{.Table}} SET balance = $2 WHERE id = $1", id, balance+amount)
	return err
}
{{else}}
// Register looks the address up for a friendly error and lets the unique
// constraint decide.
func (r *Repo) Register(ctx context.Context, email, name string) (int64, error) {
	var existing int64
	err := r.DB.QueryRowContext(ctx, "SELECT id FROM {{.Table}} WHERE email = $1", email).Scan(&existing)
	if err == nil {
		return 0, ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	var id int64
	err = r.DB.QueryRowContext(ctx, "INSERT INTO {{.Table}} (email, name) VALUES ($1, $2) RETURNING id", email, name).Scan(&id)
	if dbx.IsUniqueViolation(err) {
		return 0, ErrTaken
	}
	return id, err
}

// Deposit reads the balance under a row lock, adds in Go and writes the
// sum back in the same transaction.
func (r *Repo) Deposit(ctx context.Context, id, amount int64) error {
	return dbx.WithTx(ctx, r.DB, func(tx *sql.Tx) error {
		var balance int64
		if err := tx.QueryRowContext(ctx, "SELECT balance FROM {{.Table}} WHERE id = $1 FOR UPDATE", id).Scan(&balance); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE {{.Table}} SET balance = $2 WHERE id = $1", id, balance+amount)
		return err
	})
}
{{end}}
// SetStatus moves the row from one status to another; it reports whether
// the row was in the expected status.
func (r *Repo) SetStatus(ctx context.Context, id int64, from, to string) (bool, error) {
	res, err := r.DB.ExecContext(ctx, "UPDATE {{.Table}} SET status = $3 WHERE id = $1 AND status = $2", id, from, to)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Stats sums balances by status.
func (r *Repo) Stats(ctx context.Context) (map[string]int64, error) {
	rows, err := r.DB.QueryContext(ctx, "SELECT status, SUM(balance) FROM {{.Table}} GROUP BY status")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var status string
		var sum int64
		if err := rows.Scan(&status, &sum); err != nil {
			return nil, err
		}
		out[status] = sum
	}
	return out, rows.Err()
}

// Search returns the ids whose column starts with prefix.
func (r *Repo) Search(ctx context.Context, column, prefix string, limit int) ([]int64, error) {
	switch column {
	case "name", "email":
	default:
		return nil, fmt.Errorf("{{.Table}}: cannot search by %q", column)
	}
	q := fmt.Sprintf("SELECT id FROM {{.Table}} WHERE %s LIKE $1 ORDER BY id LIMIT $2", column)
	rows, err := r.DB.QueryContext(ctx, q, prefix+"%", limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Purge deletes the closed rows last updated before cutoff.
func (r *Repo) Purge(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := r.DB.ExecContext(ctx, "DELETE FROM {{.Table}} WHERE status = 'closed' AND updated_at < $1", cutoff)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
{{end}}

{{define "repo_test"}}package {{.Name}}

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrors(t *testing.T) {
	if !errors.Is(fmt.Errorf("wrapped: %w", ErrNotFound), ErrNotFound) {
		t.Fatal("ErrNotFound does not unwrap")
	}
}
{{end}}

{{define "service"}}{{$u := index .Utils 0}}{{$r := index .Repos 0}}// Package {{.Name}} is the service of {{.Table}}.
package {{.Name}}

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"{{.Client.Path}}"
{{range .Repos}}	"{{.Path}}"
{{end}}{{if .Prev}}	"{{.Prev.Path}}"
{{end}}	"{{$u.Path}}"
)

// ErrTaken reports an address in use.
var ErrTaken = errors.New("{{.Name}}: address taken")

// Service holds the use cases of {{.Table}}.
type Service struct {
	Repo *{{$r.Name}}.Repo
{{if gt (len .Repos) 1}}	Other *{{(index .Repos 1).Name}}.Repo
{{end}}	Pay  *{{.Client.Name}}.Client
	Log  *slog.Logger
{{if .Prev}}	Prev *{{.Prev.Name}}.Service
{{end}}}

// New wires the service on db.
func New(db *sql.DB, log *slog.Logger) (*Service, error) {
	pay, err := {{.Client.Name}}.New("https://partner.example/{{.Index}}", "token")
	if err != nil {
		return nil, err
	}
	s := &Service{Repo: {{$r.Name}}.New(db), Pay: pay, Log: log}
{{if gt (len .Repos) 1}}	s.Other = {{(index .Repos 1).Name}}.New(db)
{{end}}{{if .Prev}}	if s.Prev, err = {{.Prev.Name}}.New(db, log); err != nil {
		return nil, err
	}
{{end}}	return s, nil
}
{{if .Hazard}}
// Signup checks the address, then creates the row.
func (s *Service) Signup(ctx context.Context, email, name string) (int64, error) {
	_, err := s.Repo.ByEmail(ctx, email)
	if err == nil {
		return 0, ErrTaken
	}
	if !errors.Is(err, {{$r.Name}}.ErrNotFound) {
		return 0, err
	}
	return s.Repo.Create(ctx, email, name)
}

// Credit reads the balance and writes back the sum.
func (s *Service) Credit(ctx context.Context, id, amount int64) error {
	e, err := s.Repo.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.Repo.SetBalance(ctx, id, e.Balance+amount)
}
{{else}}
// Signup lets ON CONFLICT decide whether the address is free.
func (s *Service) Signup(ctx context.Context, email, name string) (int64, error) {
	created, err := s.Repo.CreateIfAbsent(ctx, email, name)
	if err != nil {
		return 0, err
	}
	if !created {
		return 0, ErrTaken
	}
	e, err := s.Repo.ByEmail(ctx, email)
	if err != nil {
		return 0, err
	}
	return e.ID, nil
}

// Credit adds amount in the database.
func (s *Service) Credit(ctx context.Context, id, amount int64) error {
	return s.Repo.AddBalance(ctx, id, amount)
}
{{end}}
// Checkout charges the partner and records the payment.
func (s *Service) Checkout(ctx context.Context, id int64, amount {{$u.Name}}.Money) (string, error) {
	e, err := s.Repo.Get(ctx, id)
	if err != nil {
		return "", err
	}
	if e.Status != "active" {
		return "", fmt.Errorf("{{.Table}} %d is %s", id, e.Status)
	}
	ch, err := s.Pay.Charge(ctx, id, amount)
	if err != nil {
		return "", err
	}
	if err := s.Repo.AddBalance(ctx, id, -amount.Cents); err != nil {
		return "", err
	}
	s.Log.InfoContext(ctx, "checkout", "id", id, "charge", ch.ID, "amount", amount.String())
	return ch.ID, nil
}

// CheckoutText is Checkout with the amount as text ("12.34 EUR").
func (s *Service) CheckoutText(ctx context.Context, id int64, amount string) (string, error) {
	m, err := {{$u.Name}}.ParseMoney(amount)
	if err != nil {
		return "", err
	}
	return s.Checkout(ctx, id, m)
}
{{end}}

{{define "service_more"}}{{$u := index .Utils 0}}{{$r := index .Repos 0}}package {{.Name}}

import (
	"context"
	"errors"
	"time"

	"{{.Mod}}/internal/platform/dbx"
{{if .Prev}}	"{{.Prev.Path}}"
{{end}}	"{{$u.Path}}"
)

// Rename renames with optimistic versioning, retrying on conflict.
func (s *Service) Rename(ctx context.Context, id int64, name string) error {
	for attempt := 0; attempt < 3; attempt++ {
		e, err := s.Repo.Get(ctx, id)
		if err != nil {
			return err
		}
		err = s.Repo.Rename(ctx, id, e.Version, {{$u.Name}}.Collapse(name))
		if !errors.Is(err, dbx.ErrConflict) {
			return err
		}
	}
	return dbx.ErrConflict
}

// Report summarizes the active rows.
type Report struct {
	Count    int
	Total    {{$u.Name}}.Money
	Median   float64
	ByDomain map[string]int
	Domains  []string
}

// Report computes the summary.
func (s *Service) Report(ctx context.Context) (*Report, error) {
	items, err := s.Repo.List(ctx, "active", 500)
	if err != nil {
		return nil, err
	}
	rep := &Report{Count: len(items), Total: {{$u.Name}}.Money{Currency: "EUR"}, ByDomain: map[string]int{}}
	var h {{$u.Name}}.Histogram
	for _, e := range items {
		rep.Total.Cents += e.Balance
		h.Add(float64(e.Balance))
		if _, domain, ok := cut(e.Email, '@'); ok {
			rep.ByDomain[{{$u.Name}}.Normalize(domain)]++
		}
	}
	if len(items) > 0 {
		rep.Median = h.Percentile(50)
	}
	rep.Domains = {{$u.Name}}.SortedKeys(rep.ByDomain)
	return rep, nil
}

func cut(s string, sep byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// Expire closes the rows not updated for 30 days.
func (s *Service) Expire(ctx context.Context, now time.Time) (int, error) {
	items, err := s.Repo.List(ctx, "active", 1000)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range items {
		if now.Sub(e.UpdatedAt) < 30*24*time.Hour {
			continue
		}
		ok, err := s.Repo.SetStatus(ctx, e.ID, "active", "closed")
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}
{{if gt (len .Repos) 1}}
// Link marks the other record linked when both share an address.
func (s *Service) Link(ctx context.Context, id, otherID int64) (bool, error) {
	a, err := s.Repo.Get(ctx, id)
	if err != nil {
		return false, err
	}
	b, err := s.Other.Get(ctx, otherID)
	if err != nil {
		return false, err
	}
	if {{$u.Name}}.Normalize(a.Email) != {{$u.Name}}.Normalize(b.Email) {
		return false, nil
	}
	return s.Other.SetStatus(ctx, otherID, "active", "linked")
}
{{end}}{{if .Prev}}
// SignupBoth signs the address up here and in {{.Prev.Name}}.
func (s *Service) SignupBoth(ctx context.Context, email, name string) (int64, error) {
	if _, err := s.Prev.Signup(ctx, email, name); err != nil && !errors.Is(err, {{.Prev.Name}}.ErrTaken) {
		return 0, err
	}
	return s.Signup(ctx, email, name)
}
{{end}}{{end}}

{{define "service_test"}}package {{.Name}}

import (
	"errors"
	"fmt"
	"testing"
)

func TestCut(t *testing.T) {
	if a, b, ok := cut("x@y", '@'); !ok || a != "x" || b != "y" {
		t.Fatal("cut")
	}
	if !errors.Is(fmt.Errorf("w: %w", ErrTaken), ErrTaken) {
		t.Fatal("ErrTaken")
	}
}
{{end}}

{{define "handler"}}{{$u := index .Utils 0}}// Package {{.Name}} is an HTTP API of the synthetic service.
package {{.Name}}

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

{{range .Services}}	"{{.Path}}"
{{end}}	"{{$u.Path}}"
)

// API serves its services' routes.
type API struct {
{{range $i, $s := .Services}}	S{{$i}} *{{$s.Name}}.Service
{{end}}	Log *slog.Logger
}

// New wires the API on db.
func New(db *sql.DB, log *slog.Logger) (*API, error) {
	a := &API{Log: log}
	var err error
{{range $i, $s := .Services}}	if a.S{{$i}}, err = {{$s.Name}}.New(db, log); err != nil {
		return nil, err
	}
{{end}}	_ = err
	return a, nil
}

// Routes registers the API's routes on mux.
func (a *API) Routes(mux *http.ServeMux) {
{{range $i, $s := .Services}}	mux.HandleFunc("POST /{{$s.Table}}/signup", a.signup{{$i}})
	mux.HandleFunc("POST /{{$s.Table}}/{id}/credit", a.credit{{$i}})
	mux.HandleFunc("POST /{{$s.Table}}/{id}/checkout", a.checkout{{$i}})
	mux.HandleFunc("GET /{{$s.Table}}/report", a.report{{$i}})
{{end}}}

type signupRequest struct {
	Email string ‵json:"email"‵
	Name  string ‵json:"name"‵
}

func pathID(r *http.Request) (int64, error) { return strconv.ParseInt(r.PathValue("id"), 10, 64) }
{{range $i, $s := .Services}}
func (a *API) signup{{$i}}(w http.ResponseWriter, r *http.Request) {
	var req signupRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		a.fail(w, http.StatusBadRequest, err)
		return
	}
	if !{{$u.Name}}.ValidEmail(req.Email) {
		a.fail(w, http.StatusBadRequest, errors.New("invalid e-mail address"))
		return
	}
	id, err := a.S{{$i}}.Signup(r.Context(), req.Email, req.Name)
	if errors.Is(err, {{$s.Name}}.ErrTaken) {
		a.fail(w, http.StatusConflict, err)
		return
	}
	if err != nil {
		a.fail(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": id})
}

func (a *API) credit{{$i}}(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, http.StatusBadRequest, err)
		return
	}
	amount, err := strconv.ParseInt(r.URL.Query().Get("amount"), 10, 64)
	if err != nil {
		a.fail(w, http.StatusBadRequest, err)
		return
	}
	if err := a.S{{$i}}.Credit(r.Context(), id, amount); err != nil {
		a.fail(w, http.StatusInternalServerError, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) checkout{{$i}}(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, http.StatusBadRequest, err)
		return
	}
	var body struct {
		Amount string ‵json:"amount"‵
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		a.fail(w, http.StatusBadRequest, err)
		return
	}
	charge, err := a.S{{$i}}.CheckoutText(r.Context(), id, body.Amount)
	if err != nil {
		a.fail(w, http.StatusBadGateway, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"charge": charge})
}

func (a *API) report{{$i}}(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	rep, err := a.S{{$i}}.Report(ctx)
	if err != nil {
		a.fail(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}
{{end}}
func (a *API) fail(w http.ResponseWriter, status int, err error) {
	a.Log.Warn("request failed", "status", status, "err", err)
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
{{end}}

{{define "handler_more"}}{{$u := index .Utils 0}}package {{.Name}}

import (
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"{{$u.Path}}"
)

// Middleware wraps a handler.
type Middleware func(http.Handler) http.Handler

// Chain applies ms to h, the first outermost.
func Chain(h http.Handler, ms ...Middleware) http.Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

// Logging logs each request with its status and duration.
func Logging(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(sw, r)
			log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "took", time.Since(start))
		})
	}
}

// Recover turns a panic into a 500.
func Recover(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.Error("panic", "value", fmt.Sprint(v))
					http.Error(w, "internal error", http.StatusInternalServerError)
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// RequestID sets an X-Request-Id header when the client sent none.
func RequestID(next http.Handler) http.Handler {
	var mu sync.Mutex
	var n int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Request-Id") == "" {
			mu.Lock()
			n++
			id := {{$u.Name}}.Hash(strconv.FormatInt(n, 10), time.Now().String())[:16]
			mu.Unlock()
			r.Header.Set("X-Request-Id", id)
		}
		w.Header().Set("X-Request-Id", r.Header.Get("X-Request-Id"))
		next.ServeHTTP(w, r)
	})
}

// RateLimit answers 429 beyond limit requests a second per client address.
func RateLimit(limit int) Middleware {
	var mu sync.Mutex
	windows := map[string]*{{$u.Name}}.Window{}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			win, ok := windows[r.RemoteAddr]
			if !ok {
				win = &{{$u.Name}}.Window{Limit: limit, Period: time.Second}
				windows[r.RemoteAddr] = win
			}
			allowed := win.Allow(time.Now())
			mu.Unlock()
			if !allowed {
				http.Error(w, "slow down", http.StatusTooManyRequests)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
{{end}}

{{define "main"}}// Command server runs the synthetic service.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"time"

	"{{.Mod}}/internal/platform/config"
	"{{.Mod}}/internal/platform/dbx"
{{range .Handlers}}	"{{.Path}}"
{{end}})

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	cfg, err := config.Load(os.Args[1:])
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(2)
	}
	db, err := dbx.Open(cfg.DSN)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
{{range .Handlers}}	if a, err := {{.Name}}.New(db, log); err != nil {
		log.Error("wiring {{.Name}}", "err", err)
		os.Exit(1)
	} else {
		a.Routes(mux)
	}
{{end}}
	srv := &http.Server{Addr: cfg.Addr, Handler: mux, ReadHeaderTimeout: cfg.Timeout}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("serve", "err", err)
		os.Exit(1)
	}
}
{{end}}
`
