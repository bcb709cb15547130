package lostupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports lost updates.
var Analyzer = &analysis.Analyzer{
	Name:     "lostupdate",
	Doc:      analysisutil.MustExtractDoc(doc, "lostupdate"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/lostupdate.md",
	Run:      analysisutil.Guard("lostupdate", run),
	Requires: []*analysis.Analyzer{dbcall.Analyzer, txscope.Analyzer, entry.Analyzer},
}

// The -NAME.CATEGORY flags, one per category of report.Grades.
func init() { report.RegisterCategories(Analyzer) }

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	if db.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish() // stale and malformed //idemvet:ignore directives
	if len(db.Funcs) == 0 {
		return nil, nil
	}
	txs := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	ent := pass.ResultOf[entry.Analyzer].(*entry.Result)
	for _, fi := range db.Funcs {
		if rep.Generated(fi.Fn.Pos()) {
			continue // generated code (sqlc) is shared by correct callers
		}
		if ent.Concurrent(fi.Fn).Answer == entry.No {
			continue // runs once (main, init, a command): no concurrent writer of its own
		}
		for _, w := range fi.Accesses {
			if w.Kind != dbcall.KindUpdate || w.Table == "" {
				continue
			}
			if d, ok := checkWrite(pass, db, txs, fi, w); ok {
				rep.Report(d)
			}
		}
	}
	return nil, nil
}

// checkWrite looks for an assignment of w whose value is computed from a
// column of the same row read without protection.
func checkWrite(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, fi *dbcall.FuncInfo, w *dbcall.Access) (analysis.Diagnostic, bool) {
	for _, set := range w.Set {
		if set.Class != sqltext.AssignParam || set.Value.IsZero() {
			continue // atomic (c = c + $1), constant, or not a Go value
		}
		for _, src := range db.SourcesAt(fi.Fn, set.Value, w.Call) {
			if !src.Derived && !set.SelfDelta || src.Column != set.Column || src.Read.Table != w.Table {
				continue
			}
			if protected(txs, src.Read, w, set.Column) || db.Serialized(src.Read, w) {
				continue
			}
			if src.Read.First == set.Column && db.TopOfSet(fi, src.Read, w) {
				return allocation(pass, src, w, set), true // the group's highest position, given to another row
			}
			if !db.SameRow(fi, src.Read, w) {
				continue
			}
			if db.KeyedElsewhere(fi, src.Read, w) {
				return allocation(pass, src, w, set), true
			}
			return diagnostic(pass, src, w, set), true
		}
	}
	return analysis.Diagnostic{}, false
}

// versionColumns are column names whose predicate makes an update a
// version check.
var versionColumns = map[string]bool{"version": true, "lock_version": true, "revision": true, "row_version": true, "etag": true}

// versionColumn reports a version column's name, also prefixed by its
// table's name as every column of some schemas is (pipeline_version in
// WHERE pipeline_id = :pipeline_id AND pipeline_version = :pipeline_version - 1).
func versionColumn(col string) bool {
	if versionColumns[col] {
		return true
	}
	i := strings.LastIndexByte(col, '_')
	return i > 0 && (col[i+1:] == "version" || col[i+1:] == "revision")
}

// protected reports whether the read protects the write.
func protected(txs *txscope.Result, read, w *dbcall.Access, col string) bool {
	// A compare-and-set on the old value or a version predicate: the write
	// fails when another writer got there first (noversion checks that the
	// failure is noticed).
	for _, c := range w.Where {
		if c.Column == col || versionColumn(c.Column) {
			return true
		}
	}
	tx := txs.Of(w)
	if tx == nil || txs.Of(read) != tx {
		return false
	}
	if read.Lock == sqltext.LockUpdate || read.Lock == sqltext.LockNoKeyUpdate {
		return true // the row is locked from the read to the commit
	}
	if read.Heuristic {
		return true // a lookup guessed from its name, in a transaction: its FOR UPDATE would be out of view
	}
	// Earlier locking read of the same row in the transaction.
	for _, a := range tx.Accesses {
		if a.Table == w.Table && (a.Lock == sqltext.LockUpdate || a.Lock == sqltext.LockNoKeyUpdate) && a.Pos < read.Pos {
			return true
		}
	}
	// SERIALIZABLE aborts one of the writers; so does REPEATABLE READ in
	// PostgreSQL ("could not serialize access due to concurrent update").
	return tx.Isolation == sqltext.IsolationSerializable || tx.Isolation == sqltext.IsolationRepeatableRead
}

func diagnostic(pass *analysis.Pass, src dbcall.Source, w *dbcall.Access, set dbcall.Binding) analysis.Diagnostic {
	readAt := analysisutil.Position(pass.Fset, src.Read.Pos)
	if src.Read.Via != nil {
		readAt = fmt.Sprintf("%s (by %s)", readAt, src.Read.Via.Callees[0])
	}
	col := set.Column
	number := numeric(set.Value)
	how := "is recomputed in Go"
	if src.Changer != "" {
		// modify(t) of an UpdateTask(ctx, id, modify): the change is the
		// caller's callback, no arithmetic SQL could replay.
		how = fmt.Sprintf("is handed to %s, which may change it,", src.Changer)
		number = false
	}
	fix := fixText(w.Lib, col, number)
	d := analysis.Diagnostic{
		Pos:      w.Pos,
		Category: "lostupdate",
		Message: fmt.Sprintf("lost update on %s.%s: the value read at %s %s and written back; concurrent writers overwrite each other; %s%s",
			w.Table, col, readAt, how, fix, inferred(src.Read, w)),
		Related: []analysis.RelatedInformation{{Pos: src.Read.Pos, Message: "the read of " + w.Table + "." + col}},
	}
	if fix, ok := gormFix(pass, src, w, set); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else if fix, ok := sqlFix(pass, src, w, set); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

// allocation reports a value read from the table, recomputed in Go and
// stored on a row the read did not select or return: a number taken from
// the highest one stored (the next asset id of a group), where concurrent
// requests read the same highest value and store the same next one on
// different rows. No row loses an update; the numbers are duplicated, so
// the fix is a constraint or a sequence, not an atomic increment.
func allocation(pass *analysis.Pass, src dbcall.Source, w *dbcall.Access, set dbcall.Binding) analysis.Diagnostic {
	readAt := analysisutil.Position(pass.Fset, src.Read.Pos)
	if src.Read.Via != nil {
		readAt = fmt.Sprintf("%s (by %s)", readAt, src.Read.Via.Callees[0])
	}
	col := set.Column
	return analysis.Diagnostic{
		Pos:      w.Pos,
		Category: "lostupdate",
		Message: fmt.Sprintf("duplicate %s.%s: the value read at %s is recomputed in Go and stored on another row than the one read; concurrent requests read the same value and store the same %s; add a UNIQUE constraint on %s and retry on its violation, or take the value from a sequence or a counter row updated atomically%s",
			w.Table, col, readAt, col, col, inferred(src.Read, w)),
		Related: []analysis.RelatedInformation{{Pos: src.Read.Pos, Message: "the read of " + w.Table + "." + col}},
	}
}

// inferred says which half of a finding was guessed from a repository
// interface's method names, its implementation out of view (declared in a
// package that imports this one, and wired in main).
func inferred(read, w *dbcall.Access) string {
	var names []string
	for _, a := range []*dbcall.Access{read, w} {
		if a.Heuristic && a.Via != nil && len(a.Via.Callees) > 0 {
			names = append(names, a.Via.Callees[len(a.Via.Callees)-1])
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (the access of %s is inferred from its name: its implementation is not in view)", names[0])
	}
	if names[0] == names[1] {
		return fmt.Sprintf(" (the accesses of %s are inferred from its name: its implementation is not in view)", names[0])
	}
	return fmt.Sprintf(" (the accesses of %s and %s are inferred from their names: their implementations are not in view)", names[0], names[1])
}

// fixText is the advice of a lost update on col for the library of the
// write: an atomic update when the value is a number (c = c + $n), else
// (JSON merged in Go, a string, a list) a locking read or a version check,
// for no arithmetic in SQL replays what the Go code computed.
func fixText(lib apis.Lib, col string, number bool) string {
	atomic := fmt.Sprintf("SET %s = %s + $n", col, col)
	lock := "SELECT ... FOR UPDATE"
	switch lib {
	case apis.LibGorm:
		atomic, lock = fmt.Sprintf(`gorm.Expr("%s + ?", n)`, col), `clause.Locking{Strength: "UPDATE"}`
	case apis.LibGormV1:
		atomic, lock = fmt.Sprintf(`gorm.Expr("%s + ?", n)`, col), `Set("gorm:query_option", "FOR UPDATE")`
	case apis.LibXorm:
		atomic, lock = fmt.Sprintf(`Incr("%s", n)`, col), "ForUpdate()"
	case apis.LibGoqu:
		atomic, lock = fmt.Sprintf(`Set(goqu.Record{"%s": goqu.L("%s + ?", n)})`, col, col), "ForUpdate(goqu.Wait)"
	case apis.LibSquirrel:
		atomic, lock = fmt.Sprintf(`Set("%s", sq.Expr("%s + ?", n))`, col, col), `Suffix("FOR UPDATE")`
	case apis.LibPop:
		// pop has no atomic update or locking read of its own: both are
		// RawQuery text.
		atomic, lock = fmt.Sprintf(`RawQuery("UPDATE ... SET %s = %s + ? WHERE id = ?", n, id).Exec()`, col, col), `RawQuery("SELECT ... FOR UPDATE", id).First(&m)`
	}
	if lib == apis.LibRedis {
		// A key has no row lock or WHERE: WATCH makes the write fail
		// when the key changed since the read; a script runs both at once.
		if number {
			return "update atomically with IncrBy, or read and write the key in a Watch transaction (WATCH, then MULTI/EXEC) or a Lua script"
		}
		return "read and write the key in a Watch transaction (WATCH, then MULTI/EXEC) and retry when it fails, or in a Lua script"
	}
	if !number {
		return fmt.Sprintf("read it with %s in the same transaction, or add a version check to the WHERE and retry when 0 rows match", lock)
	}
	return fmt.Sprintf("update atomically with %s, or read it with %s in the same transaction", atomic, lock)
}

// numeric reports whether the Go value v is a number, or of a type not
// known here (an interface: the advice then stays the atomic update).
func numeric(v dbcall.Ref) bool {
	if v.IsZero() {
		return true
	}
	t := v.Root.Type()
	for _, name := range strings.Split(strings.TrimPrefix(v.Path, "."), ".") {
		if name == "" {
			continue
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return true
		}
		var next types.Type
		for i := range st.NumFields() {
			if st.Field(i).Name() == name {
				next = st.Field(i).Type()
				break
			}
		}
		if next == nil {
			return true
		}
		t = next
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsNumeric != 0
	case *types.Interface, *types.TypeParam:
		return true
	}
	return false // a slice ([]byte of JSON), a map, a struct
}

// gormFix rewrites Update("c", x.C + n) to Update("c", gorm.Expr("c + ?", n))
// when the change is a constant delta in a direct gorm call of this file.
func gormFix(pass *analysis.Pass, src dbcall.Source, w *dbcall.Access, set dbcall.Binding) (analysis.SuggestedFix, bool) {
	if w.Lib != apis.LibGorm && w.Lib != apis.LibGormV1 || w.Via != nil || src.Op == "" {
		return analysis.SuggestedFix{}, false
	}
	c, ok := src.Operand.(*ssa.Const)
	if !ok || c.Value == nil {
		return analysis.SuggestedFix{}, false
	}
	call := callExpr(pass, w.Pos)
	if call == nil || len(call.Args) != 2 {
		return analysis.SuggestedFix{}, false
	}
	if w.Method != "Update" && w.Method != "UpdateColumn" {
		return analysis.SuggestedFix{}, false
	}
	bin, ok := ast.Unparen(call.Args[1]).(*ast.BinaryExpr)
	if !ok || bin.Op.String() != src.Op {
		return analysis.SuggestedFix{}, false
	}
	pkg := apis.GormPkg
	if w.Lib == apis.LibGormV1 {
		pkg = apis.GormV1Pkg
	}
	gormName := importName(pass, call.Pos(), pkg)
	if gormName == "" {
		return analysis.SuggestedFix{}, false
	}
	delta := render(pass, bin.Y)
	newText := fmt.Sprintf(`%s.Expr("%s %s ?", %s)`, gormName, set.Column, src.Op, delta)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Use gorm.Expr(\"%s %s ?\", %s)", set.Column, src.Op, delta),
		TextEdits: []analysis.TextEdit{{Pos: call.Args[1].Pos(), End: call.Args[1].End(), NewText: []byte(newText)}},
	}, true
}

// callExpr finds the call expression whose Lparen... is at pos (SSA call
// positions are the opening parenthesis).
func callExpr(pass *analysis.Pass, pos token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	for _, f := range pass.Files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == pos {
				found = c
				return false
			}
			return true
		})
	}
	return found
}

// importName returns the name under which the file at pos imports path.
func importName(pass *analysis.Pass, pos token.Pos, path string) string {
	for _, f := range pass.Files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) != path {
				continue
			}
			if imp.Name != nil {
				return imp.Name.Name
			}
			return path[strings.LastIndex(path, "/")+1:]
		}
	}
	return ""
}

func render(pass *analysis.Pass, e ast.Expr) string {
	start, end := pass.Fset.Position(e.Pos()), pass.Fset.Position(e.End())
	for _, f := range pass.Files {
		if e.Pos() < f.FileStart || e.Pos() >= f.FileEnd {
			continue
		}
		if tf := pass.Fset.File(f.FileStart); tf != nil {
			if src, err := pass.ReadFile(tf.Name()); err == nil && end.Offset <= len(src) {
				return string(src[start.Offset:end.Offset])
			}
		}
	}
	return "n"
}
