package dbcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/config"
)

// Analyzer computes the database accesses of every function of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "dbcall",
	Doc:        "compute the database operations of each function (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/dbcall",
	Run:        run,
	Requires:   []*analysis.Analyzer{ssabuild.Analyzer, config.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(summaryFact), new(tableFact), new(ctxAccessorFact), new(mutatesFact), new(mintFact), new(enumTextFact), new(preparedFieldFact), new(pgxNamesFact), new(stmtRebindFact), new(mapperFact), new(varFieldsFact), new(boilModelFact)},
}

// Result is the database model of one package.
type Result struct {
	funcs map[*ssa.Function]*FuncInfo
	// Funcs lists the analyzed functions (source functions and their
	// closures) in a deterministic order.
	Funcs []*FuncInfo
	// Err is set when the model could not be built; checkers then stay
	// silent for the package.
	Err error
	// Pkg and SrcFuncs are the package's SSA form and its source functions
	// (closures after their parents), built only for relevant packages
	// (see Relevant); nil otherwise. Other passes share them.
	Pkg      *ssa.Package
	SrcFuncs []*ssa.Function
	b        *builder
	// writers indexes the updates visible from the package by table,
	// built on first use (see Writers).
	writers map[string][]Writer
	// mints answers Minted.
	mints *mints
	enums *enums
	// callers indexes the static calls of the package's functions, built
	// on first use (see DirectCalls).
	callersOnce sync.Once
	callers     *callIndex
	// condSources memoizes Sources of the values branches test
	// (ssa.Value → []Source), which Guards asks once per write.
	condSources sync.Map
}

// FuncInfo is the model of one function.
type FuncInfo struct {
	Fn *ssa.Function
	// Accesses lists the function's database accesses in instruction
	// order: its own library calls and the calls of summarized functions.
	Accesses []*Access
	signals  map[ssa.Value]*Access
	addrs    map[ssa.Value]*Access
	nils     map[ssa.Value]*Access
	b        *builder // whose budget its walks spend
	// branched caches, per read, the columns a branch tests (branchedOn).
	branched map[*Access][]string
}

// Func returns the model of fn, or nil when fn has no database accesses.
func (r *Result) Func(fn *ssa.Function) *FuncInfo {
	if r == nil {
		return nil
	}
	return r.funcs[fn]
}

// DBPackage reports whether path is a database library's package or below
// one (apis.DBPackage): a package whose presence among a package's
// imports, direct or indirect, makes run model it.
func DBPackage(path string) bool { return apis.DBPackage(path) }

func run(pass *analysis.Pass) (res any, err error) {
	result := &Result{funcs: map[*ssa.Function]*FuncInfo{}}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the model must never become a finding or a crash of
			// the user's build: report it as the pass's error state.
			result = &Result{funcs: map[*ssa.Function]*FuncInfo{}, Err: panicError{r}}
			res, err = result, nil
		}
	}()
	var muts map[*types.Func]*mutatesFact
	var mappers map[*types.Func]*mapperFact
	if !isLibrary(pass.Pkg.Path()) && ownCode(pass) {
		// The fields methods assign, for the models of other packages:
		// read from the syntax, so model packages need no SSA.
		muts = scanMutations(pass)
		mappers = scanMappers(pass)
		result.mints = &mints{pass: pass, own: scanMints(pass), imp: map[*types.Func]*mintFact{}}
		result.enums = &enums{pass: pass, own: scanEnumTexts(pass), imp: map[*types.TypeName]*enumTextFact{}}
	} else if !isLibrary(pass.Pkg.Path()) {
		result.mints = &mints{pass: pass, imp: map[*types.Func]*mintFact{}}
		result.enums = &enums{pass: pass, imp: map[*types.TypeName]*enumTextFact{}}
	}
	if boilGenerated(pass) {
		// sqlboiler's generated models: known by shape, their bodies
		// never modeled; their tables and keys exported for callers.
		exportBoilModels(pass)
		return result, nil
	}
	if isLibrary(pass.Pkg.Path()) || entGenerated(pass) || !analysisutil.Imports(pass.Pkg, apis.DBPackages...) && !hasImportedSummaries(pass) && !(ownCode(pass) && (declaresRepository(pass.Pkg) || usesFS(pass) || declaresTxManager(pass.Pkg))) {
		return result, nil
	}
	pkg, srcFuncs := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy).Get()
	result.Pkg, result.SrcFuncs = pkg, srcFuncs
	b := newBuilder(pass, pkg)
	b.srcFuncs = srcFuncs
	b.muts = muts
	b.mappers = mappers
	if result.mints != nil {
		b.minted = result.Minted
	}
	result.b = b
	if cfg, ok := pass.ResultOf[config.Analyzer].(*config.Config); ok {
		b.limit, b.debug = cfg.Budget, cfg.Debug
	}
	defer func() { b.limit = 0 }() // queries after run are bounded by their visited sets alone
	b.exportTableFacts()
	b.exportVarFields()
	b.exportGoquIdents()
	b.scanPreparedFields()
	for _, fn := range srcFuncs {
		b.analyze(fn)
	}
	fns := make([]*ssa.Function, 0, len(b.infos))
	for fn := range b.infos {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool {
		return fns[i].Pos() < fns[j].Pos() || fns[i].Pos() == fns[j].Pos() && fns[i].String() < fns[j].String()
	})
	for _, fn := range fns {
		fi := b.infos[fn]
		if len(fi.Accesses) == 0 {
			continue
		}
		result.funcs[fn] = fi
		result.Funcs = append(result.Funcs, fi)
	}
	b.exportSummaries(srcFuncs)
	b.exportAccessorFacts(srcFuncs)
	return result, nil
}

type panicError struct{ v any }

func (p panicError) Error() string { return "dbcall: internal error: " + toString(p.v) }

func toString(v any) string {
	if e, ok := v.(error); ok {
		return e.Error()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return reflect.TypeOf(v).String()
}

// usesFS reports whether the package both checks and creates files with
// the functions the model knows (os.Stat and os.WriteFile, os.Create,
// os.OpenFile), without building SSA: a scan of the identifiers it uses.
func usesFS(pass *analysis.Pass) bool {
	stat, create := false, false
	for _, obj := range pass.TypesInfo.Uses {
		if f, ok := obj.(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "os" {
			if fs, ok := apis.FSFuncs[apis.RawFullName(f)]; ok {
				stat = stat || fs.Op == apis.FSStat
				create = create || fs.Op != apis.FSStat
			}
		}
	}
	return stat && create
}

// ownCode reports a package of the module being analyzed rather than of a
// dependency module: only there are the shortcuts that model code without
// a database import (repository interfaces, files) worth their SSA.
func ownCode(pass *analysis.Pass) bool {
	m := pass.Module
	return m == nil || m.Version == "" || m.Main
}

// IsLibrary reports whether path is the standard library or a library whose
// behavior passes/apis describes: idemvet's passes never look inside them.
func IsLibrary(path string) bool { return isLibrary(path) }

// isLibrary reports the standard library and the libraries passes/apis
// describes: the model never looks inside them.
func isLibrary(path string) bool { return apis.Library(path) }

// IsStd reports whether path is a standard library package.
func IsStd(path string) bool { return apis.IsStd(path) }

// hasImportedSummaries reports whether any dependency exported a summary,
// so that a package calling a repository package has something to model
// even when it imports no database library itself.
func hasImportedSummaries(pass *analysis.Pass) bool {
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*summaryFact); ok {
			return true
		}
	}
	return false
}

// builder computes FuncInfos for one package.
type builder struct {
	// joins, while the text of one library call is resolved, collects
	// the lists joined into it (joinText, for lockstepArgs).
	joins *[]joinRecord
	// boundParams holds, while the text a helper of this package returns
	// is resolved for one call (helperText), the texts of that call's
	// arguments by the helper's parameters.
	boundParams map[*ssa.Parameter]text
	pass        *analysis.Pass
	ssaPkg      *ssa.Package
	// srcFuncs are the package's source functions; fieldConsts caches
	// fieldConstant's answers.
	srcFuncs    []*ssa.Function
	fieldConsts map[fieldKey]fieldConst
	infos       map[*ssa.Function]*FuncInfo
	active      map[*ssa.Function]bool
	sums        map[*ssa.Function]*summaryFact
	methods     map[string][]*types.Func // imported methods with summaries, by name
	tables      map[*types.TypeName]string
	// gorpTables are gorp's table registrations of the package, found on
	// first use (gorpRegistry).
	gorpTables map[*types.TypeName]gorpTable
	// naming is the package's gorm naming strategy (gormTable), found
	// once.
	naming *gormNaming
	// genFiles are the package's generated files.
	genFiles map[*token.File]bool
	// accessors are the functions returning the transaction a context
	// carries (ctxtx.go).
	accessors map[*ssa.Function]*ctxAccessorFact
	// imported lists the updates in the summaries of functions of other
	// packages (see Writers).
	imported []importedWrite
	// muts are the field assignments of this package's functions.
	muts map[*types.Func]*mutatesFact
	// litMuts memoizes the field assignments of function literals
	// (mutations).
	litMuts map[*ssa.Function]*mutatesFact
	// mappers are the package's functions converting a row to another
	// struct (mapperFact).
	mappers map[*types.Func]*mapperFact
	// minted tells the fields constructors mint (Result.Minted).
	minted func(*types.Func, string) bool
	// builds caches the statements of query builders by the call that
	// renders them (squirrel's ToSql).
	builds map[ssa.Value]*builtStmt
	// sqBind holds, while one squirrel statement is assembled, the
	// arguments of the package's helpers the chain was followed into
	// (r.newSelect(opts...) returning Select().From(r.tableName)), by the
	// helpers' parameters; sqPathConsts caches fieldPathConstant.
	sqBind       map[*ssa.Parameter]ssa.Value
	sqPathConsts map[string]fieldConst
	// globalInits are the values the package's init stores into its
	// package variables (goqu.go).
	globalInits map[*ssa.Global]ssa.Value
	// varConsts are the package's string variables initialized to a
	// constant and assigned nowhere (constVarText), made on first use.
	varConsts map[*types.Var]string
	// markTypes is, while tableParam resolves a text, the function whose
	// type parameters' TableName() calls read as markers.
	markTypes *ssa.Function
	// markFields holds, while tableParam resolves a text, the struct
	// parameters whose string fields stand in as names of their own.
	markFields map[*ssa.Parameter]int
	// varFields caches globalFields: the package variables' constant
	// string fields.
	varFields map[*ssa.Global]map[string]string
	// stmtPhis counts the phis of prepared statements preparedText is
	// inside of.
	stmtPhis int
	// globalElemInits are the elements it stores into package-level
	// arrays, by index.
	globalElemInits map[*ssa.Global]map[int64]ssa.Value
	// preparedFields are the texts of the statements prepared into the
	// package's struct fields; preparing is set while they are found.
	preparedFields map[*types.Var]text
	preparing      bool
	// pgxNames are the statements the package prepares under a name with
	// pgx (prepared.go).
	pgxNames map[string]string
	// rebindMemo holds rebinds' answers.
	rebindMemo map[*ssa.Function]*stmtRebindFact
	// ctorMemo holds ctorOf's answers while ctorFields runs.
	ctorMemo map[ctorKey]ctorVal
	// steps counts the values visited for the function being modeled,
	// against limit (0: no limit); gaveUp lists the functions over it
	// (budget.go).
	steps, limit int
	nesting      int // the withins running (spend counts inside one only)
	debug        bool
	gaveUp       []*ssa.Function
	over         map[*ssa.Function]bool // the functions in gaveUp
	// impls memoizes implementations; implsCache the implementing types.
	impls      map[implKey][]implTarget
	implsCache *analysisutil.Impls
}

func newBuilder(pass *analysis.Pass, pkg *ssa.Package) *builder {
	b := &builder{
		implsCache: SharedImpls(pass),
		pass:       pass,
		ssaPkg:     pkg,
		infos:      map[*ssa.Function]*FuncInfo{},
		active:     map[*ssa.Function]bool{},
		sums:       map[*ssa.Function]*summaryFact{},
		methods:    map[string][]*types.Func{},
		tables:     map[*types.TypeName]string{},
	}
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *summaryFact:
			if fn, ok := f.Object.(*types.Func); ok && fn.Pkg() != pass.Pkg {
				for i := range fact.Accesses {
					if a := &fact.Accesses[i]; a.Kind == KindUpdate && a.Table != "" {
						b.imported = append(b.imported, importedWrite{fn: fn, fact: a})
					}
				}
				if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
					b.methods[fn.Name()] = append(b.methods[fn.Name()], fn)
				}
			}
		case *tableFact:
			if tn, ok := f.Object.(*types.TypeName); ok {
				b.tables[tn] = fact.Name
			}
		}
	}
	// Full names are built once each: a comparison building them took
	// 2% of a go vet unit run on a package with many imported summaries.
	names := map[*types.Func]string{}
	fullName := func(fn *types.Func) string {
		n, ok := names[fn]
		if !ok {
			n = apis.RawFullName(fn)
			names[fn] = n
		}
		return n
	}
	for _, fns := range b.methods {
		sort.Slice(fns, func(i, j int) bool { return fullName(fns[i]) < fullName(fns[j]) })
	}
	// AllObjectFacts comes in map order; Writers keeps the first of the
	// writes it merges, so the order must not depend on it.
	sort.SliceStable(b.imported, func(i, j int) bool {
		x, y := b.imported[i], b.imported[j]
		if fx, fy := fullName(x.fn), fullName(y.fn); fx != fy {
			return fx < fy
		}
		if x.fact.Origin != y.fact.Origin {
			return x.fact.Origin < y.fact.Origin
		}
		return x.fact.Table < y.fact.Table
	})
	return b
}

// analyze computes the FuncInfo of fn and of its closures, once.
func (b *builder) analyze(fn *ssa.Function) *FuncInfo {
	if fi, ok := b.infos[fn]; ok {
		return fi
	}
	fi := &FuncInfo{Fn: fn, signals: map[ssa.Value]*Access{}, addrs: map[ssa.Value]*Access{}, nils: map[ssa.Value]*Access{}, b: b}
	if b.active[fn] {
		return fi // recursion: the cycle contributes nothing
	}
	b.active[fn] = true
	defer delete(b.active, fn)
	for _, anon := range fn.AnonFuncs {
		b.analyze(anon)
	}
	if !b.within(fn, "accesses", func() { b.accesses(fn, fi) }) {
		fi = &FuncInfo{Fn: fn, signals: map[ssa.Value]*Access{}, addrs: map[ssa.Value]*Access{}, nils: map[ssa.Value]*Access{}, b: b}
	}
	b.infos[fn] = fi
	return fi
}

// accesses fills in fi, the model of fn.
func (b *builder) accesses(fn *ssa.Function, fi *FuncInfo) {
	if fn.Blocks != nil {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				b.spend()
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				fi.Accesses = append(fi.Accesses, withJoined(b.accessesOf(fn, call))...)
			}
		}
	}
	gen := b.generated(fn)
	for _, a := range fi.Accesses {
		if a.Via == nil {
			a.Generated = gen
		}
		matchedSignal(a)
		b.outcome(fi, a)
	}
	b.members(fn, fi)
	for _, a := range fi.Accesses {
		b.checkRows(fi, a)
		b.checkUnique(fi, a)
	}
	for _, a := range fi.Accesses {
		if a.Kind == KindDelete && a.Consumes == nil {
			a.Consumes, a.consumeGated = b.consumedRead(fi, a)
		}
	}
	for _, a := range fi.Accesses {
		if a.RowsOf == nil && a.Fn == fn && (a.Kind == KindInsert || a.Kind == KindUpdate) {
			a.RowsOf = rowsOfClaim(fi, a)
		}
	}
	// Deletes in fn's closures (analyzed first) decided by a lookup of fn.
	for _, anon := range fn.AnonFuncs {
		afi := b.infos[anon]
		if afi == nil {
			continue
		}
		for _, a := range afi.Accesses {
			if a.Kind == KindDelete && a.Consumes == nil && a.Call != nil && a.Call.Parent() == anon {
				a.Consumes = b.consumedByCaller(fi, anon, a)
			}
		}
	}
	markInserted(fi)
}

// matchedSignal makes an UPDATE's affected-row count its found-signal: 0
// rows means no row matched, so a branch on it decides what runs when the
// row is missing (UPDATE ... then INSERT when nothing was updated), here
// and, through the summary, in callers.
func matchedSignal(a *Access) {
	if a.Kind == KindUpdate && a.Found.Signal == SignalNone && len(a.RowsAffected) > 0 {
		a.Found = Outcome{Signal: SignalCount, Values: a.RowsAffected}
	}
}

// generated reports whether fn is declared in a generated file.
func (b *builder) generated(fn *ssa.Function) bool {
	if b.genFiles == nil {
		b.genFiles = map[*token.File]bool{}
		for _, f := range b.pass.Files {
			if analysisutil.Generated(b.pass.Fset, f) {
				b.genFiles[b.pass.Fset.File(f.FileStart)] = true
			}
		}
	}
	return b.genFiles[b.pass.Fset.File(fn.Pos())]
}

// accessesOf returns the accesses a call performs or leads to.
func (b *builder) accessesOf(fn *ssa.Function, call ssa.CallInstruction) []*Access {
	common := call.Common()
	if meth, ok := methodOf(common); ok {
		return b.libraryAccess(fn, call, meth)
	}
	if kind, ok := apis.ZdbModelWrites[analysisutil.FuncName(common)]; ok {
		return b.zdbModelAccess(fn, call, kind)
	}
	if name, ok := gormMethod(common); ok {
		return b.gormAccess(fn, call, name)
	}
	if fin, _, ok := squirrelFinisher(common); ok {
		return b.squirrelAccess(fn, call, fin)
	}
	if fin, name, kind, ok := bunFinisher(common); ok {
		return b.bunAccess(fn, call, fin, name, kind)
	}
	if name, kind, ok := xormFinisher(common); ok {
		return b.xormAccess(fn, call, name, kind)
	}
	if name, kind, ok := popFinisher(common); ok {
		return b.popAccess(fn, call, name, kind)
	}
	if name, kind, ok := gorpModel(common); ok {
		return b.gorpAccess(fn, call, name, kind)
	}
	if fin, ok := goquFinisher(common); ok {
		return b.goquAccess(fn, call, fin)
	}
	if result, ok := entFinisher(common); ok {
		return b.entAccess(fn, call, result)
	}
	if bc, ok := boilFinisher(common); ok {
		return b.boilAccess(fn, call, bc)
	}
	if raw, exec, ok := boilRawCall(common); ok {
		return b.boilRawAccess(fn, call, raw, exec)
	}
	if f, ok := apis.FSFuncs[analysisutil.FuncName(common)]; ok {
		return b.fsAccess(fn, call, f)
	}
	if c, ok := redisCommand(common); ok {
		return b.redisAccess(fn, call, c)
	}
	if callee := common.StaticCallee(); callee != nil {
		if sum := b.summaryOf(callee); sum != nil {
			return b.instantiate(fn, call, sum, ssautil.FuncLabel(callee), ssautil.FullArgs(common))
		}
		return nil
	}
	if common.IsInvoke() {
		return b.invokeAccesses(fn, call)
	}
	// A call of a closure value bound in this function runs its body here.
	if mc, ok := common.Value.(*ssa.MakeClosure); ok {
		if anon, ok := mc.Fn.(*ssa.Function); ok {
			_ = b.analyze(anon)
		}
	}
	return nil
}

// methodOf looks a call up in the API tables, by full name or, for
// interface methods, by shape.
func methodOf(call *ssa.CallCommon) (apis.Method, bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil {
		return apis.Method{}, false
	}
	if m, ok := apis.Methods[apis.FullName(f)]; ok {
		return m, true
	}
	if m, ok := entExecQuery(f); ok {
		return m, true
	}
	if call.IsInvoke() {
		return apis.Shape(f)
	}
	return apis.Method{}, false
}

const opRebind = apis.OpRebind

// entExecQuery looks up the methods ent's sql/execquery feature generates
// on the client's config (promoted to Client and Tx): ExecContext and
// QueryContext run the text on the client's driver, the transaction's
// when the client is a transaction's, as database/sql's do.
//
//	r.client.Writer(ctx).QueryContext(ctx, `INSERT ... ON CONFLICT ... RETURNING last_value`, ...)
func entExecQuery(f *types.Func) (apis.Method, bool) {
	name := f.Name()
	if name != "ExecContext" && name != "QueryContext" || !IsEntPackage(f.Pkg()) {
		return apis.Method{}, false
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return apis.Method{}, false
	}
	m, ok := apis.Methods["(*database/sql.DB)."+name]
	return m, ok
}

// SharedImpls returns the package's cache of interface implementations
// (ssabuild's), or a cache of the pass's own when ssabuild did not run.
func SharedImpls(pass *analysis.Pass) *analysisutil.Impls {
	if l, ok := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy); ok {
		return l.Impls()
	}
	return new(analysisutil.Impls)
}
