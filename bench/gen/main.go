// Command gen writes a large synthetic Go module for idemvet's benchmarks:
// a layered service of hundreds of packages, handlers → services →
// repositories, with HTTP clients and database-free utility packages.
//
//	go run ./bench/gen -out /tmp/synth -pkgs 300
//
// The repositories use database/sql with PostgreSQL SQL (lookups, inserts
// with and without ON CONFLICT, read-modify-write and atomic updates,
// versioned updates, transactions through an application helper, SELECT
// ... FOR UPDATE); the services compose them across packages, so idemvet's
// facts flow from repositories to services, and some compositions are the
// hazards idemvet reports. Clients POST JSON with net/http, some in retry
// loops. Utility packages import only the standard library and each other.
// About a third of the packages have tests, so go vet also vets test
// variants.
//
// The module imports nothing outside the standard library: it builds
// offline, with no go.sum, and its dependency graph is the standard
// library's (which is what go vet's fact-only runs spend most time on).
// The real services measured beside it bring third-party graphs (pgx,
// sqlx, gorm, gRPC).
//
// The output is deterministic: the same flags write the same bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

var (
	out    = flag.String("out", "", "directory to write the module into (created; must be empty or absent)")
	npkgs  = flag.Int("pkgs", 300, "number of packages (besides the platform packages and cmd/server)")
	module = flag.String("module", "bench.example/synth", "module path")
)

// pkg is one generated package.
type pkg struct {
	Kind  string // util, client, repo, service, handler
	Index int
	Name  string // package name
	Dir   string // directory relative to the module root
	Mod   string // module path

	// Entity names the table of a repository, service or handler.
	Entity, Table string
	// Imports are the module's packages this one imports.
	Utils    []*pkg
	Client   *pkg
	Repos    []*pkg
	Prev     *pkg // a service this service calls
	Services []*pkg
	// Hazard selects the unsafe variants of some compositions.
	Hazard bool
	Tests  bool
}

// Path returns the package's import path.
func (p *pkg) Path() string { return p.Mod + "/" + p.Dir }

var nouns = []string{
	"account", "order", "invoice", "payment", "product", "customer", "shipment",
	"coupon", "ticket", "booking", "wallet", "review", "subscription", "device",
	"session", "document", "comment", "vendor", "refund", "ride",
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	flag.Parse()
	if *out == "" || *npkgs < 10 {
		log.Fatal("usage: gen -out DIR [-pkgs N (>= 10)] [-module path]")
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		log.Fatalf("%s is not empty", *out)
	}
	files := generate(*module, *npkgs)
	for _, f := range files {
		path := filepath.Join(*out, f.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(path, f.data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("wrote %d files to %s\n", len(files), *out)
}

type file struct {
	name string
	data []byte
}

// plan lays out n packages: 25% repositories, 25% services, 15% handlers,
// 10% clients and the rest utilities.
func plan(mod string, n int) (utils, clients, repos, services, handlers []*pkg) {
	nRepo, nSvc, nHandler, nClient := n/4, n/4, n*15/100, n/10
	nUtil := n - nRepo - nSvc - nHandler - nClient
	for i := 0; i < nUtil; i++ {
		p := &pkg{Kind: "util", Index: i, Name: fmt.Sprintf("util%d", i), Dir: fmt.Sprintf("internal/util/util%d", i), Mod: mod, Tests: i%3 == 0}
		// Layered: each utility builds on one or two lower ones.
		if i > 0 {
			p.Utils = append(p.Utils, utils[i-1])
		}
		if j := i / 2; i > 1 && j != i-1 {
			p.Utils = append(p.Utils, utils[j])
		}
		utils = append(utils, p)
	}
	for i := 0; i < nClient; i++ {
		clients = append(clients, &pkg{Kind: "client", Index: i, Name: fmt.Sprintf("partner%dclient", i),
			Dir: fmt.Sprintf("internal/client/partner%d", i), Mod: mod, Utils: []*pkg{utils[(i*7)%nUtil]}, Hazard: i%2 == 0})
	}
	for i := 0; i < nRepo; i++ {
		noun := nouns[i%len(nouns)]
		ent := fmt.Sprintf("%s%d", noun, i/len(nouns))
		repos = append(repos, &pkg{Kind: "repo", Index: i, Name: ent + "repo", Dir: "internal/repo/" + ent, Mod: mod,
			Entity: title(ent), Table: fmt.Sprintf("%ss%d", noun, i/len(nouns)), Utils: []*pkg{utils[(i*3)%nUtil]},
			Hazard: i%3 == 0, Tests: i%3 == 1})
	}
	for i := 0; i < nSvc; i++ {
		r := repos[i%nRepo]
		s := &pkg{Kind: "service", Index: i, Name: strings.TrimSuffix(r.Name, "repo") + "svc", Dir: "internal/service/" + strings.TrimPrefix(r.Dir, "internal/repo/"), Mod: mod,
			Entity: r.Entity, Table: r.Table, Repos: []*pkg{r}, Client: clients[i%nClient], Hazard: i%2 == 0, Tests: i%4 == 2}
		// Amounts cross into the client in its utility package's Money.
		s.Utils = s.Client.Utils
		if other := repos[(i*7+3)%nRepo]; other != r {
			s.Repos = append(s.Repos, other)
		}
		if i > 0 && i%3 == 0 {
			s.Prev = services[i-1]
		}
		services = append(services, s)
	}
	for i := 0; i < nHandler; i++ {
		h := &pkg{Kind: "handler", Index: i, Name: fmt.Sprintf("api%d", i), Dir: fmt.Sprintf("internal/handler/api%d", i), Mod: mod,
			Utils: []*pkg{utils[(i*11+2)%nUtil]}}
		// Every service is served by some handler.
		for j := i; j < nSvc; j += nHandler {
			h.Services = append(h.Services, services[j])
		}
		handlers = append(handlers, h)
	}
	return
}

func generate(mod string, n int) []file {
	utils, clients, repos, services, handlers := plan(mod, n)
	var files []file
	emit := func(name, tmpl string, data any) {
		var buf bytes.Buffer
		if err := templates.ExecuteTemplate(&buf, tmpl, data); err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		src := buf.Bytes()
		if strings.HasSuffix(name, ".go") {
			var err error
			if src, err = format.Source(src); err != nil {
				log.Fatalf("%s: %v\n%s", name, err, buf.Bytes())
			}
		}
		files = append(files, file{name, src})
	}
	files = append(files, file{"go.mod", []byte("module " + mod + "\n\ngo 1.26\n")})
	emit("README.md", "readme", map[string]any{"N": n, "Mod": mod})
	emit("internal/platform/dbx/dbx.go", "dbx", mod)
	emit("internal/platform/httpx/httpx.go", "httpx", mod)
	emit("internal/platform/config/config.go", "config", mod)
	for _, group := range [][]*pkg{utils, clients, repos, services, handlers} {
		for _, p := range group {
			emit(p.Dir+"/"+p.Kind+".go", p.Kind, p)
			emit(p.Dir+"/"+p.Kind+"_more.go", p.Kind+"_more", p)
			if p.Tests {
				emit(p.Dir+"/"+p.Kind+"_test.go", p.Kind+"_test", p)
			}
		}
	}
	emit("cmd/server/main.go", "main", map[string]any{"Mod": mod, "Handlers": handlers})
	return files
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"title": title,
	"add":   func(a, b int) int { return a + b },
	"mod":   func(a, b int) int { return a % b },
}).Parse(tmplText))
