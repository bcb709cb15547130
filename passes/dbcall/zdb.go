package dbcall

import (
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// zdbModelAccess returns the access of a zdb model write (apis.ZdbModelWrites):
// the statement zdb builds from the model's db tags, with each placeholder
// bound to the model's field.
//
//	func (s *Site) UpdateCode(ctx context.Context) error {
//		return zdb.Update(ctx, s, "code", "updated_at")   // update sites set code, updated_at where site_id
//	}
//
// The table is the constant the model type's Table method returns (a type
// of this package). An Update whose column list is not constant is left
// out, as is a model of no known table.
func (b *builder) zdbModelAccess(fn *ssa.Function, call ssa.CallInstruction, kind string) []*Access {
	args := ssautil.CallArgs(call.Common())
	if len(args) < 2 {
		return nil
	}
	model := args[1]
	if mi, ok := model.(*ssa.MakeInterface); ok {
		model = mi.X
	}
	named := modelType(model.Type())
	if named == nil {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	table, ok := b.localMethodString(named, apis.ZdbTableMethod)
	if !ok {
		return nil
	}
	type column struct {
		name, field      string
		id, noinsert, ro bool
	}
	var cols []column
	idCol := -1
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag, ok := reflect.StructTag(st.Tag(i)).Lookup("db")
		if !ok || tag == "-" || !f.Exported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			continue
		}
		c := column{name: name, field: f.Name()}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "id":
				c.id = true
			case "noinsert":
				c.noinsert = true
			case "readonly":
				c.ro = true
			}
		}
		if c.id {
			idCol = len(cols)
		}
		cols = append(cols, c)
	}
	var text strings.Builder
	var refs []Ref
	value := func(c column) Ref { return b.resolveRef(fieldValue(model, c.field)) }
	switch kind {
	case "insert":
		var names []string
		for _, c := range cols {
			if c.noinsert || c.id {
				continue
			}
			names = append(names, c.name)
			refs = append(refs, value(c))
		}
		if len(names) == 0 {
			return nil
		}
		text.WriteString("INSERT INTO " + table + " (" + strings.Join(names, ", ") + ") VALUES (" + strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", ") + ")")
		if len(args) > 2 {
			for _, v := range b.boundArgs(args[2]) {
				s, ok := constString(v)
				if !ok {
					return nil // a conflict clause made at run time
				}
				text.WriteString(" " + s)
			}
		}
	case "update":
		if idCol < 0 || len(args) < 3 {
			return nil
		}
		want := map[string]bool{}
		all := false
		for _, v := range b.boundArgs(args[2]) {
			if globalName(v) == apis.ZdbUpdateAll {
				all = true
				continue
			}
			s, ok := constString(v)
			if !ok {
				return nil
			}
			want[s] = true
		}
		var set []string
		for i, c := range cols {
			if i == idCol || c.noinsert || all && c.ro || !all && !want[c.name] {
				continue
			}
			set = append(set, c.name+" = ?")
			refs = append(refs, value(c))
		}
		if len(set) == 0 {
			return nil
		}
		text.WriteString("UPDATE " + table + " SET " + strings.Join(set, ", ") + " WHERE " + cols[idCol].name + " = ?")
		refs = append(refs, value(cols[idCol]))
	default:
		return nil
	}
	accs := b.fromStmtParams(fn, call, sqltext.Parse(text.String()), func(p sqltext.Param) Ref {
		if p.Index >= 0 && p.Index < len(refs) {
			return refs[p.Index]
		}
		return Ref{}
	})
	for _, a := range accs {
		a.Lib = apis.LibZdb
		a.Handle = b.resolveRef(refOf(args[0]))
		if v := call.Value(); v != nil {
			a.Err = []ssa.Value{v}
		}
	}
	return accs
}

// localMethodString returns the constant string the method name of a
// type of this package returns (zdb's func (Site) Table() string { return
// "sites" }).
func (b *builder) localMethodString(n *types.Named, name string) (string, bool) {
	if n.Obj().Pkg() != b.pass.Pkg {
		return "", false
	}
	for i := 0; i < n.NumMethods(); i++ {
		m := n.Method(i)
		if m.Name() != name {
			continue
		}
		fn := b.ssaPkg.Prog.FuncValue(m)
		if fn == nil {
			continue
		}
		for _, blk := range fn.Blocks {
			if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				if s, ok := constString(ret.Results[0]); ok {
					return s, true
				}
			}
		}
	}
	return "", false
}

// zdb's load:name statements: the program gives zdb a file system
// (ConnectOptions.Files, usually the embedded db/ directory), and
// zdb.Get(ctx, &s, "load:paths.PathFilter", params) runs the file
// db/query/paths.PathFilter.sql, or the Go template .gotxt. The module's
// files are searched for the name, with either extension (once per process
// and module, within the named-SQL walk's limits); a name two files hold is
// unknown. zdb's conditional sections ({{:have_like and path like :like}})
// and template actions ({{if .match_case}}) become holes: the text
// outside them (the table, the first conditions) is known, the statement
// partial.

type zdbFilesOnce struct {
	once  sync.Once
	paths map[string]string // name → path; "" when two files hold it
}

var zdbFiles sync.Map // module root → *zdbFilesOnce

// zdbLoadText returns the statement of a load:name text.
func (b *builder) zdbLoadText(name string) text {
	hole := text{s: sqltext.Hole, param: -1}
	root := b.namedRoot()
	if root == "" || name == "" {
		return hole
	}
	// load:ref.ListTopRefs.sql names the file with its extension.
	if n, ok := strings.CutSuffix(name, ".sql"); ok {
		name = n
	} else if n, ok := strings.CutSuffix(name, ".gotxt"); ok {
		name = n
	}
	v, _ := zdbFiles.LoadOrStore(root, &zdbFilesOnce{})
	zf := v.(*zdbFilesOnce)
	zf.once.Do(func() { zf.paths = readZdbFiles(root) })
	path := zf.paths[name]
	if path == "" {
		return hole
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) > namedMaxSize {
		return hole
	}
	return text{s: zdbTemplateHoles(string(data)), known: true, param: -1}
}

// readZdbFiles indexes the module's .sql and .gotxt files by name without
// the extension.
func readZdbFiles(root string) map[string]string {
	out := map[string]string{}
	dirs, files := 0, 0
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if dirs++; dirs > namedMaxDirs {
				return filepath.SkipAll
			}
			if path != root && skippedDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		base := d.Name()
		name, ok := strings.CutSuffix(base, ".sql")
		if !ok {
			name, ok = strings.CutSuffix(base, ".gotxt")
		}
		if !ok || name == "" {
			return nil
		}
		if files++; files > namedMaxFiles {
			return filepath.SkipAll
		}
		if _, dup := out[name]; dup {
			out[name] = ""
			return nil
		}
		out[name] = path
		return nil
	})
	return out
}

// zdbTemplateHoles replaces each {{...}} of a zdb statement with a hole.
func zdbTemplateHoles(s string) string {
	var sb strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			sb.WriteString(s)
			return sb.String()
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			sb.WriteString(s[:i])
			sb.WriteString(sqltext.Hole)
			return sb.String()
		}
		sb.WriteString(s[:i])
		sb.WriteString(" " + sqltext.Hole + " ")
		s = s[i+j+2:]
	}
}

// zdbParams returns the map literal among a zdb call's parameters, which
// binds its :name placeholders (zdb merges every map it is given; the
// literal is the one whose keys can be read):
//
//	zdb.Exec(ctx, `delete from hits where site_id = :site`, map[string]any{"site": id})
func zdbParams(bound []ssa.Value) ssa.Value {
	var lit ssa.Value
	for _, v := range bound {
		if v == nil {
			continue
		}
		if _, ok := unwrap(v).(*ssa.MakeMap); !ok {
			continue
		}
		m, ok := unwrap(v).Type().Underlying().(*types.Map)
		if !ok || !isString(m.Key()) {
			continue
		}
		if lit != nil {
			return nil
		}
		lit = unwrap(v)
	}
	return lit
}
