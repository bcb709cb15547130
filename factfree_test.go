package idemvet

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/vetdriver"
)

// dep is the module of a third-party library, as go vet names it.
var dep = &analysis.Module{Path: "github.com/acme/lib", Version: "v1.2.0"}

// A compression library (the shape of andybalholm/brotli's encoder files):
// tables, a writer, a sync.Pool, no network, no database, no goroutine.
const compressor = `package flate

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

var ErrClosed = errors.New("flate: closed")

var codes = [...]uint16{0x0, 0x8, 0x4, 0xc, 0x2}

type Writer struct {
	w   *bufio.Writer
	buf []byte
}

var pool = sync.Pool{New: func() any { return new(Writer) }}

func NewWriter(dst io.Writer) *Writer {
	w := pool.Get().(*Writer)
	w.w = bufio.NewWriter(dst)
	return w
}

// Set replaces the destination.
func (w *Writer) Set(dst io.Writer) { w.w.Reset(dst) }

func (w *Writer) Write(p []byte) (int, error) {
	for _, b := range p {
		w.buf = append(w.buf, byte(codes[b&3]))
	}
	return len(p), nil
}
`

// Run runs fn in a goroutine: an entry spawnFact, with no import at all.
const spawner = `package lib

func Run(fn func()) {
	go fn()
}
`

// Sign sets a header on the request it is given: a netcall fact.
const signer = `package lib

import "net/http"

func Sign(req *http.Request, key string) {
	req.Header.Set("Authorization", "Bearer "+key)
}
`

// Serve sets a header on the response of a handler: the package uses
// Header.Set, so netcall models it (the shape of brotli's http.go).
const negotiator = `package lib

import "net/http"

func Negotiate(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Accept-Encoding") != "" {
		w.Header().Set("Content-Encoding", "br")
	}
}
`

const sqlStore = `package lib

import "database/sql"

type Store struct{ db *sql.DB }
`

func TestFactFree(t *testing.T) {
	std := []string{"bufio", "errors", "io", "sync"}
	for _, tc := range []struct {
		name   string
		module *analysis.Module
		pkgs   []string
		src    string
		want   bool
	}{
		{"compression library", dep, std, compressor, true},
		// Its own Set method could as well be net/http's Header.Set once
		// net/http is visible: the rule cannot tell without types.
		{"compression library beside net/http", dep, append(std, "net/http", "net/url"), compressor, false},
		{"spawner", dep, nil, spawner, false},
		{"request signer", dep, []string{"net/http"}, signer, false},
		{"response header", dep, []string{"net/http"}, negotiator, false},
		// net/http reachable through an import's API, never imported.
		{"signer through another package's types", dep, []string{"github.com/acme/httpx", "net/http"}, `package lib

import "github.com/acme/httpx"

func Sign(c *httpx.Call) { c.Req.Header.Set("X-Key", "k") }
`, false},
		{"database below an import", dep, []string{"github.com/acme/store", "database/sql", "context"}, `package lib

import "github.com/acme/store"

var S store.Store
`, false},
		{"database", dep, []string{"database/sql"}, sqlStore, false},
		{"service SDK", dep, []string{"github.com/aws/aws-sdk-go-v2/service/sqs"}, `package lib

import "github.com/aws/aws-sdk-go-v2/service/sqs"

var C *sqs.Client
`, false},
		{"retry library", dep, []string{"github.com/cenkalti/backoff/v4"}, `package lib

import "github.com/cenkalti/backoff/v4"

func Do(op func() error) error { return backoff.Retry(op, backoff.NewExponentialBackOff()) }
`, false},
		{"main module", &analysis.Module{Path: "example.com/app", Main: true}, std, compressor, false},
		{"replaced by a directory", &analysis.Module{Path: "github.com/acme/lib"}, std, compressor, false},
		{"no module", nil, std, compressor, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := vetdriver.NewUnit("github.com/acme/lib/"+tc.name, tc.module, tc.pkgs, tc.src)
			if got := FactFree(u); got != tc.want {
				t.Errorf("FactFree = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestGateFuncs checks that every gate table's key names a package and a
// function, so that no gate is lost to a name FactFree cannot split.
func TestGateFuncs(t *testing.T) {
	n := 0
	for _, table := range gateTables() {
		for full := range table {
			pkg, name, ok := splitFullName(full)
			if !ok || pkg == "" || !token.IsIdentifier(name) {
				t.Errorf("%q: splits into %q, %q", full, pkg, name)
			}
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d gate functions", n)
	}
	for full, want := range map[string][2]string{
		"(*github.com/nats-io/nats.go.Conn).Subscribe": {"github.com/nats-io/nats.go", "Subscribe"},
		"(net/http.Header).Set":                        {"net/http", "Set"},
		"github.com/go-co-op/gocron/v2.NewTask":        {"github.com/go-co-op/gocron/v2", "NewTask"},
		"(*example.com/q.Cache[K, V]).Get":             {"example.com/q", "Get"},
	} {
		if pkg, name, _ := splitFullName(full); pkg != want[0] || name != want[1] {
			t.Errorf("splitFullName(%q) = %q, %q; want %q, %q", full, pkg, name, want[0], want[1])
		}
	}
}
