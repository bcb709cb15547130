package dbcall

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// popMethod reports a method of pop's *Connection or *Query, or pop.Q(c),
// and its name.
func popMethod(call *ssa.CallCommon) (string, bool) {
	f, recv, ok := libMethod(call, apis.PopPkg)
	if !ok {
		return "", false
	}
	if recv == "" {
		// pop.Q(c): a new query on the connection.
		return f.Name(), f.Name() == "Q" && f.Type().(*types.Signature).Params().Len() == 1
	}
	if !apis.PopHandles[recv] {
		return "", false
	}
	return f.Name(), true
}

// popStep reports a method that adds to the statement (Where, RawQuery,
// Select, Eager, ...).
func popStep(call *ssa.CallCommon) (string, bool) {
	name, _, ok := tableMethod(call, popMethod, apis.PopMethods)
	return name, ok
}

// popFinisher reports a method that runs the statement, and its kind.
func popFinisher(call *ssa.CallCommon) (name, kind string, ok bool) {
	return tableMethod(call, popMethod, apis.PopFinishers)
}

func isPopQuery(t types.Type) bool { return typeName(t) == "*"+apis.PopPkg+".Query" }

// popDeref returns the query a value-receiver method (Query.Count) was
// called on: the pointer its receiver was loaded from.
func popDeref(v ssa.Value) ssa.Value {
	if ld, ok := unwrap(v).(*ssa.UnOp); ok && ld.Op == token.MUL && isPopQuery(ld.X.Type()) {
		return ld.X
	}
	return v
}

// popSteps returns the calls that build the statement a finisher runs and
// the connection (or query) below them: the finisher's chain
// (tx.Where("email = ?", e).First(&u)), and the calls on a query value
// made before the finisher on every path (q := tx.Q(); q.Where(...);
// q.All(&list)). A query keeps its conditions across finishers (pop does
// not reset it), so an earlier finisher on the query does not end them.
func popSteps(fin ssa.CallInstruction) (handle ssa.Value, steps []sqStep, partial bool) {
	var chain []*ssa.Call
	v := ssautil.Receiver(fin.Common())
	for i := 0; i < 64 && v != nil; i++ {
		v = popDeref(v)
		c, ok := unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		if _, ok := popStep(&c.Call); !ok {
			break
		}
		chain = append(chain, c)
		v = ssautil.Receiver(&c.Call)
	}
	if v == nil {
		return nil, nil, partial
	}
	handle = unwrap(v)
	if phi, ok := handle.(*ssa.Phi); ok && len(phi.Edges) > 0 && isPopQuery(handle.Type()) {
		partial = true // q = q.Where(...) on one branch
	}
	inChain := map[ssa.Value]bool{}
	var bases []ssa.Value
	for _, c := range chain {
		inChain[c] = true
		if isPopQuery(c.Type()) {
			bases = append(bases, c)
		}
	}
	if isPopQuery(handle.Type()) {
		bases = append(bases, handle)
	}
	var calls []*ssa.Call
	names := map[*ssa.Call]string{}
	seen := map[*ssa.Call]bool{}
	for _, base := range bases {
		cs, ns, more := chainCalls(base, fin, popStep, func(c ssa.CallInstruction) bool {
			_, _, ok := popFinisher(c.Common())
			return ok
		}, inChain, nil)
		partial = partial || more
		for _, c := range cs {
			if !seen[c] {
				seen[c] = true
				calls = append(calls, c)
				names[c] = ns[c]
			}
		}
	}
	for _, c := range chain {
		if !seen[c] {
			seen[c] = true
			calls = append(calls, c)
			names[c], _ = popStep(&c.Call)
		}
	}
	sortCalls(calls)
	for _, c := range calls {
		steps = append(steps, sqStep{call: c, name: names[c], args: ssautil.CallArgs(&c.Call)})
	}
	return handle, steps, partial
}

// PopRoot returns the connection a pop chain starts from: the value below
// every step (tx in tx.WithContext(ctx).Where(...)).
func PopRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 64 && v != nil; i++ {
		c, ok := unwrap(popDeref(v)).(*ssa.Call)
		if !ok {
			break
		}
		if _, ok := popStep(&c.Call); !ok {
			break
		}
		v = ssautil.Receiver(&c.Call)
	}
	return unwrap(v)
}

// popStmt is what a query's steps add to the statement.
type popStmt struct {
	cols []string // Select's columns
	sql  *sqStep  // RawQuery
}

// popAccess assembles the statement a pop finisher runs:
//
//	tx.Find(&u, id)                                  → select users where id = id; sql.ErrNoRows
//	tx.Where("email = ?", e).First(&u)               → select users where email = e
//	tx.Where("email = ?", e).Exists(&User{})         → select exists; found? bool
//	tx.Create(&User{Email: e})                       → insert users set email = e
//	tx.Update(&u) / tx.UpdateColumns(&u, "balance")  → update users set ... where id = u.ID
//	tx.RawQuery("UPDATE ... WHERE id = ?", id).ExecWithCount() → the SQL text; rows affected
//
// Tables are the model's TableName() or its type's name, snake_case and
// plural (pop's flect: User → users); columns are db tags.
func (b *builder) popAccess(fn *ssa.Function, call ssa.CallInstruction, name, kind string) []*Access {
	args := ssautil.CallArgs(call.Common())
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	hv, steps, partial := popSteps(call)
	if hv == nil {
		return nil
	}
	base := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibPop, Handle: b.resolveRef(refOf(hv)), RowsReturned: -1, ResultReturned: -1, Method: name, Partial: partial}
	var st popStmt
	for i := range steps {
		b.popStepInto(base, &st, &steps[i])
	}
	if kind == "raw" || st.sql != nil {
		return b.popRaw(fn, call, base, name, st.sql)
	}
	return b.popModelAccess(base, &st, call, name, kind, arg)
}

// popModelAccess fills in a, the access of a model method (Find, Create,
// Update, UpdateColumns, Destroy, ...) called with the arguments arg(i):
// arg(0) is the model, arg(1) the ID of Find or the column list. The
// arguments are the call's own, or those of a call of a model wrapper
// (modelWrapperFact) that passes them on.
func (b *builder) popModelAccess(a *Access, st *popStmt, call ssa.CallInstruction, name, kind string, arg func(int) ssa.Value) []*Access {
	model := arg(0)
	if model == nil {
		return nil
	}
	fields := popModelFields(model)
	a.Table = b.modelTable(unwrap(model).Type(), gormTableName)
	markTableType(a, model, namingPop)
	a.ModelUniques = modelUniques(fields)
	excluded := func(from int) []string {
		var out []string
		if vals, ok := variadicArgs(arg(from)); ok {
			for _, v := range vals {
				if s, ok := constString(v); ok {
					out = append(out, strings.ToLower(s))
				} else {
					a.Partial = true
				}
			}
		} else if arg(from) != nil && !isNil(arg(from)) {
			a.Partial = true
		}
		return out
	}
	if kind == "save" {
		// Save creates a model whose ID is zero and updates one that has
		// it: a fresh literal without its ID is a Create.
		kind = "update"
		if xormFresh(model) && !storesField(model, fields, true) {
			kind = "insert"
		}
	}
	switch kind {
	case "find", "reload", "select", "exists", "count":
		a.Kind = KindRead
		a.Exists = kind == "exists"
		a.Count = kind == "count"
		switch kind {
		case "find":
			a.Where = append(a.Where, Binding{Column: primaryColumn(fields), Op: "=", Value: b.resolveRef(refOf(arg(1)))})
		case "reload":
			b.popPrimaryWhere(a, model, fields)
		}
		if (kind == "find" || kind == "reload" || kind == "select") && !isSliceDest(model) {
			for _, f := range fields {
				if len(st.cols) > 0 && !contains(st.cols, f.column) {
					continue
				}
				a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(unwrap(model), f.path), Addr: true})
			}
		}
	case "insert":
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, model, fields, false)
		for _, c := range excluded(1) {
			a.Set = dropColumn(a.Set, c)
		}
	case "update", "columns", "updatequery":
		a.Kind = KindUpdate
		set := b.gormValues(a.Call, model, fields, !xormFresh(model))
		if kind == "update" {
			for _, c := range excluded(1) {
				set = dropColumn(set, c)
			}
		} else {
			cols := excluded(1)
			if len(cols) == 0 && kind == "columns" {
				// UpdateColumns(&m) with no names writes every column.
				cols = nil
				for _, f := range fields {
					cols = append(cols, f.column)
				}
			}
			set = onlyColumns(set, cols)
		}
		for _, f := range fields {
			if f.primary || f.column == "created_at" || f.column == "updated_at" {
				set = dropColumn(set, f.column)
			}
			if f.column == "updated_at" {
				// pop sets updated_at to the time of the update.
				set = append(set, Binding{Column: f.column, Op: "=", Class: sqltext.AssignOther, Expr: "now()"})
			}
		}
		a.Set = set
		if kind != "updatequery" {
			b.popPrimaryWhere(a, model, fields)
		}
	case "delete":
		a.Kind = KindDelete
		if name == "Destroy" {
			b.popPrimaryWhere(a, model, fields)
		}
	}
	b.popResults(a, call, name, kind, model)
	return []*Access{a}
}

// popStepInto adds one step to the statement.
func (b *builder) popStepInto(a *Access, st *popStmt, s *sqStep) {
	arg := func(i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	m := apis.PopMethods[s.name]
	switch m.Part {
	case apis.PartWhere:
		q := arg(0)
		if _, ok := constString(q); !ok {
			if !b.whereFragParam(a, q, arg(1)) {
				a.Partial = true
				a.fragsOnly = false
			}
			return
		}
		b.gormWhereArgs(a, q, b.boundArgs(arg(1)))
	case apis.PartColumns:
		if vals, ok := variadicArgs(arg(0)); ok {
			for _, v := range vals {
				if t, ok := constString(v); ok {
					for _, c := range strings.Split(t, ",") {
						if c = xormColumn(c); c != "" {
							st.cols = append(st.cols, c)
						}
					}
				} else {
					a.Partial = true
				}
			}
		}
	case apis.PartStatement:
		st.sql = s
	case apis.PartUnknown, apis.PartJoin:
		// Scope(fn), BelongsTo(m), a join: conditions or columns the
		// model cannot read.
		a.Partial = true
		a.fragsOnly = false
	}
}

// popPrimaryWhere adds the model's ID as the condition (Update, Destroy,
// Reload, UpdateColumns: WHERE id = model.ID).
func (b *builder) popPrimaryWhere(a *Access, model ssa.Value, fields []gormField) {
	for _, f := range fields {
		if !f.primary {
			continue
		}
		if _, dup := a.WhereColumn(f.column); dup {
			return
		}
		ref := fieldRef(unwrap(model), f.path)
		if v := storedField(model, f.path); v != nil {
			ref = refOf(v)
		}
		a.Where = append(a.Where, Binding{Column: f.column, Op: "=", Value: b.resolveRef(ref)})
		return
	}
	a.Partial = true
}

// popResults binds a finisher's results: the error (sql.ErrNoRows from
// Find, First, Last and Reload), Exists' flag, Count's count, All's rows,
// UpdateQuery's rows affected.
func (b *builder) popResults(a *Access, call ssa.CallInstruction, name, kind string, model ssa.Value) {
	v := call.Value()
	if v == nil {
		return
	}
	tuple, _ := v.Type().(*types.Tuple)
	if tuple == nil {
		a.Err = []ssa.Value{v}
	} else {
		a.Err = extracts(v, tuple.Len()-1)
	}
	switch kind {
	case "find", "reload", "select":
		if isSliceDest(model) {
			a.Found = Outcome{Signal: SignalLen, Addr: unwrap(model)}
			return
		}
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{"database/sql.ErrNoRows"}}
	case "exists":
		if tuple != nil {
			a.Found = Outcome{Signal: SignalBool, Values: extracts(v, 0)}
		}
	case "count":
		if tuple != nil {
			a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
		}
	case "updatequery":
		if tuple != nil {
			a.RowsAffected = usedExtracts(v, 0)
		}
	}
}

// usedExtracts returns the extracts of result i that are used (not _).
func usedExtracts(v ssa.Value, i int) []ssa.Value {
	var out []ssa.Value
	for _, x := range extracts(v, i) {
		if refs := x.Referrers(); refs != nil && len(*refs) > 0 {
			out = append(out, x)
		}
	}
	return out
}

// popRaw builds the accesses of RawQuery(sql, args...) run by Exec,
// ExecWithCount, First, All, Exists or Count.
func (b *builder) popRaw(fn *ssa.Function, call ssa.CallInstruction, base *Access, name string, sqlStep *sqStep) []*Access {
	if sqlStep == nil || len(sqlStep.args) == 0 {
		return nil
	}
	text := sqlStep.args[0]
	var bound []ssa.Value
	if len(sqlStep.args) > 1 {
		bound = b.boundArgs(sqlStep.args[1])
	}
	t := b.resolveText(text)
	if t.param >= 0 && !t.known {
		return nil // a wrapper passing its query on
	}
	args := ssautil.CallArgs(call.Common())
	accs := b.fromStmt(fn, call, sqltext.Parse(t.s), bound, nil)
	b.markTableParam(fn, accs, t, text)
	v := call.Value()
	for _, a := range accs {
		a.Lib = apis.LibPop
		a.Handle = base.Handle
		a.Method = name
		a.Partial = a.Partial || base.Partial || strings.Contains(t.s, sqltext.Hole)
		if v == nil {
			continue
		}
		tuple, _ := v.Type().(*types.Tuple)
		if tuple == nil {
			a.Err = []ssa.Value{v}
		} else {
			a.Err = extracts(v, tuple.Len()-1)
		}
		switch name {
		case "ExecWithCount":
			a.RowsAffected = usedExtracts(v, 0)
		case "First", "Last", "Find", "All":
			if len(args) > 0 && a.Kind == KindRead {
				slice := isSliceDest(args[0])
				b.destInto(a, args[0], slice)
				if fields := popModelFields(args[0]); len(fields) > 0 {
					// A model's association fields are no columns.
					var reads []ColumnRead
					for _, r := range a.Reads {
						for _, f := range fields {
							if f.column == r.Column {
								reads = append(reads, r)
								break
							}
						}
					}
					a.Reads = reads
				}
				if slice {
					a.Found = Outcome{Signal: SignalLen, Addr: unwrap(args[0])}
				} else {
					a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{"database/sql.ErrNoRows"}}
				}
			}
		case "Exists":
			a.Found = Outcome{Signal: SignalBool, Values: extracts(v, 0)}
		case "Count", "CountByField":
			a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
		}
	}
	return accs
}

// popModelFields returns the columns of a model argument's type.
func popModelFields(model ssa.Value) []gormField {
	if model == nil {
		return nil
	}
	n := modelType(unwrap(model).Type())
	if n == nil {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	return popFields(st)
}

// popFields lists a pop model's columns (pop's columns.ForStruct): the db
// tag, else, for a field with none of pop's tags, its Go name; "-" and
// association fields (has_many, belongs_to, ... without db) skipped;
// embedded structs flattened. The column id is the primary key (pop's
// default ID field).
func popFields(st *types.Struct) []gormField {
	out := dbTagFields(st, func(f *types.Var, tags reflect.StructTag) (string, bool) {
		if f.Anonymous() {
			return "", true
		}
		col, tagged := tags.Lookup(apis.PopTag)
		if !tagged {
			for _, t := range apis.PopRelationTags {
				if _, ok := tags.Lookup(t); ok {
					return "", false
				}
			}
			col = f.Name()
		}
		return col, false
	})
	for i := range out {
		out[i].primary, out[i].auto = out[i].column == "id", out[i].column == "created_at"
	}
	return out
}

// dbTagFields lists the columns of st and of the structs it embeds (four
// levels deep, maxStructFields fields in all): column names each field's
// column ("" or "-" skips it; lowercased), or asks to flatten an embedded
// struct. Unexported fields other than embedded ones are skipped.
func dbTagFields(st *types.Struct, column func(f *types.Var, tags reflect.StructTag) (col string, flatten bool)) []gormField {
	var out []gormField
	visits := 0
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
			path := append(append([]string(nil), prefix...), f.Name())
			col, flatten := column(f, reflect.StructTag(st.Tag(i)))
			if flatten {
				if inner, ok := structOf(f.Type()); ok && !isScannerType(f.Type()) {
					walk(inner, path, depth+1)
				}
				continue
			}
			col = strings.ToLower(strings.TrimSpace(col))
			if !f.Exported() || col == "" || col == "-" {
				continue
			}
			out = append(out, gormField{column: col, path: path, typ: f.Type()})
		}
	}
	walk(st, nil, 0)
	return out
}

// PopTxField reports the address of a *pop.Connection's TX field: the
// transaction NewTransaction began, whose Commit and Rollback (promoted
// from the *sql.Tx it embeds) end it.
func PopTxField(fa *ssa.FieldAddr) bool {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok || typeName(p.Elem()) != apis.PopPkg+".Connection" {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == apis.PopTxField
}

// popModelTableName returns the table of (&pop.Model{Value: User{}}).TableName(),
// pop's way of naming a model's table in SQL text: the table of the
// model stored in Value.
func (b *builder) popModelTableName(call *ssa.CallCommon) string {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Name() != "TableName" || f.Pkg() == nil || apis.Canonical(f.Pkg().Path()) != apis.PopPkg {
		return ""
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || recvName(sig.Recv().Type()) != "Model" {
		return ""
	}
	args := ssautil.FullArgs(call)
	if len(args) == 0 {
		return ""
	}
	v := storedField(args[0], []string{"Value"})
	if v == nil {
		return ""
	}
	if mi, ok := unwrap(v).(*ssa.MakeInterface); ok {
		v = mi.X
	}
	return b.modelTable(unwrap(v).Type(), gormTableName)
}
