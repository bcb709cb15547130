package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// Options say where the schema comes from.
type Options struct {
	// Paths are files, folders and globs given by the user (-schema); they
	// may lie outside the module. When set, nothing is discovered.
	Paths []string
	// Discover enables discovery when Paths is empty.
	Discover bool
}

// cache holds one catalog per (root, configuration): go vet starts a
// process per package, so each process loads once; standalone runs share
// it between packages. Loading is safe for concurrent analyzers.
var cache sync.Map // key string → *entry

type entry struct {
	once sync.Once
	cat  *Catalog
	err  error
}

// Load returns the catalog for the package in dir, whose module root is
// root ("" when unknown, as under Bazel nogo: discovery then looks only at
// dir). It reads files only; it never connects to a database and never runs
// anything a configuration file names.
func Load(root, dir string, opts Options) (*Catalog, error) {
	base := root
	if base == "" {
		base = dir
	}
	if len(opts.Paths) == 0 && notTheApplication(base, dir) {
		// A dependency's package (module cache, GOROOT, vendor/): its
		// SQL is not the schema of the database this module talks to.
		return &Catalog{}, nil
	}
	cfgDir, cfgFile := "", ""
	if len(opts.Paths) == 0 && opts.Discover {
		cfgDir, cfgFile = findSqlcConfig(dir, base)
		if cfgFile == "" && root != "" {
			cfgFile = "module" // every sqlc configuration of the module
		}
	}
	k := strings.Join([]string{base, cfgFile, strings.Join(opts.Paths, ","), strconv.FormatBool(opts.Discover)}, "\x00")
	v, _ := cache.LoadOrStore(k, &entry{})
	e := v.(*entry)
	e.once.Do(func() {
		e.cat, e.err = load(base, cfgDir, cfgFile, opts)
	})
	return e.cat, e.err
}

func load(base, cfgDir, cfgFile string, opts Options) (*Catalog, error) {
	cat := &Catalog{root: base}
	if len(opts.Paths) > 0 {
		// The user's paths are one source, applied in the order given.
		seen := map[string]bool{}
		for _, p := range opts.Paths {
			fs, err := expand(p, "")
			if err != nil {
				return nil, err
			}
			for _, f := range fs {
				if !seen[f] {
					seen[f] = true
					cat.readFile(f, false)
				}
			}
		}
		return cat, nil
	}
	if !opts.Discover {
		return cat, nil
	}
	// Discovery reads every source and merges them: the schema paths of
	// the sqlc configurations, the conventional folders (a goose or
	// golang-migrate set beside sqlc's schema), and DDL in Go code. Each
	// source is applied on its own, in its order (a migration set's
	// ALTERs apply to its own CREATEs); a table several define keeps the
	// most complete definition (merge).
	seen := map[string]bool{}
	var parts []*Catalog
	addSource := func(name string, files []string) {
		part := &Catalog{root: base, source: name}
		for _, f := range files {
			if !seen[f] {
				seen[f] = true
				part.readFile(f, true)
			}
		}
		parts = append(parts, part)
	}
	if cfgFile != "" {
		configs := [][2]string{{cfgDir, cfgFile}}
		if cfgFile == "module" {
			configs = sqlcConfigsIn(base)
		}
		for _, c := range configs {
			if err := readable(c[1], base); err != nil {
				cat.Warnings = append(cat.Warnings, Warning{File: c[1], Message: err.Error() + "; not read"})
				continue
			}
			entries, warns := sqlcSchemaPaths(c[1])
			cat.Warnings = append(cat.Warnings, warns...)
			for _, e := range entries {
				p := e.path
				if !filepath.IsAbs(p) {
					p = filepath.Join(c[0], p)
				}
				fs, err := expand(p, base)
				if err == nil && len(fs) == 0 {
					err = fmt.Errorf("schema path %s names no .sql file", e.path)
				}
				if err != nil {
					cat.Warnings = append(cat.Warnings, Warning{File: c[1], Line: e.line, Message: err.Error()})
					continue
				}
				addSource(relTo(base, c[1])+" schema "+e.path, fs)
			}
		}
	}
	for _, d := range conventionalDirs {
		fs, _ := expand(filepath.Join(base, d), base)
		name := d + "/"
		if d == "." {
			name = "the module root"
		}
		addSource(name, fs)
	}
	// DDL kept in Go code: string constants executed by migration code,
	// and //go:embed-ed .sql files.
	goPart := &Catalog{root: base, source: "Go code"}
	goPart.readGo(base, seen)
	parts = append(parts, goPart)
	cat.merge(parts)
	return cat, nil
}

// relTo returns path relative to root when it lies inside, else path.
func relTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return path
}

// notTheApplication reports a package directory whose schema discovery
// must not read: one inside the module cache (GOMODCACHE, or
// GOPATH/pkg/mod, whose module directories are named path@version), inside
// GOROOT, or under a vendor directory of the module at root.
func notTheApplication(root, dir string) bool {
	var caches []string
	if c := os.Getenv("GOMODCACHE"); c != "" {
		caches = append(caches, c)
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if home, err := os.UserHomeDir(); err == nil {
			gopath = filepath.Join(home, "go")
		}
	}
	for _, p := range filepath.SplitList(gopath) {
		if p != "" {
			caches = append(caches, filepath.Join(p, "pkg", "mod"))
		}
	}
	if g := os.Getenv("GOROOT"); g != "" {
		caches = append(caches, g)
	}
	if g := runtime.GOROOT(); g != "" {
		caches = append(caches, g)
	}
	for _, c := range caches {
		if within(dir, c) {
			return true
		}
	}
	if slash := filepath.ToSlash(dir); strings.Contains(slash, "/pkg/mod/") && strings.Contains(slash, "@") {
		return true // a module cache elsewhere
	}
	if rel, err := filepath.Rel(root, dir); err == nil {
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			if part == "vendor" {
				return true
			}
		}
	}
	return false
}

// within reports whether path is dir or lies below it, lexically (the
// paths need not exist).
func within(path, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// conventionalDirs are where services keep schema and migrations,
// relative to the module root.
var conventionalDirs = []string{".", "migrations", "migration", "db/migrations", "database/migrations", "sql", "sql/schema", "schema", "db", "db/schema", "internal/db/migrations", "internal/database/migrations"}

// expand turns a file, folder or glob into the schema files it names, in
// application order. When within is set, every file must lie inside it (a
// configuration file in the repository must not make idemvet read files
// elsewhere).
func expand(p, within string) ([]string, error) {
	var matches []string
	glob := strings.ContainsAny(p, "*?[")
	if glob {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("schema path %s: %v", p, err)
		}
		matches = m
	} else {
		matches = []string{p}
	}
	var out []string
	for _, m := range matches {
		info, err := os.Stat(m)
		if err != nil {
			return nil, fmt.Errorf("schema path %s does not exist", p)
		}
		if within != "" && !inside(m, within) {
			if glob && !info.IsDir() {
				// One file of a glob (//go:embed migrations/*): a link
				// among the module's files is refused where it is read
				// (readFile, with a warning); the others are still read.
				out = append(out, m)
				continue
			}
			return nil, fmt.Errorf("schema path %s is outside the module; only the -schema flag may name it", m)
		}
		if !info.IsDir() {
			out = append(out, m)
			continue
		}
		entries, err := os.ReadDir(m)
		if err != nil {
			continue
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() && (strings.HasSuffix(strings.ToLower(e.Name()), ".sql") || isFizz(e.Name())) {
				names = append(names, e.Name())
			}
		}
		sortMigrations(names)
		for _, n := range names {
			// The files of a folder are checked where they are read
			// (readFile): a symbolic link among them may point anywhere.
			out = append(out, filepath.Join(m, n))
		}
	}
	return out, nil
}

// readable checks a file discovery would read: a regular file (not a
// pipe or a device, which could block or never end) that, symbolic links
// resolved, lies inside the module root within ("" for a path the user
// named with -schema, which may lie anywhere).
func readable(path, within string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	if within != "" && !inside(path, within) {
		real, _ := filepath.EvalSymlinks(path)
		return fmt.Errorf("%s resolves to %s, outside the module; only the -schema flag may name it", path, real)
	}
	return nil
}

// inside reports whether path lies within dir, symbolic links resolved.
func inside(path, dir string) bool {
	rp, err1 := filepath.EvalSymlinks(path)
	rd, err2 := filepath.EvalSymlinks(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(rd, rp)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// sortMigrations orders migration file names by their numeric prefix
// (1_init, 2_users, 10_index; 20240101120000_x), then by name.
func sortMigrations(names []string) {
	num := func(s string) (int64, bool) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i > 18 {
			return 0, false
		}
		n, err := strconv.ParseInt(s[:i], 10, 64)
		return n, err == nil
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, aok := num(names[i])
		b, bok := num(names[j])
		if aok && bok && a != b {
			return a < b
		}
		return names[i] < names[j]
	})
}

// maxSchemaFile bounds what is read of one schema file: a database dump
// of many megabytes holds its DDL near the start, and reading all of every
// such file in each go vet process would cost more than the analysis.
const maxSchemaFile = 32 << 20

// readFile applies a schema or migration file: the up part of goose and
// dbmate migrations, nothing of golang-migrate's *.down.sql. A discovered
// file must be a regular file inside the module (readable); one the user
// named may be anywhere.
func (c *Catalog) readFile(path string, discovered bool) {
	lower := strings.ToLower(filepath.Base(path))
	if strings.HasSuffix(lower, ".down.sql") || isFizzDown(path) {
		return
	}
	within := ""
	if discovered {
		within = c.root
	}
	if err := readable(path, within); err != nil {
		c.Warnings = append(c.Warnings, Warning{File: path, Message: err.Error() + "; not read"})
		return
	}
	data, err := readAtMost(path, maxSchemaFile)
	if err != nil {
		c.Warnings = append(c.Warnings, Warning{File: path, Line: 0, Message: err.Error()})
		return
	}
	if len(data) == maxSchemaFile {
		// Up to the last full line read.
		if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
			data = data[:i+1]
		}
		c.Warnings = append(c.Warnings, Warning{File: path, Message: fmt.Sprintf("only the first %d MiB of this file were read", maxSchemaFile>>20)})
	}
	if bytes.IndexByte(data, 0) >= 0 {
		c.Warnings = append(c.Warnings, Warning{File: path, Line: 0, Message: "not a text file"})
		return
	}
	c.Files = append(c.Files, path)
	if isFizz(path) {
		c.readFizz(path, string(data))
		return
	}
	text, offset := upPart(blankTemplateActions(string(data)))
	c.readSQL(path, text, lineOf(string(data), offset)-1)
}

// readAtMost reads up to n bytes of the file.
func readAtMost(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A buffer of the file's size reads it in one go (io.ReadAll's growing
	// buffer cost more than the read), and a read that fills it ends it.
	size := int64(-1)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	b := make([]byte, 0, min(max(size+1, 512), n))
	r := io.LimitReader(f, n)
	for {
		if size > 0 && int64(len(b)) == size {
			return b, nil // the size Stat gave: read whole
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		m, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+m]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// blankTemplateActions blanks the Go template actions of a migration
// that a tool renders before running it (pop's fizz/sql migrations name
// the schema as {{ index .Options "Namespace" }}.users): each action, and
// a dot right after it, becomes spaces, so the statement reads as written
// for the default schema and lines and columns stay where they were.
// Both arms of an {{ if }} stay; the catalog is a union anyway.
func blankTemplateActions(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	b := []byte(text)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '{' || b[i+1] != '{' {
			continue
		}
		end := strings.Index(text[i+2:], "}}")
		if end < 0 {
			break
		}
		stop := i + 2 + end + 2
		if stop < len(b) && b[stop] == '.' {
			stop++
		}
		for j := i; j < stop; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = stop - 1
	}
	return string(b)
}

// upPart returns the part of a migration that migrates up, and its offset.
func upPart(text string) (string, int) {
	for _, m := range []struct{ up, down string }{
		{"-- +goose Up", "-- +goose Down"},
		{"-- migrate:up", "-- migrate:down"},
		{"-- +migrate Up", "-- +migrate Down"}, // rubenv/sql-migrate
	} {
		i := strings.Index(text, m.up)
		if i < 0 {
			continue
		}
		start := i + len(m.up)
		rest := text[start:]
		if j := strings.Index(rest, m.down); j >= 0 {
			rest = rest[:j]
		}
		return rest, start
	}
	return text, 0
}

func lineOf(text string, offset int) int {
	if offset > len(text) {
		offset = len(text)
	}
	return strings.Count(text[:offset], "\n") + 1
}

// lineCounter answers lineOf for offsets that only grow, counting each
// newline once: asking lineOf for every statement of a file is quadratic.
type lineCounter struct {
	text       string
	off, lines int // the newlines before off
}

func (l *lineCounter) at(offset int) int {
	offset = min(offset, len(l.text))
	if offset < l.off {
		l.off, l.lines = 0, 0
	}
	l.lines += strings.Count(l.text[l.off:offset], "\n")
	l.off = offset
	return l.lines + 1
}

// readSQL applies the statements of text, whose first line is line+1 of
// file. Lines are counted as the statements are met, once over the text.
func (c *Catalog) readSQL(file, text string, line int) {
	pos := 0
	lines := lineCounter{text: text}
	for _, st := range sqltext.ParseAll(text) {
		at := line
		if i := strings.Index(text[pos:], strings.TrimSpace(st.Text)); i >= 0 && st.Text != "" {
			at = line + lines.at(pos+i)
			pos += i + len(strings.TrimSpace(st.Text))
		}
		if st.Kind == sqltext.KindDDL && st.DDL != nil && st.Partial {
			c.Warnings = append(c.Warnings, Warning{File: file, Line: at, Message: "could not read this statement to its end; using what was read"})
		}
		if st.Kind == sqltext.KindUnknown && strings.TrimSpace(st.Text) != "" && looksLikeDDL(st.Text) {
			c.Warnings = append(c.Warnings, Warning{File: file, Line: at, Message: "could not read this statement; skipped"})
			continue
		}
		c.Apply(st, fmt.Sprintf("%s:%d", filepath.Base(file), at))
		// A DO block runs the DDL in its body: migrations guard constraints
		// and indexes with IF NOT EXISTS tests, or drop one inside a block
		// that catches the error.
		for _, b := range sqltext.DoBlockDDL(st.Text) {
			bat := at + strings.Count(st.Text[:b.Offset], "\n")
			c.Apply(sqltext.Parse(b.Text), fmt.Sprintf("%s:%d", filepath.Base(file), bat))
		}
	}
}

func looksLikeDDL(s string) bool {
	u := strings.ToUpper(strings.TrimSpace(s))
	return strings.HasPrefix(u, "CREATE ") || strings.HasPrefix(u, "ALTER ")
}

// readGo applies DDL found in the module's Go code: string literals that
// are CREATE TABLE / ALTER TABLE / CREATE INDEX statements, and .sql files
// named by //go:embed directives.
func (c *Catalog) readGo(root string, seen map[string]bool) {
	for _, gf := range moduleIndex(root).goFiles {
		f := gf.path
		data, hasDDL, hasEmbed, hasEnt, ok := readSchemaGo(root, gf)
		if !ok {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, f, data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if hasEnt {
			// ent's generated migrate/schema.go: the tables its
			// migration creates.
			if ddl := entDDL(file); ddl != "" {
				c.readSQL(f, ddl, 0)
			}
		}
		if hasEmbed {
			for _, cg := range file.Comments {
				for _, cm := range cg.List {
					if !strings.HasPrefix(cm.Text, "//go:embed ") {
						continue
					}
					for _, pat := range strings.Fields(strings.TrimPrefix(cm.Text, "//go:embed ")) {
						// A file, a glob or a folder (golang-migrate's
						// source embedded whole: //go:embed migrations);
						// expand keeps a folder's .sql and .fizz files and the
						// filter below every other file out.
						if u, err := strconv.Unquote(pat); err == nil {
							pat = u
						}
						pat = strings.TrimPrefix(pat, "all:")
						fs, _ := expand(filepath.Join(filepath.Dir(f), pat), root)
						for _, sf := range fs {
							if (strings.HasSuffix(strings.ToLower(sf), ".sql") || isFizz(sf)) && !seen[sf] {
								seen[sf] = true
								c.readFile(sf, true)
							}
						}
					}
				}
			}
		}
		if !hasDDL {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok && migratesDown(fd.Name.Name) {
				// A Go migration's down half (dendrite's deltas: UpX and
				// DownX in one file, goose's Go migrations): not the
				// schema the application runs on.
				return false
			}
			if bin, ok := n.(*ast.BinaryExpr); ok && bin.Op == token.ADD {
				// "CREATE TABLE t (" + "a INT, " + "PRIMARY KEY (a))": a
				// statement split over concatenated literals is read whole.
				if s, ok := concatLiterals(bin, 0); ok {
					if looksLikeDDLText(s) {
						c.readSQL(f, s, fset.Position(bin.Pos()).Line-1)
					}
					return false
				}
				return true
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !looksLikeDDLText(s) {
				return true
			}
			c.readSQL(f, s, fset.Position(lit.Pos()).Line-1)
			return true
		})
	}
}

// migratesDown reports the name of a function that migrates a schema down:
// Down, DownRenameTables, downAddIndex, down_users, migrateDown (not
// Download).
func migratesDown(name string) bool {
	if strings.HasSuffix(name, "Down") {
		return true
	}
	if len(name) < 4 || !strings.EqualFold(name[:4], "down") {
		return false
	}
	return len(name) == 4 || name[4] == '_' || unicode.IsUpper(rune(name[4]))
}

// concatLiterals returns the value of a + chain made only of string
// literals (at most 64 deep).
func concatLiterals(e ast.Expr, depth int) (string, bool) {
	if depth > 64 {
		return "", false
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return concatLiterals(e.X, depth+1)
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok := concatLiterals(e.X, depth+1)
		if !ok {
			return "", false
		}
		y, ok := concatLiterals(e.Y, depth+1)
		return x + y, ok
	}
	return "", false
}

// hasGoMod reports whether dir, whose listing is entries, has a go.mod
// (os.Stat finds it, following a link), asked only when it lists one.
func hasGoMod(dir string, entries []os.DirEntry) bool {
	i, found := slices.BinarySearchFunc(entries, "go.mod", func(e os.DirEntry, name string) int { return strings.Compare(e.Name(), name) })
	if !found || entries[i].Name() != "go.mod" {
		return false
	}
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// hasDDLWord reports whether data contains "create table", "create
// unique index" or "alter table" in any case: containsFold's test for the
// three words in one pass over data.
func hasDDLWord(data []byte) bool {
	for i := 0; i < len(data); i++ {
		switch data[i] | 0x20 {
		case 'c':
			if foldAt(data, i, "create table") || foldAt(data, i, "create unique index") {
				return true
			}
		case 'a':
			if foldAt(data, i, "alter table") {
				return true
			}
		}
	}
	return false
}

// foldAt reports whether the lower-case ASCII word w is at data[i:] in any
// case (a space matches only a space).
func foldAt(data []byte, i int, w string) bool {
	if i+len(w) > len(data) {
		return false
	}
	for j := 1; j < len(w); j++ {
		if data[i+j]|0x20 != w[j] && (w[j] != ' ' || data[i+j] != ' ') {
			return false
		}
	}
	return true
}

// containsFold reports whether data contains the lower-case ASCII word w
// in any case, without copying data.
func containsFold(data []byte, w string) bool {
	first := w[0]
	for i := 0; i+len(w) <= len(data); i++ {
		if data[i]|0x20 != first {
			continue
		}
		j := 1
		for j < len(w) && (data[i+j]|0x20 == w[j] || w[j] == ' ' && data[i+j] == ' ') {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

func looksLikeDDLText(s string) bool {
	u := strings.ToUpper(s)
	return strings.Contains(u, "CREATE TABLE") || strings.Contains(u, "CREATE UNIQUE INDEX") || strings.Contains(u, "ALTER TABLE")
}

// sqlcConfigsIn finds the sqlc configurations of a module (at most four
// directories deep, skipping vendor, testdata and nested modules), as
// (directory, file) pairs.
func sqlcConfigsIn(root string) [][2]string {
	return moduleIndex(root).sqlcConfigs
}

// readSchemaGo reads a Go file of the module and says which schema
// sources it holds: DDL words, //go:embed directives, ent's generated
// migrate/schema.go; ok is false when it holds none, cannot be read, or is
// a link out of the module.
func readSchemaGo(root string, gf goFile) (data []byte, hasDDL, hasEmbed, hasEnt, ok bool) {
	f := gf.path
	// A regular file the walk found (it follows no link) lies inside the
	// module; a link is resolved and checked.
	if !gf.regular && readable(f, root) != nil {
		return nil, false, false, false, false // a link out of the module, or not a file
	}
	data, err := readAtMost(f, 4<<20+1)
	if err != nil || len(data) > 4<<20 {
		return nil, false, false, false, false
	}
	hasDDL = hasDDLWord(data)
	hasEmbed = bytes.Contains(data, []byte("//go:embed"))
	hasEnt = filepath.Base(f) == "schema.go" && bytes.Contains(data, []byte(entImport))
	return data, hasDDL, hasEmbed, hasEnt, hasDDL || hasEmbed || hasEnt
}

// indexes holds, per module root, the module's schema sources among its
// files: the Go files readGo applies (readSchemaGo's ok) and the sqlc
// configurations. Finding them reads every Go file of the module, which
// under go vet (a process per package) was most of the tool's CPU on the
// synthetic module (issue 18); the schema analyzer passes an index on to
// the packages importing this one as a package fact, so one run in the
// module computes it and the others read only the files it names.
var indexes sync.Map // root → *indexEntry

type indexEntry struct {
	mu  sync.Mutex
	idx *moduleFiles
}

func indexOf(root string) *indexEntry {
	v, _ := indexes.LoadOrStore(root, &indexEntry{})
	return v.(*indexEntry)
}

// moduleIndex returns root's index, computing it on first use.
func moduleIndex(root string) moduleFiles {
	e := indexOf(root)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.idx == nil {
		mf := walkModule(root)
		idx := &moduleFiles{sqlcConfigs: mf.sqlcConfigs}
		for _, gf := range mf.goFiles {
			if _, _, _, _, ok := readSchemaGo(root, gf); ok {
				idx.goFiles = append(idx.goFiles, gf)
			}
		}
		e.idx = idx
	}
	return *e.idx
}

// knownIndex returns root's index when this process has one.
func knownIndex(root string) (moduleFiles, bool) {
	e := indexOf(root)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.idx == nil {
		return moduleFiles{}, false
	}
	return *e.idx, true
}

// seedModuleIndex makes the files named root's index unless this process
// has one. Whether each file is a link is looked at again here: an index
// may come from an earlier run's facts.
func seedModuleIndex(root string, goFiles []string, sqlc [][2]string) {
	e := indexOf(root)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.idx != nil {
		return
	}
	idx := &moduleFiles{sqlcConfigs: sqlc}
	for _, f := range goFiles {
		if info, err := os.Lstat(f); err == nil {
			idx.goFiles = append(idx.goFiles, goFile{path: f, regular: info.Mode().IsRegular()})
		}
	}
	e.idx = idx
}

// moduleFiles is what one walk of a module's directories finds: its Go
// files (not tests; for readGo) and its sqlc configurations (for
// sqlcConfigsIn).
type moduleFiles struct {
	goFiles     []goFile
	sqlcConfigs [][2]string
}

type goFile struct {
	path string
	// regular: the walk saw a regular file (not a link), so it lies
	// inside the module.
	regular bool
}

// walks holds one walk per module root: go vet runs a process per
// package, and each process whose checkers ask for a table discovers the
// schema, so the walk and the reads of the module's files are what it
// costs (issue 18: a walk for the sqlc configurations, another for the Go
// files, and every Go file's links resolved was most of the tool's CPU on
// the synthetic module).
var walks sync.Map // root → *walkEntry

type walkEntry struct {
	once sync.Once
	mf   moduleFiles
}

// walkModule walks root's directories in lexical order, following no
// link, skipping vendor, testdata, node_modules, hidden directories and
// nested modules (a directory with a go.mod); Go files are not looked for
// in directories named _*, and sqlc configurations at most four
// directories deep.
func walkModule(root string) moduleFiles {
	v, _ := walks.LoadOrStore(root, &walkEntry{})
	e := v.(*walkEntry)
	e.once.Do(func() {
		if info, err := os.Lstat(root); err != nil || !info.IsDir() {
			return
		}
		// walk visits dir's entries, whose paths relative to root have
		// depth separators. A directory is read before it is judged: one
		// listing a go.mod (that is, or links to, something) is another
		// module, skipped.
		var walk func(dir string, entries []os.DirEntry, depth int, goOK, sqlcOK bool)
		walk = func(dir string, entries []os.DirEntry, depth int, goOK, sqlcOK bool) {
			for _, d := range entries {
				name := d.Name()
				path := filepath.Join(dir, name)
				if d.IsDir() {
					if name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") {
						continue
					}
					g, q := goOK && !strings.HasPrefix(name, "_"), sqlcOK && depth < 4
					if !g && !q {
						continue
					}
					sub, _ := os.ReadDir(path)
					if hasGoMod(path, sub) {
						continue // another module
					}
					walk(path, sub, depth+1, g, q)
					continue
				}
				if goOK && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
					e.mf.goFiles = append(e.mf.goFiles, goFile{path, d.Type().IsRegular()})
				}
				if sqlcOK {
					switch name {
					case "sqlc.yaml", "sqlc.yml", "sqlc.json":
						e.mf.sqlcConfigs = append(e.mf.sqlcConfigs, [2]string{dir, path})
					}
				}
			}
		}
		entries, _ := os.ReadDir(root)
		walk(root, entries, 0, true, true)
		sort.Slice(e.mf.goFiles, func(i, j int) bool { return e.mf.goFiles[i].path < e.mf.goFiles[j].path })
	})
	return e.mf
}

// findSqlcConfig looks for sqlc.yaml, sqlc.yml or sqlc.json from dir up to
// root.
func findSqlcConfig(dir, root string) (string, string) {
	d := dir
	for i := 0; i < 64 && d != ""; i++ {
		for _, name := range []string{"sqlc.yaml", "sqlc.yml", "sqlc.json"} {
			p := filepath.Join(d, name)
			if _, err := os.Stat(p); err == nil {
				return d, p
			}
		}
		if d == root || root == "" && i > 0 {
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return "", ""
}

// sqlcSchemaPaths reads the schema paths of a sqlc configuration (version 1
// "packages[].schema" and version 2 "sql[].schema"; a string or a list).
// Nothing else of the file is used: database URIs, plugins, process and
// wasm entries are never followed.
//
// A configuration that is not text, not valid JSON, or has no schema entry
// yields a warning, since the schema it should have named is then
// missing.
func sqlcSchemaPaths(file string) ([]schemaEntry, []Warning) {
	data, err := readAtMost(file, 1<<20)
	if err != nil {
		return nil, []Warning{{File: file, Message: err.Error()}}
	}
	if bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data) {
		return nil, []Warning{{File: file, Line: 1, Message: "not a sqlc configuration (not text); no schema read from it"}}
	}
	var entries []schemaEntry
	var warns []Warning
	if strings.HasSuffix(file, ".json") {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			line := 1
			if se, ok := err.(*json.SyntaxError); ok {
				line = lineOf(string(data), int(se.Offset))
			}
			return nil, []Warning{{File: file, Line: line, Message: "not valid JSON: " + err.Error()}}
		}
		var paths []string
		collectJSON(v, &paths)
		from := 0
		for _, p := range paths {
			// The entry's line: where its quoted text first occurs
			// after the previous one's.
			q, _ := json.Marshal(p)
			line := 1
			if i := bytes.Index(data[from:], q); i >= 0 {
				line = lineOf(string(data), from+i)
				from += i + len(q)
			}
			entries = append(entries, schemaEntry{p, line})
		}
	} else {
		entries, warns = yamlSchemaPaths(file, string(data))
	}
	if len(entries) == 0 && len(warns) == 0 {
		warns = append(warns, Warning{File: file, Line: 1, Message: "no schema entry (sql[].schema or packages[].schema) in this sqlc configuration; no schema read from it"})
	}
	return entries, warns
}

// schemaEntry is a schema path of a sqlc configuration and the line it is
// on.
type schemaEntry struct {
	path string
	line int
}

func collectJSON(v any, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k == "schema" {
				switch s := x[k].(type) {
				case string:
					*out = append(*out, s)
				case []any:
					for _, e := range s {
						if str, ok := e.(string); ok {
							*out = append(*out, str)
						}
					}
				}
				continue
			}
			collectJSON(x[k], out)
		}
	case []any:
		for _, e := range x {
			collectJSON(e, out)
		}
	}
}

// yamlSchemaPaths reads the values of "schema:" keys of a YAML document,
// as a scalar, a flow list ["a", "b"], or a block list below it. It is a
// reader for this one key, not a YAML parser: other keys are skipped.
func yamlSchemaPaths(file, text string) ([]schemaEntry, []Warning) {
	lines := strings.Split(text, "\n")
	var out []schemaEntry
	var warns []Warning
	for i := 0; i < len(lines); i++ {
		line := stripYAMLComment(lines[i])
		trimmed := strings.TrimSpace(line)
		trimmed = strings.TrimPrefix(trimmed, "- ")
		if !strings.HasPrefix(trimmed, "schema:") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		val := strings.TrimSpace(strings.TrimPrefix(trimmed, "schema:"))
		switch {
		case strings.HasPrefix(val, "["):
			if !strings.HasSuffix(val, "]") {
				warns = append(warns, Warning{File: file, Line: i + 1, Message: "schema: unterminated list"})
				continue
			}
			for _, item := range strings.Split(strings.Trim(val, "[]"), ",") {
				if s := unquoteYAML(item); s != "" {
					out = append(out, schemaEntry{s, i + 1})
				}
			}
		case val != "":
			out = append(out, schemaEntry{unquoteYAML(val), i + 1})
		default:
			for j := i + 1; j < len(lines); j++ {
				l := stripYAMLComment(lines[j])
				if strings.TrimSpace(l) == "" {
					continue
				}
				ind := len(l) - len(strings.TrimLeft(l, " "))
				t := strings.TrimSpace(l)
				if !strings.HasPrefix(t, "- ") || ind < indent {
					break
				}
				out = append(out, schemaEntry{unquoteYAML(strings.TrimPrefix(t, "- ")), j + 1})
				i = j
			}
		}
	}
	return out, warns
}

func stripYAMLComment(s string) string {
	inS, inD := false, false
	for i, r := range s {
		switch {
		case r == '\'' && !inD:
			inS = !inS
		case r == '"' && !inS:
			inD = !inD
		case r == '#' && !inS && !inD && (i == 0 || s[i-1] == ' '):
			return s[:i]
		}
	}
	return strings.TrimRight(s, " \t\r")
}

func unquoteYAML(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}
