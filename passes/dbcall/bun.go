package dbcall

import (
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// bunMethod reports a method of one of bun's query types: its name and the
// statement kind of the query.
func bunMethod(call *ssa.CallCommon) (name, kind string, ok bool) {
	f, recv, ok := libMethod(call, apis.BunPkg)
	if !ok || recv == "" {
		return "", "", false
	}
	kind, ok = apis.BunQueries[recv]
	return f.Name(), kind, ok
}

// bunStarter reports a NewSelect/NewInsert/NewUpdate/NewDelete call on a
// bun handle, and the kind of query it starts.
func bunStarter(call *ssa.CallCommon) (string, bool) {
	f, recv, ok := libMethod(call, apis.BunPkg)
	if !ok || !apis.BunHandles[recv] {
		return "", false
	}
	kind, ok := apis.BunStarters[f.Name()]
	return kind, ok
}

// libMethod reports a call of a function or method of the library pkg,
// with its receiver's type name ("" for a function).
func libMethod(call *ssa.CallCommon, pkg string) (f *types.Func, recv string, ok bool) {
	f = analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || apis.Canonical(f.Pkg().Path()) != pkg {
		return f, "", false
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil {
		return f, "", false
	}
	if sig.Recv() != nil {
		recv = recvName(sig.Recv().Type())
	}
	return f, recv, true
}

func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// bunFinisher reports a query method that runs the statement.
func bunFinisher(call *ssa.CallCommon) (apis.Finisher, string, string, bool) {
	name, kind, ok := bunMethod(call)
	if !ok {
		return apis.Finisher{}, "", "", false
	}
	f, ok := apis.BunFinishers[name]
	return f, name, kind, ok
}

// bunAccess assembles the statement a bun query runs at a finisher:
//
//	db.NewSelect().Model(&u).Where("email = ?", e).Scan(ctx)
//	db.NewUpdate().Model(&acct).Set("balance = balance + ?", n).WherePK().Exec(ctx)
//	db.NewInsert().Model(&u).On("CONFLICT (email) DO NOTHING").Exec(ctx)
//
// bun's query methods change the query in place and return it, so the
// calls made on the query before the finisher count whether or not their
// result is used; calls made only on some paths make the access partial.
func (b *builder) bunAccess(fn *ssa.Function, call ssa.CallInstruction, fin apis.Finisher, name, kind string) []*Access {
	common := call.Common()
	root, steps, partial := bunSteps(call, ssautil.Receiver(common))
	if root == nil {
		return nil
	}
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibBun, RowsReturned: -1, ResultReturned: -1, Method: name, Partial: partial}
	a.Handle = b.resolveRef(refOf(ssautil.Receiver(&root.Call)))
	arg := func(s sqStep, i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	var model ssa.Value
	table := ""
	var columns []string
	var sets []Binding
	setsGiven, wherePK, returning := false, false, false
	// An insert's On, Set and Where make its conflict clause: bun writes
	// ON <On> [SET <Set>, ...] [WHERE <Where> AND ...].
	var on *string
	var setTexts, whereTexts []string
	sumAlias := "" // the column ColumnExpr("sum(amount) as balance") names
	for _, s := range steps {
		m := apis.BunMethods[s.name]
		if s.name == "ColumnExpr" {
			if text, ok := constString(arg(s, 0)); ok && gormSum(text) != "" {
				sumAlias = gormSum(text)
				columns = append(columns, sumAlias)
				continue
			}
		}
		switch m.Part {
		case apis.PartModel:
			model = arg(s, 0)
		case apis.PartTableExpr:
			t, ok := constString(arg(s, 0))
			if vals, variadic := variadicArgs(arg(s, 0)); !ok && variadic && len(vals) > 0 {
				t, ok = constString(vals[0]) // Table("account_ledgers"): Table(tables ...string)
			}
			if ok && t != "" {
				table = strings.ToLower(strings.Fields(t)[0])
			} else {
				a.Partial = true
			}
		case apis.PartColumns:
			if vals, ok := variadicArgs(arg(s, 0)); ok {
				for _, v := range vals {
					if c, ok := constString(v); ok {
						columns = append(columns, strings.ToLower(c))
					} else {
						a.Partial = true
					}
				}
			} else {
				a.Partial = true
			}
		case apis.PartWhere:
			if _, ok := constString(arg(s, 0)); !ok {
				a.Partial = true
				continue
			}
			b.gormWhereArgs(a, arg(s, 0), b.boundArgs(arg(s, 1)))
			if t, _ := constString(arg(s, 0)); kind == "insert" {
				whereTexts = append(whereTexts, "("+t+")")
			}
		case apis.PartWherePK:
			wherePK = true
		case apis.PartColumnExpr:
			setsGiven = true
			if t, ok := constString(arg(s, 0)); ok && kind == "insert" {
				setTexts = append(setTexts, t)
			} else if kind == "insert" {
				setTexts = append(setTexts, "?")
			}
			sets = append(sets, b.bunSet(a, arg(s, 0), b.boundArgs(arg(s, 1)))...)
		case apis.PartSet:
			setsGiven = true
			col, ok := constString(arg(s, 0))
			if !ok {
				a.Partial = true
				continue
			}
			expr, ok := constString(arg(s, 1))
			if !ok {
				a.Partial = true
				continue
			}
			sets = append(sets, b.bunSetText(a, col+" = "+expr, b.boundArgs(arg(s, 2)))...)
		case apis.PartConflict:
			if t, ok := constString(arg(s, 0)); ok {
				st := sqltext.Parse("INSERT INTO t (c) VALUES (1) ON " + t)
				a.Conflict, a.ConflictTarget = st.Conflict.Action, st.Conflict.Target
				on = &t
			} else {
				a.Partial = true
			}
		case apis.PartOptions:
			if m.Kind == "IGNORE" {
				a.Conflict = sqltext.ConflictIgnore
			} else {
				a.Conflict = sqltext.ConflictReplace
			}
		case apis.PartLock:
			if t, ok := constString(arg(s, 0)); ok {
				st := sqltext.Parse("SELECT * FROM t FOR " + t)
				a.Lock = st.Lock.Strength
				if st.Lock.NoWait {
					a.LockOptions = "NOWAIT"
				} else if st.Lock.SkipLocked {
					a.LockOptions = "SKIP LOCKED"
				}
			} else {
				a.Partial = true
			}
		case apis.PartKeep:
		case apis.PartReturning:
			returning = true
		case apis.PartUnknown:
			if m.Kind != "" {
				a.Where = append(a.Where, Binding{Expr: m.Kind})
			} else {
				a.Partial = true
			}
		default:
			a.Partial = true
		}
	}
	// Scan(ctx, &u) without Model: the destination is the model.
	dests := finisherDests(call, fin)
	if model != nil && (kind == "insert" || kind == "update") {
		a.modelValue = []ssa.Value{ssautil.Unwrap(model)}
	}
	if returning && name == "Scan" && model != nil {
		for _, d := range dests {
			if ssautil.Unwrap(d) != ssautil.Unwrap(model) {
				a.returnedInto = append(a.returnedInto, ssautil.Unwrap(d))
			}
		}
	}
	if model == nil && len(dests) == 1 {
		model = dests[0]
	}
	var fields []gormField
	alias := ""
	if model != nil {
		if n := modelType(unwrap(model).Type()); n != nil {
			if st, ok := n.Underlying().(*types.Struct); ok {
				fields = bunFields(st)
				alias = bunAlias(n, st)
				if table == "" {
					table = bunTable(n, st)
				}
			}
		}
	}
	a.Table = table
	a.ModelUniques = modelUniques(fields)
	if wherePK {
		b.gormPrimaryWhere(a, model, fields)
	}
	switch kind {
	case "select":
		a.Kind = KindRead
		b.bunRead(a, call, name, model, dests, fields, columns)
		if sumAlias != "" && len(dests) == 1 {
			// Scan(ctx, &balance) of the one aggregate selected.
			a.Reads = sumReads(dests[0], sumAlias)
		}
		a.Sum = sumAlias != "" && len(a.Reads) > 0
		if a.Sum {
			a.Found = Outcome{} // one row whatever matched: no presence test
		}
		return []*Access{a}
	case "insert":
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, model, fields, false)
		if len(columns) > 0 {
			a.Set = onlyColumns(a.Set, columns)
		}
		if on != nil {
			// bun's SET of every column: its data fields (all but the
			// primary key), or those of Column.
			var data []string
			for _, f := range fields {
				if !f.primary && (len(columns) == 0 || contains(columns, f.column)) {
					data = append(data, f.column)
				}
			}
			a.Upsert = bunUpsert(table, alias, *on, setTexts, whereTexts, data)
		}
	case "update":
		a.Kind = KindUpdate
		switch {
		case setsGiven:
			a.Set = sets
		case len(columns) > 0:
			a.Set = onlyColumns(b.gormValues(a.Call, model, fields, true), columns)
		default:
			// No Set and no Column: every column of the model.
			a.Set = b.gormValues(a.Call, model, fields, true)
			if wherePK {
				a.Set = dropPrimary(a.Set, fields)
			}
		}
	case "delete":
		a.Kind = KindDelete
	}
	if v := call.Value(); v != nil && name == "Exec" {
		a.Err = extracts(v, 1)
		a.ResultObjs = extracts(v, 0)
		for _, res := range a.ResultObjs {
			a.RowsAffected = append(a.RowsAffected, rowsAffectedOf(res)...)
		}
	} else if v != nil {
		a.Err = []ssa.Value{v}
	}
	return []*Access{a}
}

// bunUpsert assembles the conflict clause bun writes for an insert's On,
// Set and Where:
//
//	On("CONFLICT (id) DO UPDATE").Set("title = EXCLUDED.title").Where("book.locked = false")
//	  → ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title WHERE (book.locked = false)
//	On("CONFLICT (id) DO UPDATE")       → ... DO UPDATE SET <every column> = EXCLUDED.<column>
//	On("DUPLICATE KEY UPDATE")          → ... ON DUPLICATE KEY UPDATE <every column> = VALUES(<column>)
//
// Without a Set, bun updates every column it inserts (its appendSetExcluded
// and appendSetValues): that is UpdateAll, with the columns listed.
func bunUpsert(table, alias, on string, sets, wheres []string, data []string) *Upsert {
	upper := strings.ToUpper(strings.TrimSpace(on))
	dup := upper == "DUPLICATE KEY UPDATE"
	all := false
	if len(sets) == 0 && (strings.HasSuffix(upper, " DO UPDATE") || dup) {
		all = true
		for _, c := range data {
			if dup {
				sets = append(sets, c+" = VALUES("+c+")")
			} else {
				sets = append(sets, c+" = EXCLUDED."+c)
			}
		}
	}
	// bun inserts into the model's table AS its alias, which a DO UPDATE
	// SET may name (amount = payment.amount + EXCLUDED.amount).
	target := table
	if alias != "" && alias != table {
		target += " AS " + alias
	}
	text := "INSERT INTO " + target + " (c) VALUES (1) ON " + on
	if len(sets) > 0 {
		if !dup && !strings.Contains(upper, "DUPLICATE KEY") {
			text += " SET"
		}
		text += " " + strings.Join(sets, ", ")
	}
	if len(wheres) > 0 {
		text += " WHERE " + strings.Join(wheres, " AND ")
	}
	u := upsertOf(sqltext.Parse(text))
	if u == nil {
		return nil
	}
	u.Listed = false // the column list is the model's, not this text's
	if all {
		u.UpdateAll = true
		for _, c := range data {
			if !contains(u.Target, c) {
				u.UpdateAllColumns = append(u.UpdateAllColumns, c)
			}
		}
	}
	return u
}

// bunRead binds a SELECT's outcome: Scan of one model or value reports
// sql.ErrNoRows when nothing matched; Scan of a slice, its length; Count
// and Exists, their result.
func (b *builder) bunRead(a *Access, call ssa.CallInstruction, name string, model ssa.Value, dests []ssa.Value, fields []gormField, columns []string) {
	v := call.Value()
	switch name {
	case "Count":
		a.Count = true
		if v != nil {
			a.Err = extracts(v, 1)
			a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
		}
		return
	case "Exists":
		a.Exists = true
		if v != nil {
			a.Err = extracts(v, 1)
			a.Found = Outcome{Signal: SignalBool, Values: extracts(v, 0)}
		}
		return
	case "ScanAndCount":
		if v != nil {
			a.Err = extracts(v, 1)
			a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
		}
		return
	}
	if v == nil {
		return
	}
	a.Err = []ssa.Value{v}
	target := model
	if len(dests) > 0 {
		target = dests[0]
	}
	if target == nil {
		return
	}
	if isSliceDest(target) {
		a.Found = Outcome{Signal: SignalLen, Addr: unwrap(target)}
		return
	}
	a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{"database/sql.ErrNoRows"}}
	switch {
	case len(dests) > 1 || len(dests) == 1 && len(columns) > 0 && !sameValue(dests[0], model):
		// Scan(ctx, &a, &b) of the selected columns, in order.
		for i, d := range dests {
			col := "?"
			if i < len(columns) {
				col = columns[i]
			}
			a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: refOf(d), Addr: true})
		}
	default:
		for _, f := range fields {
			if len(columns) > 0 && !contains(columns, f.column) {
				continue
			}
			a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(unwrap(target), f.path), Addr: true})
		}
	}
	if a.Count || a.Exists {
		b.presenceSignal(a)
	}
}

func sameValue(x, y ssa.Value) bool { return x != nil && y != nil && unwrap(x) == unwrap(y) }

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// finisherDests returns the destinations passed to Scan(ctx, dest...) or
// Exec(ctx, dest...).
func finisherDests(call ssa.CallInstruction, fin apis.Finisher) []ssa.Value {
	if fin.Dest < 0 {
		return nil
	}
	args := ssautil.CallArgs(call.Common())
	if fin.Dest >= len(args) {
		return nil
	}
	vals, _ := variadicArgs(args[fin.Dest])
	var out []ssa.Value
	for _, v := range vals {
		if v != nil {
			out = append(out, v)
		}
	}
	return out
}

// bunSteps returns the query calls that build the statement a finisher
// runs: from the New* call that started the query, the calls made on the
// query before the finisher (see mutableSteps).
func bunSteps(fin ssa.CallInstruction, recv ssa.Value) (*ssa.Call, []sqStep, bool) {
	root, steps, partial := mutableSteps(fin, recv, func(c *ssa.CallCommon) bool {
		_, ok := bunStarter(c)
		return ok
	}, func(c *ssa.CallCommon) (string, bool) {
		name, _, ok := bunMethod(c)
		if !ok {
			return "", false
		}
		if _, fin := apis.BunFinishers[name]; fin {
			return "", false
		}
		return name, true
	}, nil)
	kept := steps[:0]
	for _, s := range steps {
		if !s.some {
			kept = append(kept, s)
		}
	}
	return root, kept, partial
}

func sortCalls(calls []*ssa.Call) {
	sort.Slice(calls, func(i, j int) bool { return calls[i].Pos() < calls[j].Pos() })
}

// dominates reports whether instruction x runs on every path to y.
func dominates(x, y ssa.Instruction) bool {
	if x.Block() == y.Block() {
		return ssautil.Index(x) < ssautil.Index(y)
	}
	return x.Block().Dominates(y.Block())
}

// before reports whether x can run before y in the same function.
func before(x, y ssa.Instruction) bool {
	if x.Parent() != y.Parent() {
		return false
	}
	if x.Block() == y.Block() {
		return ssautil.Index(x) < ssautil.Index(y)
	}
	return ssautil.Reachable(x.Block(), y.Block())
}

// bunSet binds Set("balance = balance + ?", n), Set("status = ?", s).
func (b *builder) bunSet(a *Access, expr ssa.Value, args []ssa.Value) []Binding {
	s, ok := constString(expr)
	if !ok {
		a.Partial = true
		return nil
	}
	return b.bunSetText(a, s, args)
}

func (b *builder) bunSetText(a *Access, s string, args []ssa.Value) []Binding {
	st := sqltext.Parse("UPDATE t SET " + s)
	var out []Binding
	for _, x := range st.Set {
		bd := exprBinding(x.Column, "=", x.Value, func(p sqltext.Param) Ref {
			if p.Index >= 0 && p.Index < len(args) && args[p.Index] != nil {
				return b.resolveRef(refOf(args[p.Index]))
			}
			return Ref{}
		})
		bd.Class = x.Class
		out = append(out, bd)
	}
	if st.Partial || len(st.Set) == 0 {
		a.Partial = true
	}
	return out
}

func onlyColumns(bs []Binding, cols []string) []Binding {
	var out []Binding
	for _, bd := range bs {
		if contains(cols, bd.Column) {
			out = append(out, bd)
		}
	}
	return out
}

func dropPrimary(bs []Binding, fields []gormField) []Binding {
	for _, f := range fields {
		if f.primary {
			bs = dropColumn(bs, f.column)
		}
	}
	return bs
}

// bunTable returns a model's table: the table option of its embedded
// bun.BaseModel's tag, else bun's default (the snake_case plural of the
// type's name).
func bunTable(n *types.Named, st *types.Struct) string {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Anonymous() || typeName(f.Type()) != apis.BunBaseModel {
			continue
		}
		for _, opt := range strings.Split(reflect.StructTag(st.Tag(i)).Get("bun"), ",") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(opt), "table:"); ok && t != "" {
				if j := strings.LastIndexByte(t, '.'); j >= 0 {
					t = t[j+1:]
				}
				return strings.ToLower(t)
			}
		}
	}
	return plural(snakeCase(n.Obj().Name()))
}

// bunAlias returns a model's alias: the alias option of its embedded
// bun.BaseModel's tag, else bun's default (the snake_case of the type's
// name, singular).
func bunAlias(n *types.Named, st *types.Struct) string {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Anonymous() || typeName(f.Type()) != apis.BunBaseModel {
			continue
		}
		for _, opt := range strings.Split(reflect.StructTag(st.Tag(i)).Get("bun"), ",") {
			if a, ok := strings.CutPrefix(strings.TrimSpace(opt), "alias:"); ok && a != "" {
				return strings.ToLower(a)
			}
		}
	}
	return snakeCase(n.Obj().Name())
}

// bunFields lists a bun model's columns: the tag's name, else the
// snake_case field name; pk and unique options; embedded structs
// flattened; bun.BaseModel, "-" and relations skipped.
func bunFields(st *types.Struct) []gormField {
	var out []gormField
	var walk func(st *types.Struct, prefix []string, depth int)
	walk = func(st *types.Struct, prefix []string, depth int) {
		if depth > 4 {
			return
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if typeName(f.Type()) == apis.BunBaseModel {
				continue
			}
			tag := reflect.StructTag(st.Tag(i)).Get("bun")
			parts := strings.Split(tag, ",")
			name := strings.TrimSpace(parts[0])
			if name == "-" || !f.Exported() && !f.Anonymous() {
				continue
			}
			opts := map[string]string{}
			for _, p := range parts[1:] {
				k, v, _ := strings.Cut(strings.TrimSpace(p), ":")
				opts[k] = v
			}
			if _, rel := opts["rel"]; rel {
				continue
			}
			if _, m2m := opts["m2m"]; m2m {
				continue
			}
			path := append(append([]string(nil), prefix...), f.Name())
			if f.Anonymous() || strings.HasPrefix(name, "embed:") {
				if inner, ok := structOf(f.Type()); ok && !isScannerType(f.Type()) {
					walk(inner, path, depth+1)
					continue
				}
			}
			if strings.HasPrefix(name, "embed:") {
				continue
			}
			col := name
			if col == "" {
				col = snakeCase(f.Name())
			}
			_, pk := opts["pk"]
			_, uniq := opts["unique"]
			out = append(out, gormField{
				column:  strings.ToLower(col),
				path:    path,
				primary: pk,
				version: f.Name() == "Version",
				unique:  uniq,
				index:   opts["unique"],
				typ:     f.Type(),
			})
		}
	}
	walk(st, nil, 0)
	return out
}
