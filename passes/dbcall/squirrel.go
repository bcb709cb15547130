package dbcall

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// builtStmt is a statement assembled from a query builder's calls: its SQL
// text with a ? placeholder for each bound value, in order, the values,
// and the handle it runs on when the builder says (squirrel RunWith).
type builtStmt struct {
	text    string
	args    []ssa.Value
	refs    []Ref // by placeholder, where args holds nil (sqlPiece.refs)
	handle  ssa.Value
	partial bool
	// conds are the WHERE conjuncts a Where call made on some paths only
	// adds (if opts.Branch != "" { q = q.Where("branch = ?", opts.Branch) }):
	// no key of the statement on every path, see condFilter.
	conds []condFilter
}

// condFilter is a WHERE conjunct added to the statement on some paths
// only. tested reports that those paths are the ones where its bound
// value is not Go's zero value (the Where call runs only past a test of
// that value against zero): at a call whose argument sets the value, the
// filter applies (Access.CondWhere).
type condFilter struct {
	Binding
	tested bool
}

// sqStep is one call of a squirrel builder chain.
type sqStep struct {
	call *ssa.Call
	name string
	args []ssa.Value // without the receiver
	ctor bool        // a package function (sq.Select, sq.Update, ...)
	// some marks a call made on some paths to the finisher only, which
	// mutableSteps keeps for its conditions (Rechecks) alone.
	some bool
}

// squirrelFunc reports a function or method of squirrel: its name and
// whether it is a method of one of the builder types.
func squirrelFunc(call *ssa.CallCommon) (name string, method, ok bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.SquirrelPkg {
		return "", false, false
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return f.Name(), false, true
	}
	t := sig.Recv().Type()
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	n, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed {
		return "", false, false
	}
	if _, isBuilder := apis.SquirrelBuilders[n.Obj().Name()]; !isBuilder {
		return "", false, false
	}
	return f.Name(), true, true
}

// squirrelFinisher reports a builder method that runs the statement on
// the RunWith handle: Exec, Query, QueryRow, Scan and their Context forms.
func squirrelFinisher(call *ssa.CallCommon) (apis.Finisher, string, bool) {
	name, method, ok := squirrelFunc(call)
	if !ok || !method {
		return apis.Finisher{}, "", false
	}
	f, ok := apis.SquirrelFinishers[name]
	return f, name, ok
}

// squirrelAccess assembles a chain ending in a finisher into the statement
// it runs:
//
//	sq.Select("id").From("users").Where(sq.Eq{"email": e}).RunWith(db).QueryRow().Scan(&id)
//	sq.Update("accounts").Set("balance", sq.Expr("balance + ?", n)).Where("id = ?", id).RunWith(tx).Exec()
func (b *builder) squirrelAccess(fn *ssa.Function, call ssa.CallInstruction, fin apis.Finisher) []*Access {
	common := call.Common()
	st := b.squirrelBuild(ssautil.Receiver(common))
	if st == nil {
		return nil
	}
	stmt := sqltext.Parse(st.text)
	accs := b.fromStmt(fn, call, stmt, st.args, nil)
	meth := apis.Method{Lib: apis.LibSquirrel, Op: fin.Op, SQL: -1, Args: -1, Dest: -1, Opts: -1, Func: -1, Handle: -1}
	for _, a := range accs {
		a.Lib = apis.LibSquirrel
		a.Partial = a.Partial || st.partial || strings.Contains(st.text, sqltext.Hole)
		if st.handle != nil {
			a.Handle = b.resolveRef(refOf(st.handle))
		}
		addConds(a, st)
		if fin.Dest >= 0 {
			b.scanResult(a, call, fin.Dest)
			continue
		}
		b.bindResults(a, call, meth)
	}
	return accs
}

// addConds gives an access of a statement a builder assembled the WHERE
// conjuncts the builder adds on some paths only: their columns as
// Rechecks, and, for a read, those added where their value is not zero
// as CondWhere.
func addConds(a *Access, st *builtStmt) {
	for _, c := range st.conds {
		if !slices.Contains(a.Rechecks, c.Column) {
			a.Rechecks = append(a.Rechecks, c.Column)
		}
		if c.tested && a.Kind == KindRead && !c.Value.IsZero() {
			a.CondWhere = append(a.CondWhere, c.Binding)
		}
	}
}

// scanResult binds a finisher that scans the row itself (squirrel's
// Scan(dest...)): its error is the Scan's, sql.ErrNoRows when no row
// matched, and the destinations take the columns in order.
func (b *builder) scanResult(a *Access, call ssa.CallInstruction, dest int) {
	v := call.Value()
	if v == nil {
		return
	}
	a.Err = []ssa.Value{v}
	a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{"database/sql.ErrNoRows"}}
	args := ssautil.CallArgs(call.Common())
	if dest >= len(args) {
		return
	}
	dests, ok := variadicArgs(args[dest])
	if !ok {
		return
	}
	cols := a.Reads
	a.Reads = nil
	for i, d := range dests {
		if d == nil {
			continue
		}
		col := "?"
		if i < len(cols) {
			col = strings.ToLower(cols[i].Column)
		}
		if len(cols) == 1 && cols[0].Column == "*" {
			col = "*"
		}
		a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: refOf(d), Addr: true})
	}
	if a.Count || a.Exists {
		b.presenceSignal(a)
	}
}

// builtOfToSQL returns the statement of a builder's ToSql call whose
// results v takes: sql, args, err := q.ToSql().
func (b *builder) builtOfToSQL(v ssa.Value) *builtStmt {
	ex, ok := unwrap(v).(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	build := b.squirrelBuild
	if name, method, ok := squirrelFunc(&call.Call); !ok || !method || name != apis.SquirrelToSQL {
		// goqu: ds.ToSQL(), ds.Executor().ToSQL()
		name, recv, ok := goquFunc(&call.Call)
		if !ok || recv == "" || name != apis.GoquToSQL {
			return nil
		}
		build = func(v ssa.Value) *builtStmt { return b.goquBuild(v, false) }
	}
	if b.builds == nil {
		b.builds = map[ssa.Value]*builtStmt{}
	}
	if st, done := b.builds[call]; done {
		return st
	}
	st := build(ssautil.Receiver(&call.Call))
	b.builds[call] = st
	return st
}

// builtArgs returns the values bound by args passed on from a builder's
// ToSql (db.QueryRowContext(ctx, query, args...)).
func (b *builder) builtArgs(v ssa.Value) ([]ssa.Value, bool) {
	if v == nil {
		return nil, false
	}
	if ex, ok := unwrap(v).(*ssa.Extract); ok && ex.Index == 1 {
		if st := b.builtOfToSQL(v); st != nil {
			return st.args, true
		}
		if vals, ok := b.rewrittenArgs(ex); ok {
			return vals, true
		}
	}
	return nil, false
}

// rewrittenArgs returns the values bound by the args a SQL rewriter returns
// with its text (query, args, err := sqlx.In(q, key, project, ids)): its
// own variadic arguments, in order, one per placeholder of its text. A
// slice argument binds the IN (?) it expands, as one value, so the
// placeholders after it stay aligned. The arguments may themselves be the
// args of an earlier rewrite (sqlx.In(q, args...)); the chain is acyclic
// (an Extract of a call's result), and each step spends the budget.
func (b *builder) rewrittenArgs(ex *ssa.Extract) ([]ssa.Value, bool) {
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, false
	}
	meth, ok := methodOf(&call.Call)
	if !ok || meth.Op != opRebind || meth.Args < 0 || !meth.Variadic {
		return nil, false
	}
	args := ssautil.CallArgs(&call.Call)
	if meth.Args >= len(args) {
		return nil, false
	}
	b.spend()
	if vals, ok := variadicArgs(args[meth.Args]); ok {
		return vals, true
	}
	return b.builtArgs(args[meth.Args])
}

// rewrittenNamed returns the named argument (a struct, a map) whose
// fields a named rewrite binds to the args it returns with its text:
//
//	query, args, err := db.BindNamed(insertUser, mapUser(u))
//	db.QueryRowContext(ctx, query, args...).Scan(&u.ID)
//
// The statement's :name parameters are then bound as NamedExec binds them.
func (b *builder) rewrittenNamed(v ssa.Value) (ssa.Value, bool) {
	if v == nil {
		return nil, false
	}
	ex, ok := unwrap(v).(*ssa.Extract)
	if !ok || ex.Index != 1 {
		return nil, false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, false
	}
	meth, ok := methodOf(&call.Call)
	if !ok || meth.Op != opRebind || meth.Args < 0 || meth.Variadic {
		return nil, false
	}
	args := ssautil.CallArgs(&call.Call)
	if meth.Args >= len(args) {
		return nil, false
	}
	return args[meth.Args], true
}

// boundArgs returns the values a variadic argument list binds: a literal
// packing, or the arguments of a builder's ToSql passed on.
func (b *builder) boundArgs(v ssa.Value) []ssa.Value {
	if vals, ok := variadicArgs(v); ok {
		return vals
	}
	vals, _ := b.builtArgs(v)
	return vals
}

// sqChain returns the calls of the squirrel builder chain that produced v,
// outermost builder call last. Where the chain was built on several paths
// (q = q.Where(...) under an if), it keeps the calls every path makes and
// reports partial; the calls only some paths make are returned in some
// (sqStep.some set), in no particular order.
//
// phis holds the chains of the phis met so far: each phi's is computed
// once (chained ifs would otherwise make the walk exponential), and a phi
// met again while its own edges are followed (a loop) has none.
//
// fnOf tells the builder's functions: a chain step's name, and whether it
// is a method (the chain goes on with its receiver) or a constructor.
func (b *builder) sqChain(fnOf chainFunc, v ssa.Value, depth int, seen map[ssa.Value]bool, phis map[*ssa.Phi]sqPhiChain) (steps, some []sqStep, partial bool) {
	var rev []sqStep
	for i := 0; i < 64; i++ {
		b.spend()
		v = unwrap(v)
		if seen[v] {
			return nil, nil, true
		}
		seen[v] = true
		if phi, ok := v.(*ssa.Phi); ok {
			base, s, p := b.sqPhi(fnOf, phi, depth, seen, phis)
			partial = partial || p
			steps, some = base, s
			break
		}
		if p, ok := v.(*ssa.Parameter); ok {
			// A helper's builder parameter: the caller's argument.
			if arg, bound := b.sqBind[p]; bound {
				v = arg
				continue
			}
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			break
		}
		name, method, ok := fnOf(&call.Call)
		if !ok {
			rets := b.sqHelperReturns(call)
			if len(rets) == 1 {
				v = rets[0]
				continue
			}
			if len(rets) > 1 && depth <= 8 {
				// Returns that differ: the chain they all start with,
				// as for a phi.
				var p bool
				steps, some, p = b.sqEdges(fnOf, rets, depth, seen, phis)
				partial = partial || p
			}
			break
		}
		rev = append(rev, sqStep{call: call, name: name, args: ssautil.CallArgs(&call.Call), ctor: !method})
		if !method {
			break
		}
		v = ssautil.Receiver(&call.Call)
	}
	for i := len(rev) - 1; i >= 0; i-- {
		steps = append(steps, rev[i])
	}
	return steps, some, partial
}

// chainFunc reports a function of a query builder: its name, and whether
// it is a method of a builder type (the chain goes on with its receiver).
type chainFunc func(call *ssa.CallCommon) (name string, method, ok bool)

// sqPhiChain is what sqPhi found for a phi.
type sqPhiChain struct {
	steps, some []sqStep
	partial     bool
}

// sqPhi returns the longest chain every edge of phi starts with, and the
// calls some edges make past it.
func (b *builder) sqPhi(fnOf chainFunc, phi *ssa.Phi, depth int, seen map[ssa.Value]bool, phis map[*ssa.Phi]sqPhiChain) ([]sqStep, []sqStep, bool) {
	if depth > 8 {
		return nil, nil, true
	}
	if r, ok := phis[phi]; ok {
		return r.steps, r.some, r.partial
	}
	phis[phi] = sqPhiChain{partial: true}
	common, some, partial := b.sqEdges(fnOf, phi.Edges, depth, seen, phis)
	phis[phi] = sqPhiChain{common, some, partial}
	return common, some, partial
}

// sqEdges returns the longest chain every one of edges starts with, and
// the calls some edges make past it (or on some paths before it). A loop
// (an edge back to its phi) leaves no common chain, and no some.
func (b *builder) sqEdges(fnOf chainFunc, edges []ssa.Value, depth int, seen map[ssa.Value]bool, phis map[*ssa.Phi]sqPhiChain) ([]sqStep, []sqStep, bool) {
	var common, some []sqStep
	var chains [][]sqStep
	first, partial := true, false
	for _, e := range edges {
		// Each path keeps its own visited set: the edges share the calls
		// before the branch, and only a cycle (a loop adding conditions)
		// revisits a value on one path.
		path := make(map[ssa.Value]bool, len(seen))
		for k := range seen {
			path[k] = true
		}
		chain, s, p := b.sqChain(fnOf, e, depth+1, path, phis)
		partial = partial || p
		some = addSteps(some, s...)
		chains = append(chains, chain)
		if first {
			common, first = chain, false
			continue
		}
		n := 0
		for n < len(common) && n < len(chain) && common[n].call == chain[n].call {
			n++
		}
		if n != len(common) || n != len(chain) {
			partial = true
		}
		common = common[:n]
	}
	if len(common) == 0 {
		return nil, nil, partial
	}
	for _, c := range chains {
		for _, st := range c[len(common):] { // common is a prefix of each
			st.some = true
			some = addSteps(some, st)
		}
	}
	return common, some, partial
}

// addSteps appends to steps those of more whose call it does not hold.
func addSteps(steps []sqStep, more ...sqStep) []sqStep {
	for _, m := range more {
		if !slices.ContainsFunc(steps, func(s sqStep) bool { return s.call == m.call }) {
			steps = append(steps, m)
		}
	}
	return steps
}

// sqParts accumulates the clauses of a squirrel statement.
type sqParts struct {
	kind                  string
	table                 string
	options               []string
	columns               []string
	prefix, joins, suffix []sqlPiece
	where, set            []sqlPiece
	values                [][]sqlPiece
	limit                 string
	handle                ssa.Value
	partial               bool
}

// sqlPiece is SQL text with the values bound to its placeholders, in order.
type sqlPiece struct {
	text string
	args []ssa.Value
	// refs, when set, name the Go value bound to each nil arg (a field
	// of a struct row the function did not fill: goqu's Rows(u)).
	refs []Ref
}

// squirrelBuild assembles the statement a squirrel builder value holds, or
// returns nil when v is not one the model can read.
func (b *builder) squirrelBuild(v ssa.Value) *builtStmt {
	saved := b.sqBind
	b.sqBind = map[*ssa.Parameter]ssa.Value{}
	for k, x := range saved {
		b.sqBind[k] = x
	}
	defer func() { b.sqBind = saved }()
	steps, some, partial := b.sqChain(squirrelFunc, v, 0, map[ssa.Value]bool{}, map[*ssa.Phi]sqPhiChain{})
	if len(steps) == 0 {
		return nil
	}
	p := &sqParts{partial: partial}
	for _, s := range steps {
		b.sqStep(p, s)
	}
	if p.kind == "" {
		return nil
	}
	st := p.render()
	st.conds = b.sqConds(some)
	return st
}

// sqConds returns the WHERE conjuncts the Where calls of some add, each
// with the Go value bound to it:
//
//	q := sq.Select("count(*)").From("pulls").Where("repo_id = ?", repoID)
//	if opts.Branch != "" {
//		q = q.Where("branch = ?", opts.Branch)   // branch = opts.Branch, tested
//	}
//	if len(opts.States) == 1 {
//		q = q.Where("state = ?", opts.States[0]) // state, not tested
//	}
func (b *builder) sqConds(some []sqStep) []condFilter {
	var out []condFilter
	for _, s := range some {
		if m, ok := apis.SquirrelMethods[s.name]; !ok || m.Part != apis.PartWhere || len(s.args) == 0 {
			continue
		}
		scratch := &sqParts{}
		var rest []ssa.Value
		if len(s.args) > 1 {
			rest = b.boundArgs(s.args[1])
		}
		for _, piece := range b.sqPred(scratch, s.args[0], rest, 0) {
			frag := sqltext.ParseCondition(piece.text)
			for _, c := range frag.Conds {
				var bound ssa.Value
				bd := condBinding(c, func(p sqltext.Param) Ref {
					if p.Index >= 0 && p.Index < len(piece.args) && piece.args[p.Index] != nil {
						bound = piece.args[p.Index]
						return b.resolveRef(refOf(bound))
					}
					return Ref{}
				})
				if bd.Column == "" {
					continue
				}
				tested := bd.Op == "=" && bound != nil && !frag.Partial && len(frag.Conds) == 1 && nonZeroTested(s.call, bound)
				out = append(out, condFilter{Binding: bd, tested: tested})
			}
		}
	}
	return out
}

// nonZeroTested reports whether call runs only past a test that v's
// value (the same variable or field, loaded again) is not Go's zero
// value: if opts.Branch != "" { ... call ... }, if opts.AuthorID > 0.
func nonZeroTested(call ssa.Instruction, v ssa.Value) bool {
	want := refOf(v)
	if want.Root == nil {
		return false
	}
	blk := call.Block()
	for d := blk.Idom(); d != nil; blk, d = d, d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		cond, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		x, zero := cond.X, cond.Y
		if !zeroValue(zero) {
			x, zero = cond.Y, cond.X
		}
		if !zeroValue(zero) || !refOf(x).Same(want) {
			continue
		}
		// The side taken when the value is not zero.
		side := -1
		switch {
		case cond.Op == token.NEQ:
			side = 0
		case cond.Op == token.EQL:
			side = 1
		case cond.Op == token.GTR && x == cond.X, cond.Op == token.LSS && x == cond.Y:
			side = 0
		}
		if side < 0 {
			continue
		}
		succ := d.Succs[side]
		if len(succ.Preds) == 1 && (succ == blk || succ.Dominates(blk)) {
			return true
		}
	}
	return false
}

// zeroValue reports a constant that is Go's zero value of its type, nil
// included.
func zeroValue(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && (c.Value == nil || isZeroConst(c))
}

func (b *builder) sqStep(p *sqParts, s sqStep) {
	arg := func(i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	if s.ctor {
		kind, ok := apis.SquirrelConstructors[s.name]
		if !ok {
			p.partial = true
			return
		}
		p.kind = kind
		if kind == "select" {
			p.columns = append(p.columns, b.sqStrings(p, arg(0))...)
		} else {
			p.table = b.sqTable(p, arg(0))
		}
		return
	}
	m, ok := apis.SquirrelMethods[s.name]
	if !ok {
		if _, fin := apis.SquirrelFinishers[s.name]; !fin && s.name != apis.SquirrelToSQL {
			p.partial = true
		}
		return
	}
	switch m.Part {
	case apis.PartStatement:
		p.kind = m.Kind
		if m.Kind == "select" {
			p.columns = append(p.columns, b.sqStrings(p, arg(0))...)
		} else {
			p.table = b.sqTable(p, arg(0))
		}
	case apis.PartTable:
		p.table = b.sqTable(p, arg(0))
	case apis.PartColumns:
		if s.name == "Column" {
			p.columns = append(p.columns, b.sqText(p, arg(0)))
		} else {
			p.columns = append(p.columns, b.sqStrings(p, arg(0))...)
		}
	case apis.PartWhere:
		var rest []ssa.Value
		if a := arg(1); a != nil {
			rest = b.boundArgs(a)
		}
		p.where = append(p.where, b.sqPred(p, arg(0), rest, 0)...)
	case apis.PartSet:
		col, _ := constString(arg(0))
		if col == "" {
			col = sqltext.Hole
		}
		val := b.sqValue(p, arg(1))
		p.set = append(p.set, sqlPiece{text: col + " = " + val.text, args: val.args})
	case apis.PartSetMap:
		kvs := mapLiteral(arg(0))
		if len(kvs) == 0 {
			p.partial = true
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].key < kvs[j].key })
		if p.kind == "insert" || p.kind == "replace" {
			var row []sqlPiece
			for _, kv := range kvs {
				p.columns = append(p.columns, kv.key)
				row = append(row, b.sqValue(p, kv.value))
			}
			p.values = append(p.values, row)
			return
		}
		for _, kv := range kvs {
			val := b.sqValue(p, kv.value)
			p.set = append(p.set, sqlPiece{text: kv.key + " = " + val.text, args: val.args})
		}
	case apis.PartValues:
		vals, ok := variadicArgs(arg(0))
		if !ok {
			p.partial = true
			p.values = append(p.values, []sqlPiece{{text: sqltext.Hole}})
			return
		}
		var row []sqlPiece
		for _, v := range vals {
			row = append(row, b.sqValue(p, v))
		}
		p.values = append(p.values, row)
	case apis.PartSuffix, apis.PartPrefix, apis.PartJoin:
		piece := sqlPiece{text: b.sqText(p, arg(0))}
		if a := arg(1); a != nil {
			piece.args = b.boundArgs(a)
		}
		switch m.Part {
		case apis.PartSuffix:
			p.suffix = append(p.suffix, piece)
		case apis.PartPrefix:
			p.prefix = append(p.prefix, piece)
		default:
			piece.text = m.Kind + " " + piece.text
			p.joins = append(p.joins, piece)
		}
	case apis.PartSuffixExpr:
		p.suffix = append(p.suffix, b.sqSqlizer(p, arg(0)))
	case apis.PartRunWith:
		p.handle = unwrap(arg(0))
	case apis.PartLimit:
		if c, ok := unwrap(arg(0)).(*ssa.Const); ok && c.Value != nil {
			p.limit = c.Value.ExactString()
		}
	case apis.PartOptions:
		p.options = append(p.options, b.sqStrings(p, arg(0))...)
	case apis.PartKeep:
	default:
		p.partial = true
	}
}

func (b *builder) sqTable(p *sqParts, v ssa.Value) string {
	if s, ok := constString(v); ok && s != "" {
		return s
	}
	// A repository's table name kept in an unexported field its
	// constructor sets (squirrel.Insert(r.tableName)).
	if s, ok := b.fieldConstant(v); ok && s != "" {
		return s
	}
	if t, ok := b.markedField(v); ok {
		return t.s // a struct parameter's field, while tableParam looks
	}
	// ... or in a field of a base it embeds, which each repository's
	// constructor sets (navidrome's r.tableName = "album").
	if s, ok := b.fieldPathConstant(v); ok && s != "" {
		return s
	}
	p.partial = true
	return sqltext.Hole
}

// fieldKey names a field of a struct type of this package.
type fieldKey struct {
	t *types.Named
	i int
}

type fieldConst struct {
	s  string
	ok bool
}

// fieldConstant returns the string constant an unexported struct field of
// this package always holds: v loads the field, and every store into it
// in the package stores that constant (the constructor's &Repo{tableName:
// "balance"}). Other packages cannot set an unexported field.
func (b *builder) fieldConstant(v ssa.Value) (string, bool) {
	var key fieldKey
	switch x := unwrap(v).(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if x.Op != token.MUL || !ok {
			return "", false
		}
		key = fieldKeyOf(fa.X.Type(), fa.Field)
	case *ssa.Field:
		key = fieldKeyOf(types.NewPointer(x.X.Type()), x.Field)
	default:
		return "", false
	}
	if key.t == nil || key.t.Obj().Pkg() != b.pass.Pkg {
		return "", false
	}
	st, ok := key.t.Underlying().(*types.Struct)
	if !ok || key.i >= st.NumFields() || st.Field(key.i).Exported() {
		return "", false
	}
	if c, seen := b.fieldConsts[key]; seen {
		return c.s, c.ok
	}
	c := fieldConst{}
	stores := 0
	for _, fn := range b.srcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				store, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := store.Addr.(*ssa.FieldAddr)
				if !ok || fieldKeyOf(fa.X.Type(), fa.Field) != key {
					continue
				}
				s, isConst := constString(store.Val)
				if !isConst || stores > 0 && s != c.s {
					stores = -1
					break
				}
				c.s = s
				stores++
			}
			if stores < 0 {
				break
			}
		}
		if stores < 0 {
			break
		}
	}
	c.ok = stores > 0
	if b.fieldConsts == nil {
		b.fieldConsts = map[fieldKey]fieldConst{}
	}
	b.fieldConsts[key] = c
	return c.s, c.ok
}

// fieldKeyOf returns the key of field i of the struct a pointer type
// points to, when it is a named type.
func fieldKeyOf(t types.Type, i int) fieldKey {
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return fieldKey{}
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok {
		return fieldKey{}
	}
	return fieldKey{t: named.Origin(), i: i}
}

func (b *builder) sqText(p *sqParts, v ssa.Value) string {
	t := b.resolveText(v)
	if strings.Contains(t.s, sqltext.Hole) {
		p.partial = true
	}
	return t.s
}

// sqStrings reads a ...string argument: constant names, Hole for others.
func (b *builder) sqStrings(p *sqParts, v ssa.Value) []string {
	if v != nil {
		if _, packed := variadicArgs(v); !packed {
			// A list passed on whole (Columns(balanceColumns...)): the
			// constants a package-level list holds.
			if cols, ok := b.stringBound(v); ok && len(cols) > 0 {
				return cols
			}
		}
	}
	return variadicEach(p, v, func(x ssa.Value) string { return b.sqText(p, x) })
}

// variadicEach renders each argument of a variadic list with one; a list
// it cannot see into is one Hole and makes the statement partial.
func variadicEach(p *sqParts, v ssa.Value, one func(ssa.Value) string) []string {
	if v == nil {
		return nil
	}
	vals, ok := variadicArgs(v)
	if !ok {
		p.partial = true
		return []string{sqltext.Hole}
	}
	out := make([]string, 0, len(vals))
	for _, x := range vals {
		out = append(out, one(x))
	}
	return out
}

// sqValue renders a value assigned or inserted: sq.Expr("c + ?", n) is
// SQL the database computes; anything else is a bound value.
func (b *builder) sqValue(p *sqParts, v ssa.Value) sqlPiece {
	if v == nil {
		return sqlPiece{text: sqltext.Hole}
	}
	if piece, ok := b.sqExpr(p, v); ok {
		return piece
	}
	if isSquirrelBuilder(v.Type()) {
		p.partial = true
		return sqlPiece{text: "(" + sqltext.Hole + ")"}
	}
	return sqlPiece{text: "?", args: []ssa.Value{unwrap(v)}}
}

// sqExpr reads sq.Expr(sql, args...).
func (b *builder) sqExpr(p *sqParts, v ssa.Value) (sqlPiece, bool) {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok || analysisutil.FuncName(&call.Call) != apis.SquirrelExpr || len(call.Call.Args) == 0 {
		return sqlPiece{}, false
	}
	piece := sqlPiece{text: b.sqText(p, call.Call.Args[0])}
	if len(call.Call.Args) > 1 {
		piece.args = b.boundArgs(call.Call.Args[1])
	}
	return piece, true
}

// sqSqlizer renders a Sqlizer value: sq.Expr, a predicate map, or Hole.
func (b *builder) sqSqlizer(p *sqParts, v ssa.Value) sqlPiece {
	if piece, ok := b.sqExpr(p, v); ok {
		return piece
	}
	p.partial = true
	return sqlPiece{text: sqltext.Hole}
}

func isSquirrelBuilder(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != apis.SquirrelPkg {
		return false
	}
	_, ok = apis.SquirrelBuilders[n.Obj().Name()]
	return ok
}

// sqPred renders the conjuncts of a Where(pred, args...):
//
//	Where("email = ? AND deleted_at IS NULL", e)
//	Where(sq.Eq{"email": e, "org_id": o})        email = ? AND org_id = ?
//	Where(sq.And{sq.Eq{"id": id}, sq.Gt{"stock": 0}})
//	Where(sq.Or{...})                            one opaque conjunct
//	Where(sq.Expr("version = ?", v))
func (b *builder) sqPred(p *sqParts, pred ssa.Value, args []ssa.Value, depth int) []sqlPiece {
	if pred == nil || depth > 4 {
		p.partial = true
		return nil
	}
	v := unwrap(pred)
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return nil // Where(nil): no-op
	}
	if _, ok := constString(v); ok {
		return []sqlPiece{{text: b.sqText(p, v), args: args}}
	}
	if piece, ok := b.sqExpr(p, v); ok {
		return []sqlPiece{piece}
	}
	t := v.Type()
	name := ""
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == apis.SquirrelPkg {
		name = n.Obj().Name()
	}
	if _, isMap := t.Underlying().(*types.Map); isMap {
		op, known := apis.SquirrelPredicates[name]
		if name == "" {
			op, known = "=", true
		}
		kvs := mapLiteral(v)
		if !known || len(kvs) == 0 {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].key < kvs[j].key })
		var out []sqlPiece
		for _, kv := range kvs {
			out = append(out, sqMapPred(kv, op))
		}
		return out
	}
	if _, isSlice := t.Underlying().(*types.Slice); isSlice && (name == "And" || name == "Or") {
		elems, ok := sliceLiteral(v)
		if !ok {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		var parts []sqlPiece
		for _, e := range elems {
			parts = append(parts, b.sqPred(p, e, nil, depth+1)...)
		}
		if name == "And" {
			return parts
		}
		or := sqlPiece{}
		var texts []string
		for _, x := range parts {
			texts = append(texts, x.text)
			or.args = append(or.args, x.args...)
		}
		or.text = "(" + strings.Join(texts, " OR ") + ")"
		return []sqlPiece{or}
	}
	p.partial = true
	return []sqlPiece{{text: sqltext.Hole}}
}

// sqMapPred renders one key of a predicate map the way squirrel does: a
// slice value is IN, nil is IS NULL.
func sqMapPred(kv keyValue, op string) sqlPiece {
	val := unwrap(kv.value)
	if c, ok := val.(*ssa.Const); ok && c.Value == nil {
		if op == "<>" {
			return sqlPiece{text: kv.key + " IS NOT NULL"}
		}
		return sqlPiece{text: kv.key + " IS NULL"}
	}
	if isListValue(val.Type()) && (op == "=" || op == "<>") {
		in := " IN "
		if op == "<>" {
			in = " NOT IN "
		}
		return sqlPiece{text: kv.key + in + "(?)", args: []ssa.Value{val}}
	}
	return sqlPiece{text: kv.key + " " + op + " ?", args: []ssa.Value{val}}
}

func isListValue(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return false
		}
		return true
	case *types.Array:
		return true
	}
	return false
}

// sliceLiteral returns the elements of a slice composite literal
// (sq.And{a, b}).
func sliceLiteral(v ssa.Value) ([]ssa.Value, bool) {
	return variadicArgs(v)
}

// render writes the statement in squirrel's clause order, so the bound
// values line up with the placeholders.
func (p *sqParts) render() *builtStmt {
	st := &builtStmt{handle: p.handle, partial: p.partial}
	var sb strings.Builder
	add := func(pieces []sqlPiece, sep string) {
		for i, x := range pieces {
			if i > 0 {
				sb.WriteString(sep)
			}
			sb.WriteString(x.text)
			if x.refs != nil {
				for len(st.refs) < len(st.args) {
					st.refs = append(st.refs, Ref{})
				}
				st.refs = append(st.refs, x.refs...)
			}
			st.args = append(st.args, x.args...)
		}
	}
	if len(p.prefix) > 0 {
		add(p.prefix, " ")
		sb.WriteString(" ")
	}
	opts := ""
	if len(p.options) > 0 {
		opts = strings.Join(p.options, " ") + " "
	}
	table := p.table
	if table == "" {
		table = sqltext.Hole
		st.partial = true
	}
	where := func() {
		if len(p.where) > 0 {
			sb.WriteString(" WHERE ")
			add(p.where, " AND ")
		}
	}
	switch p.kind {
	case "select":
		sb.WriteString("SELECT " + opts)
		cols := p.columns
		if len(cols) == 0 {
			cols = []string{"*"}
		}
		sb.WriteString(strings.Join(cols, ", "))
		if p.table != "" {
			sb.WriteString(" FROM " + p.table)
		}
		if len(p.joins) > 0 {
			sb.WriteString(" ")
			add(p.joins, " ")
		}
		where()
		if p.limit != "" {
			sb.WriteString(" LIMIT " + p.limit)
		}
	case "update":
		sb.WriteString("UPDATE " + table + " SET ")
		if len(p.set) == 0 {
			sb.WriteString(sqltext.Hole)
			st.partial = true
		}
		add(p.set, ", ")
		where()
	case "delete":
		sb.WriteString("DELETE FROM " + table)
		where()
	case "insert", "replace":
		verb := "INSERT "
		if p.kind == "replace" {
			verb = "REPLACE "
		}
		sb.WriteString(verb + opts + "INTO " + table)
		if len(p.columns) > 0 {
			sb.WriteString(" (" + strings.Join(p.columns, ", ") + ")")
		}
		sb.WriteString(" VALUES ")
		if len(p.values) == 0 {
			sb.WriteString("(" + sqltext.Hole + ")")
			st.partial = true
		}
		for i, row := range p.values {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			add(row, ", ")
			sb.WriteString(")")
		}
	}
	if len(p.suffix) > 0 {
		sb.WriteString(" ")
		add(p.suffix, " ")
	}
	st.text = sb.String()
	return st
}
