package dbcall

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// xormMethod reports a method of one of xorm's handles (*Engine, *Session,
// Interface, ...) and its name.
func xormMethod(call *ssa.CallCommon) (string, bool) {
	f, recv, ok := libMethod(call, apis.XormPkg)
	if f == nil || f.Pkg() == nil {
		return "", false
	}
	if !ok {
		// An application's interface over xorm's engine and sessions
		// (type Engine interface { Where(...) *xorm.Session; Get(...)
		// (bool, error); ... }): its methods are xorm's.
		if apis.Canonical(f.Pkg().Path()) != apis.XormPkg && call.IsInvoke() && xormShaped(call.Value.Type()) {
			return f.Name(), true
		}
		return "", false
	}
	if !apis.XormHandles[recv] {
		return "", false
	}
	return f.Name(), true
}

// xormShaped reports an interface whose Where method returns an xorm
// session: one that stands for xorm's Engine or Session.
func xormShaped(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if m.Name() != "Where" {
			continue
		}
		sig, _ := m.Type().(*types.Signature)
		return sig != nil && sig.Results().Len() == 1 && isXormSession(sig.Results().At(0).Type())
	}
	return false
}

// xormStep reports a session method that adds to the next statement
// (Where, ID, Cols, Incr, ForUpdate, ...).
func xormStep(call *ssa.CallCommon) (string, bool) {
	name, _, ok := tableMethod(call, xormMethod, apis.XormMethods)
	return name, ok
}

// xormFinisher reports a session method that runs the statement, and its
// kind.
func xormFinisher(call *ssa.CallCommon) (name, kind string, ok bool) {
	return tableMethod(call, xormMethod, apis.XormFinishers)
}

// isXormSession reports *xorm.Session: a handle whose methods change it in
// place, so calls on it before a finisher are part of the statement.
func isXormSession(t types.Type) bool { return typeName(t) == "*"+apis.XormPkg+".Session" }

// xormSteps returns the session calls that build the statement a finisher
// runs, and the handle below them: the calls of the finisher's chain
// (engine.Where(...).Cols(...).Update(&u)), and the calls made on a
// session value before the finisher whose result is not used
// (sess.Where(...); sess.Find(&list)); calls made only on some paths
// make the access partial. xorm resets a session's statement after each
// finisher, so a call before an earlier finisher on the session is not
// part of this one.
func xormSteps(fin ssa.CallInstruction) (handle ssa.Value, steps []sqStep, partial bool) {
	var chain []*ssa.Call
	v := ssautil.Receiver(fin.Common())
	for i := 0; i < 64; i++ {
		c, ok := unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		if _, ok := xormStep(&c.Call); !ok {
			break
		}
		chain = append(chain, c)
		v = ssautil.Receiver(&c.Call)
	}
	handle = unwrap(v)
	if phi, ok := handle.(*ssa.Phi); ok && len(phi.Edges) > 0 {
		// sess = sess.And(...) on one branch: the statement depends on
		// the path.
		partial = true
	}
	var base ssa.Value
	if len(chain) > 0 {
		base = chain[len(chain)-1]
	} else if isXormSession(handle.Type()) {
		base = handle
	}
	if base == nil {
		return handle, nil, partial
	}
	// The finishers run on the session before this one: each resets it.
	var earlier []ssa.CallInstruction
	inChain := map[ssa.Value]bool{}
	for _, c := range chain {
		inChain[c] = true
	}
	calls, names, more := chainCalls(base, fin, xormStep, func(c ssa.CallInstruction) bool {
		if _, _, ok := xormFinisher(c.Common()); ok {
			earlier = append(earlier, c)
			return true
		}
		return false
	}, inChain, nil)
	partial = partial || more
	if c, ok := base.(*ssa.Call); ok && inChain[c] {
		calls = append(calls, c)
		names[c], _ = xormStep(&c.Call)
	}
	sortCalls(calls)
	for _, c := range calls {
		if !inChain[c] && resetBetween(c, fin, earlier) {
			continue
		}
		steps = append(steps, sqStep{call: c, name: names[c], args: ssautil.CallArgs(&c.Call)})
	}
	return handle, steps, partial
}

// resetBetween reports a finisher that runs after step and before fin on
// every path: it reset the session step changed.
func resetBetween(step *ssa.Call, fin ssa.CallInstruction, finishers []ssa.CallInstruction) bool {
	for _, f := range finishers {
		if dominates(step, f) && dominates(f, fin) {
			return true
		}
	}
	return false
}

// xormStmt is what a session's steps add to the statement.
type xormStmt struct {
	table     string
	tableBean ssa.Value
	id        ssa.Value
	cols      []string
	colsKnown bool
	// colsBound: Cols given a list built at run time from constants;
	// cols is its upper bound.
	colsBound bool
	// colsParam and colsExtra: Cols given the function's own column
	// list (paramColumns).
	colsParam *ssa.Parameter
	colsExtra []string
	omit      []string
	allCols   bool
	exprs     []Binding
	noAuto    bool
	noVersion bool
	// unscoped: Unscoped() lifts the soft-delete condition of a model
	// with a deleted field, and makes Delete a real one.
	unscoped bool
	sql      *sqStep
	// orderBy is the first column of OrderBy, Asc or Desc; limitOne a
	// Limit(1).
	orderBy  string
	limitOne bool
}

// xormAccess assembles the statement an xorm finisher runs:
//
//	engine.Where("email = ?", e).Get(&u)               → select user where email = e; found? has
//	has, err := engine.Get(&User{Email: e})              → the bean's set fields are the conditions
//	sess.ID(id).Incr("balance", n).Update(&Account{})    → update account set balance = balance + n where id = id
//	engine.ID(id).Cols("balance").Update(&acct)          → update account set balance = acct.Balance where id = id
//	affected, err := engine.Where("state = ?", s).Update(&Order{State: t})
//	engine.Exec("UPDATE ...", args...)                   → the SQL text
//
// The results are xorm's: has (bool) for Get and Exist, the count for
// Count, the affected rows (int64) for Insert, Update and Delete.
func (b *builder) xormAccess(fn *ssa.Function, call ssa.CallInstruction, name, kind string) []*Access {
	common := call.Common()
	args := ssautil.CallArgs(common)
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	hv, steps, partial := xormSteps(call)
	handle := b.resolveRef(refOf(hv))
	var st xormStmt
	base := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibXorm, Handle: handle, RowsReturned: -1, ResultReturned: -1, Method: name, Partial: partial}
	for i := range steps {
		b.xormStep(base, &st, &steps[i])
	}
	if kind == "raw" || st.sql != nil {
		return b.xormRaw(fn, call, base, name, st.sql)
	}
	var beans []ssa.Value // the finisher's beans: models, conditions or destinations
	if v := arg(0); v != nil {
		if vals, ok := variadicArgs(v); ok {
			beans = vals
		} else {
			beans = []ssa.Value{v}
		}
	}
	var conds ssa.Value // Find's and Update's condition bean
	if name == "Find" || name == "FindAndCount" || name == "Update" {
		if vals, ok := variadicArgs(arg(1)); ok && len(vals) > 0 {
			conds = vals[0]
		}
	}
	if kind == "insert" && len(beans) > 1 {
		// Insert(&order, &line): one INSERT per bean.
		var out []*Access
		for _, bean := range beans {
			a := *base
			out = append(out, b.xormModel(&a, &st, call, name, kind, bean, nil))
		}
		return out
	}
	var bean ssa.Value
	if len(beans) > 0 {
		bean = beans[0]
	}
	if name == "Get" && len(beans) > 0 && (modelType(unwrap(beans[0]).Type()) == nil || isScannerType(unwrap(beans[0]).Type())) {
		// Get(&name) or Get(&a, &b) of the selected columns.
		a := base
		a.Kind = KindRead
		a.Table = st.table
		if a.Table == "" && st.tableBean != nil {
			a.Table = b.modelTable(unwrap(st.tableBean).Type(), snakeCase)
		}
		fields := xormModelFields(st.tableBean)
		b.xormWhere(a, &st, fields, nil)
		if p, ok := unwrap(beans[0]).(*ssa.Parameter); ok && a.Table == "" && len(beans) == 1 && len(st.cols) == 0 && anyTyped(p.Type()) {
			// Get(bean) of a helper's bean: the caller's model.
			a.BeanParam = p
		}
		for i, d := range beans {
			col := "?"
			if i < len(st.cols) {
				col = st.cols[i]
			}
			a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: refOf(d), Addr: true})
		}
		b.xormResults(a, call, name, kind)
		return []*Access{a}
	}
	return []*Access{b.xormModel(base, &st, call, name, kind, bean, conds)}
}

// xormStep adds one session call to the statement.
func (b *builder) xormStep(a *Access, st *xormStmt, s *sqStep) {
	arg := func(i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	m := apis.XormMethods[s.name]
	switch m.Part {
	case apis.PartTable:
		if t, ok := constString(arg(0)); ok && t != "" {
			t = strings.ToLower(strings.Trim(strings.Fields(t)[0], "`\""))
			if j := strings.LastIndexByte(t, '.'); j >= 0 {
				t = t[j+1:]
			}
			st.table = t
		} else if v := arg(0); v != nil && modelType(unwrap(v).Type()) != nil {
			st.tableBean = unwrap(v)
		} else if t := b.tableNameCall(arg(0)); t != "" {
			st.table = t
		} else {
			a.Partial = true
		}
	case apis.PartWhere:
		b.xormCond(a, arg(0), arg(1))
	case apis.PartWhereExpr: // In(column, args...)
		col, ok := constString(arg(0))
		if !ok {
			a.Partial = true
			return
		}
		bd := Binding{Column: xormColumn(col), Op: "IN"}
		if vals, ok := variadicArgs(arg(1)); ok && len(vals) == 1 && vals[0] != nil {
			bd.Value = b.resolveRef(refOf(vals[0]))
		}
		a.Where = append(a.Where, bd)
	case apis.PartUnknown:
		a.Where = append(a.Where, Binding{Expr: m.Kind})
	case apis.PartWherePK:
		st.id = arg(0)
	case apis.PartColumns:
		var names []string
		known := true
		if m.Kind == "select" {
			if t, ok := constString(arg(0)); ok {
				names = strings.Split(t, ",")
			} else {
				known = false
			}
		} else if vals, ok := variadicArgs(arg(0)); ok {
			for _, v := range vals {
				if t, ok := constString(v); ok {
					names = append(names, strings.Split(t, ",")...)
				} else {
					known = false
				}
			}
		} else if p, extra, ok := paramColumns(arg(0)); ok && m.Kind == "" && st.colsParam == nil {
			// The caller's names: the access records the parameter and
			// is partial until a caller gives them.
			st.colsParam, st.colsExtra = p, extra
			return
		} else if bound, ok := b.stringBound(arg(0)); ok && m.Kind == "" {
			// A list built at run time: the update writes some of these
			// columns, never another.
			names, known = bound, false
			st.colsBound = true
		} else {
			known = false
		}
		if !known {
			a.Partial = true
		}
		for _, n := range names {
			if n = xormColumn(n); n != "" {
				st.cols = append(st.cols, n)
			}
		}
		if m.Kind != "must" {
			st.colsKnown = st.colsKnown || known
		}
	case apis.PartKeep:
		switch m.Kind {
		case "all":
			st.allCols = true
		case "omit":
			if vals, ok := variadicArgs(arg(0)); ok {
				for _, v := range vals {
					if t, ok := constString(v); ok {
						st.omit = append(st.omit, xormColumn(t))
					}
				}
			}
		case "noauto":
			st.noAuto = true
		case "noversion":
			st.noVersion = true
		case "unscoped":
			st.unscoped = true
		case "order":
			// OrderBy("display_order desc, id"): its first column.
			if t, ok := constString(arg(0)); ok && st.orderBy == "" {
				if f := strings.Fields(strings.Split(t, ",")[0]); len(f) > 0 {
					st.orderBy = xormColumn(f[0])
				}
			}
		case "orderasc", "orderdesc":
			if vals, ok := variadicArgs(arg(0)); ok && len(vals) > 0 && st.orderBy == "" {
				if t, ok := constString(vals[0]); ok {
					st.orderBy = xormColumn(t)
				}
			}
		case "limit":
			if c, ok := unwrap(arg(0)).(*ssa.Const); ok && c.Value != nil && c.Value.String() == "1" {
				st.limitOne = true
			}
		}
	case apis.PartColumnExpr:
		col, ok := constString(arg(0))
		if !ok {
			a.Partial = true
			return
		}
		col = xormColumn(col)
		if s.name == "SetExpr" {
			bd := Binding{Column: col, Op: "=", Class: sqltext.AssignOther}
			if t, ok := constString(arg(1)); ok {
				bd.Expr = t
				for _, ref := range sqltext.ParseExpr(t).Expr.Refs {
					if ref == col {
						bd.Class = sqltext.AssignAtomic
					}
				}
			}
			st.exprs = append(st.exprs, bd)
			return
		}
		// Incr("balance", n): balance = balance + n (1 when no argument).
		bd := Binding{Column: col, Op: "=", Class: sqltext.AssignAtomic, Expr: col + " " + m.Kind + " ?"}
		if vals, ok := variadicArgs(arg(1)); ok && len(vals) > 0 && vals[0] != nil {
			bd.Value = b.resolveRef(refOf(vals[0]))
		} else {
			bd.Expr = col + " " + m.Kind + " 1"
		}
		st.exprs = append(st.exprs, bd)
	case apis.PartLock:
		a.Lock = sqltext.LockUpdate
	case apis.PartStatement:
		st.sql = s
	case apis.PartJoin:
		// A joined read: the predicates may name the other table's
		// columns.
		a.Partial = true
	}
}

// xormColumn normalizes a column as xorm's methods take it: quoted
// ("`rank`") or qualified ("question.view_count").
func xormColumn(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	return strings.ToLower(strings.Trim(s, "`\"[]"))
}

// xormCond adds Where(query, args...) and And(query, args...): a condition
// string with ? placeholders, or a builder.Eq map.
func (b *builder) xormCond(a *Access, query, args ssa.Value) {
	if query == nil {
		return
	}
	if _, ok := constString(query); ok {
		b.gormWhereArgs(a, query, b.boundArgs(args))
		return
	}
	q := unwrap(query)
	if mi, ok := q.(*ssa.MakeInterface); ok {
		q = unwrap(mi.X)
	}
	if _, isMap := q.Type().Underlying().(*types.Map); isMap && typeName(q.Type()) == apis.XormBuilderEq {
		kvs := mapLiteral(q)
		if len(kvs) == 0 {
			a.Partial = true
		}
		for _, kv := range kvs {
			a.Where = append(a.Where, Binding{Column: strings.ToLower(kv.key), Op: "=", Value: b.resolveRef(refOf(kv.value))})
		}
		return
	}
	a.Partial = true
}

// xormModel completes an access on a model: its table and columns, the
// conditions, and the values it writes or the fields it reads.
func (b *builder) xormModel(a *Access, st *xormStmt, call ssa.CallInstruction, name, kind string, bean, conds ssa.Value) *Access {
	model := bean
	if model == nil || modelType(unwrap(model).Type()) == nil {
		model = st.tableBean
	}
	a.Table = st.table
	if a.Table == "" && model != nil {
		a.Table = b.modelTable(unwrap(model).Type(), snakeCase)
	}
	if a.Table == "" && bean != nil {
		markTableType(a, bean, namingXorm) // Get(&row) of a row of type T
	}
	fields := xormModelFields(model)
	a.ModelUniques = modelUniques(fields)
	if a.Table == "" && bean != nil {
		if p, ok := unwrap(bean).(*ssa.Parameter); ok && anyTyped(p.Type()) {
			a.BeanParam = p
			_, a.BeanSpread = p.Type().Underlying().(*types.Slice)
		}
	}
	for _, f := range fields {
		if f.version {
			a.VersionColumn = f.column
		}
	}
	// Get, Exist, Count, Sum, Delete and Iterate take their conditions
	// from the bean's set fields (xorm's auto condition); Find and Update
	// from the condition bean.
	auto := conds
	switch kind {
	case "select", "exists", "count", "sum", "delete":
		if name != "Find" && name != "FindAndCount" {
			auto = bean
		}
	}
	b.xormWhere(a, st, fields, auto)
	deleted := ""
	for _, f := range fields {
		if f.deleted && !st.unscoped {
			deleted = f.column
		}
	}
	if deleted != "" && kind != "insert" && st.sql == nil {
		// A model with a deleted field is soft-deleted: xorm adds
		// (deleted IS NULL OR deleted = '0001-01-01 00:00:00') to every
		// query and update of it, and Delete sets the field instead of
		// removing the row (unless Unscoped).
		if _, dup := a.WhereColumn(deleted); !dup {
			a.Where = append(a.Where, Binding{Column: deleted, Op: "IS NULL"})
		}
	}
	if deleted != "" && kind == "delete" && st.sql == nil {
		a.Kind = KindUpdate
		a.Set = []Binding{{Column: deleted, Op: "=", Class: sqltext.AssignOther, Expr: "now()"}}
		b.xormResults(a, call, name, kind)
		return a
	}
	switch kind {
	case "select", "exists", "count", "sum":
		a.Kind = KindRead
		a.Exists = kind == "exists"
		a.Count = kind == "count"
		if kind == "select" && st.orderBy != "" && (st.limitOne || name == "Get") {
			a.First = st.orderBy // Get fills one bean: the first row of the ordering
		}
		if kind == "select" && bean != nil && !isSliceDest(bean) {
			for _, f := range fields {
				if st.colsKnown && len(st.cols) > 0 && !contains(st.cols, f.column) {
					continue
				}
				a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(unwrap(bean), f.path), Addr: true})
			}
		}
	case "insert":
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, bean, fields, false)
		if st.colsKnown && len(st.cols) > 0 {
			a.Set = onlyColumns(a.Set, st.cols)
		}
	case "update":
		a.Kind = KindUpdate
		b.xormSet(a, st, bean, fields)
	case "delete":
		a.Kind = KindDelete
	}
	b.xormResults(a, call, name, kind)
	return a
}

// anyTyped reports an interface type, or a slice of one (beans ...any).
func anyTyped(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	return types.IsInterface(t)
}

// beanModel makes an access a helper made on its interface-typed bean
// (Access.BeanParam) the one made on the model the caller passes:
//
//	func Insert(ctx context.Context, beans ...any) error { _, err := x.Context(ctx).Insert(beans...); ... }
//	db.Insert(ctx, &Label{RepoID: repo, Name: name})   // insert label set repo_id, name
//
// the table, the model's unique columns, an insert's set fields and a
// lookup's reads into the bean.
func (b *builder) beanModel(a *Access, arg ssa.Value, spread bool, call ssa.CallInstruction) {
	if spread {
		vals, ok := variadicArgs(arg)
		if !ok || len(vals) == 0 {
			return
		}
		arg = vals[0]
	}
	bean := unwrap(arg)
	if bean == nil || modelType(bean.Type()) == nil {
		return // the caller's bean is an interface too: its own summary says so
	}
	a.Table = b.modelTable(bean.Type(), snakeCase)
	fields := xormModelFields(bean)
	a.ModelUniques = modelUniques(fields)
	switch {
	case a.Kind == KindInsert && len(a.Set) == 0:
		a.Set = b.gormValues(call, bean, fields, false)
	case a.Kind == KindRead && !a.Count && !a.Exists && !isSliceDest(bean):
		if len(a.Where) == 0 {
			// Get(bean) of the caller's bean: its set fields are the
			// conditions (xorm's auto condition).
			for _, f := range fields {
				if v := storedField(bean, f.path); v != nil && !storedAfter(bean, f.path, call) {
					a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(refOf(v))})
				}
			}
		}
		a.Reads = nil
		for _, f := range fields {
			a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(bean, f.path), Addr: true})
		}
	}
}

// xormSet binds an Update's assignments: a map's entries, the columns
// Cols names, or the bean's set fields (every field of a loaded bean:
// xorm writes its non-zero fields, which the model cannot tell), with the
// Incr, Decr and SetExpr expressions. A struct bean with a version field
// also checks and bumps the version (xorm adds version = <bean's> and
// version = version + 1 unless NoVersionCheck).
func (b *builder) xormSet(a *Access, st *xormStmt, bean ssa.Value, fields []gormField) {
	if bean != nil {
		q := unwrap(bean)
		if mi, ok := q.(*ssa.MakeInterface); ok {
			q = unwrap(mi.X)
		}
		if _, isMap := q.Type().Underlying().(*types.Map); isMap {
			a.Set = b.gormUpdates(a.Call, q)
		} else if len(fields) > 0 {
			switch {
			case st.colsParam != nil && !st.allCols:
				// Every column the caller may name; instantiate keeps
				// those it does.
				a.Set = b.gormValues(a.Call, bean, fields, true)
				a.ColsParam, a.ColsExtra = st.colsParam, append(append([]string(nil), st.cols...), st.colsExtra...)
				a.partialCols = !a.Partial
				a.Partial = true
			case (st.colsKnown || st.colsBound) && len(st.cols) > 0 || st.allCols:
				a.Set = b.gormValues(a.Call, bean, fields, true)
				if !st.allCols {
					a.Set = onlyColumns(a.Set, st.cols)
				}
			default:
				a.Set = b.gormValues(a.Call, bean, fields, !xormFresh(bean))
			}
			for _, f := range fields {
				if f.stamped && (st.colsKnown || st.colsBound) && slices.Contains(st.cols, f.column) {
					continue // Cols("updated"): the update stamps the time
				}
				if f.primary || f.version || f.auto {
					a.Set = dropColumn(a.Set, f.column)
				}
			}
			for _, c := range st.omit {
				a.Set = dropColumn(a.Set, c)
			}
			b.hookValues(a.Set, bean, fields, "BeforeUpdate")
			if a.VersionColumn != "" && !st.noVersion {
				a.OptimisticLock = true
				if _, ok := a.WhereColumn(a.VersionColumn); !ok {
					for _, f := range fields {
						if f.version {
							ref := fieldRef(unwrap(bean), f.path)
							if v := storedField(bean, f.path); v != nil {
								ref = refOf(v)
							}
							a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(ref)})
						}
					}
				}
				a.Set = append(a.Set, Binding{Column: a.VersionColumn, Op: "=", Class: sqltext.AssignAtomic, Expr: a.VersionColumn + " + 1"})
			}
		}
	}
	for _, e := range st.exprs {
		a.Set = append(dropColumn(a.Set, e.Column), e)
	}
}

// xormWhere adds the statement's conditions: ID's primary key, and the
// set fields of the condition bean (unless NoAutoCondition). A bean the
// function did not fill, with no other condition, makes the conditions
// unknown.
func (b *builder) xormWhere(a *Access, st *xormStmt, fields []gormField, auto ssa.Value) {
	if st.id != nil {
		b.xormID(a, st.id, fields)
	}
	if auto == nil || st.noAuto || modelType(unwrap(auto).Type()) == nil || isSliceDest(auto) {
		return
	}
	n := 0
	for _, f := range xormModelFields(auto) {
		if v := storedField(auto, f.path); v != nil && !storedAfter(auto, f.path, a.Call) {
			if _, dup := a.WhereColumn(f.column); !dup {
				a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(refOf(v))})
			}
			n++
		}
	}
	if n == 0 && len(a.Where) == 0 && !xormFresh(auto) {
		// Get(u) of a bean filled elsewhere: its set fields are the
		// conditions, which this function does not show.
		a.Partial = true
	}
}

// xormID adds ID's primary-key condition. A composite key is given as a
// slice in the order of the model's key fields (ID(schemas.PK{owner,
// name}), or core.PK of xorm's older core): each element is the condition
// on its key column. A key whose parts are not known, or whose count is
// not the model's, conditions the first key column on the whole value.
func (b *builder) xormID(a *Access, id ssa.Value, fields []gormField) {
	var keys []string
	for _, f := range fields {
		if f.primary {
			keys = append(keys, f.column)
		}
	}
	v := unwrap(id)
	if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice && len(keys) > 0 {
		if vals, ok := variadicArgs(v); ok && len(vals) == len(keys) {
			for i, k := range keys {
				if vals[i] == nil {
					a.Partial = true
					continue
				}
				a.Where = append(a.Where, Binding{Column: k, Op: "=", Value: b.resolveRef(refOf(vals[i]))})
			}
			return
		}
	}
	a.Where = append(a.Where, Binding{Column: primaryColumn(fields), Op: "=", Value: b.resolveRef(refOf(id))})
}

// xormResults binds the finisher's results.
func (b *builder) xormResults(a *Access, call ssa.CallInstruction, name, kind string) {
	v := call.Value()
	if v == nil {
		return
	}
	if _, tuple := v.Type().(*types.Tuple); !tuple {
		// Find, Iterate: the error alone.
		a.Err = []ssa.Value{v}
		if name == "Find" {
			if dest := ssautil.CallArgs(call.Common()); len(dest) > 0 && isSliceDest(dest[0]) {
				a.Found = Outcome{Signal: SignalLen, Addr: unwrap(dest[0])}
			}
		}
		return
	}
	a.Err = extracts(v, 1)
	first := extracts(v, 0)
	switch kind {
	case "select", "exists":
		switch name {
		case "Get", "Exist":
			a.Found = Outcome{Signal: SignalBool, Values: first}
		case "FindAndCount":
			a.Found = Outcome{Signal: SignalCount, Values: first}
		}
	case "count":
		a.Found = Outcome{Signal: SignalCount, Values: first}
	case "sum":
		// Sum(bean, "amount"), SumInt: the column's sum is the result (a
		// read of the column, as a SELECT sum(amount) scanned into it).
		// Sums: a slice of sums, a read whose values are not followed.
		args := ssautil.CallArgs(call.Common())
		if name == "Sum" || name == "SumInt" {
			col := "?"
			if len(args) > 1 {
				if c, ok := constString(args[1]); ok {
					col = xormColumn(c)
				}
			}
			for _, x := range first {
				a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: refOf(x)})
			}
		}
	case "insert", "update", "delete":
		for _, x := range first {
			if refs := x.Referrers(); refs != nil && len(*refs) > 0 {
				a.RowsAffected = append(a.RowsAffected, x) // not _, err := ...
			}
		}
	}
}

// storedAfter reports a field of a bean stored after call on every path:
// a field set once the bean is loaded is no condition of the Get that
// loaded it (old.Value = v; a.Balance += n).
func storedAfter(base ssa.Value, path []string, call ssa.CallInstruction) bool {
	if call == nil || len(path) == 0 {
		return false
	}
	v := literalOf(base)
	for i, name := range path {
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
			if i < len(path)-1 {
				next = fa
				break
			}
			for _, rr := range *fa.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && st.Parent() == call.Parent() && dominates(call, st) {
					return true
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

// xormFresh reports a bean built here and not loaded: &T{...}, new(T).
func xormFresh(v ssa.Value) bool {
	if isFreshLiteral(v) {
		return true
	}
	a, ok := literalOf(v).(*ssa.Alloc)
	return ok && a.Comment == "new" && !filledByRead(a)
}

// xormRaw builds the accesses of raw SQL: Exec("UPDATE ...", args...),
// Query(...), and SQL("SELECT ...", args...).Get(&u) or Find(&list).
func (b *builder) xormRaw(fn *ssa.Function, call ssa.CallInstruction, base *Access, name string, sqlStep *sqStep) []*Access {
	args := ssautil.CallArgs(call.Common())
	var text ssa.Value
	var bound []ssa.Value
	if sqlStep != nil {
		if len(sqlStep.args) > 0 {
			text = sqlStep.args[0]
		}
		if len(sqlStep.args) > 1 {
			bound = b.boundArgs(sqlStep.args[1])
		}
	} else if len(args) > 0 {
		// Exec(sqlOrArgs ...interface{}): the text first, then its
		// arguments.
		vals, _ := variadicArgs(args[0])
		if len(vals) > 0 {
			text = vals[0]
			bound = vals[1:]
		}
	}
	if mi, ok := unwrap(text).(*ssa.MakeInterface); ok && text != nil {
		text = mi.X
	}
	if text == nil {
		return nil
	}
	t := b.resolveText(text)
	if t.param >= 0 && !t.known {
		return nil // an executor wrapper passing its query on
	}
	accs := b.fromStmt(fn, call, sqltext.Parse(t.s), bound, nil)
	b.markTableParam(fn, accs, t, text)
	v := call.Value()
	for _, a := range accs {
		a.Lib = apis.LibXorm
		a.Handle = base.Handle
		a.Method = name
		a.Partial = a.Partial || base.Partial || strings.Contains(t.s, sqltext.Hole)
		if base.Lock != sqltext.LockNone && a.Kind == KindRead {
			a.Lock = base.Lock
		}
		if v == nil {
			continue
		}
		switch name {
		case "Exec":
			b.bindResults(a, call, apis.Method{Lib: apis.LibXorm, Op: apis.OpExec, SQL: -1, Args: -1, Dest: -1, Opts: -1, Func: -1, Handle: -1})
		case "Get", "Find":
			if len(args) > 0 && a.Kind == KindRead {
				b.destInto(a, args[0], isSliceDest(args[0]))
			}
			b.xormResults(a, call, name, "select")
		default:
			if _, tuple := v.Type().(*types.Tuple); tuple {
				a.Err = extracts(v, 1)
				if a.Kind == KindRead {
					a.Found = Outcome{Signal: SignalLen, Values: extracts(v, 0)}
				}
			}
		}
	}
	return accs
}

// tableNameCall returns the table of Table(entity.Activity{}.TableName()):
// a call of a model's TableName method whose table the model knows.
func (b *builder) tableNameCall(v ssa.Value) string {
	if v == nil {
		return ""
	}
	if mi, ok := unwrap(v).(*ssa.MakeInterface); ok {
		v = mi.X
	}
	c, ok := unwrap(v).(*ssa.Call)
	if !ok {
		return ""
	}
	f := analysisutil.CalleeFunc(&c.Call)
	if f == nil || f.Name() != "TableName" {
		return ""
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	n := modelType(sig.Recv().Type())
	if n == nil {
		return ""
	}
	if name, ok := b.tables[n.Obj()]; ok {
		return name
	}
	if name, ok := b.localTableName(n); ok {
		return name
	}
	return ""
}

// xormModelFields returns the columns of a bean's model type.
func xormModelFields(bean ssa.Value) []gormField {
	if bean == nil {
		return nil
	}
	n := modelType(unwrap(bean).Type())
	if n == nil {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	return xormFields(st)
}

// xormKeywords are xorm's tag words that are neither the column's name
// nor its SQL type.
var xormKeywords = map[string]bool{
	"<-": true, "->": true, "PK": true, "NULL": true, "NOT": true, "AUTOINCR": true, "DEFAULT": true,
	"CREATED": true, "UPDATED": true, "DELETED": true, "VERSION": true, "UTC": true, "LOCAL": true,
	"NOTNULL": true, "INDEX": true, "UNIQUE": true, "CACHE": true, "NOCACHE": true, "COMMENT": true,
	"EXTENDS": true, "UNSIGNED": true, "COLLATE": true, "JSON": true, "JSONB": true,
}

// xormTypes are the SQL type names xorm's tags accept (schemas.SqlTypes).
var xormTypes = map[string]bool{
	"BIT": true, "UNSIGNED BIT": true, "TINYINT": true, "SMALLINT": true, "MEDIUMINT": true, "INT": true, "INTEGER": true,
	"BIGINT": true, "NUMBER": true, "ENUM": true, "SET": true, "XML": true, "CHAR": true, "NCHAR": true,
	"VARCHAR": true, "NVARCHAR": true, "TINYTEXT": true, "TEXT": true, "NTEXT": true, "MEDIUMTEXT": true, "LONGTEXT": true,
	"UUID": true, "CLOB": true, "SYSNAME": true, "DATE": true, "DATETIME": true, "TIME": true, "TIMESTAMP": true,
	"TIMESTAMPZ": true, "SMALLDATETIME": true, "YEAR": true, "DECIMAL": true, "NUMERIC": true, "REAL": true,
	"FLOAT": true, "DOUBLE": true, "MONEY": true, "SMALLMONEY": true, "BINARY": true, "VARBINARY": true,
	"TINYBLOB": true, "BLOB": true, "MEDIUMBLOB": true, "LONGBLOB": true, "BYTEA": true, "UNIQUEIDENTIFIER": true,
	"BOOL": true, "BOOLEAN": true, "SERIAL": true, "BIGSERIAL": true, "ARRAY": true,
}

// xormTagWord is one word of an xorm tag: its name and its parenthesized
// parameters (unique(email_idx), varchar(64)).
type xormTagWord struct{ name, param string }

// splitXormTag splits `xorm:"varchar(64) notnull unique(uq_email) 'email'"`
// into words, keeping quoted names and parameters whole.
func splitXormTag(tag string) []xormTagWord {
	var out []xormTagWord
	quote, paren := false, 0
	start := 0
	flush := func(end int) {
		w := strings.TrimSpace(tag[start:end])
		start = end + 1
		if w == "" {
			return
		}
		word := xormTagWord{name: w}
		if i := strings.IndexByte(w, '('); i > 0 && !strings.HasPrefix(w, "'") {
			word.name = w[:i]
			word.param = strings.TrimSuffix(w[i+1:], ")")
		}
		out = append(out, word)
	}
	for i := 0; i < len(tag); i++ {
		switch tag[i] {
		case '\'':
			quote = !quote
		case '(':
			if !quote {
				paren++
			}
		case ')':
			if !quote && paren > 0 {
				paren--
			}
		case ' ':
			if !quote && paren == 0 {
				flush(i)
			}
		}
	}
	flush(len(tag))
	return out
}

// xormFields lists an xorm model's columns: the tag's name (quoted or a
// bare word that is no keyword or type), else the snake_case field name;
// pk, unique and unique(group), version; embedded structs and extends
// fields flattened; "-" skipped. Without a pk tag, a field named Id or ID
// is the primary key (xorm's default).
func xormFields(st *types.Struct) []gormField {
	var out []gormField
	visits := 0
	hasPK := false
	var walk func(st *types.Struct, prefix []string, depth int)
	walk = func(st *types.Struct, prefix []string, depth int) {
		if depth > 4 {
			return
		}
		for i := 0; i < st.NumFields(); i++ {
			if visits++; visits > maxStructFields {
				return
			}
			f := st.Field(i)
			tag, tagged := reflect.StructTag(st.Tag(i)).Lookup(apis.XormTag)
			if strings.TrimSpace(tag) == "-" || !f.Exported() && !f.Anonymous() {
				continue
			}
			words := splitXormTag(tag)
			path := append(append([]string(nil), prefix...), f.Name())
			fd := gormField{path: path, typ: f.Type()}
			extends := false
			for j := 0; j < len(words); j++ {
				w := words[j]
				u := strings.ToUpper(w.name)
				switch {
				case u == "PK":
					fd.primary = true
				case u == "UNIQUE":
					fd.unique, fd.index = true, w.param
				case u == "VERSION":
					fd.version = true
				case u == "DELETED":
					fd.deleted, fd.auto = true, true
				case u == "EXTENDS":
					extends = true
				case u == "AUTOINCR" || u == "CREATED" || u == "UPDATED" || u == "DELETED" || u == "<-":
					// Written by the database or by xorm itself, or read
					// only.
					fd.auto = fd.auto || u != "AUTOINCR"
					fd.stamped = fd.stamped || u == "UPDATED"
				case u == "DEFAULT" || u == "COMMENT" && w.param == "":
					j++ // the word after is the value
				case xormKeywords[u] || xormTypes[u]:
				case strings.HasPrefix(w.name, "'") && strings.HasSuffix(w.name, "'") && len(w.name) > 1:
					fd.column = w.name[1 : len(w.name)-1]
				default:
					fd.column = w.name
				}
			}
			if f.Anonymous() || extends {
				if inner, ok := structOf(f.Type()); ok && !isScannerType(f.Type()) {
					walk(inner, path, depth+1)
					continue
				}
			}
			if !tagged && isRelation(f.Type()) {
				continue
			}
			if fd.column == "" {
				fd.column = snakeCase(f.Name())
			}
			fd.column = strings.ToLower(fd.column)
			hasPK = hasPK || fd.primary
			out = append(out, fd)
		}
	}
	walk(st, nil, 0)
	if !hasPK {
		for i := range out {
			if out[i].column == "id" {
				out[i].primary = true
			}
		}
	}
	return out
}

// variadicCalls returns the calls given v as an element of their ...any
// argument (engine.Get(u): u is stored into the call's varargs array).
func variadicCalls(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	if v.Referrers() == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != v {
			continue
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		arr, ok := ia.X.(*ssa.Alloc)
		if !ok || arr.Referrers() == nil {
			continue
		}
		for _, rr := range *arr.Referrers() {
			if sl, ok := rr.(*ssa.Slice); ok && sl.Referrers() != nil {
				for _, u := range *sl.Referrers() {
					if _, ok := u.(ssa.CallInstruction); ok {
						out = append(out, u)
					}
				}
			}
		}
	}
	return out
}

// XormRoot returns the session an xorm chain refines: the value below
// every session method returning a session (sess in
// sess.Context(ctx).Where(...)); a session's methods return the session
// itself, so calls on the chain run on it.
func XormRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 64; i++ {
		c, ok := unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		if _, ok := xormStep(&c.Call); !ok {
			break
		}
		v = ssautil.Receiver(&c.Call)
	}
	return unwrap(v)
}

// paramColumns returns the parameter a column list is: the function's own
// list passed on, possibly with constant names appended to it first.
//
//	func updateIssueCols(e Engine, issue *Issue, cols ...string) error {
//		cols = append(cols, "updated_unix")
//		_, err := e.ID(issue.ID).Cols(cols...).Update(issue)
//
// Names appended on some paths only count as appended (a column the write
// may name). A list the function makes up itself when the caller's is
// empty stands for no caller that names columns, so it is left out:
//
//	if len(columns) == 0 { columns = []string{"owner", "display_name", ...} }
//
// (a caller naming none writes every column anyway, narrowColumns). It
// returns the names appended, normalized as column names.
func paramColumns(v ssa.Value) (*ssa.Parameter, []string, bool) {
	var extra []string
	p, ok := paramColumnsOf(v, &extra, map[*ssa.Phi]bool{}, 0)
	if !ok || p == nil {
		return nil, nil, false
	}
	return p, extra, true
}

// paramColumnsOf is paramColumns: it adds the names appended to extra and
// returns the parameter (nil for a list that stands for no caller's
// names, the default of an empty list, which a phi's other edges decide).
func paramColumnsOf(v ssa.Value, extra *[]string, seen map[*ssa.Phi]bool, depth int) (*ssa.Parameter, bool) {
	if depth > 16 || v == nil {
		return nil, false
	}
	switch x := unwrap(v).(type) {
	case *ssa.Parameter:
		if _, ok := x.Type().Underlying().(*types.Slice); !ok {
			return nil, false
		}
		return x, true
	case *ssa.Call:
		bi, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "append" || len(x.Call.Args) != 2 {
			return nil, false
		}
		vals, ok := variadicArgs(x.Call.Args[1])
		if !ok {
			return nil, false
		}
		for _, e := range vals {
			s, ok := constString(e)
			if !ok {
				return nil, false
			}
			if c := xormColumn(s); !contains(*extra, c) {
				*extra = append(*extra, c)
			}
		}
		return paramColumnsOf(x.Call.Args[0], extra, seen, depth+1)
	case *ssa.Phi:
		if seen[x] {
			return nil, false // a list grown in a loop
		}
		seen[x] = true // on the path: a phi met again through its own edges is a loop
		defer delete(seen, x)
		var param, tested *ssa.Parameter
		for i, e := range x.Edges {
			if i < len(x.Block().Preds) {
				if t := emptyListDefault(x.Block().Preds[i], x); t != nil && (tested == nil || t == tested) {
					tested = t
					continue
				}
			}
			p, ok := paramColumnsOf(e, extra, seen, depth+1)
			if !ok || p == nil || param != nil && p != param {
				return nil, false
			}
			param = p
		}
		if param == nil || tested != nil && tested != param {
			return nil, false // the default is of another list's emptiness
		}
		return param, true
	}
	return nil, false
}

// emptyListDefault returns the parameter p when a predecessor of the
// phi's block runs only when p is an empty list: the true side of if
// len(p) == 0 (or p == nil), the false side of if len(p) > 0, dominates
// it; nil otherwise.
func emptyListDefault(pred *ssa.BasicBlock, phi *ssa.Phi) *ssa.Parameter {
	for b := pred; b != nil; b = b.Idom() {
		for _, d := range b.Preds {
			ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
			if !ok || len(d.Succs) != 2 {
				continue
			}
			bin, ok := ifi.Cond.(*ssa.BinOp)
			if !ok {
				continue
			}
			p, empty, ok := emptyTest(bin, phi)
			if !ok {
				continue
			}
			side := d.Succs[1]
			if empty {
				side = d.Succs[0]
			}
			// The side must be entered from the test alone: a block
			// other paths reach too (the join after the if) says nothing.
			if side == b && len(side.Preds) == 1 && side.Dominates(pred) {
				return p
			}
		}
	}
	return nil
}

// emptyTest reads len(p) == 0, len(p) < 1, p == nil (empty: true) and
// len(p) > 0, len(p) != 0, p != nil (empty: false), for a parameter p of
// the phi's function or a list grown from it by appends.
func emptyTest(bin *ssa.BinOp, phi *ssa.Phi) (p *ssa.Parameter, empty, ok bool) {
	x, y := bin.X, bin.Y
	c, isConst := y.(*ssa.Const)
	if !isConst {
		return nil, false, false
	}
	param := func(v ssa.Value) *ssa.Parameter {
		// The parameter itself, or a list grown from it (only the
		// parameter empty makes it empty).
		var names []string
		if p, ok := paramColumnsOf(v, &names, map[*ssa.Phi]bool{phi: true}, 8); ok && p != nil && p.Parent() == phi.Parent() {
			return p
		}
		return nil
	}
	if call, ok := x.(*ssa.Call); ok {
		bi, ok := call.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "len" || len(call.Call.Args) != 1 || c.Value == nil {
			return nil, false, false
		}
		p := param(call.Call.Args[0])
		n, exact := constant.Int64Val(constant.ToInt(c.Value))
		if p == nil || !exact {
			return nil, false, false
		}
		switch {
		case bin.Op == token.EQL && n == 0, bin.Op == token.LSS && n == 1, bin.Op == token.LEQ && n == 0:
			return p, true, true
		case bin.Op == token.GTR && n == 0, bin.Op == token.NEQ && n == 0, bin.Op == token.GEQ && n == 1:
			return p, false, true
		}
		return nil, false, false
	}
	if p := param(x); p != nil && c.Value == nil {
		switch bin.Op {
		case token.EQL:
			return p, true, true
		case token.NEQ:
			return p, false, true
		}
	}
	return nil, false, false
}

// hookValues marks the columns a model's xorm hook method sets through
// its receiver as values of the write's own: xorm calls BeforeUpdate (and
// BeforeInsert) on the bean before it builds the statement, so
//
//	func (issue *Issue) BeforeUpdate() { issue.UpdatedUnix = time.Now().Unix() }
//
// makes every update of an issue write updated_unix anew, never the value
// a read left in the bean. Only hooks of this package's types are seen.
func (b *builder) hookValues(set []Binding, bean ssa.Value, fields []gormField, hook string) {
	n := modelType(unwrap(bean).Type())
	if n == nil || n.Obj().Pkg() != b.pass.Pkg {
		return
	}
	var fn *ssa.Function
	ms := b.ssaPkg.Prog.MethodSets.MethodSet(types.NewPointer(n))
	if sel := ms.Lookup(n.Obj().Pkg(), hook); sel != nil {
		fn = b.ssaPkg.Prog.MethodValue(sel)
	}
	if fn == nil || len(fn.Params) == 0 || fn.Signature.Params().Len() != 0 {
		return
	}
	stored := map[string]bool{}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == ssa.Value(fn.Params[0]) && !usesValue(st.Val, fn.Params[0], 0) {
				// DeadlineUnix = issue.Deadline.Unix() converts a field
				// the read filled: still the read's value.
				stored[fieldName(fa.X.Type(), fa.Field)] = true
			}
		}
	}
	if len(stored) == 0 {
		return
	}
	for _, f := range fields {
		if len(f.path) != 1 || !stored[f.path[0]] {
			continue
		}
		for i := range set {
			if set[i].Column == f.column && set[i].Class == sqltext.AssignParam {
				set[i] = Binding{Column: f.column, Op: "=", Class: sqltext.AssignOther, Expr: hook}
			}
		}
	}
}

// usesValue reports whether v is computed from x, through depth operands.
func usesValue(v, x ssa.Value, depth int) bool {
	if v == x {
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || depth > 8 {
		return false
	}
	for op := range ssautil.Operands(instr) {
		if usesValue(op, x, depth+1) {
			return true
		}
	}
	return false
}
