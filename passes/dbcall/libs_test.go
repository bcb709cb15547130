package dbcall_test

import (
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/internal/idemvettest"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// loadLibs type-checks packages of the real libraries, as the second
// end-to-end module (testdata/e2elibs) requires them.
func loadLibs(t *testing.T, paths ...string) map[string]*types.Package {
	t.Helper()
	return loadLibsIn(t, "e2elibs", paths...)
}

// loadLibsIn type-checks packages of the real libraries as the end-to-end
// module testdata/<module> requires them. The module is loaded once per
// test process, from source: export data would make the go command compile
// every library first, most of this package's time on a cold build cache
// (and the same compilation cmd/idemvet's go vet runs do at the same time).
func loadLibsIn(t *testing.T, module string, paths ...string) map[string]*types.Package {
	t.Helper()
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies")
	}
	v, _ := libModules.LoadOrStore(module, new(libModule))
	m := v.(*libModule)
	m.once.Do(func() {
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax,
			Dir:  filepath.Join("..", "..", "testdata", module),
		}
		roots, err := idemvettest.LoadDecls(cfg, "./...")
		if err != nil {
			m.err = err
			return
		}
		m.pkgs = map[string]*packages.Package{}
		packages.Visit(roots, nil, func(p *packages.Package) { m.pkgs[p.PkgPath] = p })
	})
	if m.err != nil {
		t.Fatal(m.err)
	}
	out := map[string]*types.Package{}
	for _, path := range paths {
		p := m.pkgs[path]
		switch {
		case p == nil:
			t.Fatalf("%s is not a dependency of testdata/%s", path, module)
		case len(p.Errors) > 0 || p.Types == nil:
			t.Fatalf("loading %s: %v", p.PkgPath, p.Errors)
		}
		out[path] = p.Types
	}
	return out
}

// A libModule is an end-to-end module's packages, loaded once.
type libModule struct {
	once sync.Once
	pkgs map[string]*packages.Package // by package path, every dependency
	err  error
}

var libModules sync.Map // module → *libModule

// methodsOf returns the names of the methods of the named types of pkg
// (value and pointer receivers).
func methodsOf(pkg *types.Package, typeNames ...string) map[string]bool {
	out := map[string]bool{}
	for _, name := range typeNames {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		for i := 0; i < ms.Len(); i++ {
			out[ms.At(i).Obj().Name()] = true
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSquirrelAPI holds passes/apis' squirrel tables to the real library.
func TestSquirrelAPI(t *testing.T) {
	pkg := loadLibs(t, apis.SquirrelPkg)[apis.SquirrelPkg]
	builders := sortedKeys(apis.SquirrelBuilders)
	methods := methodsOf(pkg, builders...)
	for _, name := range builders {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("builder type %s not in %s", name, pkg.Path())
		}
	}
	for _, name := range sortedKeys(apis.SquirrelMethods) {
		if !methods[name] {
			t.Errorf("builder method %s not in %s", name, pkg.Path())
		}
	}
	for _, name := range append(sortedKeys(apis.SquirrelFinishers), apis.SquirrelToSQL) {
		if !methods[name] {
			t.Errorf("finisher %s not in %s", name, pkg.Path())
		}
	}
	for _, name := range sortedKeys(apis.SquirrelConstructors) {
		if _, ok := pkg.Scope().Lookup(name).(*types.Func); !ok {
			t.Errorf("constructor %s not in %s", name, pkg.Path())
		}
	}
	for _, name := range append(sortedKeys(apis.SquirrelPredicates), "And", "Or") {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("predicate type %s not in %s", name, pkg.Path())
		}
	}
	for _, key := range []string{apis.SquirrelExpr, "(" + apis.SquirrelPkg + ".RowScanner).Scan"} {
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
		}
	}
}

// TestGormV1API holds the gorm v1 names the model relies on to the real
// jinzhu/gorm: every GormMethods entry v1 has, and v1's own.
func TestGormV1API(t *testing.T) {
	pkg := loadLibs(t, apis.GormV1Pkg)[apis.GormV1Pkg]
	methods := methodsOf(pkg, "DB")
	// gorm v2 methods v1 does not have; the shared table's other rows must
	// be v1 methods too.
	v2only := map[string]bool{"Clauses": true, "InnerJoins": true, "Session": true, "WithContext": true, "InstanceSet": true,
		"MapColumns": true, "CreateInBatches": true, "Distinct": true}
	for _, name := range sortedKeys(apis.GormMethods) {
		if !v2only[name] && !methods[name] {
			t.Errorf("gorm method %s not on v1's *DB", name)
		}
	}
	if !methods[apis.GormV1RecordNotFound] {
		t.Errorf("%s not on v1's *DB", apis.GormV1RecordNotFound)
	}
	for _, key := range append(sortedKeys(apis.NotFoundPredicates), apis.GormV1ExprFunc) {
		if !strings.HasPrefix(key, apis.GormV1Pkg+".") {
			continue // another library's (zdb's: TestZdbAPI)
		}
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
		}
	}
	if _, ok := pkg.Scope().Lookup("ErrRecordNotFound").(*types.Var); !ok || apis.GormV1NotFound != apis.GormV1Pkg+".ErrRecordNotFound" {
		t.Errorf("%s does not resolve", apis.GormV1NotFound)
	}
}

// TestPgxV4API holds every pgx v4 and pgconn v1 row of apis.Methods to
// the real packages.
func TestPgxV4API(t *testing.T) {
	paths := []string{apis.PgxV4Pkg, apis.PgxV4Pkg + "/pgxpool", "github.com/jackc/pgconn"}
	pkgs := loadLibs(t, paths...)
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		for _, p := range paths {
			k := strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
			if !strings.HasPrefix(k, p+".") {
				continue
			}
			n++
			if !idemvettest.ResolvesFullName(pkgs[p], key) {
				t.Errorf("%s does not resolve", key)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d pgx v4 rows", n)
	}
	for _, key := range []string{apis.PgxV4NoRows} {
		if _, ok := pkgs[apis.PgxV4Pkg].Scope().Lookup(strings.TrimPrefix(key, apis.PgxV4Pkg+".")).(*types.Var); !ok {
			t.Errorf("%s does not resolve", key)
		}
	}
}

// TestBunAPI holds passes/apis' bun tables to the real library.
func TestBunAPI(t *testing.T) {
	pkg := loadLibs(t, apis.BunPkg)[apis.BunPkg]
	queries := sortedKeys(apis.BunQueries)
	methods := methodsOf(pkg, queries...)
	for _, name := range queries {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("query type %s not in %s", name, pkg.Path())
		}
	}
	for _, name := range append(sortedKeys(apis.BunMethods), sortedKeys(apis.BunFinishers)...) {
		if !methods[name] {
			t.Errorf("query method %s not in %s", name, pkg.Path())
		}
	}
	handles := methodsOf(pkg, sortedKeys(apis.BunHandles)...)
	for _, name := range sortedKeys(apis.BunStarters) {
		if !handles[name] {
			t.Errorf("starter %s not in %s", name, pkg.Path())
		}
	}
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(key, "("), "*"), apis.BunPkg+".") {
			n++
			if !idemvettest.ResolvesFullName(pkg, key) {
				t.Errorf("%s does not resolve", key)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d bun rows", n)
	}
	if _, ok := pkg.Scope().Lookup(strings.TrimPrefix(apis.BunBaseModel, apis.BunPkg+".")).(*types.TypeName); !ok {
		t.Errorf("%s does not resolve", apis.BunBaseModel)
	}
}

// TestXormAPI holds passes/apis' xorm tables to the real library: every
// session method and finisher is a method of *Session, the handles are
// its types, and builder.Eq resolves.
func TestXormAPI(t *testing.T) {
	pkgs := loadLibs(t, apis.XormPkg, "xorm.io/builder")
	pkg := pkgs[apis.XormPkg]
	for _, name := range sortedKeys(apis.XormHandles) {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("handle type %s not in %s", name, pkg.Path())
		}
	}
	methods := methodsOf(pkg, "Session")
	for _, name := range append(sortedKeys(apis.XormMethods), sortedKeys(apis.XormFinishers)...) {
		if !methods[name] {
			t.Errorf("session method %s not in %s", name, pkg.Path())
		}
	}
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(key, "("), "*"), apis.XormPkg+".") {
			n++
			if !idemvettest.ResolvesFullName(pkg, key) {
				t.Errorf("%s does not resolve", key)
			}
		}
	}
	if n < 4 {
		t.Errorf("only %d xorm rows", n)
	}
	if _, ok := pkgs["xorm.io/builder"].Scope().Lookup("Eq").(*types.TypeName); !ok || "xorm.io/builder.Eq" != apis.XormBuilderEq {
		t.Errorf("%s does not resolve", apis.XormBuilderEq)
	}
}

// TestPopAPI holds passes/apis' pop tables to the real library (as
// testdata/e2epop requires it): every step and finisher is a method of
// *Connection or *Query (pop.Q the function), the handles are its types,
// the Methods rows resolve, and TX is Connection's transaction field.
func TestPopAPI(t *testing.T) {
	pkg := loadLibsIn(t, "e2epop", apis.PopPkg)[apis.PopPkg]
	for _, name := range sortedKeys(apis.PopHandles) {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("handle type %s not in %s", name, pkg.Path())
		}
	}
	conn, query := methodsOf(pkg, "Connection"), methodsOf(pkg, "Query")
	for _, name := range append(sortedKeys(apis.PopMethods), sortedKeys(apis.PopFinishers)...) {
		if !conn[name] && !query[name] && !(name == "Q" && pkg.Scope().Lookup("Q") != nil) {
			t.Errorf("method %s of neither Connection nor Query in %s", name, pkg.Path())
		}
	}
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(key, "("), "*"), apis.PopPkg+".") {
			n++
			if !idemvettest.ResolvesFullName(pkg, key) {
				t.Errorf("%s does not resolve", key)
			}
		}
	}
	if n < 4 {
		t.Errorf("only %d pop rows", n)
	}
	tn, _ := pkg.Scope().Lookup("Connection").(*types.TypeName)
	st, _ := tn.Type().Underlying().(*types.Struct)
	found := false
	for i := 0; st != nil && i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == apis.PopTxField && types.TypeString(f.Type(), nil) == "*"+apis.PopPkg+".Tx" {
			found = true
		}
	}
	if !found {
		t.Errorf("Connection has no %s *Tx field", apis.PopTxField)
	}
}

// TestEntAPI holds the shapes the model knows ent's generated clients by
// to a client the real ent generated (testdata/e2elibs/internal/entstore).
func TestEntAPI(t *testing.T) {
	const client = "github.com/idemvet/idemvet/testdata/e2elibs/internal/entstore/ent"
	pkgs := loadLibs(t, client, client+"/member")
	pkg, entity := pkgs[client], pkgs[client+"/member"]
	if !dbcall.IsEntPackage(pkg) {
		t.Fatalf("%s is not recognized as an ent client package", client)
	}
	for suffix, kind := range apis.EntBuilders {
		methods := methodsOf(pkg, "Member"+suffix)
		if len(methods) == 0 {
			t.Errorf("builder Member%s not generated", suffix)
		}
		for name := range apis.EntFinishers[kind] {
			if !methods[name] {
				t.Errorf("finisher Member%s.%s not generated", suffix, name)
			}
		}
	}
	clientMethods := methodsOf(pkg, "MemberClient")
	for name := range apis.EntClientMethods {
		if !clientMethods[name] {
			t.Errorf("MemberClient.%s not generated", name)
		}
	}
	for typ, names := range map[string][]string{"Client": {"Tx", "BeginTx"}, "Tx": {"Commit", "Rollback"}, "MemberQuery": {"Where", "ForUpdate", "ForShare"},
		"MemberCreate": {"SetEmail", "OnConflict", "OnConflictColumns"}, "MemberUpsertOne": {"DoNothing", "Ignore", "UpdateNewValues", "AddCredits"},
		"MemberUpdateOne": {"SetCredits", "AddCredits", "Where"}, "MemberUpdate": {"Where", "SetStatus"}} {
		ms := methodsOf(pkg, typ)
		for _, n := range names {
			if !ms[n] {
				t.Errorf("%s.%s not generated", typ, n)
			}
		}
	}
	for _, name := range []string{apis.EntIsNotFound, apis.EntIsConstraintError} {
		if _, ok := pkg.Scope().Lookup(name).(*types.Func); !ok {
			t.Errorf("%s not generated", name)
		}
	}
	for _, name := range []string{"Table", "FieldID", "FieldEmail", "FieldCredits", "ID", "Email", "EmailEQ", "EmailEqualFold", "CreditsGT", "IDIn", "StatusNEQ", "And", "Or", "Not"} {
		if entity.Scope().Lookup(name) == nil {
			t.Errorf("member.%s not generated", name)
		}
	}
}

// TestNamedSQLAPI holds dotsql's rows of apis.Methods, and the rows of
// sqlx.Stmt that goyesql's prepared fields use, to the real libraries:
// each resolves, its name argument is a string, its handle an interface,
// and its arguments the variadic last parameter.
func TestNamedSQLAPI(t *testing.T) {
	const sqlxPkg = "github.com/jmoiron/sqlx"
	pkgs := loadLibs(t, apis.DotsqlPkg, apis.DotsqlOldPkg, sqlxPkg)
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		var pkg *types.Package
		switch {
		case strings.HasPrefix(key, "("+apis.DotsqlPkg+"."):
			pkg = pkgs[apis.DotsqlPkg]
		case strings.HasPrefix(key, "("+apis.DotsqlOldPkg+"."):
			pkg = pkgs[apis.DotsqlOldPkg]
		case strings.HasPrefix(key, "(*"+sqlxPkg+".Stmt)."):
			pkg = pkgs[sqlxPkg]
		default:
			continue
		}
		n++
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
			continue
		}
		m := apis.Methods[key]
		end := strings.Index(key, ")")
		tn := pkg.Scope().Lookup(strings.TrimPrefix(strings.TrimPrefix(key[1:end], "*"), pkg.Path()+".")).(*types.TypeName)
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, key[end+2:])
		sig := obj.(*types.Func).Type().(*types.Signature)
		param := func(i int) types.Type { return sig.Params().At(i).Type() }
		if m.ByName {
			if m.SQL < 0 || m.SQL >= sig.Params().Len() || param(m.SQL).String() != "string" {
				t.Errorf("%s: argument %d is not the statement's name", key, m.SQL)
			}
			if m.Handle < 0 || m.Handle >= sig.Params().Len() || !types.IsInterface(param(m.Handle)) {
				t.Errorf("%s: argument %d is not the handle", key, m.Handle)
			}
		}
		if m.Args >= 0 && (!sig.Variadic() || m.Args != sig.Params().Len()-1) {
			t.Errorf("%s: argument %d is not the variadic arguments", key, m.Args)
		}
		if m.Dest >= 0 && (m.Dest >= sig.Params().Len() || param(m.Dest).String() != "interface{}" && param(m.Dest).String() != "any") {
			t.Errorf("%s: argument %d is not the destination", key, m.Dest)
		}
	}
	if n < 22 {
		t.Errorf("only %d dotsql and sqlx.Stmt rows", n)
	}
}

// TestGorpAPI holds passes/apis' gorp table to the real go-gorp/gorp v3:
// every key resolves, its SQL argument is a string and its arguments the
// variadic last parameter.
func TestGorpAPI(t *testing.T) {
	pkg := loadLibs(t, apis.GorpPkg)[apis.GorpPkg]
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if !strings.Contains(key, apis.GorpPkg+".") {
			continue
		}
		n++
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
			continue
		}
		end := strings.Index(key, ")")
		tn := pkg.Scope().Lookup(strings.TrimPrefix(strings.TrimPrefix(key[1:end], "*"), pkg.Path()+".")).(*types.TypeName)
		var recv types.Type = types.NewPointer(tn.Type())
		if types.IsInterface(tn.Type()) {
			recv = tn.Type()
		}
		obj, _, _ := types.LookupFieldOrMethod(recv, true, pkg, key[end+2:])
		sig := obj.(*types.Func).Type().(*types.Signature)
		m := apis.Methods[key]
		if m.SQL >= 0 && (m.SQL >= sig.Params().Len() || sig.Params().At(m.SQL).Type().String() != "string") {
			t.Errorf("%s: argument %d is not the SQL text", key, m.SQL)
		}
		if m.Args >= 0 && (!sig.Variadic() || m.Args != sig.Params().Len()-1) {
			t.Errorf("%s: argument %d is not the variadic arguments", key, m.Args)
		}
		if m.Dest >= 0 && m.Dest >= sig.Params().Len() {
			t.Errorf("%s: no destination argument %d", key, m.Dest)
		}
	}
	if n < 30 {
		t.Errorf("only %d gorp keys", n)
	}
}

// TestZdbAPI holds passes/apis' zdb table to the real zgo.at/zdb: every
// key resolves, and its SQL argument is a string.
func TestZdbAPI(t *testing.T) {
	pkg := loadLibs(t, apis.ZdbPkg)[apis.ZdbPkg]
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if !strings.HasPrefix(key, apis.ZdbPkg+".") && !strings.Contains(key, "("+apis.ZdbPkg+".") && !strings.Contains(key, "(*"+apis.ZdbPkg+".") {
			continue
		}
		n++
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
		}
	}
	for _, key := range append([]string{apis.ZdbPkg + ".ErrNoRows", apis.ZdbPkg + ".ErrUnique"}, sortedKeys(apis.ZdbModelWrites)...) {
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
		}
	}
	if _, ok := pkg.Scope().Lookup(strings.TrimPrefix(apis.ZdbUpdateAll, apis.ZdbPkg+".")).(*types.Var); !ok {
		t.Errorf("%s is not a variable of %s", apis.ZdbUpdateAll, pkg.Path())
	}
	if tabler, ok := pkg.Scope().Lookup("Tabler").(*types.TypeName); !ok || !types.IsInterface(tabler.Type()) {
		t.Errorf("no Tabler interface in %s", pkg.Path())
	} else if obj, _, _ := types.LookupFieldOrMethod(tabler.Type(), false, pkg, apis.ZdbTableMethod); obj == nil {
		t.Errorf("Tabler has no %s method", apis.ZdbTableMethod)
	}
	if n < 10 {
		t.Errorf("only %d zdb keys", n)
	}
}

// TestDbxAPI holds the pocketbase/dbx table to the real package: every
// method and every chain method resolves.
func TestDbxAPI(t *testing.T) {
	pkg := loadLibs(t, apis.DbxPkg)[apis.DbxPkg]
	n := 0
	for _, key := range append(sortedKeys(apis.Methods), sortedKeys(apis.DbxQueryChain)...) {
		if !strings.Contains(key, "("+apis.DbxPkg+".") && !strings.Contains(key, "(*"+apis.DbxPkg+".") {
			continue
		}
		n++
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve", key)
		}
	}
	if n < 15 {
		t.Errorf("only %d dbx keys", n)
	}
}

// TestSqlboilerAPI holds the sqlboiler tables to the real packages: boil's
// column lists and BeginTx, qm's and qmhelper's mods resolve, and the
// types the generated code's shape is told by exist (boil.ContextExecutor,
// boil.Executor, queries.Query).
func TestSqlboilerAPI(t *testing.T) {
	pkgs := loadLibs(t, apis.SqlboilerBoil, apis.SqlboilerQueries, apis.SqlboilerQM, apis.SqlboilerHelper)
	keys := append(sortedKeys(apis.SqlboilerColumns), sortedKeys(apis.SqlboilerMods)...)
	keys = append(keys, apis.SqlboilerQueries+".Raw")
	for _, name := range sortedKeys(apis.SqlboilerRawRuns) {
		keys = append(keys, "(*"+apis.SqlboilerQueries+".Query)."+name)
	}
	for _, key := range sortedKeys(apis.Methods) {
		if strings.HasPrefix(key, apis.SqlboilerPkg+"/") {
			keys = append(keys, key)
		}
	}
	for _, key := range keys {
		path := strings.TrimPrefix(strings.TrimPrefix(key[:strings.LastIndex(key, ".")], "(*"), "(")
		if i := strings.LastIndex(path, "."); strings.HasPrefix(key, "(") && i >= 0 {
			path = path[:i]
		}
		if !idemvettest.ResolvesFullName(pkgs[path], key) {
			t.Errorf("%s does not resolve", key)
		}
	}
	for _, name := range []string{apis.SqlboilerBoil + ".ContextExecutor", apis.SqlboilerBoil + ".Executor", apis.SqlboilerBoil + ".Columns", apis.SqlboilerQueries + ".Query"} {
		path := name[:strings.LastIndex(name, ".")]
		if _, ok := pkgs[path].Scope().Lookup(name[len(path)+1:]).(*types.TypeName); !ok {
			t.Errorf("%s is not a type", name)
		}
	}
	if len(keys) < 30 {
		t.Errorf("only %d sqlboiler keys", len(keys))
	}
}
