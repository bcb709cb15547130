package dbcall

import (
	"fmt"
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// summaryFact is a fact indicating what a function does to the database, in
// terms of its parameters and results, so that callers in other packages
// see the accesses of the functions they call.
type summaryFact struct {
	Accesses []accessFact
	// Ctor lists result fields set from parameters (New(db) returning
	// &Queries{db: db}; WithTx(tx)), so handles resolve through
	// constructors.
	Ctor []ctorField
	// Copies lists fields of a pointer parameter the function sets from
	// another parameter (func (r *row) fromEntity(e *Entity) { r.ID =
	// e.ID }), so a row filled by such a method holds the caller's values.
	Copies []copyField
	// Wrapper is set for an executor wrapper: a function that runs the SQL
	// text it is given (Query(ctx, sql string, args ...any)).
	Wrapper *wrapperFact
	// Model is set for a model wrapper: a function that makes a library
	// model write (pop's Update) on a model and columns its caller gives.
	Model *modelWrapperFact
	// UniqueParams lists error parameters the function tests for a unique
	// violation (isUniqueViolation(err), mapDBError(err)).
	UniqueParams []int
	// NotFoundParams lists error parameters a boolean predicate tests for
	// "no rows" (isNotFound(err)).
	NotFoundParams []predicate
	// RowsParams lists result-object parameters (sql.Result,
	// pgconn.CommandTag) whose affected-row count the function examines
	// (mustAffectOne(res), sqlutil.CheckOne(db.ExecContext(...))).
	RowsParams []int
	// Claims lists parameters the function claims in-process: it records
	// them in a map under a sync.Mutex, and a request finding one there
	// waits for the holder or is told it did not get it (claimsOf).
	Claims []claimFact
	// Serial lists func parameters the function hands to a single worker
	// goroutine, which runs them one at a time (serialParams).
	Serial []int
	// Locks lists error results that are nil only when the function
	// holds a distributed lock it took (lockResults).
	Locks []int
	// Checks lists the checks of its parameters' fields the function makes
	// on its way to failing: a validation helper (checkFact).
	Checks []checkFact
}

func (*summaryFact) AFact() {}

// String renders the summary for analysistest fact expectations.
func (f *summaryFact) String() string {
	var parts []string
	for _, a := range f.Accesses {
		parts = append(parts, a.String())
	}
	for _, c := range f.Ctor {
		parts = append(parts, fmt.Sprintf("ctor r%d%s=p%d%s", c.Result, c.Path, c.Param, c.ParamPath))
	}
	for _, c := range f.Copies {
		parts = append(parts, fmt.Sprintf("copy p%d%s=p%d%s", c.Dst, c.DstPath, c.Src, c.SrcPath))
	}
	if f.Wrapper != nil {
		w := fmt.Sprintf("wrapper sql=p%d", f.Wrapper.SQL)
		if f.Wrapper.Stmt {
			w = fmt.Sprintf("wrapper stmt=p%d", f.Wrapper.SQL)
		}
		if f.Wrapper.Builder {
			w = fmt.Sprintf("wrapper builder=p%d", f.Wrapper.SQL)
		}
		if fs := f.Wrapper.Found; fs.Signal != SignalNone && fs.Result >= 0 {
			w += fmt.Sprintf(" found:%s@r%d", fs.Signal, fs.Result)
		}
		if f.Wrapper.Rows >= 0 {
			w += fmt.Sprintf(" rows@r%d", f.Wrapper.Rows)
		}
		parts = append(parts, w)
	}
	if m := f.Model; m != nil {
		parts = append(parts, fmt.Sprintf("model-wrapper %s model=p%d cols=p%d", m.Kind, m.Model, m.Cols))
	}
	for _, p := range f.UniqueParams {
		parts = append(parts, fmt.Sprintf("unique-test p%d", p))
	}
	for _, p := range f.NotFoundParams {
		parts = append(parts, fmt.Sprintf("notfound-test p%d", p.Param))
	}
	for _, p := range f.RowsParams {
		parts = append(parts, fmt.Sprintf("rows-test p%d", p))
	}
	for _, c := range f.Claims {
		if c.Result < 0 {
			parts = append(parts, fmt.Sprintf("claims p%d in-process", c.Param))
		} else {
			parts = append(parts, fmt.Sprintf("claims p%d in-process when r%d", c.Param, c.Result))
		}
	}
	for _, p := range f.Serial {
		parts = append(parts, fmt.Sprintf("serializes p%d", p))
	}
	for _, i := range f.Locks {
		parts = append(parts, fmt.Sprintf("distributed lock held when r%d is nil", i))
	}
	for _, c := range f.Checks {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, "; ")
}

// predicate describes a boolean function of an error parameter that is
// true when the error is one of Sentinels.
type predicate struct {
	Param     int
	Sentinels []string
}

// ctorField says that field Path of result Result holds parameter Param,
// or its field ParamPath (func (p *Params) ToUser() *User copying p.Email).
type ctorField struct {
	Result    int
	Path      string
	Param     int
	ParamPath string
}

// copyField says that the function stores parameter Src's field SrcPath
// (or Src itself) into field DstPath of what pointer parameter Dst points
// to.
type copyField struct {
	Dst     int
	DstPath string
	Src     int
	SrcPath string
}

type wrapperFact struct {
	Lib      apis.Lib
	Op       apis.Op
	SQL      int // parameter index (receiver included) of the SQL text
	Args     int // parameter index of the bound arguments, or -1
	Variadic bool
	Dest     int
	Handle   paramRef
	// Stmt tells that parameter SQL is a prepared statement, not text.
	Stmt bool
	// Builder tells that parameter SQL is a query builder whose ToSql
	// gives the text and the arguments (a squirrel Sqlizer).
	Builder bool
	// Found, Rows and Err are the wrapper's own results carrying what the
	// wrapped call found, its affected-row count and its error, when the
	// wrapper computes them (return rows.Next(), nil; return
	// res.RowsAffected()): Result or Rows -1 when it does not.
	Found signalFact
	Rows  int
	Err   int
}

type paramRef struct {
	Param int // index in the function's Params (receiver first); -1: unknown
	Path  string
}

type bindingFact struct {
	Column, Op string
	Fold       string
	Class      sqltext.AssignClass
	Arg        paramRef
	Const      string
	ConstName  string
	OmitZero   bool
	Expr       string
	// From lists the parameters a value that is no parameter is computed
	// from (Binding.From), for the keys of inserts and updates.
	From []int
	// Passed is Binding.Passed: a column a whole-row write of a callee
	// passes through from its caller's struct.
	Passed bool
	// SelfDelta: the value is the parameter's field Arg, which the
	// function changes from itself before writing it (Binding.SelfDelta).
	SelfDelta bool
	// Mutated is Binding.Mutated: a method the function calls before
	// the write assigns the parameter's field Arg.
	Mutated bool
	// Zero is Binding.Zero.
	Zero bool
	// Merge is Binding.Merge.
	Merge bool
}

type readFact struct {
	Column string
	Result int // the result carrying the value, or -1
	Param  int // the pointer parameter it is scanned into, or -1
	Path   string
	// Derived: the result is computed from a SUM total (ColumnRead.Derived).
	Derived bool
}

type signalFact struct {
	Signal    Signal
	Negated   bool
	Result    int
	Sentinels []string
	// NilResult is a pointer result that is nil when nothing was found,
	// beside an error Result, or -1.
	NilResult int
}

type accessFact struct {
	Kind       Kind
	Lib        apis.Lib
	Table      string
	SQL        string
	Origin     string
	Callees    []string
	Where, Set []bindingFact
	Rechecks   []string
	// CondWhere is Access.CondWhere, on the parameters' fields or the
	// parameters themselves only.
	CondWhere      []bindingFact
	Reads          []readFact
	Count, Exists  bool
	Sum, SumGate   bool
	First          string
	Lock           sqltext.LockStrength
	LockOptions    string
	Conflict       sqltext.ConflictAction
	ConflictTarget []string
	Upsert         *Upsert
	Advisory       []string
	AdvisoryXact   bool
	Isolation      sqltext.Isolation
	Handle         paramRef
	Found          signalFact
	ErrResult      int
	RowsResult     int
	RowsChecked    bool
	UniqueHandled  bool
	Partial        bool
	Heuristic      bool
	Command        string
	Generated      bool
	ResultObj      int // the result returning the write's sql.Result or CommandTag, or -1
	VersionColumn  string
	OptimisticLock bool
	// Consumes is, for a delete that runs only when a read of the same row
	// found it, the index in the summary's Accesses of that read, or -1.
	Consumes int
	// DecidedBy is, for an insert that runs only when a lookup of the
	// table in the summary found no row and whose key values the callee
	// cannot compare (Access.DecidedBy), the lookup's index, or -1.
	DecidedBy int
	// RowsOf is, for a write whose values come from the rows a claim of
	// the summary returned (Access.RowsOf), the claim's index, or -1.
	RowsOf int
	// JoinOf is, for the read of a table the summary's SELECT joins
	// (Access.JoinOf), the index of the statement's own access, or -1.
	JoinOf int
	// NonEmpty lists the slice and map parameters that must hold an
	// element for the access to run (nonEmptyParams).
	NonEmpty []int
	// Changed lists, for an update, the columns the function sets to
	// values of its own, as opposed to fields of a struct it writes back
	// (see Writers).
	Changed []string
	// ColsParam is the parameter whose names decide the columns of Set
	// (Access.ColsParam), or -1; ColsExtra the names always written, and
	// PartialCols that the write is whole once the names are known.
	ColsParam   int
	ColsExtra   []string
	PartialCols bool
	// Bean is 1 + the parameter index of the interface-typed bean the
	// access is made on (Access.BeanParam), or 0; BeanSpread as there.
	Bean       int
	BeanSpread bool
	// ModelUniques are the unique column sets of the model the access
	// reads or writes (Access.ModelUniques).
	ModelUniques [][]string
	// Frags are where fragments of the function's parameters (Access.frags);
	// FragsOnly reports that they alone make the access Partial.
	Frags     []fragFact
	FragsOnly bool
	// Recount: an update every racer makes alike (Result.Recomputes).
	Recount bool
	// TableParam is, for an access of no known table, 1 + the index of
	// the string parameter naming it (Access.tableParam), or 0.
	TableParam int
	// TableField is, with TableParam a struct, its field naming the table.
	TableField string
	// Alternatives is Access.Alternatives.
	Alternatives int
	// TableType is, for an access of no known table, 1 + the index of the
	// type parameter whose type argument is the model (Access.tableType),
	// or 0; TableNaming how its table is named.
	TableType   int
	TableNaming tableNaming
}

// fragFact is a where fragment whose text is parameter Text and whose
// arguments are parameter Args (-1: none).
// Elem and From are whereFrag's elem and from.
type fragFact struct{ Text, Args, Elem, From int }

func (a *accessFact) String() string {
	var b strings.Builder
	b.WriteString(a.Kind.String())
	if a.Sum {
		b.WriteString(" sum")
	}
	if a.SumGate {
		b.WriteString(" decides-failure")
	}
	if a.Count {
		b.WriteString(" count")
	}
	if a.Table == "" && a.TableParam > 0 {
		if a.TableField != "" {
			b.WriteString(fmt.Sprintf(" table(p%d.%s)", a.TableParam-1, a.TableField))
		} else {
			b.WriteString(fmt.Sprintf(" table(p%d)", a.TableParam-1))
		}
	} else if a.Table == "" && a.TableType > 0 {
		b.WriteString(fmt.Sprintf(" table(T%d)", a.TableType-1))
	} else {
		b.WriteString(" " + orQ(a.Table))
	}
	if a.Upsert != nil && (a.Upsert.Set != nil || a.Upsert.UpdateAll || a.Upsert.Constraint != "") {
		b.WriteString(" upsert" + a.Upsert.String())
	}
	for _, w := range a.Where {
		col := w.Column
		if w.Fold != "" {
			col = w.Fold + "(" + col + ")"
		}
		b.WriteString(" " + col + w.Op + a.argString(w))
	}
	for _, w := range a.CondWhere {
		b.WriteString(" if-set:" + w.Column + w.Op + a.argString(w))
	}
	for _, s := range a.Set {
		b.WriteString(" set:" + s.Column + "=" + a.argString(s))
	}
	for _, r := range a.Reads {
		if r.Result >= 0 {
			b.WriteString(fmt.Sprintf(" read:%s->r%d%s", r.Column, r.Result, r.Path))
		} else if r.Param >= 0 {
			b.WriteString(fmt.Sprintf(" read:%s->p%d%s", r.Column, r.Param, r.Path))
		}
	}
	if a.Handle.Param >= 0 {
		b.WriteString(fmt.Sprintf(" on p%d%s", a.Handle.Param, a.Handle.Path))
	}
	if a.Found.Signal != SignalNone && a.Found.Result >= 0 {
		b.WriteString(fmt.Sprintf(" found:%s@r%d", a.Found.Signal, a.Found.Result))
	}
	if a.ErrResult >= 0 {
		b.WriteString(fmt.Sprintf(" err@r%d", a.ErrResult))
	}
	if a.RowsResult >= 0 {
		b.WriteString(fmt.Sprintf(" rows@r%d", a.RowsResult))
	}
	if a.ResultObj >= 0 {
		b.WriteString(fmt.Sprintf(" result@r%d", a.ResultObj))
	}
	if a.RowsChecked {
		b.WriteString(" rowschecked")
	}
	if a.DecidedBy >= 0 {
		b.WriteString(fmt.Sprintf(" if-none:a%d", a.DecidedBy))
	}
	if a.Consumes >= 0 {
		b.WriteString(fmt.Sprintf(" after-found:a%d", a.Consumes))
	}
	if a.RowsOf >= 0 {
		b.WriteString(fmt.Sprintf(" rows-of:a%d", a.RowsOf))
	}
	if a.JoinOf >= 0 {
		b.WriteString(fmt.Sprintf(" join-of:a%d", a.JoinOf))
	}
	if a.UniqueHandled {
		b.WriteString(" uniquehandled")
	}
	return b.String()
}

func (a *accessFact) argString(bd bindingFact) string {
	switch {
	case bd.Class == sqltext.AssignAtomic:
		return "atomic"
	case bd.Arg.Param >= 0:
		return fmt.Sprintf("p%d%s", bd.Arg.Param, bd.Arg.Path)
	case bd.Const != "":
		return bd.Const
	}
	return "?"
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// tableFact is a fact indicating the table a gorm model type maps to, from
// its TableName method.
type tableFact struct{ Name string }

func (*tableFact) AFact()           {}
func (f *tableFact) String() string { return "table " + f.Name }

const maxSummaryAccesses = 48

// summaryOf returns the summary of a function: computed for functions of
// this package, imported as a fact for others. It returns nil when the
// function does nothing the model knows.
func (b *builder) summaryOf(fn *ssa.Function) *summaryFact {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if s, ok := b.sums[fn]; ok {
		return s
	}
	var s *summaryFact
	if fn.Pkg == b.ssaPkg && fn.Blocks != nil {
		if b.active[fn] {
			return nil
		}
		// A recursive call met while summarizing fn sees no summary.
		b.sums[fn] = nil
		b.within(fn, "summary", func() { s = b.summarize(fn) })
	} else if obj, ok := fn.Object().(*types.Func); ok {
		var f summaryFact
		if b.pass.ImportObjectFact(obj, &f) {
			s = &f
		}
	}
	b.sums[fn] = s
	return s
}

// summarize builds the summary of a function of this package.
func (b *builder) summarize(fn *ssa.Function) *summaryFact {
	fi := b.analyze(fn)
	s := &summaryFact{}
	var all []*Access
	all = append(all, fi.Accesses...)
	var addAnon func(f *ssa.Function)
	addAnon = func(f *ssa.Function) {
		for _, anon := range f.AnonFuncs {
			all = append(all, b.analyze(anon).Accesses...)
			addAnon(anon)
		}
	}
	addAnon(fn)
	rets := returns(fn)
	index := map[*Access]int{} // the exported accesses
	for _, a := range all {
		if len(s.Accesses) >= maxSummaryAccesses {
			break
		}
		if a.Kind == KindUnknown && a.Table == "" {
			continue
		}
		if a.Via != nil && len(a.Via.Callees) >= 4 {
			continue
		}
		index[a] = len(s.Accesses)
		af := b.accessFactOf(fn, fi, a, rets)
		af.NonEmpty = nonEmptyParams(fn, a)
		s.Accesses = append(s.Accesses, af)
	}
	for a, i := range index {
		if k, ok := index[a.Consumes]; ok && a.Consumes != nil && a.consumeGated {
			s.Accesses[i].Consumes = k
		}
		if k, ok := index[a.RowsOf]; ok && a.RowsOf != nil {
			s.Accesses[i].RowsOf = k
		}
		if k, ok := index[a.JoinOf]; ok && a.JoinOf != nil {
			s.Accesses[i].JoinOf = k
		}
		if a.Kind == KindInsert && a.Fn == fn {
			if read := b.decidingRead(fi, a); read != nil {
				if k, ok := index[read]; ok {
					s.Accesses[i].DecidedBy = k
				}
			}
		}
	}
	for _, a := range b.failingTotals(fn, fi, rets) {
		if k, ok := index[a]; ok {
			s.Accesses[k].SumGate = true
		}
	}
	s.Ctor = b.ctorFields(fn, rets)
	s.Wrapper = b.wrapperOf(fn, fi, rets)
	s.Model = b.modelWrapperOf(fn, fi)
	for i, p := range fn.Params {
		if b.rowsTested(p) {
			s.RowsParams = append(s.RowsParams, i)
		}
		if !isErrorType(p.Type()) {
			continue
		}
		if b.uniqueTested(p, 0, map[ssa.Value]bool{}) {
			s.UniqueParams = append(s.UniqueParams, i)
		}
		if sentinels, ok := notFoundPredicate(fn, p); ok {
			s.NotFoundParams = append(s.NotFoundParams, predicate{Param: i, Sentinels: sentinels})
		}
	}
	s.Claims = claimsOf(fn)
	s.Serial = b.serialParams(fn)
	s.Locks = b.lockResults(fn)
	s.Copies = copyFields(fn)
	s.Checks = b.checksOf(fn)
	if len(s.Checks) == 0 && len(s.Accesses) == 0 && len(s.Ctor) == 0 && len(s.Copies) == 0 && s.Wrapper == nil && s.Model == nil && len(s.UniqueParams) == 0 && len(s.NotFoundParams) == 0 && len(s.RowsParams) == 0 && len(s.Claims) == 0 && len(s.Serial) == 0 && len(s.Locks) == 0 {
		return nil
	}
	return s
}

func isErrorType(t types.Type) bool { return types.TypeString(t, nil) == "error" }

// notFoundPredicate reports whether fn is a boolean predicate of its error
// parameter p that compares it with sentinel errors:
//
//	func isNotFound(err error) bool { return errors.Is(err, sql.ErrNoRows) }
//	func IsNotFound(err error) bool { return err == ErrNotFound || errors.Is(err, pgx.ErrNoRows) }
//
// and returns the sentinels' full names.
func notFoundPredicate(fn *ssa.Function, p *ssa.Parameter) ([]string, bool) {
	if fn.Signature.Results().Len() != 1 || !isBoolType(fn.Signature.Results().At(0).Type()) {
		return nil, false
	}
	var sentinels []string
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			var x, y ssa.Value
			switch i := instr.(type) {
			case *ssa.Call:
				callee := i.Call.StaticCallee()
				if callee == nil {
					continue
				}
				switch callee.String() {
				case "errors.Is":
					if len(i.Call.Args) == 2 {
						x, y = i.Call.Args[0], i.Call.Args[1]
					}
				case "os.IsNotExist":
					if len(i.Call.Args) == 1 && unwrap(i.Call.Args[0]) == p {
						sentinels = append(sentinels, apis.FSNotExist...)
					}
				}
			case *ssa.BinOp:
				if i.Op == token.EQL {
					x, y = i.X, i.Y
				}
			}
			if x == nil {
				continue
			}
			if unwrap(y) == p {
				x, y = y, x
			}
			if unwrap(x) != p {
				continue
			}
			if name := globalName(y); name != "" {
				sentinels = append(sentinels, name)
			}
		}
	}
	return sentinels, len(sentinels) > 0
}

// returns lists fn's return instructions.
func returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, blk := range fn.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			out = append(out, ret)
		}
	}
	return out
}

// accessFactOf expresses an access of fn (or of its closures) in terms of
// fn's parameters and results.
func (b *builder) accessFactOf(fn *ssa.Function, fi *FuncInfo, a *Access, rets []*ssa.Return) accessFact {
	f := accessFact{
		Kind: a.Kind, Lib: a.Lib, Table: a.Table, SQL: clip(a.SQL, 240),
		Count: a.Count, Exists: a.Exists, Sum: a.Sum, First: a.First, Lock: a.Lock, LockOptions: a.LockOptions,
		Conflict: a.Conflict, ConflictTarget: a.ConflictTarget, Upsert: a.Upsert, Isolation: a.Isolation,
		RowsChecked: a.RowsChecked, UniqueHandled: a.UniqueHandled, Partial: a.Partial, Heuristic: a.Heuristic,
		Command: a.Command, Generated: b.generated(fn), VersionColumn: a.VersionColumn, OptimisticLock: a.OptimisticLock,
		ResultObj: a.ResultReturned,
		ErrResult: -1, RowsResult: a.RowsReturned, Found: signalFact{Result: -1, NilResult: -1}, Consumes: -1, DecidedBy: -1, RowsOf: -1, JoinOf: -1,
		ColsParam: -1, ModelUniques: a.ModelUniques, Recount: recomputes(b, fi, a), Alternatives: a.Alternatives,
	}
	if a.Table == "" && a.tableParam != nil {
		f.TableParam = paramIndex(fn, a.tableParam) + 1
		f.TableField = a.tableField
	}
	if a.Table == "" && a.tableType != nil {
		f.TableType, f.TableNaming = typeParamIndex(fn, a.tableType)+1, a.tableNaming
	}
	if a.BeanParam != nil {
		f.Bean, f.BeanSpread = paramIndex(fn, a.BeanParam)+1, a.BeanSpread
	}
	if a.ColsParam != nil {
		if i := paramIndex(fn, a.ColsParam); i >= 0 {
			f.ColsParam, f.ColsExtra, f.PartialCols = i, a.ColsExtra, a.partialCols
		}
	}
	for _, adv := range a.Advisory {
		f.Advisory = append(f.Advisory, adv.Func)
		f.AdvisoryXact = f.AdvisoryXact || adv.Xact
	}
	if a.Via != nil {
		f.Origin = a.Via.Origin
		f.Callees = a.Via.Callees
	} else {
		p := b.pass.Fset.Position(a.Pos)
		f.Origin = fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
	}
	for _, fr := range a.frags {
		t := paramRefOf(fn, refOf(fr.text))
		if t.Param < 0 || t.Path != "" {
			f.Frags, f.FragsOnly = nil, false
			break
		}
		ff := fragFact{Text: t.Param, Args: -1, Elem: fr.elem, From: fr.from}
		if fr.args != nil && !isNil(fr.args) {
			if ar := paramRefOf(fn, refOf(fr.args)); ar.Param >= 0 && ar.Path == "" {
				ff.Args = ar.Param
			}
		}
		f.Frags = append(f.Frags, ff)
		f.FragsOnly = a.fragsOnly
	}
	keyed := a.Kind == KindInsert || a.Kind == KindUpdate
	for _, w := range a.Where {
		f.Where = append(f.Where, bindingFactOf(fn, w, keyed, b.minted))
	}
	f.Rechecks = a.Rechecks
	for _, w := range a.CondWhere {
		if bf := bindingFactOf(fn, w, false, b.minted); bf.Arg.Param >= 0 && bf.Arg.Path != CtxTxPath {
			f.CondWhere = append(f.CondWhere, bf)
		}
	}
	for _, s := range a.Set {
		bf := bindingFactOf(fn, s, keyed, b.minted)
		if bf.Arg.Param < 0 && s.Class == sqltext.AssignParam {
			if pr, ok := b.selfDelta(fn, s.Value); ok {
				bf.Arg, bf.SelfDelta = pr, true // t.NumRepos++, then t written: the caller's value, changed here
			}
		}
		bf.SelfDelta = bf.SelfDelta || s.SelfDelta && bf.Arg.Param >= 0
		if bf.Arg.Param >= 0 && bf.Arg.Path != "" && s.Class == sqltext.AssignParam {
			bf.Mutated = s.Mutated || b.paramFieldMutated(fn, bf.Arg, a.Call, a.listed)
		}
		f.Set = append(f.Set, bf)
	}
	if a.Kind == KindUpdate {
		f.Changed = dropKept(changedColumns(a), keptColumns(b, fi, a))
	}
	for _, r := range a.Reads {
		rf := readFact{Column: r.Column, Result: -1, Param: -1}
		if pr := paramRefOf(fn, r.Dest); pr.Param >= 0 && r.Addr {
			rf.Param, rf.Path = pr.Param, pr.Path
		} else if i, path, ok := returnedAt(rets, r.Dest); ok {
			rf.Result, rf.Path = i, path
		} else if i, path, ok := returnedConverted(rets, r.Dest); ok {
			rf.Result, rf.Path = i, path
		} else if i, path, ok := returnedDecoded(rets, r.Dest); ok {
			rf.Result, rf.Path = i, path
		} else if i, path, ok := b.returnedMapped(rets, r.Dest); ok {
			rf.Result, rf.Path = i, path
		} else if i, ok := returnedElem(rets, r.Dest); ok {
			rf.Result, rf.Path = i, ElemPath+r.Dest.Path
		} else if i, ok := b.returnedTotal(fi, a, rets); ok {
			rf.Result, rf.Derived = i, true
		} else if !b.branchedOn(fi, a, r.Column) {
			continue
		}
		// A column the function keeps and branches on (a row it loads to
		// check before it writes) has neither result nor parameter:
		// callers learn that the call checks it (Access.CalleeChecks).
		f.Reads = append(f.Reads, rf)
	}
	for _, c := range a.CalleeChecks {
		f.Reads = append(f.Reads, readFact{Column: c, Result: -1, Param: -1})
	}
	f.Handle = paramRefOf(fn, a.Handle)
	if a.Found.Signal != SignalNone {
		f.Found = returnSignal(fi, a, rets, b)
	}
	f.ErrResult = b.errResult(a, rets)
	return f
}

// bindingFactOf expresses a binding in terms of fn's parameters; a Go
// constant bound to a placeholder becomes the binding's constant. With
// keyed (an insert's or update's binding), a value that is no parameter
// but is computed from some (a command built from a message) records
// them in From.
func bindingFactOf(fn *ssa.Function, bd Binding, keyed bool, minted entry.MintFunc) bindingFact {
	f := bindingFact{Column: bd.Column, Op: bd.Op, Fold: bd.Fold, Class: bd.Class, Arg: paramRefOf(fn, bd.Value), Const: bd.Const, ConstName: bd.ConstName, OmitZero: bd.OmitZero, Expr: clip(bd.Expr, 80), Passed: bd.Passed, Zero: bd.Zero, Merge: bd.Merge}
	if f.Arg.Param < 0 && bd.Value.Path == "" {
		// SET state = $1 bound to state.String(): the parameter, as
		// the database spells it.
		if call, ok := unwrap(bd.Value.Root).(*ssa.Call); ok {
			if arg, ok := conversionArg(call); ok {
				f.Arg = paramRefOf(fn, refOf(arg))
			}
		}
	}
	if f.Arg.Param >= 0 && f.Arg.Path != "" && paramFieldStored(fn, f.Arg) {
		// fn sets the field itself (user.LastSignInAt = &now, then a
		// closure writes it): the value is fn's, not the caller's.
		f.Arg = paramRef{Param: -1}
	}
	if c, ok := bd.Value.Root.(*ssa.Const); ok && bd.Value.Path == "" && f.Const == "" {
		if c.Value == nil {
			f.Const = "NULL"
		} else {
			f.Const = c.Value.ExactString()
		}
	}
	if keyed && f.Arg.Param < 0 && f.Const == "" {
		f.From = fromParams(fn, bd, minted)
	}
	return f
}

// paramFieldMutated reports whether a call fn makes before the write at
// (a method of the struct, or a function given it) assigns the field p of
// fn's parameter on every run, as the callee's mutatesFact says (Always).
//
//	func updateUser(id string, user *User) error {
//		user.UpdateUserHash()                  // mutates p0.Hash
//		return engine.ID(id).Update(user)      // SET hash = user.Hash: Mutated
//	}
//
// For a write of columns fn names as constants (listed), an assignment on
// some runs only counts too: the list is the columns fn means to change,
// and a column it computes under a condition is one of them, not the row
// written back.
//
//	user.UpdateUserPassword(org)           // sets p0.PasswordType when the org's hasher is known
//	UpdateUser(id, user, []string{"password", "password_type", "password_salt"})
func (b *builder) paramFieldMutated(fn *ssa.Function, p paramRef, at ssa.CallInstruction, listed bool) bool {
	if p.Param < 0 || p.Param >= len(fn.Params) || at == nil || at.Block() == nil || at.Parent() != fn {
		return false
	}
	param := fn.Params[p.Param]
	refs := param.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		call, ok := r.(ssa.CallInstruction)
		if !ok || call == at || call.Block() == nil || !runsBefore(call, at) {
			continue
		}
		m, known := b.mutations(call.Common())
		if !known || m == nil {
			continue
		}
		for i, arg := range ssautil.FullArgs(call.Common()) {
			if unwrap(arg) != ssa.Value(param) {
				continue
			}
			for _, f := range m.Fields {
				if f.Param == i && (f.Always || listed) && (f.Path == "" || f.Path == p.Path || strings.HasPrefix(p.Path, f.Path+".")) {
					return true
				}
			}
		}
	}
	return false
}

// runsBefore reports an instruction that can run before at in their
// function: earlier in at's block, or in a block that reaches it.
func runsBefore(x, at ssa.Instruction) bool {
	xb, ab := x.Block(), at.Block()
	if xb == ab {
		return ssautil.Index(x) < ssautil.Index(at)
	}
	return ssautil.Reachable(xb, ab)
}

// paramFieldStored reports whether fn stores into the field p (a path
// below a pointer parameter) of its parameter.
func paramFieldStored(fn *ssa.Function, p paramRef) bool {
	if p.Param < 0 || p.Param >= len(fn.Params) {
		return false
	}
	param := fn.Params[p.Param]
	names := strings.Split(strings.TrimPrefix(p.Path, "."), ".")
	if fieldStoredBelow(param, names) {
		return true
	}
	// A parameter a closure captures lives in a variable: its loads are
	// the parameter too.
	if refs := param.Referrers(); refs != nil {
		for _, r := range *refs {
			st, ok := r.(*ssa.Store)
			if !ok || st.Val != ssa.Value(param) {
				continue
			}
			alloc, ok := st.Addr.(*ssa.Alloc)
			if !ok || soleStore(alloc) != ssa.Value(param) || alloc.Referrers() == nil {
				continue
			}
			for _, u := range *alloc.Referrers() {
				if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL && fieldStoredBelow(ld, names) {
					return true
				}
			}
		}
	}
	return false
}

// fieldStoredBelow reports a store into the field path names below the
// pointer v.
func fieldStoredBelow(v ssa.Value, names []string) bool {
	for i, name := range names {
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		var next ssa.Value
		for _, r := range *refs {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fieldName(fa.X.Type(), fa.Field) != name {
				continue
			}
			if i < len(names)-1 {
				next = fa
				break
			}
			if frefs := fa.Referrers(); frefs != nil {
				for _, u := range *frefs {
					if st, ok := u.(*ssa.Store); ok && st.Addr == ssa.Value(fa) {
						return true
					}
				}
			}
		}
		if next == nil {
			return false
		}
		v = next
	}
	return false
}

// fromParams returns the parameters of fn the binding's value is computed
// from, sorted, or nil when a part of it comes from elsewhere (or is
// minted, by a constructor that sets its own id: minted).
func fromParams(fn *ssa.Function, bd Binding, minted entry.MintFunc) []int {
	var vals []Ref
	switch {
	case bd.Value.Root != nil:
		if _, ok := bd.Value.Root.(*ssa.Const); ok {
			return nil
		}
		vals = []Ref{bd.Value}
	default:
		for _, v := range bd.From {
			vals = append(vals, Ref{Root: v})
		}
	}
	set := map[int]bool{}
	for _, v := range vals {
		ps, ok := entry.KeyParamsMinted(fn, v.Root, v.Path, minted)
		if !ok {
			return nil
		}
		for _, p := range ps {
			set[p] = true
		}
	}
	var out []int
	for i := range fn.Params {
		if set[i] {
			out = append(out, i)
		}
	}
	return out
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// carriesErr reports whether v is one of errs, possibly wrapped by
// fmt.Errorf or merged by a phi. seen holds the values already visited,
// which carry none of errs (a search stops at the first that does), so the
// returns of a function share one.
func (b *builder) carriesErr(v ssa.Value, errs map[ssa.Value]bool, seen map[ssa.Value]bool) bool {
	v = unwrap(v)
	if errs[v] {
		return true
	}
	if seen[v] {
		return false
	}
	seen[v] = true
	b.spend()
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if b.carriesErr(e, errs, seen) {
				return true
			}
		}
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil && callee.String() == "fmt.Errorf" && len(x.Call.Args) == 2 {
			if vals, ok := variadicArgs(x.Call.Args[1]); ok {
				for _, arg := range vals {
					if arg != nil && b.carriesErr(arg, errs, seen) {
						return true
					}
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				for _, r := range *a.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == a && b.carriesErr(st.Val, errs, seen) {
						return true
					}
				}
			}
		}
	}
	return false
}

// returnSignal says which result of fn tells its callers whether access a
// found a row:
//
//	return err                           (the error, possibly wrapped)
//	return n > 0, nil / return exists    (a bool)
//	if errors.Is(err, sql.ErrNoRows) { return nil, nil }          (a nil pointer)
//	if errors.Is(err, sql.ErrNoRows) { return User{}, ErrNotFound } (a sentinel)
func returnSignal(fi *FuncInfo, a *Access, rets []*ssa.Return, b *builder) signalFact {
	none := signalFact{Result: -1, NilResult: -1}
	if sf, ok := notFoundReturn(fi, a, rets, b); ok {
		return sf
	}
	// Before the error: a helper that returns the scanned key also returns
	// its error, but never the "no rows" it swallowed.
	if sig, i, ok := zeroScanned(fi, a, rets, b); ok {
		return signalFact{Signal: sig, Result: i, NilResult: -1}
	}
	for _, ret := range rets {
		for i, rv := range ret.Results {
			if fi.signalOf(rv) == a && !onFoundSide(fi, a, ret.Block(), b) {
				// The row returned beside the error, nil when the
				// callee found none (return findUser(tx, ...)).
				nilResult := -1
				for j, rj := range ret.Results {
					for _, nv := range a.Found.Nil {
						if j != i && unwrap(rj) == unwrap(nv) {
							nilResult = j
						}
					}
				}
				return signalFact{Signal: a.Found.Signal, Negated: a.Found.Negated, Result: i, Sentinels: a.Found.Sentinels, NilResult: nilResult}
			}
			if isBoolType(rv.Type()) {
				if acc, t, ok := fi.foundness(rv, b); ok && acc == a {
					return signalFact{Signal: SignalBool, Negated: !t, Result: i, NilResult: -1}
				}
			}
		}
	}
	if i, ok := rowsSlice(a, rets); ok {
		return signalFact{Signal: SignalLen, Result: i, NilResult: -1}
	}
	if i, ok := refusal(fi, a, rets, b); ok {
		return signalFact{Signal: SignalRefuse, Result: i, NilResult: -1}
	}
	return none
}

// refusal finds the error result of fn that is nil only when access a
// found no row: a check that refuses on the found side of a test of a
// with an error of its own, and returns nil only past that test on the
// not-found side (blnk's validateTransactionForRefund):
//
//	refunded, err := l.store.IsRefunded(ctx, txn)
//	if err != nil { return fmt.Errorf("check: %w", err) }
//	if refunded { return fmt.Errorf("%s already refunded", txn.ID) }
//	return nil
//
// Every return of a nil error in that result must lie on the not-found
// side, so a caller's err == nil means the row was absent.
func refusal(fi *FuncInfo, a *Access, rets []*ssa.Return, b *builder) (int, bool) {
	if a.Kind != KindRead || len(rets) == 0 {
		return -1, false
	}
	res := fi.Fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if !isErrorType(res.At(i).Type()) {
			continue
		}
		for _, blk := range fi.Fn.Blocks {
			ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			acc, trueFound, ok := fi.foundness(ifi.Cond, b)
			if !ok || acc != a {
				continue
			}
			found, notFound := blk.Succs[0], blk.Succs[1]
			if !trueFound {
				found, notFound = notFound, found
			}
			if len(found.Preds) != 1 || len(notFound.Preds) != 1 {
				continue
			}
			refuses, fine := false, true
			for _, ret := range rets {
				if i >= len(ret.Results) {
					fine = false
					break
				}
				rv := slotValue(ret.Results[i])
				switch {
				case isNil(rv):
					if !notFound.Dominates(ret.Block()) {
						fine = false // nil also where the row may exist
					}
				case found.Dominates(ret.Block()) && madeError(rv):
					refuses = true
				}
			}
			if fine && refuses {
				return i, true
			}
		}
	}
	return -1, false
}

// madeError reports an error a function makes itself: errors.New,
// fmt.Errorf, a package-level sentinel or a value of an error type.
func madeError(v ssa.Value) bool {
	v = unwrap(v)
	if globalName(v) != "" || ownNotFoundError(v) {
		return true
	}
	if c, ok := v.(*ssa.Call); ok {
		switch analysisutil.FuncName(&c.Call) {
		case "errors.New", "fmt.Errorf":
			return true
		}
	}
	return false
}

// zeroScanned finds the result of fn that is the value a single-row read
// scanned, left at Go's zero value when no row matched because fn
// swallows sql.ErrNoRows: the value then says whether the row was found.
//
//	var found bool
//	err := tx.QueryRow("SELECT true FROM entries WHERE feed_id=$1 AND hash=$2", f, h).Scan(&found)
//	if err != nil && err != sql.ErrNoRows { return false, err }
//	return found, nil
//
//	var id int64
//	err := tx.QueryRow("SELECT id FROM entries WHERE ...").Scan(&id)
//	if errors.Is(err, sql.ErrNoRows) { return 0, nil }
//	return id, err
//
// It holds only for a value no found row leaves at zero: a constant column
// (SELECT true, SELECT 1) or a key (id, *_id, uuid). A zero reading_time
// or a false is_active is a row that exists, so other columns carry
// nothing. The result is a bool (true: found) or a number or string
// (non-zero: found).
func zeroScanned(fi *FuncInfo, a *Access, rets []*ssa.Return, b *builder) (Signal, int, bool) {
	if a.Kind != KindRead || a.Found.Signal != SignalErr || len(rets) == 0 || a.Count || a.Exists {
		return SignalNone, -1, false
	}
	if !noRowsSentinel(a) {
		return SignalNone, -1, false
	}
	// The "no rows" must be swallowed: the read's error is returned only
	// where a test has shown it is not "no rows" (the found side of
	// err != sql.ErrNoRows, or of err == nil).
	var foundSides []*ssa.BasicBlock
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if acc, t, ok := fi.foundness(ifi.Cond, b); ok && acc == a {
			side := blk.Succs[1]
			if t {
				side = blk.Succs[0]
			}
			if len(side.Preds) == 1 {
				foundSides = append(foundSides, side)
			}
		}
	}
	for _, ret := range rets {
		for _, rv := range ret.Results {
			if !isErrorType(rv.Type()) || fi.signalOf(rv) != a {
				continue
			}
			shown := false
			for _, side := range foundSides {
				shown = shown || side.Dominates(ret.Block())
			}
			if !shown {
				return SignalNone, -1, false // callers get the "no rows" itself
			}
		}
	}
	dests := map[ssa.Value]bool{}
	for _, r := range a.Reads {
		if r.Addr && r.Dest.Path == "" && r.Dest.Root != nil && nonZeroWhenFound(r.Column) {
			if al, ok := unwrap(r.Dest.Root).(*ssa.Alloc); ok && onlyScanned(al) {
				dests[al] = true
			}
		}
	}
	if len(dests) == 0 {
		return SignalNone, -1, false
	}
	for i := range rets[0].Results {
		var dest ssa.Value
		scanned, ok := false, true
		for _, ret := range rets {
			if i >= len(ret.Results) {
				ok = false
				break
			}
			switch rv := unwrap(ret.Results[i]).(type) {
			case *ssa.UnOp:
				if rv.Op != token.MUL || !dests[rv.X] || (dest != nil && dest != rv.X) {
					ok = false
				}
				dest, scanned = rv.X, true
			case *ssa.Const:
				if !rv.IsNil() && (rv.Value == nil || !isZeroConst(rv)) {
					ok = false
				}
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		if !ok || !scanned {
			continue
		}
		switch t := rets[0].Results[i].Type().Underlying().(type) {
		case *types.Basic:
			switch {
			case t.Info()&types.IsBoolean != 0:
				return SignalBool, i, true
			case t.Info()&(types.IsInteger|types.IsString) != 0:
				return SignalCount, i, true
			}
		}
	}
	return SignalNone, -1, false
}

// noRowsSentinel reports whether the read's "not found" is an error
// naming no rows (sql.ErrNoRows, pgx.ErrNoRows).
func noRowsSentinel(a *Access) bool {
	for _, s := range a.Found.Sentinels {
		if strings.HasSuffix(s, ".ErrNoRows") {
			return true
		}
	}
	return false
}

// nonZeroWhenFound reports whether a selected column is never Go's zero
// value in a row that exists: a non-zero literal or a key.
func nonZeroWhenFound(col string) bool {
	col = strings.ToLower(strings.TrimSpace(col))
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		col = col[i+1:]
	}
	col = strings.Trim(col, "`\"")
	switch col {
	case "true", "1", "id", "uuid":
		return true
	}
	return strings.HasSuffix(col, "_id") || strings.HasSuffix(col, "_uuid")
}

// onlyScanned reports whether a local is never stored to: it holds Go's
// zero value until the read scans into it.
func onlyScanned(al *ssa.Alloc) bool { return scannedOnly(al, false) }

// fieldsOnlyScanned reports whether a local struct is never stored to,
// whole or field by field: its fields hold Go's zero values until a read
// scans into it (its address, or a field's, handed to the read).
func fieldsOnlyScanned(al *ssa.Alloc) bool { return scannedOnly(al, true) }

func scannedOnly(al *ssa.Alloc, fields bool) bool {
	for _, r := range *al.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == al {
				return false
			}
		case *ssa.FieldAddr:
			if !fields {
				return false
			}
			for _, fr := range *r.Referrers() {
				switch fr := fr.(type) {
				case *ssa.Store:
					if fr.Addr == r {
						return false
					}
				case *ssa.UnOp, *ssa.DebugRef, *ssa.Call:
				default:
					return false
				}
			}
		case *ssa.UnOp, *ssa.DebugRef, *ssa.MakeInterface, *ssa.Call:
		default:
			return false
		}
	}
	return true
}

// isZeroConst reports whether c is Go's zero value of its basic type.
func isZeroConst(c *ssa.Const) bool {
	switch c.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.String:
		return constant.StringVal(c.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
}

// onFoundSide reports whether blk runs only on the found side of a test
// of a's outcome: an error returned there is some other failure, not "no
// row" (if !IsNotFoundError(err) { return err } after a lookup whose
// not-found the function handles itself).
func onFoundSide(fi *FuncInfo, a *Access, blk *ssa.BasicBlock, b *builder) bool {
	for _, c := range fi.Fn.Blocks {
		ifi, ok := c.Instrs[len(c.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		acc, trueFound, ok := fi.foundness(ifi.Cond, b)
		if !ok || acc != a {
			continue
		}
		found := c.Succs[1]
		if trueFound {
			found = c.Succs[0]
		}
		if len(found.Preds) == 1 && found.Dominates(blk) {
			return true
		}
	}
	return false
}

// rowsSlice finds the result of fn that holds one element per row of a
// query: a slice appended to in the body of the rows.Next loop, and empty
// or nil on every other way to it. Its length says whether the query found
// a row:
//
//	rows, err := db.Query("SELECT code FROM codes WHERE email = $1", email)
//	...
//	codes := make([]string, 0)
//	for rows.Next() {
//		var c string
//		rows.Scan(&c)
//		codes = append(codes, c)
//	}
//	return codes, nil
func rowsSlice(a *Access, rets []*ssa.Return) (int, bool) {
	if a.Kind != KindRead || a.Found.Signal != SignalBool || a.Found.Negated || len(rets) == 0 {
		return -1, false
	}
	var bodies []*ssa.BasicBlock // the blocks entered when Next reports a row
	for _, v := range a.Found.Values {
		for _, r := range *v.Referrers() {
			if ifi, ok := r.(*ssa.If); ok && unwrap(ifi.Cond) == unwrap(v) {
				bodies = append(bodies, ifi.Block().Succs[0])
			}
		}
	}
	if len(bodies) == 0 {
		return -1, false
	}
	for i := range rets[0].Results {
		if _, ok := rets[0].Results[i].Type().Underlying().(*types.Slice); !ok {
			continue
		}
		appended, ok := false, true
		seen := map[ssa.Value]bool{}
		for _, ret := range rets {
			if i >= len(ret.Results) {
				ok = false
				break
			}
			ap, fine := perRow(ret.Results[i], bodies, seen)
			appended, ok = appended || ap, ok && fine
		}
		if ok && appended {
			return i, true
		}
	}
	return -1, false
}

// perRow reports whether v is built only from empty slices and appends in
// the row loop's body (fine), and whether any append was met.
func perRow(v ssa.Value, bodies []*ssa.BasicBlock, seen map[ssa.Value]bool) (appended, fine bool) {
	v = unwrap(v)
	if seen[v] {
		return false, true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return false, x.Value == nil // nil
	case *ssa.MakeSlice:
		c, ok := x.Len.(*ssa.Const)
		return false, ok && c.Value != nil && c.Value.ExactString() == "0"
	case *ssa.Slice:
		// []T{}: a slice of a new zero-length array.
		if al, ok := x.X.(*ssa.Alloc); ok {
			if ptr, ok := al.Type().Underlying().(*types.Pointer); ok {
				if arr, ok := ptr.Elem().Underlying().(*types.Array); ok && arr.Len() == 0 {
					return false, true
				}
			}
		}
	case *ssa.UnOp:
		// A local left in memory (a function with a defer): the values
		// stored to it.
		al, ok := x.X.(*ssa.Alloc)
		if x.Op != token.MUL || !ok {
			return false, false
		}
		met := false
		for _, r := range *al.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != al {
					return false, false
				}
				ap, ok := perRow(r.Val, bodies, seen)
				if !ok {
					return false, false
				}
				met = met || ap
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return false, false // its address escapes
			}
		}
		return met, true
	case *ssa.Phi:
		met := false
		for _, e := range x.Edges {
			ap, ok := perRow(e, bodies, seen)
			if !ok {
				return false, false
			}
			met = met || ap
		}
		return met, true
	case *ssa.Call:
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(x.Call.Args) > 0 {
			inBody := false
			for _, body := range bodies {
				if body.Dominates(x.Block()) {
					inBody = true
				}
			}
			if !inBody {
				return false, false
			}
			_, ok := perRow(x.Call.Args[0], bodies, seen)
			return true, ok
		}
	}
	return false, false
}

// notFoundReturn reads what fn returns on the not-found side of a branch
// on a: a sentinel error, a nil pointer, false.
func notFoundReturn(fi *FuncInfo, a *Access, rets []*ssa.Return, b *builder) (signalFact, bool) {
	// Returns on the not-found side of a branch on a.
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		acc, trueFound, ok := fi.foundness(ifi.Cond, b)
		if !ok || acc != a {
			continue
		}
		notFound := blk.Succs[0]
		if trueFound {
			notFound = blk.Succs[1]
		}
		if len(notFound.Preds) != 1 {
			continue
		}
		for _, ret := range rets {
			if !notFound.Dominates(ret.Block()) {
				continue
			}
			nilResult := -1
			for i, rv := range ret.Results {
				// A function with a defer returns through result slots:
				// the value stored last is what it returns.
				rv = slotValue(rv)
				switch rv.Type().Underlying().(type) {
				case *types.Pointer, *types.Slice, *types.Map:
					if isNil(rv) {
						nilResult = i
					}
				}
			}
			for i, rv := range ret.Results {
				rv = slotValue(rv)
				if isErrorType(rv.Type()) && !succeedsFrom(rets, notFound, i) {
					if name := globalName(rv); name != "" {
						return signalFact{Signal: SignalErr, Result: i, Sentinels: []string{name}, NilResult: nilResult}, true
					}
					if w := wrappedGlobal(rv); w != "" {
						return signalFact{Signal: SignalErr, Result: i, Sentinels: []string{w}, NilResult: nilResult}, true
					}
					if t := b.typedSentinel(rv); t != "" {
						return signalFact{Signal: SignalErr, Result: i, Sentinels: []string{t}, NilResult: nilResult}, true
					}
					if nilResult >= 0 && ownNotFoundError(rv) {
						// A nil row beside an error of its own (return nil,
						// UserNotFoundError{}): the error says "not found",
						// so err == nil means found, as with a sentinel.
						var sentinels []string
						if strings.Contains(typeName(unwrap(rv).Type()), "NotFound") {
							sentinels = []string{anyNotFound}
						}
						return signalFact{Signal: SignalErr, Result: i, Sentinels: sentinels, NilResult: nilResult}, true
					}
					if nilResult >= 0 && fi.signalOf(rv) == a && a.Found.Signal == SignalErr {
						// A nil row beside the lookup's own error
						// (if err != nil { return nil, err }): callers
						// may test either, the error as the library's.
						return signalFact{Signal: SignalErr, Negated: a.Found.Negated, Result: i, Sentinels: a.Found.Sentinels, NilResult: nilResult}, true
					}
				}
			}
			for i, rv := range ret.Results {
				rv = slotValue(rv)
				switch rv.Type().Underlying().(type) {
				case *types.Pointer, *types.Interface, *types.Slice, *types.Map:
					if isNil(rv) && !isErrorType(rv.Type()) {
						return signalFact{Signal: SignalNil, Result: i, NilResult: -1}, true
					}
				case *types.Basic:
					if c, ok := unwrap(rv).(*ssa.Const); ok && isBoolType(rv.Type()) && c.Value != nil {
						return signalFact{Signal: SignalBool, Negated: c.Value.ExactString() == "true", Result: i, NilResult: -1}, true
					}
				}
			}
		}
	}
	return signalFact{Result: -1}, false
}

// ownNotFoundError reports an error value the function makes itself on
// the not-found side: a value of an error type (UserNotFoundError{},
// &NotFoundError{ID: id}) or a call of a constructor named for it
// (NewNotFoundError(...)). The access's own error passed on is not one:
// its signal is the access's.
func ownNotFoundError(rv ssa.Value) bool {
	switch x := unwrap(rv).(type) {
	case *ssa.Const:
		return !isNil(x)
	case *ssa.Alloc:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.Alloc)
		return ok && x.Op == token.MUL
	case *ssa.Call:
		f := x.Call.StaticCallee()
		return f != nil && strings.Contains(f.Name(), "NotFound")
	}
	return false
}

// succeedsFrom reports a return reachable from blk whose error result i is
// nil: the function can succeed after blk, so a sentinel it returns there
// is another check's (verify: "no pending proof" goes on to "not already
// used", whose error is not the pending read's not-found).
func succeedsFrom(rets []*ssa.Return, blk *ssa.BasicBlock, i int) bool {
	for _, ret := range rets {
		if i < len(ret.Results) && isNil(ret.Results[i]) && ssautil.Reachable(blk, ret.Block()) {
			return true
		}
	}
	return false
}

// typedSentinel returns the sentinel an error value of a named type
// stands for: the package variable its Is method compares the target with,
// so that errors.Is(err, errNotFound) holds for it.
//
//	type GrantNotFoundError struct{}
//	func (GrantNotFoundError) Is(target error) bool { return target == errNotFound }
//	return nil, GrantNotFoundError{}   // sentinel errNotFound
func (b *builder) typedSentinel(v ssa.Value) string {
	if b == nil || b.ssaPkg == nil {
		return ""
	}
	t := unwrap(v).Type()
	if types.IsInterface(t) {
		return ""
	}
	prog := b.ssaPkg.Prog
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, "Is")
	if sel == nil {
		return ""
	}
	is := prog.MethodValue(sel)
	if is == nil || len(is.Params) != 2 {
		return ""
	}
	target := is.Params[1]
	for _, blk := range is.Blocks {
		for _, instr := range blk.Instrs {
			cmp, ok := instr.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			x, y := unwrap(cmp.X), cmp.Y
			if x != ssa.Value(target) {
				x, y = unwrap(cmp.Y), cmp.X
			}
			if x == ssa.Value(target) {
				if name := globalName(y); name != "" {
					return name
				}
			}
		}
	}
	return ""
}

// wrappedGlobal returns the sentinel of fmt.Errorf("...: %w", ErrNotFound).
func wrappedGlobal(v ssa.Value) string {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().String() != "fmt.Errorf" || len(call.Call.Args) != 2 {
		return ""
	}
	vals, _ := variadicArgs(call.Call.Args[1])
	for _, arg := range vals {
		if arg != nil && isErrorType(arg.Type()) {
			if name := globalName(arg); name != "" {
				return name
			}
		}
	}
	return ""
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// paramRefOf expresses a Ref in terms of fn's parameters: a parameter, a
// field of one, or a value captured by a closure of fn from one.
func paramRefOf(fn *ssa.Function, r Ref) paramRef {
	for i := 0; i < 8 && r.Root != nil; i++ {
		switch x := r.Root.(type) {
		case *ssa.Parameter:
			for j, p := range fn.Params {
				if p == x {
					return paramRef{Param: j, Path: r.Path}
				}
			}
			return paramRef{Param: -1}
		case *ssa.FreeVar:
			bound := freeVarBinding(x)
			if bound == nil {
				return paramRef{Param: -1}
			}
			inner := refOf(bound)
			r = Ref{Root: inner.Root, Path: inner.Path + r.Path}
			continue
		case *ssa.Alloc:
			// A struct parameter taken by value whose address the
			// function passes on (func (p *P) Update(e Email) {
			// db.Update(&e) }): its fields are the caller's argument's,
			// unless the function changes them.
			if p, ok := soleStore(x).(*ssa.Parameter); ok && r.Path != "" && !hasFieldStores(x) {
				r = Ref{Root: p, Path: r.Path}
				continue
			}
		case *ssa.Extract:
			// A parameter encoded whole (json.Marshal(meta)): the
			// document says what the parameter holds.
			if arg, ok := marshaled(x); ok && r.Path == "" {
				r = refOf(arg)
				continue
			}
		}
		break
	}
	return paramRef{Param: -1}
}

// marshaled returns the value x encodes when x is the document result of
// an apis.Marshalers call.
func marshaled(x *ssa.Extract) (ssa.Value, bool) {
	call, ok := x.Tuple.(*ssa.Call)
	if !ok || x.Index != 0 {
		return nil, false
	}
	f := analysisutil.CalleeFunc(&call.Call)
	if f == nil {
		return nil, false
	}
	i, ok := apis.Marshalers[apis.RawFullName(f)]
	if !ok || i >= len(call.Call.Args) {
		return nil, false
	}
	return call.Call.Args[i], true
}

// freeVarBinding returns the value bound to a closure's free variable by
// the MakeClosure that creates it, when there is exactly one.
func freeVarBinding(fv *ssa.FreeVar) ssa.Value {
	bound := ssautil.ClosureBinding(fv)
	// A captured variable is bound by address; its single store is the
	// value.
	if a, ok := bound.(*ssa.Alloc); ok {
		if v := soleStore(a); v != nil {
			return v
		}
	}
	return bound
}

// returnedAt reports whether the value at dest leaves fn through a result:
// the returned row (return i, err) or a field of it.
func returnedAt(rets []*ssa.Return, dest Ref) (int, string, bool) {
	for _, ret := range rets {
		for i, rv := range ret.Results {
			r := refOf(rv)
			if r.Root == nil {
				continue
			}
			if r.Root == dest.Root && strings.HasPrefix(dest.Path, r.Path) {
				return i, strings.TrimPrefix(dest.Path, r.Path), true
			}
			// A named result the read fills (Find(&quota); return quota,
			// err): refOf sees through to its zero initialization.
			if ld, ok := unwrap(rv).(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == dest.Root && dest.Path == "" {
				return i, "", true
			}
		}
	}
	return 0, "", false
}

// ElemPath begins the path of a value read into each element of a
// returned slice: "[].URL" is the URL field of every row a function
// returns as []*Link, scanned into a local appended to the result.
const ElemPath = "[]"

// returnedElem reports the result of fn that is a slice the rows of dest
// are appended to: dest is a field of a local struct (or the local
// itself) whose address or value append adds to a slice returned, through
// the loop's phis.
func returnedElem(rets []*ssa.Return, dest Ref) (int, bool) {
	if dest.Root == nil {
		return 0, false
	}
	local, ok := dest.Root.(*ssa.Alloc)
	if !ok {
		return 0, false
	}
	appended := func(v ssa.Value) bool {
		v = unwrap(v)
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
		}
		return v == ssa.Value(local)
	}
	for _, ret := range rets {
		for i, rv := range ret.Results {
			seen := map[ssa.Value]bool{}
			work := []ssa.Value{unwrap(rv)}
			for n := 0; len(work) > 0 && n < 64; n++ {
				v := work[len(work)-1]
				work = work[:len(work)-1]
				if seen[v] {
					continue
				}
				seen[v] = true
				switch x := v.(type) {
				case *ssa.Phi:
					for _, e := range x.Edges {
						work = append(work, unwrap(e))
					}
				case *ssa.UnOp:
					// The result slot of a function with defers.
					if slot, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL && slot.Referrers() != nil {
						for _, ref := range *slot.Referrers() {
							if st, ok := ref.(*ssa.Store); ok && st.Addr == ssa.Value(slot) {
								work = append(work, unwrap(st.Val))
							}
						}
					}
				case *ssa.Call:
					if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(x.Call.Args) == 2 {
						if elems, ok := variadicArgs(x.Call.Args[1]); ok && slices.ContainsFunc(elems, appended) {
							return i, true
						}
						work = append(work, unwrap(x.Call.Args[0]))
					}
				}
			}
		}
	}
	return 0, false
}

// ctorFields lists the fields of returned values set from parameters:
// return &Queries{db: db}; a composite literal built from a parameter's
// fields (return &User{Email: p.Email}); the result of a constructor the
// function calls with its parameters (user, err = NewUser(p.Email, p.Aud)),
// in every branch that does not pass a constant instead (a switch of
// NewUser calls, one per sign-up channel).
func (b *builder) ctorFields(fn *ssa.Function, rets []*ssa.Return) []ctorField {
	var out []ctorField
	b.ctorMemo = map[ctorKey]ctorVal{} // the values of fn: one answer each, whatever return asks
	defer func() { b.ctorMemo = nil }()
	for _, ret := range rets {
		for i, rv := range ret.Results {
			fields, _ := b.ctorOf(fn, rv, 0)
			for path, pr := range fields {
				out = append(out, ctorField{Result: i, Path: path, Param: pr.Param, ParamPath: pr.Path})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Result != out[j].Result {
			return out[i].Result < out[j].Result
		}
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Param < out[j].Param
	})
	return dedupCtor(out)
}

// ctorOf maps the fields of v, a value fn returns, to the parameters they
// hold, and lists the fields it holds constants in (a constructor called
// with "" for the email of a phone sign-up).
//
// Its answers are memoized per value and depth while ctorFields runs
// (phis of phis share edges: without the memo a function of many nested
// phis is walked once per path), and each computed answer is charged to
// the function's budget. Callers only read the maps returned.
func (b *builder) ctorOf(fn *ssa.Function, v ssa.Value, depth int) (map[string]paramRef, map[string]bool) {
	if depth > 4 || v == nil {
		return map[string]paramRef{}, map[string]bool{}
	}
	k := ctorKey{v, depth}
	if m, ok := b.ctorMemo[k]; ok {
		return m.fields, m.consts
	}
	b.spend()
	fields, consts := b.ctorOfUncached(fn, v, depth)
	if b.ctorMemo != nil {
		b.ctorMemo[k] = ctorVal{fields, consts}
	}
	return fields, consts
}

// ctorKey and ctorVal are a memoized question and answer of ctorOf.
type ctorKey struct {
	v     ssa.Value
	depth int
}

type ctorVal struct {
	fields map[string]paramRef
	consts map[string]bool
}

// ctorOfUncached is ctorOf without the memo.
func (b *builder) ctorOfUncached(fn *ssa.Function, v ssa.Value, depth int) (map[string]paramRef, map[string]bool) {
	fields, consts := map[string]paramRef{}, map[string]bool{}
	base := unwrap(v)
	if ld, ok := base.(*ssa.UnOp); ok && ld.Op == token.MUL {
		base = ld.X
	}
	// fieldStores records the fields fn stores into base itself: they
	// override what a constructor set.
	stored := map[string]bool{}
	if refs := base.Referrers(); refs != nil {
		for _, r := range *refs {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != base {
				continue
			}
			name := "." + fieldName(fa.X.Type(), fa.Field)
			if !hasStore(fa) {
				continue
			}
			stored[name] = true
			st := uniqueStore(fa)
			if st == nil {
				continue
			}
			// A key normalized on the way in (Email:
			// strings.ToLower(email)) is the parameter's key, as
			// foldedSame has it.
			if pr := paramRefOf(fn, unfold(refOf(st))); pr.Param >= 0 {
				fields[name] = pr
			} else if _, ok := unwrap(st).(*ssa.Const); ok {
				consts[name] = true
			}
		}
	}
	if al, ok := base.(*ssa.Alloc); ok {
		for name, pr := range b.copiedKey(fn, al) {
			if !stored[name] {
				fields[name] = pr
			}
		}
		// A variable assigned a literal whole, then changed field by
		// field (n := Node{ID: r.ID, ...}; if stale { n.Status = Offline };
		// return n): the literal's fields, except those stored.
		if st := soleStore(al); st != nil {
			from, fromConsts := b.ctorOf(fn, st, depth+1)
			for name, pr := range from {
				if _, ok := fields[name]; !ok && !stored[name] {
					fields[name] = pr
				}
			}
			for name := range fromConsts {
				if !stored[name] {
					consts[name] = true
				}
			}
		}
		return fields, consts
	}
	var from map[string]paramRef
	var fromConsts map[string]bool
	switch x := base.(type) {
	case *ssa.Phi:
		from, fromConsts = b.phiCtor(fn, x, depth)
	case *ssa.Call, *ssa.Extract:
		from, fromConsts = b.callCtor(fn, x)
	}
	for name, pr := range from {
		if !stored[name] {
			fields[name] = pr
		}
	}
	for name := range fromConsts {
		if !stored[name] {
			consts[name] = true
		}
	}
	return fields, consts
}

// copiedKey maps the key fields of a, a local copy of what a pointer
// parameter points to, to that parameter's fields: the fields by which fn
// writes or reads the row through the copy.
//
//	func (s *Store) UpdateOptLock(ctx context.Context, r *Repo, mutate func(*Repo) error) (*Repo, error) {
//		for {
//			dup := *r
//			if err := mutate(&dup); err != nil { ... }
//			err := s.Update(ctx, &dup)  // UPDATE repos ... WHERE id = dup.ID AND version = ...
//			if err == nil {
//				return &dup, nil         // r0.ID = p2.ID
//			}
//			r, err = s.Find(ctx, r.ID)  // the row again, by its id
//		}
//	}
//
// A callee handed the copy may change its other fields (a callback
// bumping a counter, the write bumping the version); the key names the
// row the function writes, so it is the row's identity, which the result
// keeps. A column the write also sets, or its version column, is no key. The copy's source may
// be the parameter, or the row looked up again by that key (a retry
// loop's phi).
func (b *builder) copiedKey(fn *ssa.Function, a *ssa.Alloc) map[string]paramRef {
	v := soleStore(a)

	if v == nil {
		return nil
	}
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	src := unwrap(ld.X)
	fi := b.infos[fn]
	if fi == nil {
		return nil
	}
	var out map[string]paramRef
	for _, acc := range fi.Accesses {
		if acc.Kind != KindUpdate && acc.Kind != KindDelete {
			continue
		}
		for _, w := range acc.Where {
			r := w.Value
			if w.Op != "=" || r.Root == nil || r.Path == "" || strings.Contains(r.Path[1:], ".") {
				continue
			}
			if root := unwrap(r.Root); root != ssa.Value(a) && root != src {
				continue
			}
			if _, set := acc.SetColumn(w.Column); set || w.Column == acc.VersionColumn {
				continue // a version or a state the write changes: no key
			}
			if pr, ok := keptKey(fi, src, r.Path, w.Column); ok {
				if out == nil {
					out = map[string]paramRef{}
				}
				out[r.Path] = pr
			}
		}
	}
	return out
}

// keptKey returns the parameter field whose value field path of src
// holds: src is a parameter, or a phi of one parameter and of rows read
// by WHERE col = the phi's field (the row found again by its key).
func keptKey(fi *FuncInfo, src ssa.Value, path, col string) (paramRef, bool) {
	fn := fi.Fn
	if p, ok := src.(*ssa.Parameter); ok {
		pr := paramRefOf(fn, Ref{Root: p, Path: path})
		return pr, pr.Param >= 0
	}
	phi, ok := src.(*ssa.Phi)
	if !ok {
		return paramRef{}, false
	}
	var param *ssa.Parameter
	self := Ref{Root: phi, Path: path}
	for _, e := range phi.Edges {
		e = unwrap(e)
		if p, ok := e.(*ssa.Parameter); ok && (param == nil || param == p) {
			param = p
			continue
		}
		call, _ := resultCall(e)
		if call == nil || !lookedUpByKey(fi, call, col, self) {
			return paramRef{}, false
		}
	}
	if param == nil {
		return paramRef{}, false
	}
	pr := paramRefOf(fn, Ref{Root: param, Path: path})
	return pr, pr.Param >= 0
}

// lookedUpByKey reports a read fi makes at call WHERE col = key.
func lookedUpByKey(fi *FuncInfo, call *ssa.Call, col string, key Ref) bool {
	for _, acc := range fi.Accesses {
		if acc.Kind != KindRead || acc.Call == nil || acc.Call.Value() != call {
			continue
		}
		for _, w := range acc.Where {
			if w.Column == col && w.Op == "=" && w.Value.Same(key) {
				return true
			}
		}
	}
	return false
}

// phiCtor is ctorOf over the edges of a phi: a field holds a parameter
// when every edge that sets it from a parameter sets it from that one and
// the others set constants (nil, a zero row, "").
func (b *builder) phiCtor(fn *ssa.Function, phi *ssa.Phi, depth int) (map[string]paramRef, map[string]bool) {
	var edges []map[string]paramRef
	var edgeConsts []map[string]bool
	for _, e := range phi.Edges {
		if _, ok := unwrap(e).(*ssa.Const); ok {
			continue // nil: a row of constants
		}
		if e == phi {
			continue
		}
		f, c := b.ctorOf(fn, e, depth+1)
		edges = append(edges, f)
		edgeConsts = append(edgeConsts, c)
	}
	fields, consts := map[string]paramRef{}, map[string]bool{}
	if len(edges) == 0 {
		return fields, consts
	}
	names := map[string]bool{}
	for _, f := range edges {
		for name := range f {
			names[name] = true
		}
	}
	for name := range names {
		var pr *paramRef
		agree := true
		for i, f := range edges {
			if p, ok := f[name]; ok {
				if pr != nil && *pr != p {
					agree = false
					break
				}
				pr = &p
			} else if !edgeConsts[i][name] {
				agree = false
				break
			}
		}
		if agree && pr != nil {
			fields[name] = *pr
		}
	}
	for name := range edgeConsts[0] {
		all := true
		for _, c := range edgeConsts[1:] {
			all = all && c[name]
		}
		if all {
			consts[name] = true
		}
	}
	return fields, consts
}

// callCtor maps the fields of a result of a call to the parameters of fn
// the callee's constructor fields hold at the call.
func (b *builder) callCtor(fn *ssa.Function, v ssa.Value) (map[string]paramRef, map[string]bool) {
	fields, consts := map[string]paramRef{}, map[string]bool{}
	call, result := resultCall(v)
	if call == nil {
		return fields, consts
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return fields, consts
	}
	sum := b.summaryOf(callee)
	if sum == nil {
		return fields, consts
	}
	args := ssautil.FullArgs(&call.Call)
	for _, c := range sum.Ctor {
		if c.Result != result || c.Param >= len(args) || args[c.Param] == nil || strings.Contains(c.Path[1:], ".") {
			continue
		}
		if _, ok := unwrap(args[c.Param]).(*ssa.Const); ok && c.ParamPath == "" {
			consts[c.Path] = true
			continue
		}
		if pr := paramRefOf(fn, unfold(pathValue(args[c.Param], c.ParamPath))); pr.Param >= 0 {
			fields[c.Path] = pr
		}
	}
	return fields, consts
}

// copyFields lists the fields of pointer parameters fn sets, once each,
// from another parameter: r.OrgID = e.Org in func (r *row) fromEntity(e
// *Entity).
func copyFields(fn *ssa.Function) []copyField {
	var out []copyField
	for di, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Pointer); !ok || p.Referrers() == nil {
			continue
		}
		for _, r := range *p.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != ssa.Value(p) {
				continue
			}
			st := uniqueStore(fa)
			if st == nil {
				continue
			}
			pr := paramRefOf(fn, unfold(refOf(st)))
			if pr.Param < 0 || pr.Param == di {
				continue
			}
			out = append(out, copyField{Dst: di, DstPath: "." + fieldName(fa.X.Type(), fa.Field), Src: pr.Param, SrcPath: pr.Path})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Dst != out[j].Dst {
			return out[i].Dst < out[j].Dst
		}
		return out[i].DstPath < out[j].DstPath
	})
	var uniq []copyField
	for i, c := range out {
		if i > 0 && out[i-1] == c {
			continue
		}
		uniq = append(uniq, c)
	}
	return uniq
}

// copiedInto resolves field r.Path of a local value filled by one call of
// a method that copies it from another argument (rec.fromEntity(e); ...
// rec.OrgID is e.Org), when fn stores nothing into the field itself.
func (b *builder) copiedInto(r Ref) (Ref, bool) {
	root, ok := r.Root.(*ssa.Alloc)
	if !ok || r.Path == "" || root.Referrers() == nil {
		return r, false
	}
	first, rest := r.Path, ""
	if i := strings.Index(r.Path[1:], "."); i >= 0 {
		first, rest = r.Path[:i+1], r.Path[i+1:]
	}
	if storedField(root, []string{first[1:]}) != nil || fieldHasStore(root, first[1:]) {
		return r, false
	}
	var found Ref
	n := 0
	for _, ref := range *root.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			continue
		}
		sum := b.summaryOf(callee)
		if sum == nil {
			continue
		}
		args := ssautil.FullArgs(&call.Call)
		for _, c := range sum.Copies {
			if c.Dst >= len(args) || unwrap(args[c.Dst]) != ssa.Value(root) || c.DstPath != first || c.Src >= len(args) {
				continue
			}
			v := pathValue(args[c.Src], c.SrcPath)
			found = Ref{Root: v.Root, Path: v.Path + rest}
			n++
		}
	}
	if n != 1 || found.Root == nil {
		return r, false
	}
	return found, true
}

// resultCall returns the call whose result v is, and which result.
func resultCall(v ssa.Value) (*ssa.Call, int) {
	switch x := v.(type) {
	case *ssa.Call:
		return x, 0
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c, x.Index
		}
	}
	return nil, 0
}

// hasStore reports whether a field address is stored to.
func hasStore(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
			return true
		}
	}
	return false
}

func dedupCtor(in []ctorField) []ctorField {
	var out []ctorField
	for i, c := range in {
		if i > 0 && in[i-1] == c {
			continue
		}
		out = append(out, c)
	}
	return out
}

// resolveRef looks through constructors: a field of the result of a call
// whose summary says that field is set from a parameter is that argument.
func (b *builder) resolveRef(r Ref) Ref {
	if h, ok := b.ctxHandle(r); ok {
		return h
	}
	return b.throughCtors(r, true)
}

// throughCtors is resolveRef's walk through copies and constructors. With
// keep, a result handed to a callback (t := toTask(rec); modify(t)) stays
// the result: what the constructor was given is not what the struct holds
// after the callback (the value model follows it, prov.callbackHeld).
func (b *builder) throughCtors(r Ref, keep bool) Ref {
	for i := 0; i < 6 && r.Root != nil && r.Path != ""; i++ {
		if c, ok := b.copiedInto(r); ok {
			r = c
			continue
		}
		if keep && handedToCallback(r.Root) {
			return r
		}
		var call *ssa.Call
		result := 0
		switch x := r.Root.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok {
				call, result = c, x.Index
			}
		}
		if call == nil {
			return r
		}
		ctors := b.callCtors(call)
		if len(ctors) == 0 {
			return r
		}
		args := ssautil.FullArgs(&call.Call)
		matched := false
		for _, c := range ctors {
			if c.Result != result || c.Param >= len(args) {
				continue
			}
			if r.Path == c.Path || strings.HasPrefix(r.Path, c.Path+".") {
				inner := pathValue(args[c.Param], c.ParamPath)
				r = Ref{Root: inner.Root, Path: inner.Path + strings.TrimPrefix(r.Path, c.Path)}
				matched = true
				break
			}
		}
		if !matched {
			return r
		}
	}
	return r
}

// callCtors returns the constructor fields of the function a call runs:
// its callee's, or, through an interface, those every implementation in
// view with a summary has (a store and the wrapper that locks around it).
func (b *builder) callCtors(call *ssa.Call) []ctorField {
	if callee := call.Call.StaticCallee(); callee != nil {
		if sum := b.summaryOf(callee); sum != nil {
			return sum.Ctor
		}
		return nil
	}
	if !call.Call.IsInvoke() {
		return nil
	}
	iface, ok := call.Call.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	name, targs := call.Call.Method.Name(), analysisutil.TypeArgs(call.Call.Value.Type())
	var sums []*summaryFact
	impls := b.implementations(iface, name, targs)
	for _, impl := range impls {
		if impl.fn != nil {
			sums = append(sums, b.summaryOf(impl.fn))
		} else {
			sums = append(sums, b.methodSummary(impl.obj))
		}
	}
	if len(impls) == 0 {
		// The implementations of another package, wired together in
		// main (invokeAccesses): the methods with summaries.
		for _, m := range b.methods[name] {
			recv := b.implsCache.Instance(m.Type().(*types.Signature).Recv().Type(), targs)
			if !implementsByValueOrPointer(recv, iface) {
				continue
			}
			var sum summaryFact
			if b.pass.ImportObjectFact(m, &sum) {
				sums = append(sums, &sum)
			}
		}
	}
	var out []ctorField
	first := true
	for _, sum := range sums {
		if sum == nil {
			continue
		}
		if first {
			out, first = sum.Ctor, false
			continue
		}
		out = slices.DeleteFunc(slices.Clone(out), func(c ctorField) bool { return !slices.Contains(sum.Ctor, c) })
	}
	return out
}

// passedParams returns the columns of a summarized whole-row write bound
// to fields of one parameter (passThrough in the callee's terms): at the
// call they pass the caller's struct through, whatever the model knows of
// where its fields came from (a constructor's parameters).
func passedParams(set []bindingFact) map[string]bool {
	byParam := map[int][]string{}
	for _, s := range set {
		if s.Class != sqltext.AssignParam || s.Arg.Param < 0 || s.Arg.Path == "" || s.SelfDelta {
			continue
		}
		byParam[s.Arg.Param] = append(byParam[s.Arg.Param], s.Column)
	}
	out := map[string]bool{}
	for _, cols := range byParam {
		if len(cols) >= 3 {
			for _, c := range cols {
				out[c] = true
			}
		}
	}
	return out
}

// storedAtCall reports a field (p, a path from an argument) that the
// caller stores into before passing the struct on (e.UserID = userID;
// p.Update(*e)), or a field of a struct the caller builds there (its
// zero value): the write-back changes that column.
func storedAtCall(args []ssa.Value, p paramRef) bool {
	if p.Param < 0 || p.Param >= len(args) || args[p.Param] == nil || p.Path == "" {
		return false
	}
	return storedField(args[p.Param], strings.Split(p.Path[1:], ".")) != nil || fieldHasStore(literalOf(args[p.Param]), strings.Split(p.Path[1:], ".")[0]) || isFreshLiteral(args[p.Param])
}

// fromArgs returns the arguments of a call for a binding's From.
func fromArgs(args []ssa.Value, from []int) []ssa.Value {
	var out []ssa.Value
	for _, p := range from {
		if p < 0 || p >= len(args) || args[p] == nil {
			return nil
		}
		out = append(out, args[p])
	}
	return out
}

// argRef resolves a parameter reference of a callee at a call site.
func (b *builder) argRef(args []ssa.Value, p paramRef) Ref {
	if p.Param < 0 || p.Param >= len(args) || args[p.Param] == nil {
		return Ref{}
	}
	if p.Path == "" {
		return b.resolveRef(refOf(args[p.Param]))
	}
	if p.Path == CtxTxPath {
		return Ref{Root: CtxRoot(args[p.Param]), Path: CtxTxPath}
	}
	return b.resolveRef(pathValue(args[p.Param], p.Path))
}

// pathValue is the value of field path (".a.b", or "" for v itself) of
// v, through the stores that built it.
func pathValue(v ssa.Value, path string) Ref {
	if path == "" {
		return refOf(v)
	}
	names := strings.Split(strings.TrimPrefix(path, "."), ".")
	r := fieldValue(v, names[0])
	for _, n := range names[1:] {
		if r.Path == "" && r.Root != nil {
			r = fieldValue(r.Root, n)
		} else {
			r.Path += "." + n
		}
	}
	return r
}

// zeroFieldAt reports a field (p, a path from an argument) that holds Go's
// zero value at call: the argument is the address of a local struct
// (user := User{ID: id}; user.Delete()) used only to store other fields
// and to make this call, so nothing can have set the field.
func zeroFieldAt(args []ssa.Value, p paramRef, call ssa.CallInstruction) bool {
	return zeroField(args, p, call, false)
}

// zeroArg reports an argument that is a constant Go zero value (nil, 0, "").
func zeroArg(args []ssa.Value, k int) bool {
	if k < 0 || k >= len(args) || args[k] == nil {
		return false
	}
	c, ok := unwrap(args[k]).(*ssa.Const)
	return ok && zeroValue(c)
}

// nonZeroAt reports whether the call's argument p (a parameter, or a
// field of one) holds a value that is not Go's zero value when the call
// runs: a constant that is not zero, or a field of a literal the caller
// built with a value stored in it (&Filter{Branch: in.Branch}) before the
// call, once. A value read at run time counts as set: the caller means to
// filter by it.
func nonZeroAt(args []ssa.Value, p paramRef, call ssa.CallInstruction) bool {
	if p.Param < 0 || p.Param >= len(args) || args[p.Param] == nil || p.Path == CtxTxPath {
		return false
	}
	if p.Path == "" {
		_, isConst := unwrap(args[p.Param]).(*ssa.Const)
		return isConst && !zeroArg(args, p.Param)
	}
	if !isComplit(literalOf(args[p.Param])) {
		return false
	}
	st := storedFieldInstr(args[p.Param], strings.Split(strings.TrimPrefix(p.Path, "."), "."))
	return st != nil && !zeroValue(unwrap(st.Val)) && st.Parent() == call.Parent() && dominates(st, call)
}

// zeroFieldUntil is zeroFieldAt allowing the uses of the struct after the
// call (the id the insert assigned, read back): the field is zero when
// the call runs.
func zeroFieldUntil(args []ssa.Value, p paramRef, call ssa.CallInstruction) bool {
	return zeroField(args, p, call, true)
}

func zeroField(args []ssa.Value, p paramRef, call ssa.CallInstruction, later bool) bool {
	if p.Param < 0 || p.Param >= len(args) || args[p.Param] == nil || p.Path == "" || p.Path == CtxTxPath {
		return false
	}
	first := strings.Split(strings.TrimPrefix(p.Path, "."), ".")[0]
	arg := unwrap(args[p.Param])
	if ld, ok := arg.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// A struct passed by value (FindOne(User{ID: id})): the
		// literal's local, loaded once for the call.
		if lit, ok := ld.X.(*ssa.Alloc); ok && ld.Referrers() != nil && len(*ld.Referrers()) == 1 {
			return zeroFieldOf(lit, first, ld, 0, later)
		}
		return false
	}
	alloc, ok := arg.(*ssa.Alloc)
	if !ok {
		return false
	}
	return zeroFieldOf(alloc, first, call, 0, later)
}

// runsAfter reports whether r can run only after use: later in use's
// block or in a block use's dominates, and never on the way back to use.
func runsAfter(r, use ssa.Instruction) bool {
	if r == use || use == nil {
		return false
	}
	rb, ub := r.Block(), use.Block()
	if rb == nil || ub == nil {
		return false
	}
	if rb == ub {
		if ssautil.Index(r) < ssautil.Index(use) {
			return false
		}
		for _, s := range rb.Succs {
			if ssautil.Reachable(s, ub) {
				return false // a loop: r runs before the next use
			}
		}
		return true
	}
	return ub.Dominates(rb) && !ssautil.Reachable(rb, ub)
}

// zeroFieldOf reports that nothing sets field name of the local alloc but
// its composite literal (m := Member{ID: id}: the literal's own local,
// copied whole into m), through depth copies.
func zeroFieldOf(alloc *ssa.Alloc, name string, use ssa.Instruction, depth int, later bool) bool {
	if depth > 3 || alloc.Referrers() == nil {
		return false
	}
	pt, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	for _, r := range *alloc.Referrers() {
		if later && runsAfter(r, use) {
			continue // the id read back after the insert
		}
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if fieldName(pt.Elem(), r.Field) == name {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			// *m = <the literal>: the literal's fields are m's.
			ld, ok := r.Val.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL || r.Addr != alloc {
				return false
			}
			lit, ok := ld.X.(*ssa.Alloc)
			if !ok || !zeroFieldOf(lit, name, ld, depth+1, later) {
				return false
			}
		default:
			if r != use {
				return false // passed to another call, loaded: anything may set it
			}
		}
	}
	return true
}

// instantiate turns a callee's summary into accesses seen at a call.
func (b *builder) instantiate(fn *ssa.Function, call ssa.CallInstruction, sum *summaryFact, label string, args []ssa.Value) []*Access {
	if sum.Wrapper != nil {
		return b.wrapperAccess(fn, call, sum.Wrapper, args)
	}
	var out []*Access
	var dead map[*Access]bool // made only for an element of a nil argument
	var wrapped *Access
	if sum.Model != nil {
		wrapped = b.modelWrapperAccess(fn, call, sum.Model, args)
	}
	for i := range sum.Accesses {
		f := &sum.Accesses[i]
		if wrapped != nil && len(f.Callees) == 0 && f.Origin == sum.Model.Origin {
			// The wrapper's own write, made on the caller's model.
			out = append(out, wrapped)
			continue
		}
		a := &Access{
			Fn: fn, Call: call, Pos: call.Pos(), Lib: f.Lib, Kind: f.Kind, Table: f.Table, SQL: f.SQL,
			Count: f.Count, Exists: f.Exists, Sum: f.Sum, SumGate: f.SumGate, First: f.First, Lock: f.Lock, LockOptions: f.LockOptions,
			Conflict: f.Conflict, ConflictTarget: f.ConflictTarget, Upsert: f.Upsert, Isolation: f.Isolation,
			RowsChecked: f.RowsChecked, UniqueHandled: f.UniqueHandled, Partial: f.Partial, Heuristic: f.Heuristic,
			Command: f.Command, Generated: f.Generated, VersionColumn: f.VersionColumn, OptimisticLock: f.OptimisticLock,
			RowsReturned: -1, ResultReturned: -1, ModelUniques: f.ModelUniques, recount: f.Recount, Alternatives: f.Alternatives,
			Via: &Via{Callees: append([]string{label}, f.Callees...), Origin: f.Origin},
		}
		for _, adv := range f.Advisory {
			a.Advisory = append(a.Advisory, sqltext.Advisory{Func: adv, Xact: f.AdvisoryXact})
		}
		a.Rechecks = f.Rechecks
		for _, w := range f.Where {
			if w.OmitZero && zeroFieldAt(args, w.Arg, call) {
				continue // FindOne(User{ID: id}) of a condition struct: gorm matches its non-zero fields
			}
			a.Where = append(a.Where, Binding{Column: w.Column, Op: w.Op, Fold: w.Fold, Class: w.Class, Value: b.argRef(args, w.Arg), Const: w.Const, Expr: w.Expr, From: fromArgs(args, w.From)})
		}
		for _, w := range f.CondWhere {
			// Count(ctx, repo, &Filter{Branch: b}): the callee filters
			// on the branch when it is set, and the call sets it.
			bd := Binding{Column: w.Column, Op: w.Op, Fold: w.Fold, Value: b.argRef(args, w.Arg), Expr: w.Expr}
			switch {
			case bd.Value.IsZero() || zeroFieldAt(args, w.Arg, call) || w.Arg.Path == "" && zeroArg(args, w.Arg.Param):
			case nonZeroAt(args, w.Arg, call):
				a.Where = append(a.Where, bd)
			default:
				a.CondWhere = append(a.CondWhere, bd) // the caller's own caller may set it
			}
		}
		b.instantiateFrags(fn, a, f, args)
		passed := passedParams(f.Set)
		for _, s := range f.Set {
			if s.OmitZero && zeroFieldAt(args, s.Arg, call) {
				continue // Updates(&User{ID: id}) of a field the caller never sets: gorm leaves it out
			}
			a.Set = append(a.Set, Binding{Column: s.Column, Op: s.Op, Class: s.Class, Merge: s.Merge, Value: b.argRef(args, s.Arg), SelfDelta: s.SelfDelta, Mutated: s.Mutated, Const: s.Const, ConstName: s.ConstName, OmitZero: s.OmitZero, Expr: s.Expr, From: fromArgs(args, s.From), Passed: (passed[s.Column] || s.Passed) && !storedAtCall(args, s.Arg),
				Zero: s.Zero || a.Kind == KindInsert && zeroFieldUntil(args, s.Arg, call)})
		}
		cv := call.Value()
		for _, r := range f.Reads {
			switch {
			case r.Result >= 0 && cv != nil:
				for _, rv := range resultValues(cv, r.Result) {
					a.Reads = append(a.Reads, ColumnRead{Column: r.Column, Dest: Ref{Root: rv, Path: r.Path}, Derived: r.Derived})
				}
			case r.Param >= 0 && r.Param < len(args):
				a.Reads = append(a.Reads, ColumnRead{Column: r.Column, Dest: b.argRef(args, paramRef{Param: r.Param, Path: r.Path}), Addr: true})
			case r.Result < 0 && r.Param < 0 && !slices.Contains(a.CalleeChecks, r.Column):
				a.CalleeChecks = append(a.CalleeChecks, r.Column)
			}
		}
		a.Handle = b.argRef(args, f.Handle)
		if f.ColsParam >= 0 && f.ColsParam < len(args) {
			narrowColumns(fn, a, args[f.ColsParam], f.ColsExtra, f.PartialCols)
		}
		if f.Table == "" && f.TableParam > 0 && f.TableParam <= len(args) {
			if f.TableField != "" {
				b.tableOfArgField(fn, a, args[f.TableParam-1], f.TableField)
			} else {
				b.tableOfArg(fn, a, args[f.TableParam-1])
			}
		}
		if f.Table == "" && f.TableType > 0 {
			b.tableOfTypeArg(fn, a, call, f.TableType-1, f.TableNaming)
		}
		if f.Table == "" && f.Bean > 0 && f.Bean <= len(args) {
			b.beanModel(a, args[f.Bean-1], f.BeanSpread, call)
		}
		if f.Found.Signal != SignalNone && f.Found.Result >= 0 && cv != nil {
			a.Found = Outcome{Signal: f.Found.Signal, Negated: f.Found.Negated, Sentinels: f.Found.Sentinels, Values: resultValues(cv, f.Found.Result)}
			if f.Found.NilResult >= 0 {
				a.Found.Nil = resultValues(cv, f.Found.NilResult)
			}
		}
		if f.ErrResult >= 0 && cv != nil {
			a.Err = resultValues(cv, f.ErrResult)
		}
		if f.RowsResult >= 0 && cv != nil {
			a.RowsAffected = resultValues(cv, f.RowsResult)
		}
		if f.ResultObj >= 0 && cv != nil {
			a.ResultObjs = resultValues(cv, f.ResultObj)
			for _, obj := range a.ResultObjs {
				a.RowsAffected = append(a.RowsAffected, rowsAffectedOf(obj)...)
			}
		}
		out = append(out, a)
		for _, k := range f.NonEmpty {
			if nilArg(args, k) {
				if dead == nil {
					dead = map[*Access]bool{}
				}
				dead[a] = true
			}
		}
	}
	for i := range sum.Accesses {
		if k := sum.Accesses[i].Consumes; k >= 0 && k < len(out) && i < len(out) {
			out[i].Consumes = out[k]
		}
		if k := sum.Accesses[i].DecidedBy; k >= 0 && k < len(out) && i < len(out) {
			out[i].DecidedBy = out[k]
		}
		if k := sum.Accesses[i].RowsOf; k >= 0 && k < len(out) && i < len(out) {
			out[i].RowsOf = out[k]
		}
		if k := sum.Accesses[i].JoinOf; k >= 0 && k < len(out) && i < len(out) {
			out[i].JoinOf = out[k]
		}
	}
	if dead != nil {
		live := out[:0:0]
		for _, a := range out {
			if dead[a] {
				continue
			}
			for _, p := range []**Access{&a.Consumes, &a.DecidedBy, &a.RowsOf, &a.JoinOf} {
				if dead[*p] {
					*p = nil
				}
			}
			live = append(live, a)
		}
		out = live
	}
	return out
}

// instantiateFrags binds the where fragments of a summarized access to the
// text and arguments the call gives (FindUserByEmail calling
// findUser(tx, "instance_id = ? and LOWER(email) = ?", uuid.Nil, email)):
// the conditions become known at the call. A text that is a parameter of
// the caller again is passed on; any other text leaves the access
// Partial.
func (b *builder) instantiateFrags(fn *ssa.Function, a *Access, f *accessFact, args []ssa.Value) {
	if len(f.Frags) == 0 {
		return
	}
	if f.FragsOnly {
		a.Partial = false // gormWhereArgs marks a text known only in part
	}
	known := true
	for _, fr := range f.Frags {
		if fr.Text >= len(args) {
			known = false
			continue
		}
		text := args[fr.Text]
		var rest ssa.Value
		if fr.Args >= 0 && fr.Args < len(args) {
			rest = args[fr.Args]
		}
		var bound []ssa.Value
		given := false // the arguments are elements of the caller's variadic slice
		if fr.Elem > 0 {
			// CountUsers(&User{Admin: true}) of CountUsers(cond ...any)
			// doing Where(cond[0], cond[1:]...).
			elems, ok := variadicArgs(text)
			if !ok || fr.Elem > len(elems) || elems[fr.Elem-1] == nil {
				known = false
				continue
			}
			text = elems[fr.Elem-1]
			if fr.From > 0 && fr.From <= len(elems) {
				bound = elems[fr.From-1:]
			}
			rest, given = nil, true
			if _, ok := constString(text); !ok {
				if len(bound) > 0 {
					known = false
					continue
				}
				// A condition struct or map the caller gives.
				n := len(a.Where)
				b.gormWhere(a, text, nil, true)
				if len(a.Where) == n {
					known = false
				}
				continue
			}
		}
		if _, ok := constString(text); ok {
			if rest != nil {
				bound = b.boundArgs(rest)
			}
			b.gormWhereArgs(a, text, bound)
			continue
		}
		if p, ok := unwrap(text).(*ssa.Parameter); ok && p.Parent() == fn && !given {
			a.frags = append(a.frags, whereFrag{text: p, args: rest})
			continue
		}
		known = false
	}
	if !known || !f.FragsOnly {
		a.Partial = true
		a.fragsOnly = false
	} else if len(a.frags) > 0 {
		a.fragsOnly = !a.Partial
		a.Partial = true
	}
}

// wrapperOf detects an executor wrapper: fn runs, through a library call,
// SQL text that is its own parameter, with arguments it passes on.
func (b *builder) wrapperOf(fn *ssa.Function, fi *FuncInfo, rets []*ssa.Return) *wrapperFact {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			meth, ok := methodOf(call.Common())
			if !ok || meth.SQL < 0 && !isStmtOp(meth.Op) || meth.ByName || meth.Op == apis.OpPrepare || meth.Op == apis.OpTxStmt {
				// A helper preparing its caller's SQL, or rebinding its
				// statement to a transaction, runs nothing: the statement
				// runs where it is used (prepared.go).
				continue
			}
			args := ssautil.CallArgs(call.Common())
			var t text
			var stmt ssa.Value
			switch {
			case isStmtOp(meth.Op):
				// A statement the caller prepared, run on its behalf.
				stmt = ssautil.Receiver(call.Common())
				t = b.preparedText(stmt)
			case meth.SQL >= len(args):
				continue
			default:
				t = b.resolveText(args[meth.SQL])
			}
			if t.param < 0 || t.known {
				continue
			}
			w := &wrapperFact{Lib: meth.Lib, Op: meth.Op, SQL: t.param, Args: -1, Dest: -1, Variadic: meth.Variadic, Stmt: stmt != nil && !t.builder, Builder: t.builder}
			if w.Stmt && t.param < len(fn.Params) && isString(fn.Params[t.param].Type()) {
				// A statement made of the caller's text (dbx's
				// NewQuery(q)...Execute()): a wrapper of the text.
				w.Stmt = false
			}
			if meth.Args >= 0 && meth.Args < len(args) {
				if p, ok := cellParam(args[meth.Args]); ok {
					w.Args = paramIndex(fn, p)
				}
			}
			if meth.Dest >= 0 && meth.Dest < len(args) {
				if p, ok := cellParam(args[meth.Dest]); ok {
					w.Dest = paramIndex(fn, p)
				}
			}
			var handle ssa.Value
			if meth.Handle >= 0 && meth.Handle < len(args) {
				handle = args[meth.Handle]
			} else {
				handle = ssautil.Receiver(call.Common())
			}
			if stmt != nil {
				handle = b.preparedHandle(stmt)
			}
			w.Handle = paramRefOf(fn, refOf(handle))
			w.Found, w.Rows, w.Err = b.wrapperOutcome(fn, call, meth, rets)
			return w
		}
	}
	return nil
}

// cellParam returns the parameter v is, directly or loaded from the
// variable it was spilled to because a closure captures it.
func cellParam(v ssa.Value) (*ssa.Parameter, bool) {
	v = unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if cell, ok := ld.X.(*ssa.Alloc); ok {
			if cv := cellValue(cell); cv != nil {
				v = unwrap(cv)
			}
		}
	}
	p, ok := v.(*ssa.Parameter)
	return p, ok
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// wrapperAccess builds the accesses of a call of an executor wrapper as if
// it were the library call it wraps.
func (b *builder) wrapperAccess(fn *ssa.Function, call ssa.CallInstruction, w *wrapperFact, args []ssa.Value) []*Access {
	if w.SQL >= len(args) {
		return nil
	}
	var t text
	var built *builtStmt
	switch {
	case w.Builder:
		// The caller's builder is the statement, with its arguments.
		if built = b.sqlizerStmt(args[w.SQL]); built == nil {
			return nil
		}
		t = text{s: built.text, known: true, param: -1}
	case w.Stmt:
		t = b.preparedText(args[w.SQL])
	default:
		t = b.resolveText(args[w.SQL])
	}
	if t.param >= 0 && !t.known {
		return nil // a wrapper of a wrapper: summarized as a wrapper itself
	}
	stmt := sqltext.Parse(t.s)
	var bound []ssa.Value
	var named ssa.Value
	if built != nil {
		bound = built.args
	} else if w.Args >= 0 && w.Args < len(args) {
		if w.Variadic {
			bound = b.boundArgs(args[w.Args])
		} else {
			named = args[w.Args]
		}
	}
	accs := b.fromStmt(fn, call, stmt, bound, named)
	if !w.Stmt && built == nil {
		b.markTableParam(fn, accs, t, args[w.SQL])
	}
	meth := apis.Method{Lib: w.Lib, Op: w.Op, SQL: -1, Args: -1, Dest: -1, Opts: -1, Func: -1, Handle: -1}
	for _, a := range accs {
		a.Lib = w.Lib
		a.Handle = b.argRef(args, w.Handle)
		a.Partial = a.Partial || strings.Contains(t.s, sqltext.Hole) || built != nil && built.partial
		b.bindResults(a, call, meth)
		b.wrapperResults(a, call, w)
		if w.Dest >= 0 && w.Dest < len(args) {
			many := w.Op == apis.OpSelect || w.Op == apis.OpStmtSelect
			b.destInto(a, args[w.Dest], many)
			if many {
				a.Found = Outcome{Signal: SignalLen, Addr: unwrap(args[w.Dest])}
			}
		}
	}
	return accs
}

// wrapperOutcome reads what an executor wrapper's results say of the
// library call it wraps: whether a row was found (return rows.Next(),
// nil), the affected-row count (n, _ := res.RowsAffected(); return n,
// nil), and the error. The call is no access of the wrapper (its SQL is
// the caller's), so its outcome is read on a model of its own.
func (b *builder) wrapperOutcome(fn *ssa.Function, call ssa.CallInstruction, meth apis.Method, rets []*ssa.Return) (found signalFact, rows, errAt int) {
	found, rows, errAt = signalFact{Result: -1, NilResult: -1}, -1, -1
	if call.Value() == nil || len(rets) == 0 {
		return
	}
	fi := &FuncInfo{Fn: fn, signals: map[ssa.Value]*Access{}, addrs: map[ssa.Value]*Access{}, nils: map[ssa.Value]*Access{}, b: b}
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: meth.Lib, Kind: KindUnknown, RowsReturned: -1, ResultReturned: -1}
	b.bindResults(a, call, meth)
	b.outcome(fi, a)
	if a.Found.Signal != SignalNone {
		found = returnSignal(fi, a, rets, b)
	}
	for _, v := range a.RowsAffected {
		if use, idx := b.examined(v, map[ssa.Value]bool{}); use == useReturned {
			rows = idx
		}
	}
	errAt = b.errResult(a, rets)
	return
}

// wrapperResults gives the access of a wrapper's call what the wrapper's
// own results say, where the library's results bindResults read do not
// (a wrapper returning rows.Next() as a bool, or the affected-row count).
func (b *builder) wrapperResults(a *Access, call ssa.CallInstruction, w *wrapperFact) {
	cv := call.Value()
	if cv == nil {
		return
	}
	if a.Found.Signal == SignalNone && w.Found.Signal != SignalNone && w.Found.Result >= 0 {
		a.Found = Outcome{Signal: w.Found.Signal, Negated: w.Found.Negated, Sentinels: w.Found.Sentinels, Values: resultValues(cv, w.Found.Result)}
	}
	if len(a.RowsAffected) == 0 && w.Rows >= 0 {
		a.RowsAffected = resultValues(cv, w.Rows)
	}
	if w.Err >= 0 {
		a.Err = resultValues(cv, w.Err)
	}
}

// slotValue returns, for a result of a function with defers loaded from
// its slot at the return, the value stored there last in the return's
// block (return ErrNotFound stores the sentinel, runs the defers, loads
// it); otherwise rv.
func slotValue(rv ssa.Value) ssa.Value {
	if ld, ok := rv.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if slot, ok := ld.X.(*ssa.Alloc); ok {
			if st := lastStoreBefore(slot, ld); st != nil {
				return st.Val
			}
		}
	}
	return rv
}

// errResult returns the last result that carries the access's error on
// some return, or -1.
func (b *builder) errResult(a *Access, rets []*ssa.Return) int {
	res := -1
	if len(a.Err) > 0 && len(rets) > 0 {
		errs := map[ssa.Value]bool{}
		for _, e := range a.Err {
			errs[unwrap(e)] = true
		}
		for i := range rets[0].Results {
			seen := map[ssa.Value]bool{} // shared by the returns: a value seen on one carries nothing
			for _, ret := range rets {
				if i < len(ret.Results) && b.carriesErr(ret.Results[i], errs, seen) {
					res = i
					break
				}
			}
		}
	}
	return res
}

// exportSummaries exports the summary of each function of the package that
// has one.
func (b *builder) exportSummaries(fns []*ssa.Function) {
	for _, fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != b.pass.Pkg {
			continue
		}
		if s := b.summaryOf(fn); s != nil {
			b.pass.ExportObjectFact(obj, s)
		}
	}
}

// exportTableFacts exports the TableName of each gorm model type of the
// package.
func (b *builder) exportTableFacts() {
	scope := b.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if t, ok := b.localTableName(n); ok {
			b.tables[tn] = t
			b.pass.ExportObjectFact(tn, &tableFact{Name: t})
		}
	}
}

// conversionArg returns the argument of a call that converts one value to
// another: a function or method of one parameter (the receiver counts)
// and one result that is not an error, such as state.String(),
// StringToState(s), strconv.Itoa(n). The result stands for the argument in
// another spelling (the state as Go holds it, as the database stores it).
func conversionArg(call *ssa.Call) (ssa.Value, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Signature.Variadic() {
		return nil, false
	}
	args := ssautil.FullArgs(&call.Call)
	res := callee.Signature.Results()
	if len(args) != 1 || res.Len() != 1 || isErrorType(res.At(0).Type()) {
		return nil, false
	}
	return args[0], true
}

// returnedConverted finds the result of fn that returns, converted, a
// value scanned into a local:
//
//	var state string
//	row.Scan(&q.ID, &state)
//	q.State = StringToState(state)
//	return q, nil
func returnedConverted(rets []*ssa.Return, dest Ref) (int, string, bool) {
	al, ok := dest.Root.(*ssa.Alloc)
	if !ok || dest.Path != "" || al.Referrers() == nil {
		return 0, "", false
	}
	for _, r := range *al.Referrers() {
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.Referrers() == nil {
			continue
		}
		for _, r := range *ld.Referrers() {
			call, ok := r.(*ssa.Call)
			if !ok || call.Referrers() == nil {
				continue
			}
			if arg, ok := conversionArg(call); !ok || unwrap(arg) != ld {
				continue
			}
			for _, r := range *call.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Val == call {
					if i, path, ok := returnedAt(rets, refOf(st.Addr)); ok {
						return i, path, true
					}
				}
			}
		}
	}
	return 0, "", false
}

// returnedDecoded finds the result of fn that returns what a decoder
// (apis.Decoders) made of a value scanned into dest: a document column
// of the row decoded into the model the function returns.
//
//	var r buildRow
//	db.GetContext(ctx, &r, `SELECT id, doc FROM builds WHERE id = $1`, id)
//	b := &Build{}
//	json.Unmarshal(r.Doc, b)   // doc → result 0
//	return b, nil
func returnedDecoded(rets []*ssa.Return, dest Ref) (int, string, bool) {
	if len(rets) == 0 || dest.Root == nil {
		return 0, "", false
	}
	locs := locations(dest)
	for _, blk := range rets[0].Parent().Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			f := analysisutil.CalleeFunc(&call.Call)
			if f == nil {
				continue
			}
			d, ok := apis.Decoders[apis.RawFullName(f)]
			if !ok || d.Data < 0 || d.Data >= len(call.Call.Args) || d.Dest >= len(call.Call.Args) {
				continue // a stream decoder's data is its reader, not the column
			}
			// The data is what the read stored at dest, loaded (refOf
			// would see through a record built as a zero literal to
			// its constant).
			ld, ok := unwrap(call.Call.Args[d.Data]).(*ssa.UnOp)
			if !ok || ld.Op != token.MUL || !slices.Contains(locs, ld.X) {
				continue
			}
			if i, path, ok := returnedAt(rets, refOf(call.Call.Args[d.Dest])); ok {
				return i, path, true
			}
		}
	}
	return 0, "", false
}

// narrowColumns restricts a write whose columns its callee's parameter
// names (ColsParam) to those the call names, and the callee's own
// extra. A list of the caller's own parameter passes the question on to
// its callers; a name the model cannot read leaves the write partial,
// with every column, and so does an empty list (xorm's Cols() restricts
// nothing, and a callee may write its own defaults then, paramColumns).
//
//	updateIssueCols(e, issue, "is_closed")   // SET is_closed, updated_unix
func narrowColumns(fn *ssa.Function, a *Access, list ssa.Value, extra []string, partialCols bool) {
	if given, ok := literalColumns(list, map[*ssa.Phi]bool{}, 0); ok && len(given) > 0 {
		names := append(append([]string(nil), extra...), given...)
		var set []Binding
		for _, s := range a.Set {
			if s.Class != sqltext.AssignParam || contains(names, s.Column) {
				set = append(set, s) // Incr and SetExpr, the version bump: not the list's
			}
		}
		a.Set, a.Partial, a.listed = set, !partialCols, true
		return
	}
	if p, more, ok := paramColumns(list); ok && p.Parent() == fn {
		a.ColsParam, a.ColsExtra, a.partialCols = p, append(more, extra...), partialCols
	}
}

// literalColumns returns the names a column list of constants holds: a
// literal, names appended to it, and, for a list grown on some paths
// (columns := []string{"email"}; if rename { columns = append(columns,
// "name") }), the names of every path. It fails on a name that is not a
// constant.
func literalColumns(v ssa.Value, seen map[*ssa.Phi]bool, depth int) ([]string, bool) {
	if depth > 16 || v == nil {
		return nil, false
	}
	add := func(names []string, vals []ssa.Value) ([]string, bool) {
		for _, e := range vals {
			s, ok := constString(e)
			if !ok {
				return nil, false
			}
			for _, n := range strings.Split(s, ",") {
				if c := xormColumn(n); !contains(names, c) {
					names = append(names, c)
				}
			}
		}
		return names, true
	}
	if vals, ok := variadicArgs(v); ok {
		return add(nil, vals)
	}
	switch x := unwrap(v).(type) {
	case *ssa.Call:
		bi, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "append" || len(x.Call.Args) != 2 {
			return nil, false
		}
		vals, ok := variadicArgs(x.Call.Args[1])
		if !ok {
			return nil, false
		}
		base, ok := literalColumns(x.Call.Args[0], seen, depth+1)
		if !ok {
			return nil, false
		}
		return add(base, vals)
	case *ssa.Phi:
		if seen[x] {
			return nil, false
		}
		seen[x] = true
		defer delete(seen, x)
		var names []string
		for _, e := range x.Edges {
			n, ok := literalColumns(e, seen, depth+1)
			if !ok || len(n) == 0 {
				return nil, false // a path with no names writes every column
			}
			for _, c := range n {
				if !contains(names, c) {
					names = append(names, c)
				}
			}
		}
		return names, true
	}
	return nil, false
}

// selfDelta returns the field of fn's parameter a written value is that
// field moved by a sum or difference fn stored (t.NumRepos++ stores
// t.NumRepos + 1, which the write then reads back): a counter. Other
// changes of a field from itself (a description truncated, a password
// hashed) are no count a concurrent writer moves too.
func (b *builder) selfDelta(fn *ssa.Function, v Ref) (paramRef, bool) {
	if v.Root == nil || v.Path != "" {
		return paramRef{}, false
	}
	bin, ok := unwrap(v.Root).(*ssa.BinOp)
	if !ok || bin.Op != token.ADD && bin.Op != token.SUB {
		return paramRef{}, false
	}
	for _, x := range []ssa.Value{bin.X, bin.Y} {
		if bin.Op == token.SUB && x == bin.Y {
			break // n - t.Count is no change of t.Count from itself
		}
		if pr := paramRefOf(fn, refOf(x)); pr.Param >= 0 && pr.Path != "" && paramFieldStored(fn, pr) {
			return pr, true
		}
	}
	return paramRef{}, false
}

// returnedTotal reports the result of fn computed from the SUM total a
// reads (a balance returned as received.Sum - spent.Sum): the totals a
// caller compares with an amount, through the result.
func (b *builder) returnedTotal(fi *FuncInfo, a *Access, rets []*ssa.Return) (int, bool) {
	if !a.Sum {
		return 0, false
	}
	for _, ret := range rets {
		for i, rv := range ret.Results {
			if !isNumeric(rv.Type()) {
				continue
			}
			for _, src := range sourcesIn(b, fi, Ref{Root: rv}, nil) {
				if src.Read == a {
					return i, true
				}
			}
		}
	}
	return 0, false
}

func isNumeric(t types.Type) bool {
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsNumeric != 0
}
