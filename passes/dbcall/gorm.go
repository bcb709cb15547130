package dbcall

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// gormMethod reports a call of a method of *gorm.DB and its name.
func gormMethod(call *ssa.CallCommon) (string, bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.GormPkg && f.Pkg().Path() != apis.GormV1Pkg {
		return "", false
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || typeName(sig.Recv().Type()) != "*"+f.Pkg().Path()+".DB" {
		return "", false
	}
	return f.Name(), true
}

// IsGormChain reports whether v is a call of a chain method of *gorm.DB
// (Where, Model, Clauses, ...), and returns the receiver it refines.
func IsGormChain(v ssa.Value) (recv ssa.Value, ok bool) {
	call, isCall := unwrap(v).(*ssa.Call)
	if !isCall {
		return nil, false
	}
	name, isGorm := gormMethod(&call.Call)
	if !isGorm || apis.GormMethods[name].Role != apis.GormChain {
		return nil, false
	}
	return ssautil.Receiver(&call.Call), true
}

// GormRoot returns the handle a gorm chain starts from: the *gorm.DB value
// below every chain call (db in db.WithContext(ctx).Where(...)).
func GormRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 64; i++ {
		recv, ok := IsGormChain(v)
		if !ok {
			return unwrap(v)
		}
		v = recv
	}
	return unwrap(v)
}

type gormCall struct {
	name string
	args []ssa.Value
}

// gormChainOf returns the gorm chain calls that produced recv, innermost
// last, and the value the chain starts from.
func gormChainOf(recv ssa.Value) ([]gormCall, ssa.Value) {
	var chain []gormCall
	for i := 0; i < 64; i++ {
		c, ok := unwrap(recv).(*ssa.Call)
		if !ok {
			break
		}
		n, ok := gormMethod(&c.Call)
		if !ok || apis.GormMethods[n].Role != apis.GormChain {
			break
		}
		chain = append(chain, gormCall{name: n, args: ssautil.CallArgs(&c.Call)})
		recv = ssautil.Receiver(&c.Call)
	}
	return chain, recv
}

// gormPhiChain follows a chain value built on several paths (q :=
// db.Model(m); if len(cond) > 0 { q = q.Where(cond[0], cond[1:]...) }):
// when every edge of the phi is the same value, or chain calls on it, the
// chain goes on from that value. Calls only some paths make are kept when
// each is a Where of a fragment the caller gives (a parameter, or an
// element of a variadic one: the caller's argument decides which path
// runs, and the longest applies what it gives); otherwise they are
// dropped and the access is partial. after is the chain already walked,
// innermost last. It walks no phi of phis.
func gormPhiChain(phi *ssa.Phi, after []gormCall) (chain []gormCall, root ssa.Value, partial bool) {
	// Each edge's values down its chain, outermost first.
	walk := func(v ssa.Value) []ssa.Value {
		out := []ssa.Value{unwrap(v)}
		for i := 0; i < 64; i++ {
			c, ok := unwrap(v).(*ssa.Call)
			if !ok {
				break
			}
			if n, ok := gormMethod(&c.Call); !ok || apis.GormMethods[n].Role != apis.GormChain {
				break
			}
			v = ssautil.Receiver(&c.Call)
			out = append(out, unwrap(v))
		}
		return out
	}
	var edges [][]ssa.Value
	for _, e := range phi.Edges {
		edges = append(edges, walk(e))
	}
	// The common value: the first of edge 0's that every edge reaches.
	var base ssa.Value
	var at []int // index of base in each edge
	for _, v := range edges[0] {
		at = at[:0]
		for _, e := range edges {
			k := slices.Index(e, v)
			if k < 0 {
				break
			}
			at = append(at, k)
		}
		if len(at) == len(edges) {
			base = v
			break
		}
	}
	if base == nil {
		return after, phi, false
	}
	var longest []gormCall
	for i, e := range edges {
		extra, _ := gormChainOf(e[0])
		extra = extra[:at[i]]
		for _, g := range extra {
			if g.name != "Where" || len(g.args) == 0 || !paramFrag(g.args[0]) {
				partial = true
			}
		}
		if len(extra) > len(longest) || len(extra) == len(longest) && len(extra) > 0 && len(extra[0].args) > len(longest[0].args) {
			longest = extra
		}
	}
	if partial {
		longest = nil
	}
	rest, root := gormChainOf(base)
	chain = append(append(append([]gormCall(nil), after...), longest...), rest...)
	return chain, root, partial
}

// paramFrag reports a Where query that is a parameter of its function, or
// an element of a variadic parameter (cond[0] of cond ...any).
func paramFrag(v ssa.Value) bool {
	v = unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if ia, ok := ld.X.(*ssa.IndexAddr); ok {
			v = ia.X
		}
	}
	p, ok := v.(*ssa.Parameter)
	return ok && p.Parent() != nil
}

// gormAccess assembles a gorm method chain ending in a finisher into the
// statement it runs:
//
//	db.WithContext(ctx).Where("email = ?", e).First(&u)   → select users where email = e
//	db.Model(&p).Update("views", p.Views+1)               → update posts set views = ... where id = p.ID
//	db.Clauses(clause.OnConflict{DoNothing: true}).Create(&u)
func (b *builder) gormAccess(fn *ssa.Function, call ssa.CallInstruction, name string) []*Access {
	role := apis.GormMethods[name]
	if role.Role != apis.GormFinisher && role.Role != apis.GormRowsRead {
		return nil
	}
	common := call.Common()
	finisher := gormCall{name: name, args: ssautil.CallArgs(common)}
	lib := gormLib(common)
	if lib == apis.LibGormV1 {
		role = gormV1Finisher(&finisher, role)
	}
	chain, recv := gormChainOf(ssautil.Receiver(common))
	phiPartial := false
	if phi, ok := unwrap(recv).(*ssa.Phi); ok {
		// q = q.Where(...) under an if: the chain before the phi.
		chain, recv, phiPartial = gormPhiChain(phi, chain)
	}
	handle := b.resolveRef(refOf(recv))
	arg := func(c gormCall, i int) ssa.Value {
		if i >= 0 && i < len(c.args) {
			return c.args[i]
		}
		return nil
	}

	// Raw SQL: Raw(...).Scan/Row/Rows/Find, or Exec(...).
	var raw *gormCall
	for i := range chain {
		if chain[i].name == "Raw" {
			raw = &chain[i]
		}
	}
	if name == "Exec" {
		raw = &finisher
	}
	if raw != nil {
		t := b.resolveText(arg(*raw, 0))
		stmt := sqltext.Parse(t.s)
		var bound []ssa.Value
		if v := arg(*raw, 1); v != nil {
			bound, _ = variadicArgs(v)
		}
		var named ssa.Value
		if len(bound) == 1 {
			if _, isMap := bound[0].Type().Underlying().(*types.Map); isMap {
				named = bound[0]
			}
		}
		accs := b.fromStmt(fn, call, stmt, bound, named)
		for _, a := range accs {
			a.Lib = lib
			a.Handle = handle
			a.Partial = a.Partial || strings.Contains(t.s, sqltext.Hole)
			if a.Kind == KindRead {
				if v := arg(finisher, role.Value); v != nil {
					b.destInto(a, v, isSliceDest(v))
				}
			}
			b.gormResults(a, call, finisher, role)
		}
		return accs
	}

	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: lib, Handle: handle, RowsReturned: -1, ResultReturned: -1, Method: name, Partial: phiPartial}
	var model, onConflict ssa.Value
	table := ""
	var selected, omitted *columnSet
	sumAlias := "" // the column a Select("SUM(amount) AS total") names
	for _, c := range chain {
		switch c.name {
		case "Select":
			selected = gormColumnArgs(c.args)
			if s, ok := constString(arg(c, 0)); ok {
				sumAlias = gormSum(s)
			}
		case "Omit":
			omitted = gormColumnArgs(c.args)
		case "Model":
			model = arg(c, 0)
		case "Table":
			if s, ok := constString(arg(c, 0)); ok {
				table = strings.ToLower(strings.Fields(s + " ")[0])
				if i := strings.LastIndexByte(table, '.'); i >= 0 {
					table = table[i+1:]
				}
			} else {
				a.Partial = true
			}
		case "Where":
			b.gormWhere(a, arg(c, 0), arg(c, 1), true)
		case "Not", "Or":
			a.Where = append(a.Where, Binding{Expr: c.name})
		case "Clauses":
			if oc := b.gormClauses(a, arg(c, 0)); oc != nil {
				onConflict = oc
			}
		case "Set":
			if lib == apis.LibGormV1 {
				b.gormV1Option(a, arg(c, 0), arg(c, 1))
			}
		}
	}
	value := arg(finisher, role.Value)
	if model == nil {
		model = value
	}
	if table == "" && model != nil {
		table = b.modelTable(unwrap(model).Type(), b.gormTable)
	}
	a.Table = table
	markTableType(a, model, namingGorm)
	var fields []gormField
	if model != nil {
		if n := modelType(unwrap(model).Type()); n != nil {
			if st, ok := n.Underlying().(*types.Struct); ok {
				fields = gormFields(st)
			}
		}
	}
	a.ModelUniques = modelUniques(fields)
	if onConflict != nil {
		a.Upsert = b.gormOnConflict(onConflict, table)
		a.Conflict = a.Upsert.Action
		a.ConflictTarget = a.Upsert.Target
		if v := arg(finisher, role.Value); v != nil && isFreshLiteral(v) {
			a.Upsert.Fresh = true
			// gorm leaves a zero integer primary key to the database
			// (auto-increment).
			for _, f := range fields {
				if bt, ok := f.typ.Underlying().(*types.Basic); ok && bt.Info()&types.IsInteger != 0 && f.primary && storedField(v, f.path) == nil {
					a.Upsert.Defaulted = append(a.Upsert.Defaulted, f.column)
				}
			}
		}
	}
	if u := a.Upsert; u != nil && u.UpdateAll {
		// gorm updates every column but the primary key and the
		// creation time.
		for _, f := range fields {
			if !f.primary && f.column != "created_at" {
				u.UpdateAllColumns = append(u.UpdateAllColumns, f.column)
			}
		}
	}
	if u := a.Upsert; u != nil && u.UpdateAll && u.Target == nil && u.Constraint == "" && u.Action == sqltext.ConflictDoUpdate {
		// gorm targets the primary key.
		for _, f := range fields {
			if f.primary {
				u.Target = append(u.Target, f.column)
			}
		}
		a.ConflictTarget = u.Target
	}
	for _, f := range fields {
		if f.version {
			a.VersionColumn = f.column
			a.OptimisticLock = strings.HasSuffix(typeName(f.typ), "optimisticlock.Version")
		}
	}
	if role.Conds >= 0 {
		if v := arg(finisher, role.Conds); v != nil {
			if conds, ok := variadicArgs(v); ok && len(conds) > 0 {
				if _, isStr := constString(conds[0]); isStr {
					rest := conds[1:]
					b.gormWhereArgs(a, conds[0], rest)
				} else if isBasic(conds[0].Type()) {
					// First(&u, 10): the primary key.
					a.Where = append(a.Where, Binding{Column: primaryColumn(fields), Op: "=", Value: b.resolveRef(refOf(conds[0]))})
				} else {
					b.gormWhere(a, conds[0], nil, false)
				}
			}
		}
	}
	switch role.Kind {
	case "select", "count":
		a.Kind = KindRead
		a.Count = role.Kind == "count"
		if name == "Pluck" {
			if col, ok := constString(arg(finisher, 0)); ok {
				a.Reads = []ColumnRead{{Column: strings.ToLower(col)}}
			}
		}
		if value != nil && !a.Count {
			slice := isSliceDest(value)
			if col, ok := selected.single(); ok && len(a.Reads) == 0 && !slice && !isStructDest(value) {
				// Model(&User{}).Select("quota").Find(&quota): one column
				// into a scalar.
				a.Reads = []ColumnRead{{Column: col, Dest: refOf(value), Addr: true}}
			}
			if len(a.Reads) == 0 && len(fields) > 0 && !slice {
				for _, f := range fields {
					a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(unwrap(value), f.path), Addr: true})
				}
			} else if len(a.Reads) == 1 {
				a.Reads[0].Dest, a.Reads[0].Addr = refOf(value), true
			}
		}
		if a.Count && value != nil {
			a.Reads = []ColumnRead{{Column: "count", Dest: refOf(value), Addr: true}}
		}
		if sumAlias != "" && value != nil && !a.Count {
			a.Sum = true
			a.Reads = sumReads(value, sumAlias)
			selected = nil // the aggregate's alias, not a column of the model
		}
		if role.Op == apis.OpGet && name != "FirstOrInit" {
			a.Reads = limitOne(a.Reads)
		}
	case "insert":
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, value, fields, false)
	case "firstorcreate":
		// FirstOrCreate runs a SELECT and, when it finds nothing, an
		// INSERT: a check-then-insert inside gorm.
		read := *a
		read.Kind = KindRead
		read.Found = Outcome{}
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, value, fields, false)
		// gorm inserts the conditions' values with the model's.
		for _, w := range read.Where {
			if _, dup := a.SetColumn(w.Column); !dup && w.Column != "" && w.Op == "=" {
				a.Set = append(a.Set, Binding{Column: w.Column, Op: "=", Class: sqltext.AssignParam, Value: w.Value, Const: w.Const})
			}
		}
		a.Where = nil
		a.CheckedBy = &read
		b.gormResults(&read, call, finisher, role)
		b.gormResults(a, call, finisher, role)
		return []*Access{&read, a}
	case "save":
		a.Kind = KindUpdate
		a.Saves = true
		if isFreshLiteral(value) && !storesField(value, fields, true) {
			a.Kind = KindInsert
		}
		a.Set = b.gormValues(a.Call, value, fields, a.Kind == KindUpdate)
		if a.Kind == KindUpdate {
			b.gormPrimaryWhere(a, value, fields)
		}
	case "update":
		a.Kind = KindUpdate
		if role.Column >= 0 {
			if col, ok := constString(arg(finisher, role.Column)); ok {
				a.Set = append(a.Set, b.gormAssign(strings.ToLower(col), arg(finisher, role.ColValue)))
			}
		} else if v := arg(finisher, role.Value); v != nil {
			a.Set = b.gormUpdates(a.Call, v)
			if _, isMap := unwrap(v).Type().Underlying().(*types.Map); !isMap && selected == nil {
				// Updates(struct) writes the non-zero fields only
				// (a Select writes the fields it names, zero or not).
				for i := range a.Set {
					a.Set[i].OmitZero = true
				}
			}
		}
		b.gormPrimaryWhere(a, model, fields)
	case "delete":
		a.Kind = KindDelete
		b.gormPrimaryWhere(a, value, fields)
	default:
		a.Kind = KindOther
	}
	if a.Kind == KindUpdate || a.Kind == KindRead && !a.Count {
		a.Set = selected.filter(a.Set, true)
		a.Set = omitted.filter(a.Set, false)
		a.Reads = selected.filterReads(a.Reads)
	}
	if a.OptimisticLock && (a.Kind == KindUpdate) {
		// gorm.io/plugin/optimisticlock adds "AND version = <old>" and
		// "version = version + 1" to updates of the model.
		if _, ok := a.WhereColumn(a.VersionColumn); !ok {
			a.Where = append(a.Where, Binding{Column: a.VersionColumn, Op: "=", Expr: "optimisticlock"})
		}
		a.Set = append(dropColumn(a.Set, a.VersionColumn), Binding{Column: a.VersionColumn, Op: "=", Class: sqltext.AssignAtomic, Expr: a.VersionColumn + " + 1"})
	}
	b.gormResults(a, call, finisher, role)
	if a.Sum {
		a.Found = Outcome{} // one row whatever matched: no presence test
	}
	return []*Access{a}
}

// modelUniques groups a model's unique columns: the primary key, each
// unique or unnamed uniqueIndex field alone, and named uniqueIndex groups.
func modelUniques(fields []gormField) [][]string {
	var out [][]string
	var pk []string
	groups := map[string][]string{}
	var order []string
	for _, f := range fields {
		if f.primary {
			pk = append(pk, f.column)
		}
		if !f.unique {
			continue
		}
		name := f.index
		if i := strings.IndexByte(name, ','); i >= 0 {
			name = name[:i]
		}
		if name == "" {
			out = append(out, []string{f.column})
			continue
		}
		if _, ok := groups[name]; !ok {
			order = append(order, name)
		}
		groups[name] = append(groups[name], f.column)
	}
	for _, n := range order {
		out = append(out, groups[n])
	}
	if len(pk) > 0 {
		out = append(out, pk)
	}
	return out
}

func dropColumn(bs []Binding, col string) []Binding {
	var out []Binding
	for _, b := range bs {
		if b.Column != col {
			out = append(out, b)
		}
	}
	return out
}

func limitOne(r []ColumnRead) []ColumnRead { return r }

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

func isSliceDest(v ssa.Value) bool {
	t := unwrap(v).Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

func primaryColumn(fields []gormField) string {
	for _, f := range fields {
		if f.primary {
			return f.column
		}
	}
	return "id"
}

// gormPrimaryWhere adds the primary-key predicate gorm adds for a model
// with its key set (db.Model(&u).Update(...), db.Save(&u), db.Delete(&u)).
func (b *builder) gormPrimaryWhere(a *Access, model ssa.Value, fields []gormField) {
	if model == nil {
		return
	}
	for _, f := range fields {
		if f.primary {
			// gorm adds the key only when it is set: not for Model(&T{}).
			if isFreshLiteral(model) && storedField(model, f.path) == nil {
				return
			}
			if _, dup := a.WhereColumn(f.column); !dup {
				ref := fieldRef(unwrap(model), f.path)
				if v := storedField(model, f.path); v != nil {
					ref = refOf(v)
				}
				a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(ref)})
			}
			return
		}
	}
}

// gormWhere adds the predicates of Where(query, args...): a condition string
// with ? placeholders, a struct (non-zero fields), or a map. With
// withPrimary (a Where of the chain, not FirstOrCreate's conditions), a
// struct the caller gives matches on its primary key too.
func (b *builder) gormWhere(a *Access, query, args ssa.Value, withPrimary bool) {
	if query == nil {
		return
	}
	if _, ok := constString(query); ok {
		var bound []ssa.Value
		if args != nil {
			bound, _ = variadicArgs(args)
		}
		b.gormWhereArgs(a, query, bound)
		return
	}
	q := unwrap(query)
	if _, isMap := q.Type().Underlying().(*types.Map); isMap || isDerefMap(q) {
		for _, kv := range mapLiteral(q) {
			a.Where = append(a.Where, Binding{Column: strings.ToLower(kv.key), Op: "=", Value: b.resolveRef(refOf(kv.value))})
		}
		return
	}
	if n := modelType(q.Type()); n != nil {
		if st, ok := n.Underlying().(*types.Struct); ok {
			// The caller's struct (FirstOrCreate(d, *d) in a method of
			// d, Where(&attrs) in FindOne(attrs User)): gorm matches its
			// non-zero fields, which the caller filled in; each is bound
			// to the parameter's field, and dropped at a caller whose
			// literal leaves it zero (FindOne(User{ID: id}) looks up
			// by id alone). In FirstOrCreate's conditions the primary
			// key is the row's, made by the insert.
			given := false
			switch literalOf(q).(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				given = true
			}
			for _, f := range gormFields(st) {
				if v := storedField(q, f.path); v != nil {
					a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(refOf(v))})
				} else if given && (!f.primary || withPrimary) && !f.auto && !gormAutoTime(f.path) {
					a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: fieldRef(q, f.path), OmitZero: true})
				}
			}
			return
		}
	}
	if b.whereFragParam(a, query, args) {
		return
	}
	if s, ok := constString(query); !ok || s == "" {
		a.Partial = true
	}
}

// whereFragParam records Where(query, args...) whose query is a parameter
// of the function (a where-fragment helper), and reports whether it did.
// The access stays Partial here; a caller that gives the text knows the
// conditions.
func (b *builder) whereFragParam(a *Access, query, args ssa.Value) bool {
	fr := whereFrag{args: args}
	q := unwrap(query)
	if ld, ok := q.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// cond[0] of cond ...any: the first argument the caller gives.
		if ia, ok := ld.X.(*ssa.IndexAddr); ok {
			if k, ok := ia.Index.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
				if n, exact := constant.Int64Val(k.Value); exact && n >= 0 && n < 8 {
					q, fr.elem = ia.X, int(n)+1
				}
			}
		}
	}
	p, ok := q.(*ssa.Parameter)
	if !ok || p.Parent() != a.Fn || fr.elem > 0 && !a.Fn.Signature.Variadic() {
		return false
	}
	fr.text = p
	if sl, ok := unwrap(args).(*ssa.Slice); ok && sl.X == ssa.Value(p) && fr.elem > 0 && sl.High == nil && sl.Max == nil {
		// cond[1:]: the arguments the caller gives after the text.
		if k, ok := sl.Low.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(k.Value); exact && int(n) == fr.elem {
				fr.args, fr.from = p, int(n)+1
			}
		}
	}
	if fr.elem > 0 && args != nil && !isNil(args) && fr.from == 0 {
		return false
	}
	if len(a.frags) == 0 {
		a.fragsOnly = !a.Partial
	}
	a.frags = append(a.frags, fr)
	a.Partial = true
	return true
}

// gormAutoTime reports the fields gorm fills in itself by their names
// (CreatedAt and UpdatedAt on create, DeletedAt for soft deletes), which a
// condition struct leaves zero.
func gormAutoTime(path []string) bool {
	switch path[len(path)-1] {
	case "CreatedAt", "UpdatedAt", "DeletedAt":
		return true
	}
	return false
}

func isDerefMap(v ssa.Value) bool {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		_, isMap := ld.Type().Underlying().(*types.Map)
		return isMap
	}
	return false
}

func (b *builder) gormWhereArgs(a *Access, query ssa.Value, bound []ssa.Value) {
	s, _ := constString(query)
	// gorm reads a bare column name with one argument as column = value
	// (Where("id", id)): no placeholder, no named parameter, no space.
	if t := strings.TrimSpace(s); t != "" && len(bound) == 1 && !strings.ContainsAny(t, "?@ ()=<>") {
		col := strings.ToLower(strings.Trim(t[strings.LastIndex(t, ".")+1:], "`\""))
		a.Where = append(a.Where, Binding{Column: col, Op: "=", Value: b.resolveRef(refOf(bound[0]))})
		return
	}
	frag := sqltext.ParseCondition(s)
	for _, c := range frag.Conds {
		a.Where = append(a.Where, condBinding(c, func(p sqltext.Param) Ref {
			if p.Index >= 0 && p.Index < len(bound) && bound[p.Index] != nil {
				return b.resolveRef(refOf(bound[p.Index]))
			}
			if p.Name != "" && len(bound) == 1 {
				return b.resolveRef(namedValue(bound[0], p.Name))
			}
			return Ref{}
		}))
	}
	if frag.Partial {
		a.Partial = true
	}
}

// gormClauses reads clause.Locking arguments, and returns the last
// clause.OnConflict (nil when none), which gormOnConflict reads once the
// table is known.
func (b *builder) gormClauses(a *Access, args ssa.Value) (onConflict ssa.Value) {
	vals, _ := variadicArgs(args)
	for _, v := range vals {
		switch typeName(unwrap(v).Type()) {
		case apis.GormClauseLocking, "*" + apis.GormClauseLocking:
			strength, _ := constString(storedFieldByName(v, "Strength"))
			switch strings.ToUpper(strength) {
			case "UPDATE":
				a.Lock = sqltext.LockUpdate
			case "SHARE":
				a.Lock = sqltext.LockShare
			case "NO KEY UPDATE":
				a.Lock = sqltext.LockNoKeyUpdate
			case "KEY SHARE":
				a.Lock = sqltext.LockKeyShare
			default:
				a.Lock = sqltext.LockUpdate
			}
			opts, _ := constString(storedFieldByName(v, "Options"))
			a.LockOptions = strings.ToUpper(opts)
		case apis.GormClauseOnConflict, "*" + apis.GormClauseOnConflict:
			onConflict = v
		}
	}
	return onConflict
}

// gormAssign binds Update("col", v): v is a Go value, or gorm.Expr("col +
// ?", n), which the database computes.
func (b *builder) gormAssign(col string, v ssa.Value) Binding {
	bd := Binding{Column: col, Op: "=", Class: sqltext.AssignParam}
	if v == nil {
		bd.Class = sqltext.AssignOther
		return bd
	}
	if call, ok := unwrap(v).(*ssa.Call); ok && isGormExpr(analysisutil.FuncName(&call.Call)) && len(call.Call.Args) > 0 {
		s, _ := constString(call.Call.Args[0])
		frag := sqltext.ParseExpr(s)
		bd.Expr = s
		bd.Class = sqltext.AssignOther
		for _, ref := range frag.Expr.Refs {
			if ref == col {
				bd.Class = sqltext.AssignAtomic
			}
		}
		if len(call.Call.Args) > 1 {
			if vals, ok := variadicArgs(call.Call.Args[1]); ok && len(vals) > 0 && vals[0] != nil {
				bd.Value = b.resolveRef(refOf(vals[0]))
			}
		}
		return bd
	}
	if c, ok := unwrap(v).(*ssa.Const); ok {
		bd.Class = sqltext.AssignConst
		if c.Value != nil {
			bd.Const = c.Value.ExactString()
		} else {
			bd.Const = "NULL"
		}
		return bd
	}
	bd.Value = b.resolveRef(refOf(v))
	return bd
}

// gormUpdates binds Updates(map[string]any{...}) and Updates(struct).
func (b *builder) gormUpdates(at ssa.Instruction, v ssa.Value) []Binding {
	q := unwrap(v)
	if _, isMap := q.Type().Underlying().(*types.Map); isMap {
		var out []Binding
		for _, kv := range mapLiteral(q) {
			out = append(out, b.gormAssign(strings.ToLower(kv.key), kv.value))
		}
		return out
	}
	if n := modelType(q.Type()); n != nil {
		if st, ok := n.Underlying().(*types.Struct); ok {
			return b.gormValues(at, q, gormFields(st), true)
		}
	}
	return nil
}

// gormValues binds the fields of a model written at the call at by
// Create/Save/Updates: for a composite literal, the fields it sets; for a
// loaded model, every field (Save writes them all), bound to the model's
// field. When the whole model is written, a field stored on some paths
// only (if p.Labels == nil { p.Labels = make(map[string]string) } after
// the read that filled p) holds at the write either that value or the one
// before it: the field, not the store.
func (b *builder) gormValues(at ssa.Instruction, v ssa.Value, fields []gormField, whole bool) []Binding {
	if v == nil {
		return nil
	}
	base := unwrap(v)
	// A model the caller gave (func (u *User) Insert() { ...; db.Create(u) })
	// is inserted with the fields the caller filled in: each is bound to
	// the parameter's field, which a call's summary binds to the caller's
	// value.
	given := false
	switch literalOf(base).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		given = !whole
	}
	var out []Binding
	for _, f := range fields {
		if f.primary && !whole {
			if sv := storedField(base, f.path); sv != nil {
				out = append(out, Binding{Column: f.column, Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(refOf(sv))})
			} else if given {
				// The caller's key (&User{ID: name}), which gorm
				// inserts when it is not zero; left to the database
				// (an auto-increment) at a caller that leaves it zero.
				out = append(out, Binding{Column: f.column, Op: "=", Class: sqltext.AssignParam, Value: fieldRef(base, f.path), OmitZero: true})
			}
			continue
		}
		st := storedFieldInstr(base, f.path)
		if st != nil && whole && at != nil && st.Parent() == at.Parent() && !dominates(st, at) {
			st = nil
		}
		if st != nil {
			sv := st.Val
			bd := Binding{Column: f.column, Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(refOf(sv))}
			if c, ok := unwrap(sv).(*ssa.Const); ok {
				bd.Class = sqltext.AssignConst
				if c.Value != nil {
					bd.Const = c.Value.ExactString()
				}
				bd.ConstName = b.storedConstName(base, f.path)
				bd.Value = Ref{}
			}
			out = append(out, bd)
			continue
		}
		if whole || given {
			out = append(out, Binding{Column: f.column, Op: "=", Class: sqltext.AssignParam, Value: fieldRef(base, f.path)})
		}
	}
	return out
}

// storedField returns the value stored into a field (by path) of a local or
// composite literal, when it is stored exactly once.
func storedField(base ssa.Value, path []string) ssa.Value {
	if st := storedFieldInstr(base, path); st != nil {
		return st.Val
	}
	return nil
}

// storedConstName returns the Go name of the named constant stored, once,
// into a field (by path) of base (m.Status = MemberStatusRemoved), read
// from the assignment's syntax: SSA keeps only the constant's value.
func (b *builder) storedConstName(base ssa.Value, path []string) string {
	st := storedFieldInstr(base, path)
	if st == nil || !st.Pos().IsValid() {
		return ""
	}
	pos := st.Pos()
	for _, f := range b.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		nodes, _ := astutil.PathEnclosingInterval(f, pos, pos)
		for _, n := range nodes {
			switch n := n.(type) {
			case *ast.KeyValueExpr: // T{Status: MemberStatusRemoved}
				return b.constName(n.Value)
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return ""
				}
				for i, l := range n.Lhs {
					if l.Pos() <= pos && pos < l.End() {
						return b.constName(n.Rhs[i])
					}
				}
				return ""
			}
		}
		return ""
	}
	return ""
}

// constName returns the name of the named constant e is, if it is one.
func (b *builder) constName(e ast.Expr) string {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	if id == nil {
		return ""
	}
	if c, ok := b.pass.TypesInfo.Uses[id].(*types.Const); ok {
		return c.Name()
	}
	return ""
}

// storedFieldInstr is storedField's store instruction.
func storedFieldInstr(base ssa.Value, path []string) *ssa.Store {
	v := literalOf(base)
	if st := storedFieldFrom(v, path); st != nil {
		return st
	}
	// A variable initialized from a literal whose other fields are set
	// later (acct := Account{Forge: login}; acct.Login = ...): a field the
	// variable never has stored holds the literal's.
	if whole := soleStore(v); whole != nil && len(path) > 0 && !fieldHasStore(v, path[0]) {
		if ld, ok := unwrap(whole).(*ssa.UnOp); ok && ld.Op == token.MUL && isComplit(ld.X) {
			if st := storedFieldFrom(ld.X, path); st != nil {
				return st
			}
		}
	}
	// A pointer held in a variable (a parameter a closure captures,
	// token.Revoked = true in the closure that writes token): the store
	// goes through one load of it, the write through another.
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok || v.Referrers() == nil {
		return nil
	}
	if _, ok := p.Elem().Underlying().(*types.Pointer); !ok {
		return nil
	}
	var found *ssa.Store
	for _, r := range *v.Referrers() {
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		if st := storedFieldFrom(ld, path); st != nil {
			if found != nil && found != st {
				return nil
			}
			found = st
		}
	}
	return found
}

// fieldHasStore reports whether the field name of the local v is stored.
func fieldHasStore(v ssa.Value, name string) bool {
	if v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fieldName(fa.X.Type(), fa.Field) != name || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				return true
			}
		}
	}
	return false
}

// storedFieldFrom is storedFieldInstr below the address v.
func storedFieldFrom(v ssa.Value, path []string) *ssa.Store {
	for i, name := range path {
		var next ssa.Value
		refs := v.Referrers()
		if refs == nil {
			return nil
		}
		if i == 0 {
			refs = withAsserted(refs)
		}
		for _, r := range *refs {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fieldName(fa.X.Type(), fa.Field) != name {
				continue
			}
			if i == len(path)-1 {
				return uniqueStoreInstr(fa)
			}
			next = fa
			break
		}
		if next == nil {
			return nil
		}
		v = next
	}
	return nil
}

// withAsserted adds, to the referrers of an interface holding a model,
// those of its assertions to the model's pointer (r := obj.(*T); r.Name =
// name stores into the model obj holds, as gorp's Get returns it).
func withAsserted(refs *[]ssa.Instruction) *[]ssa.Instruction {
	var out []ssa.Instruction
	for _, r := range *refs {
		ta, ok := r.(*ssa.TypeAssert)
		if !ok || ta.CommaOk {
			continue
		}
		if _, ptr := ta.AssertedType.Underlying().(*types.Pointer); !ptr {
			continue
		}
		if more := ta.Referrers(); more != nil {
			if out == nil {
				out = append(out, *refs...)
			}
			out = append(out, *more...)
		}
	}
	if out == nil {
		return refs
	}
	return &out
}

// literalOf returns the address whose fields hold a struct value: the
// composite literal a variable was initialized from (f := T{...}; use(&f)),
// or the variable itself.
func literalOf(v ssa.Value) ssa.Value {
	v = unwrap(v)
	for i := 0; i < 4; i++ {
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
			continue
		}
		switch v.(type) {
		case *ssa.Alloc, *ssa.FreeVar, *ssa.Parameter:
			// A variable assigned once as a whole (u = User{...}),
			// possibly captured by a closure.
			if !hasFieldStores(v) {
				if st := soleStore(v); st != nil {
					v = unwrap(st)
					continue
				}
			}
		}
		// A model built before a transaction callback that captures it
		// and writes it (upd := &User{Avatar: ""}; inTx(func(s) {
		// s.ID(id).Update(upd) })): its fields are those of the literal
		// the captured variable holds, when the closure is made once and
		// stores no field of it.
		if fv, ok := v.(*ssa.FreeVar); ok {
			if lit := capturedLiteral(fv); lit != nil {
				v = lit
				continue
			}
		}
		break
	}
	return v
}

// capturedLiteral returns the composite literal a closure's free variable
// holds: the variable bound where the closure is made (its one
// MakeClosure) was assigned the literal once, and the closure stores no
// field of it, directly or through a load of the variable.
func capturedLiteral(fv *ssa.FreeVar) ssa.Value {
	if hasFieldStores(fv) {
		return nil
	}
	if fv.Referrers() != nil {
		for _, r := range *fv.Referrers() {
			if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL && hasFieldStores(ld) {
				return nil
			}
		}
	}
	bound := unwrap(ssautil.ClosureBinding(fv))
	if box, ok := bound.(*ssa.Alloc); ok && !isComplit(box) {
		bound = unwrap(soleStore(box)) // a variable captured by reference
	}
	if !isComplit(bound) {
		return nil
	}
	return bound
}

func storedFieldByName(v ssa.Value, name string) ssa.Value {
	return storedField(v, []string{name})
}

// storesField reports whether any (primary when primary is set) field of
// the model is stored in this function.
func storesField(v ssa.Value, fields []gormField, primary bool) bool {
	for _, f := range fields {
		if primary && !f.primary {
			continue
		}
		if storedField(v, f.path) != nil {
			return true
		}
	}
	return false
}

// isFreshLiteral reports a model built here (&User{...} or a local
// composite literal) rather than loaded or received.
func isFreshLiteral(v ssa.Value) bool {
	if v == nil {
		return false
	}
	a, ok := literalOf(v).(*ssa.Alloc)
	return ok && strings.Contains(a.Comment, "complit") && !filledByRead(a)
}

// filledByRead reports a composite literal that a read fills (app :=
// &App{}; db.First(app)): a loaded row, no longer a fresh one.
func filledByRead(a *ssa.Alloc) bool {
	var uses []ssa.Instruction
	if refs := a.Referrers(); refs != nil {
		for _, r := range *refs {
			uses = append(uses, r)
			if mi, ok := r.(*ssa.MakeInterface); ok && mi.Referrers() != nil {
				uses = append(uses, *mi.Referrers()...)
				uses = append(uses, variadicCalls(mi)...)
			}
		}
	}
	for _, u := range uses {
		call, ok := u.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if name, ok := gormMethod(call.Common()); ok {
			if m := apis.GormMethods[name]; m.Role == apis.GormFinisher && (m.Kind == "select" || m.Kind == "firstorcreate") {
				return true
			}
			continue
		}
		if m, ok := methodOf(call.Common()); ok && m.Dest >= 0 {
			return true
		}
		if _, kind, ok := xormFinisher(call.Common()); ok && (kind == "select" || kind == "exists") {
			return true
		}
	}
	return false
}

type keyValue struct {
	key   string
	value ssa.Value
}

// mapLiteral returns the constant-keyed entries stored into a map.
func mapLiteral(v ssa.Value) []keyValue {
	v = unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	var out []keyValue
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if k, ok := constString(up.Key); ok {
					out = append(out, keyValue{k, up.Value})
				}
			}
		}
	}
	return out
}

// gormResults binds the Error and RowsAffected fields of the *gorm.DB a
// finisher returns.
func (b *builder) gormResults(a *Access, call ssa.CallInstruction, finisher gormCall, role apis.GormMethod) {
	v := call.Value()
	if v == nil {
		return
	}
	a.Err = gormResultField(v, "Error")
	rows := gormResultField(v, "RowsAffected")
	if a.Kind.IsWrite() || a.Kind == KindUnknown || a.Kind == KindOther {
		a.RowsAffected = rows
	}
	if a.Kind != KindRead {
		return
	}
	switch {
	case a.Count:
		if len(a.Reads) == 1 {
			a.Found = Outcome{Signal: SignalCount, Addr: a.Reads[0].Dest.Root}
		}
	case role.Op == apis.OpGet:
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{gormNotFound(a.Lib)}}
		if a.Lib == apis.LibGormV1 {
			gormV1RecordNotFound(a, v)
		}
	case role.Value >= 0 && role.Value < len(finisher.args) && isSliceDest(finisher.args[role.Value]):
		a.Found = Outcome{Signal: SignalLen, Addr: unwrap(finisher.args[role.Value]), Values: rows}
	default:
		if len(rows) > 0 {
			a.Found = Outcome{Signal: SignalCount, Values: rows}
		}
	}
}

// gormResultField returns the loads of the named field of a *gorm.DB value.
func gormResultField(v ssa.Value, name string) []ssa.Value {
	var out []ssa.Value
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fieldName(fa.X.Type(), fa.Field) != name {
				continue
			}
			for _, rr := range *fa.Referrers() {
				if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
					out = append(out, ld)
				}
			}
		}
	}
	return out
}

// modelTable returns the table of a model type: its TableName()
// constant, else byName of the type's name (the library's default naming:
// gormTableName, xorm's snakeCase).
func (b *builder) modelTable(t types.Type, byName func(string) string) string {
	n := modelType(t)
	if n == nil {
		return ""
	}
	if name, ok := b.tables[n.Obj()]; ok {
		return name
	}
	if name, ok := b.localTableName(n); ok {
		return name
	}
	return byName(n.Obj().Name())
}

// gormTableName is gorm's default naming of a model's table, and pop's
// (flect's Tableize): snake_case, plural.
func gormTableName(name string) string { return plural(snakeCase(name)) }

// localTableName returns the constant a TableName method of a type of this
// package returns.
func (b *builder) localTableName(n *types.Named) (string, bool) {
	if n.Obj().Pkg() != b.pass.Pkg {
		return "", false
	}
	for i := 0; i < n.NumMethods(); i++ {
		m := n.Method(i)
		if m.Name() != "TableName" {
			continue
		}
		fn := b.ssaPkg.Prog.FuncValue(m)
		if fn == nil {
			continue
		}
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if ret, ok := instr.(*ssa.Return); ok && len(ret.Results) == 1 {
					if s, ok := constString(ret.Results[0]); ok {
						return strings.ToLower(s), true
					}
				}
			}
		}
	}
	return "", false
}

// columnSet is the column list of a gorm Select or Omit: names as written
// (columns or field names), or unknown when an argument is not a constant.
type columnSet struct {
	names   map[string]bool
	unknown bool
	all     bool // Select("*")
	order   []string
}

// single returns the one column a Select names.
func (cs *columnSet) single() (string, bool) {
	if cs == nil || cs.unknown || cs.all || len(cs.order) != 1 {
		return "", false
	}
	return snakeCase(cs.order[0]), true
}

// isStructDest reports a destination that is a struct (or a pointer to
// one) other than a scanner type.
func isStructDest(v ssa.Value) bool {
	t := unwrap(v).Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok && !isScannerType(t)
}

// gormColumnArgs reads Select("a", "b"), Select([]string{"a", "b"}) and
// Omit("a", "b").
func gormColumnArgs(args []ssa.Value) *columnSet {
	cs := &columnSet{names: map[string]bool{}}
	var vals []ssa.Value
	for _, arg := range args {
		if more, ok := variadicArgs(arg); ok {
			vals = append(vals, more...)
			continue
		}
		vals = append(vals, arg)
	}
	for _, v := range vals {
		if v == nil {
			continue
		}
		if s, ok := constString(v); ok {
			for _, name := range strings.Split(s, ",") {
				name = strings.TrimSpace(name)
				if name == "*" {
					cs.all = true
				}
				cs.add(name)
			}
			continue
		}
		if elems, ok := stringSliceLiteral(v); ok {
			for _, name := range elems {
				cs.add(name)
			}
			continue
		}
		cs.unknown = true
	}
	return cs
}

func (cs *columnSet) add(name string) {
	if name == "" {
		return
	}
	cs.order = append(cs.order, strings.ToLower(name))
	cs.names[strings.ToLower(name)] = true
	cs.names[snakeCase(name)] = true
}

// filter keeps the bindings Select names (keep) or drops those Omit names
// (!keep). An unknown Select keeps nothing: the columns written are not
// known.
func (cs *columnSet) filter(bs []Binding, keep bool) []Binding {
	if cs == nil || cs.all && keep {
		return bs
	}
	if cs.unknown {
		if keep {
			return nil
		}
		return bs
	}
	var out []Binding
	for _, b := range bs {
		if cs.names[b.Column] == keep {
			out = append(out, b)
		}
	}
	return out
}

// filterReads keeps the columns a Select names.
func (cs *columnSet) filterReads(rs []ColumnRead) []ColumnRead {
	if cs == nil || cs.all || cs.unknown {
		return rs
	}
	var out []ColumnRead
	for _, r := range rs {
		if cs.names[r.Column] {
			out = append(out, r)
		}
	}
	return out
}

// stringSliceLiteral returns the constant elements of a []string literal.
func stringSliceLiteral(v ssa.Value) ([]string, bool) {
	sl, ok := unwrap(v).(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return nil, false
	}
	var out []string
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				s, ok := constString(st.Val)
				if !ok {
					return nil, false
				}
				out = append(out, s)
			}
		}
	}
	return out, true
}

// SavedAfter reports an insert the library decides with its own lookup
// (CheckedBy: gorm FirstOrCreate) whose error nothing reads, followed in fi
// by a save of the same model (Saves): a request losing the insert race
// goes on as if it had found the row, and the save writes the row by its
// primary key (an update, or an insert when none matched). Created or
// found, the row ends up the same.
//
//	option := Option{Key: key}
//	DB.FirstOrCreate(&option, Option{Key: key})
//	option.Value = value
//	DB.Save(&option)
func SavedAfter(fi *FuncInfo, ins *Access) bool {
	if len(ins.Err) > 0 || ins.Via != nil || ins.CheckedBy == nil {
		return false
	}
	model := modelArg(ins.Call)
	if model == nil {
		return false
	}
	for _, a := range fi.Accesses {
		if a.Via == nil && a.Saves && modelArg(a.Call) == model &&
			ssautil.ReachesWithout(ins.Call, a.Call, func(ssa.Instruction) bool { return false }) {
			return true
		}
	}
	return false
}

// modelArg returns the first argument of a gorm finisher call (the
// model), unwrapped.
func modelArg(call ssa.CallInstruction) ssa.Value {
	args := ssautil.CallArgs(call.Common())
	if len(args) == 0 {
		return nil
	}
	return ssautil.Unwrap(args[0])
}

// gormSum returns the column a Select of one SUM aggregate names (its
// alias, or "sum"), or "": Select("SUM(amount_msat) as sum").
func gormSum(sel string) string {
	st := sqltext.Parse("SELECT " + sel + " FROM t")
	if st == nil || !st.Sum || len(st.Columns) != 1 {
		return ""
	}
	if c := strings.ToLower(st.Columns[0]); c != "" {
		return c
	}
	return "sum"
}

// sumReads returns the read of a SUM aggregate into its destination: a
// scalar, or the field of a struct named for the alias (or its only
// field): var spent struct{ Sum int64 }; Scan(&spent).
func sumReads(value ssa.Value, alias string) []ColumnRead {
	if !isStructDest(value) {
		return []ColumnRead{{Column: alias, Dest: refOf(value), Addr: true}}
	}
	t := unwrap(value).Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	if st == nil {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if snakeCase(f.Name()) == alias || st.NumFields() == 1 {
			return []ColumnRead{{Column: alias, Dest: fieldRef(unwrap(value), []string{f.Name()}), Addr: true}}
		}
	}
	return nil
}
