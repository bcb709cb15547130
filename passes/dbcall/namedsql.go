package dbcall

import (
	"bufio"
	"bytes"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Named SQL files: statements kept in the module's .sql files under a name
// (`-- name: find-user`), run by that name through dotsql
// (dot.Exec(db, "find-user", ...)) or bound by goyesql to struct fields
// tagged `query:"find-user"`. The files are read once per process and
// module, wherever the program loads them from at run time (a path, an
// embedded or bundled file system): a name is resolved against every named
// statement of the module, and a name defined with two different texts is
// unknown.

// Limits of the walk over a module's files.
const (
	namedMaxDirs  = 20000
	namedMaxFiles = 2000
	namedMaxSize  = 4 << 20
	namedMaxTotal = 64 << 20 // bytes read in all
)

// namedIndex maps statement names to their text; ambiguous names map to "".
type namedIndex map[string]string

var namedIndexes sync.Map // module root → *namedOnce

type namedOnce struct {
	once sync.Once
	idx  namedIndex
}

// namedText returns the SQL text of the statement the module's named SQL
// files hold under name.
func (b *builder) namedText(name string) (string, bool) {
	root := b.namedRoot()
	if root == "" {
		return "", false
	}
	v, _ := namedIndexes.LoadOrStore(root, &namedOnce{})
	n := v.(*namedOnce)
	n.once.Do(func() { n.idx = readNamedSQL(root) })
	s, ok := n.idx[name]
	return s, ok && s != ""
}

// namedRoot is the directory whose .sql files are read: the module root
// of the package, or the package's directory outside a module.
func (b *builder) namedRoot() string {
	for _, f := range b.pass.Files {
		tf := b.pass.Fset.File(f.FileStart)
		if tf == nil || !filepath.IsAbs(tf.Name()) {
			continue
		}
		dir := filepath.Dir(tf.Name())
		for d := dir; ; {
			if skippedDir(filepath.Base(d)) {
				// Not a package of the module above (a GOPATH tree under
				// testdata, as analysistest's): its own directory.
				return dir
			}
			if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && st.Mode().IsRegular() {
				return d
			}
			parent := filepath.Dir(d)
			if parent == d {
				return dir
			}
			d = parent
		}
	}
	return ""
}

// readNamedSQL reads the named statements of the regular .sql files under
// root, skipping hidden, vendor, node_modules and testdata directories (as
// the go command skips them), within the walk's limits.
func readNamedSQL(root string) namedIndex {
	idx := namedIndex{}
	dirs, files, total := 0, 0, int64(0)
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			dirs++
			name := d.Name()
			if path != root && skippedDir(name) {
				return filepath.SkipDir
			}
			if dirs > namedMaxDirs {
				return filepath.SkipAll
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), ".sql") {
			return nil
		}
		if files++; files > namedMaxFiles {
			return filepath.SkipAll
		}
		info, err := d.Info()
		if err != nil || info.Size() > namedMaxSize {
			return nil
		}
		if total += info.Size(); total > namedMaxTotal {
			return filepath.SkipAll
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, []byte("name:")) {
			return nil
		}
		for name, text := range parseNamedSQL(data) {
			if old, dup := idx[name]; dup && old != text {
				idx[name] = "" // two statements under one name
				continue
			}
			idx[name] = text
		}
		return nil
	})
	return idx
}

// skippedDir reports the directories the go command leaves out of a module.
func skippedDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "vendor" || name == "node_modules" || name == "testdata"
}

var namedTag = lazyregexp.New(`^\s*--\s*name\s*:\s*(\S+)`)

// parseNamedSQL splits a file into its named statements: each
// `-- name: x` line starts one, which runs to the next; other comment and
// tag lines (goyesql's `-- raw: 1`) are left out.
func parseNamedSQL(data []byte) map[string]string {
	out := map[string]string{}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			out[name] = strings.TrimSpace(body.String())
		}
		body.Reset()
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), namedMaxSize)
	for sc.Scan() {
		line := sc.Text()
		if m := namedTag.FindStringSubmatch(line); m != nil {
			flush()
			name = m[1]
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "--") {
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	flush()
	return out
}

// taggedQueryText resolves a load of a struct field tagged `query:"name"`
// (goyesql's binding) to the named statement:
//
//	q.GetUser         string field
//	q.GetUser.Get(&u) *sqlx.Stmt field, and the *sql.Stmt it embeds
func (b *builder) taggedQueryText(v ssa.Value) (text, bool) {
	for i := 0; i < 4; i++ {
		var st *types.Struct
		var field int
		switch x := unwrap(v).(type) {
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok {
				return text{}, false
			}
			st, field = structOfType(fa.X.Type()), fa.Field
			if t, ok := b.fieldQueryText(st, field); ok {
				return t, true
			}
			if t, ok := b.injectedQueryText(fa.X.Type(), field); ok {
				return t, true
			}
			// (*sqlx.Stmt).Stmt, the embedded *sql.Stmt: look at its
			// container.
			v = fa.X
		case *ssa.FieldAddr:
			st, field = structOfType(x.X.Type()), x.Field
			if t, ok := b.fieldQueryText(st, field); ok {
				return t, true
			}
			v = x.X
		case *ssa.Field:
			st, field = structOfType(x.X.Type()), x.Field
			if t, ok := b.fieldQueryText(st, field); ok {
				return t, true
			}
			if t, ok := b.injectedQueryText(x.X.Type(), field); ok {
				return t, true
			}
			v = x.X
		default:
			return text{}, false
		}
	}
	return text{}, false
}

func (b *builder) fieldQueryText(st *types.Struct, i int) (text, bool) {
	if st == nil || i >= st.NumFields() {
		return text{}, false
	}
	tag, ok := reflect.StructTag(st.Tag(i)).Lookup(apis.NamedQueryTag)
	if !ok {
		return text{}, false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" || name == "-" {
		return text{}, false
	}
	if s, ok := b.namedText(name); ok {
		return text{s: s, known: true, param: -1}, true
	}
	return text{s: sqltext.Hole, param: -1}, true
}

func structOfType(t types.Type) *types.Struct {
	st, _ := structOf(t)
	return st
}

// byNameText resolves the name argument of a dotsql call to the statement.
func (b *builder) byNameText(v ssa.Value) text {
	if name, ok := constString(v); ok {
		if s, ok := b.namedText(name); ok {
			return text{s: s, known: true, param: -1}
		}
	}
	return text{s: sqltext.Hole, param: -1}
}
