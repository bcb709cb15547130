package dbcall

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Statements handed over by an importer: a package declares a struct of
// prepared statements without tags, and the package importing it (main,
// which prepared the module's goyesql queries) fills it from its tagged
// fields:
//
//	// package subimporter
//	type Options struct{ UpsertStmt *sql.Stmt }
//	// package main
//	subimporter.New(subimporter.Options{UpsertStmt: q.UpsertSubscriber.Stmt}, ...)
//	// package models
//	type Queries struct {
//		UpsertSubscriber *sqlx.Stmt `query:"upsert-subscriber"`
//	}
//
// The importer is analyzed after the package, so no fact can carry the
// binding down: the module's Go files are read (once per process and
// module, within the named-SQL walk's limits) for the keyed literals of the
// struct, and a field every literal fills with a field of the module
// tagged `query:"name"` (one name for that field name in the module) runs
// the statement that name holds. This is done only for modules with named
// SQL files and for fields of statement types.

// Limits of the walk over a module's Go files.
const (
	injectMaxFiles = 5000
	injectMaxSize  = 1 << 20
	injectMaxTotal = 64 << 20
)

type injectOnce struct {
	once sync.Once
	// tags maps a field name to the query tag of the module's fields of
	// that name; "" when two disagree.
	tags map[string]string
}

type literalOnce struct {
	once sync.Once
	// values maps a field of the struct to the selector chains the
	// module's keyed literals give it; nil marks one given otherwise.
	values map[string][][]string
}

var (
	injectTags     sync.Map // module root → *injectOnce
	injectLiterals sync.Map // module root + "\x00" + pkg path + "." + type → *literalOnce
)

// injectedQueryText resolves field i of the named struct type t, declared
// in the package, to the statement an importer fills it with.
func (b *builder) injectedQueryText(t types.Type, i int) (text, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != b.pass.Pkg || n.TypeArgs().Len() > 0 {
		return text{}, false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return text{}, false
	}
	f := st.Field(i)
	if !statementType(f.Type()) {
		return text{}, false
	}
	root := b.namedRoot()
	if root == "" {
		return text{}, false
	}
	if !b.hasNamedSQL(root) {
		return text{}, false
	}
	v, _ := injectTags.LoadOrStore(root, &injectOnce{})
	tg := v.(*injectOnce)
	tg.once.Do(func() { tg.tags = readQueryTags(root) })
	if len(tg.tags) == 0 {
		return text{}, false
	}
	key := root + "\x00" + b.pass.Pkg.Path() + "." + n.Obj().Name()
	v, _ = injectLiterals.LoadOrStore(key, &literalOnce{})
	lo := v.(*literalOnce)
	lo.once.Do(func() { lo.values = readLiterals(root, b.pass.Pkg.Path(), b.pass.Pkg.Name(), n.Obj().Name()) })
	chains, ok := lo.values[f.Name()]
	if !ok || chains == nil {
		return text{}, false
	}
	name := ""
	for _, c := range chains {
		nm := taggedInChain(c, tg.tags)
		if nm == "" || name != "" && nm != name {
			return text{}, false
		}
		name = nm
	}
	if s, ok := b.namedText(name); ok {
		return text{s: s, known: true, param: -1}, true
	}
	return text{s: sqltext.Hole, param: -1}, true
}

// hasNamedSQL reports whether the module's .sql files name statements.
func (b *builder) hasNamedSQL(root string) bool {
	v, _ := namedIndexes.LoadOrStore(root, &namedOnce{})
	n := v.(*namedOnce)
	n.once.Do(func() { n.idx = readNamedSQL(root) })
	return len(n.idx) > 0
}

// statementType reports the types goyesql prepares a tagged field into.
func statementType(t types.Type) bool {
	switch types.TypeString(t, nil) {
	case "*database/sql.Stmt", "*github.com/jmoiron/sqlx.Stmt", "*github.com/jmoiron/sqlx.NamedStmt":
		return true
	}
	return false
}

// taggedInChain returns the query name of the last field of a selector
// chain (q.UpsertSubscriber.Stmt: UpsertSubscriber) that the module tags.
func taggedInChain(chain []string, tags map[string]string) string {
	for j := len(chain) - 1; j >= 1; j-- {
		if nm, ok := tags[chain[j]]; ok {
			return nm
		}
	}
	return ""
}

// parseGo calls visit with the syntax of each regular .go file of the
// module outside tests that contains marker, within the walk's limits.
func parseGo(root string, marker []byte, visit func(f *ast.File)) {
	files, total := 0, int64(0)
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != root && skippedDir(d.Name()) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		name := d.Name()
		if !d.Type().IsRegular() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		if files++; files > injectMaxFiles {
			return filepath.SkipAll
		}
		info, err := d.Info()
		if err != nil || info.Size() > injectMaxSize {
			return nil
		}
		if total += info.Size(); total > injectMaxTotal {
			return filepath.SkipAll
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, marker) {
			return nil
		}
		if f, err := parser.ParseFile(token.NewFileSet(), path, data, parser.SkipObjectResolution); err == nil {
			visit(f)
		}
		return nil
	})
}

// readQueryTags collects the module's fields tagged `query:"name"`.
func readQueryTags(root string) map[string]string {
	tags := map[string]string{}
	marker := []byte(apis.NamedQueryTag + `:"`)
	parseGo(root, marker, func(f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fl := range st.Fields.List {
				if fl.Tag == nil {
					continue
				}
				raw, err := strconv.Unquote(fl.Tag.Value)
				if err != nil {
					continue
				}
				tag, ok := reflect.StructTag(raw).Lookup(apis.NamedQueryTag)
				if !ok {
					continue
				}
				nm, _, _ := strings.Cut(tag, ",")
				if nm == "" || nm == "-" {
					continue
				}
				for _, id := range fl.Names {
					if old, dup := tags[id.Name]; dup && old != nm {
						tags[id.Name] = ""
						continue
					}
					tags[id.Name] = nm
				}
			}
			return true
		})
	})
	return tags
}

// readLiterals collects the values the module's keyed literals of the
// type pkgPath.typeName (written pkgName.typeName in another package) give
// each field: selector chains (q.UpsertSubscriber.Stmt), or nil for any
// other expression.
func readLiterals(root, pkgPath, pkgName, typeName string) map[string][][]string {
	out := map[string][][]string{}
	marker := []byte(typeName + "{")
	parseGo(root, marker, func(f *ast.File) {
		local := ""
		for _, im := range f.Imports {
			p, err := strconv.Unquote(im.Path.Value)
			if err != nil || p != pkgPath {
				continue
			}
			local = pkgName
			if im.Name != nil {
				local = im.Name.Name
			}
		}
		if local == "" || local == "_" || local == "." {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			sel, ok := cl.Type.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != typeName {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != local {
				return true
			}
			for _, e := range cl.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				k, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				c := selectorChain(kv.Value)
				if c == nil {
					out[k.Name] = append(out[k.Name], nil)
					continue
				}
				out[k.Name] = append(out[k.Name], c)
			}
			return true
		})
	})
	// A field given anything but a selector chain somewhere is unknown.
	for k, cs := range out {
		for _, c := range cs {
			if c == nil {
				out[k] = nil
				break
			}
		}
	}
	return out
}

// selectorChain returns the names of a selector expression x.a.b, or nil.
func selectorChain(e ast.Expr) []string {
	var rev []string
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			rev = append(rev, x.Sel.Name)
			e = x.X
		case *ast.Ident:
			rev = append(rev, x.Name)
			out := make([]string, len(rev))
			for i := range rev {
				out[i] = rev[len(rev)-1-i]
			}
			return out
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}
