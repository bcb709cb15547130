package dbcall

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// sqlboiler generates a package of models into the application's module.
// The model knows it by the shape of the generated API, never by reading
// the generated bodies (apis/sqlboiler.go): a package importing
// sqlboiler's queries and boil whose named structs carry boil:"col" tags
// is a models package; its <model>Query types (embedding *queries.Query)
// run the query the package-level <Models>(mods...) builds; its models'
// methods (Insert, Update, Upsert, Delete, Reload) run a statement on
// their row. The table of a model and its primary key are read once, from
// the generated package's syntax (the qm.From of <Models>(mods...) and
// <model>PrimaryKeyColumns), and exported as a boilModelFact.

// boilModelFact is a fact on a sqlboiler model type: its table and
// primary key columns, read from the generated package.
type boilModelFact struct {
	Table string
	Key   []string
}

func (*boilModelFact) AFact() {}
func (f *boilModelFact) String() string {
	return "sqlboiler " + f.Table + "(" + strings.Join(f.Key, ",") + ")"
}

// isBoilPackage reports a package sqlboiler generated models into: it
// imports sqlboiler's boil and queries packages.
func isBoilPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	boil, queries := false, false
	for _, imp := range pkg.Imports() {
		switch apis.Canonical(imp.Path()) {
		case apis.SqlboilerBoil:
			boil = true
		case apis.SqlboilerQueries:
			queries = true
		}
	}
	return boil && queries
}

// boilGenerated reports a package all of whose files sqlboiler generated.
func boilGenerated(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 || !isBoilPackage(pass.Pkg) {
		return false
	}
	for _, f := range pass.Files {
		if !boilHeader(f) {
			return false
		}
	}
	return true
}

func boilHeader(f *ast.File) bool {
	for _, c := range f.Comments {
		if c.Pos() > f.Package {
			break
		}
		if strings.HasPrefix(c.Text(), apis.SqlboilerGeneratedHeader) {
			return true
		}
	}
	return false
}

// exportBoilModels reads, from the generated package's syntax, each
// model's table (the qm.From("\"users\"") of func Users(mods ...)
// userQuery) and primary key (userPrimaryKeyColumns = []string{"id"}),
// and exports them on the model type.
func exportBoilModels(pass *analysis.Pass) {
	keys := map[string][]string{} // lower-case model name -> key columns
	tables := map[*types.TypeName]string{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Names) != len(vs.Values) {
						continue
					}
					for i, n := range vs.Names {
						model, ok := strings.CutSuffix(n.Name, "PrimaryKeyColumns")
						if !ok {
							continue
						}
						if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
							var cols []string
							for _, e := range lit.Elts {
								if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
									if s, err := strconv.Unquote(bl.Value); err == nil {
										cols = append(cols, strings.ToLower(s))
									}
								}
							}
							keys[strings.ToLower(model)] = cols
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil || d.Body == nil {
					continue
				}
				obj, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
				if obj == nil {
					continue
				}
				model := boilQueryModelOf(obj.Type().(*types.Signature))
				if model == nil {
					continue
				}
				ast.Inspect(d.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || len(call.Args) != 1 {
						return true
					}
					if f, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func); f == nil || f.Pkg() == nil || apis.Canonical(f.Pkg().Path())+"."+f.Name() != apis.SqlboilerQM+".From" {
						return true
					}
					if tv, ok := pass.TypesInfo.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
						tables[model.Obj()] = boilTableName(constant.StringVal(tv.Value))
					}
					return false
				})
			}
		}
	}
	for tn, table := range tables {
		key := keys[strings.ToLower(tn.Name())]
		pass.ExportObjectFact(tn, &boilModelFact{Table: table, Key: key})
	}
}

// boilTableName returns the table of a From clause: `"public"."users"`
// is users.
func boilTableName(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndex(s, "."); i >= 0 {
		s = s[i+1:]
	}
	return strings.ToLower(strings.Trim(s, "\"`[] "))
}

// boilQueryModelOf returns the model a function returning a generated
// <model>Query queries (the element of its One method's result).
func boilQueryModelOf(sig *types.Signature) *types.Named {
	if sig.Results().Len() != 1 {
		return nil
	}
	q, ok := boilQueryType(sig.Results().At(0).Type())
	if !ok {
		return nil
	}
	return boilQueryModel(q)
}

// boilQueryType reports a generated <model>Query: a named struct of a
// models package embedding *queries.Query.
func boilQueryType(t types.Type) (*types.Named, bool) {
	n, st, ok := boilStruct(t)
	if !ok {
		return nil, false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Anonymous() {
			continue
		}
		if p, ok := f.Type().(*types.Pointer); ok {
			if en, ok := types.Unalias(p.Elem()).(*types.Named); ok && en.Obj().Name() == "Query" && en.Obj().Pkg() != nil && apis.Canonical(en.Obj().Pkg().Path()) == apis.SqlboilerQueries {
				return n, true
			}
		}
	}
	return nil, false
}

// boilQueryModel returns the model a query type's One returns.
func boilQueryModel(q *types.Named) *types.Named {
	obj, _, _ := types.LookupFieldOrMethod(q, false, q.Obj().Pkg(), "One")
	f, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	sig := f.Type().(*types.Signature)
	if sig.Results().Len() < 1 {
		return nil
	}
	m, _ := boilModelType(sig.Results().At(0).Type())
	return m
}

// boilModelType reports a (pointer to a) generated model: a named struct
// of a models package with boil-tagged fields.
func boilModelType(t types.Type) (*types.Named, bool) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, st, ok := boilStruct(t)
	if !ok {
		return nil, false
	}
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := reflect.StructTag(st.Tag(i)).Lookup(apis.SqlboilerTag); ok {
			return n, true
		}
	}
	return nil, false
}

// boilStruct reports a named struct type of a generated models package.
func boilStruct(t types.Type) (*types.Named, *types.Struct, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !isBoilPackage(n.Obj().Pkg()) {
		return nil, nil, false
	}
	st, ok := n.Underlying().(*types.Struct)
	return n, st, ok
}

// boilSliceModel reports a generated <Model>Slice ([]*Model).
func boilSliceModel(t types.Type) (*types.Named, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !isBoilPackage(n.Obj().Pkg()) {
		return nil, false
	}
	s, ok := n.Underlying().(*types.Slice)
	if !ok {
		return nil, false
	}
	return boilModelType(s.Elem())
}

// boilCall is a call of the generated API that runs a statement.
type boilCall struct {
	form  string // "query", "model", "slice", "find", "existsfn"
	kind  string // apis.SqlboilerQueryFinishers' and SqlboilerModelMethods' kinds; "find", "exists"
	model *types.Named
	exec  int // the index, among the call's arguments without the receiver, of the executor
	// global reports a variant on boil's global executor (OneG): exec
	// is then the index the arguments that follow an executor come
	// after. panics reports one with no error result (OneP).
	global, panics bool
}

// boilFinisher reports a call of the generated API that runs a
// statement: a query's One, All, ..., a model's Insert, Update, ..., a
// slice's UpdateAll and DeleteAll, Find<Model> and <Model>Exists, and
// their variants on the global executor (OneG, InsertG: no executor
// argument) and panicking on error (OneP, InsertGP: no error result).
func boilFinisher(call *ssa.CallCommon) (boilCall, bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || !isBoilPackage(f.Pkg()) {
		return boilCall{}, false
	}
	sig := f.Type().(*types.Signature)
	if bc, ok := boilFinisherNamed(f, sig, f.Name()); ok {
		return bc, true
	}
	for _, suffix := range []string{"GP", "G", "P"} {
		base, ok := strings.CutSuffix(f.Name(), suffix)
		if !ok {
			continue
		}
		bc, ok := boilFinisherNamed(f, sig, base)
		if !ok {
			continue
		}
		bc.global, bc.panics = strings.HasPrefix(suffix, "G"), strings.HasSuffix(suffix, "P")
		if bc.global != (bc.exec == -2) {
			return boilCall{}, false // a G variant takes no executor; the others do
		}
		if bc.global {
			// The arguments an executor would come after: those after
			// the context, when the variant takes one.
			bc.exec = -1
			if sig.Params().Len() > 0 && isContextType(sig.Params().At(0).Type()) {
				bc.exec = 0
			}
		}
		return bc, true
	}
	return boilCall{}, false
}

// boilFinisherNamed is boilFinisher for the method or function name; exec
// is -2 when the signature has no executor.
func boilFinisherNamed(f *types.Func, sig *types.Signature, name string) (boilCall, bool) {
	exec := boilExecParam(sig)
	if exec < 0 {
		exec = -2
	}
	if exec == -2 && name == f.Name() {
		return boilCall{}, false
	}
	if recv := sig.Recv(); recv != nil {
		if q, ok := boilQueryType(recv.Type()); ok {
			if kind, ok := apis.SqlboilerQueryFinishers[name]; ok {
				if m := boilQueryModel(q); m != nil {
					return boilCall{form: "query", kind: kind, model: m, exec: exec}, true
				}
			}
			return boilCall{}, false
		}
		if m, ok := boilSliceModel(recv.Type()); ok {
			if kind, ok := apis.SqlboilerSliceMethods[name]; ok {
				return boilCall{form: "slice", kind: kind, model: m, exec: exec}, true
			}
			return boilCall{}, false
		}
		if _, ptr := recv.Type().(*types.Pointer); ptr {
			if m, ok := boilModelType(recv.Type()); ok {
				if kind, ok := apis.SqlboilerModelMethods[name]; ok {
					return boilCall{form: "model", kind: kind, model: m, exec: exec}, true
				}
			}
		}
		return boilCall{}, false
	}
	scope := f.Pkg().Scope()
	if model, ok := strings.CutPrefix(name, "Find"); ok {
		if tn, ok := scope.Lookup(model).(*types.TypeName); ok {
			if m, ok := boilModelType(tn.Type()); ok {
				return boilCall{form: "find", kind: "find", model: m, exec: exec}, true
			}
		}
	}
	if model, ok := strings.CutSuffix(name, "Exists"); ok {
		if tn, ok := scope.Lookup(model).(*types.TypeName); ok {
			if m, ok := boilModelType(tn.Type()); ok {
				return boilCall{form: "existsfn", kind: "exists", model: m, exec: exec}, true
			}
		}
	}
	return boilCall{}, false
}

// boilExecParam returns the index of a signature's boil.ContextExecutor
// (or boil.Executor) parameter, or -1.
func boilExecParam(sig *types.Signature) int {
	for i := 0; i < sig.Params().Len(); i++ {
		n, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Named)
		if ok && n.Obj().Pkg() != nil && apis.Canonical(n.Obj().Pkg().Path()) == apis.SqlboilerBoil && (n.Obj().Name() == "ContextExecutor" || n.Obj().Name() == "Executor") {
			return i
		}
	}
	return -1
}

// boilModel is what the model knows of a generated model type.
type boilModel struct {
	table  string
	fields []gormField
}

func (b *builder) boilModelOf(n *types.Named) *boilModel {
	m := &boilModel{}
	var fact boilModelFact
	if b.pass.ImportObjectFact(n.Obj(), &fact) {
		m.table = fact.Table
	} else {
		m.table = gormTableName(n.Obj().Name())
	}
	key := fact.Key
	if len(key) == 0 {
		key = []string{"id"}
	}
	st := n.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		col, ok := reflect.StructTag(st.Tag(i)).Lookup(apis.SqlboilerTag)
		if !ok || col == "-" || col == "" || !f.Exported() {
			continue
		}
		col = strings.ToLower(strings.Split(col, ",")[0])
		m.fields = append(m.fields, gormField{column: col, path: []string{f.Name()}, typ: f.Type(), primary: contains(key, col)})
	}
	return m
}

// column returns the column of the model's Go field name.
func (m *boilModel) column(goName string) string {
	for _, f := range m.fields {
		if f.path[0] == goName {
			return f.column
		}
	}
	return ""
}

func (m *boilModel) key() []string {
	var out []string
	for _, f := range m.fields {
		if f.primary {
			out = append(out, f.column)
		}
	}
	return out
}

// boilColumnRef reads a column named through a generated struct value:
// models.UserColumns.Email ("email"), models.UserTableColumns.Email
// ("users.email"), and the where helper models.UserWhere.Email.
func (b *builder) boilColumnRef(v ssa.Value) (string, bool) {
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return "", false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return "", false
	}
	g, ok := fa.X.(*ssa.Global)
	if !ok || g.Pkg == nil || !isBoilPackage(g.Pkg.Pkg) {
		return "", false
	}
	st, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return "", false
	}
	field := st.Field(fa.Field).Name()
	for _, suffix := range []string{"TableColumns", "Columns", "Where"} {
		name, ok := strings.CutSuffix(g.Name(), suffix)
		if !ok {
			continue
		}
		tn, ok := g.Pkg.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			return "", false
		}
		n, ok := boilModelType(tn.Type())
		if !ok {
			return "", false
		}
		m := b.boilModelOf(n)
		col := m.column(field)
		if col == "" {
			return "", false
		}
		if suffix == "TableColumns" {
			col = m.table + "." + col
		}
		return col, true
	}
	return "", false
}

// boilText returns the text of a mod's clause: a constant, or constants
// concatenated with generated column names
// (models.UserColumns.Email+" = ?").
func (b *builder) boilText(v ssa.Value) (string, bool) {
	if s, ok := constString(v); ok {
		return s, true
	}
	if col, ok := b.boilColumnRef(v); ok {
		return col, true
	}
	if bin, ok := unwrap(v).(*ssa.BinOp); ok && bin.Op == token.ADD {
		x, ok1 := b.boilText(bin.X)
		y, ok2 := b.boilText(bin.Y)
		return x + y, ok1 && ok2
	}
	return "", false
}

// boilAccess assembles the statement a call of the generated API runs.
func (b *builder) boilAccess(fn *ssa.Function, call ssa.CallInstruction, bc boilCall) []*Access {
	common := call.Common()
	args := ssautil.CallArgs(common)
	arg := func(i int) ssa.Value {
		if i >= 0 && i < len(args) {
			return args[i]
		}
		return nil
	}
	m := b.boilModelOf(bc.model)
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibSqlboiler, Table: m.table, RowsReturned: -1, ResultReturned: -1, Method: analysisutil.CalleeFunc(common).Name()}
	a.ModelUniques = modelUniques(m.fields)
	if exec := arg(bc.exec); exec != nil && !bc.global {
		a.Handle = b.resolveRef(refOf(exec))
	}
	recv := ssautil.Receiver(common)
	v := call.Value()
	switch bc.form {
	case "query":
		b.boilQueryMods(a, m, recv)
	case "slice":
		// The rows of the slice, by their keys.
		for _, k := range m.key() {
			a.Where = append(a.Where, Binding{Column: k, Op: "IN", Value: b.resolveRef(refOf(recv))})
		}
	case "find", "existsfn":
		// Find<Model>(ctx, exec, key..., selectCols...): the key's
		// values follow the executor, in the key's order.
		for i, k := range m.key() {
			if kv := arg(bc.exec + 1 + i); kv != nil {
				a.Where = append(a.Where, Binding{Column: k, Op: "=", Value: b.resolveRef(refOf(kv))})
			}
		}
	}
	results := func(i int) []ssa.Value {
		if v == nil {
			return nil
		}
		if _, ok := v.Type().(*types.Tuple); !ok {
			if i == 0 {
				return []ssa.Value{v}
			}
			return nil
		}
		return extracts(v, i)
	}
	errIdx := 0
	if v != nil {
		if t, ok := v.Type().(*types.Tuple); ok {
			errIdx = t.Len() - 1
		}
	}
	if !bc.panics {
		a.Err = results(errIdx)
	}
	noRows := []string{"database/sql.ErrNoRows"}
	switch bc.kind {
	case "one", "find":
		a.Kind = KindRead
		row := results(0)
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: noRows, Nil: row}
		for _, r := range row {
			for _, f := range m.fields {
				a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: Ref{Root: r, Path: "." + f.path[0]}})
			}
		}
	case "all":
		a.Kind = KindRead
		a.Found = Outcome{Signal: SignalLen, Values: results(0)}
	case "count":
		a.Kind, a.Count = KindRead, true
		a.Found = Outcome{Signal: SignalCount, Values: results(0)}
	case "exists":
		a.Kind, a.Exists = KindRead, true
		a.Found = Outcome{Signal: SignalBool, Values: results(0)}
	case "reload":
		a.Kind = KindRead
		b.popPrimaryWhere(a, recv, m.fields)
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: noRows}
		for _, f := range m.fields {
			a.Reads = append(a.Reads, ColumnRead{Column: f.column, Dest: fieldRef(unwrap(recv), f.path), Addr: true})
		}
	case "insert", "upsert":
		a.Kind = KindInsert
		a.Set = b.gormValues(a.Call, recv, m.fields, false)
		if bc.kind == "upsert" {
			b.boilUpsert(a, m, recv, args[bc.exec+1:])
		} else {
			a.Set = b.boilColumns(a, m, recv, a.Set, arg(bc.exec+1), false)
		}
	case "update":
		a.Kind = KindUpdate
		b.popPrimaryWhere(a, recv, m.fields)
		set := b.gormValues(a.Call, recv, m.fields, !xormFresh(recv))
		for _, k := range m.key() {
			set = dropColumn(set, k)
		}
		a.Set = b.boilColumns(a, m, recv, set, arg(bc.exec+1), true)
		a.RowsAffected = usedExtracts(v, 0)
	case "updateall":
		a.Kind = KindUpdate
		a.Set = b.boilUpdateMap(a, arg(bc.exec+1))
		a.RowsAffected = usedExtracts(v, 0)
	case "delete", "deleteall":
		a.Kind = KindDelete
		if bc.form == "model" {
			b.popPrimaryWhere(a, recv, m.fields)
		}
		a.RowsAffected = usedExtracts(v, 0)
	}
	return []*Access{a}
}

// boilQueryMods reads the mods of the <Models>(mods...) call a query
// finisher runs on.
func (b *builder) boilQueryMods(a *Access, m *boilModel, q ssa.Value) {
	root, ok := unwrap(q).(*ssa.Call)
	if !ok || root.Call.StaticCallee() == nil || len(root.Call.Args) != 1 {
		// A query kept in a variable set on several paths, or made by
		// a helper: its conditions are not known.
		a.Partial = true
		return
	}
	mods, ok := variadicArgs(root.Call.Args[0])
	if !ok {
		// mods built in a slice (appended under ifs): each one kept,
		// the statement partial.
		mods, _ = storedElems(root.Call.Args[0])
		a.Partial = true
	}
	for _, mod := range mods {
		b.boilMod(a, m, mod)
	}
}

// boilMod applies one query mod to the access.
func (b *builder) boilMod(a *Access, m *boilModel, mod ssa.Value) {
	call, ok := unwrap(mod).(*ssa.Call)
	if !ok {
		a.Partial = true
		return
	}
	f := analysisutil.CalleeFunc(&call.Call)
	if f == nil || f.Pkg() == nil {
		a.Partial = true
		return
	}
	args := ssautil.CallArgs(&call.Call)
	if sig := f.Type().(*types.Signature); sig.Recv() != nil && isBoilPackage(f.Pkg()) {
		// models.UserWhere.Email.EQ(e): a generated where helper.
		op, known := apis.SqlboilerWhereOps[f.Name()]
		col, named := b.boilColumnRef(ssautil.Receiver(&call.Call))
		if !known || !named {
			a.Partial = true
			return
		}
		bd := Binding{Column: col, Op: op}
		if len(args) > 0 {
			if c, ok := unwrap(args[0]).(*ssa.Const); ok && c.Value != nil {
				bd.Const = c.Value.ExactString()
			}
			bd.Value = b.resolveRef(refOf(args[0]))
		}
		a.Where = append(a.Where, bd)
		return
	}
	kind, ok := apis.SqlboilerMods[apis.Canonical(f.Pkg().Path())+"."+f.Name()]
	if !ok {
		a.Partial = true
		return
	}
	switch kind {
	case "where":
		if len(args) == 0 {
			return
		}
		text, ok := b.boilText(args[0])
		if !ok {
			a.Partial = true
			return
		}
		var bound []ssa.Value
		if len(args) > 1 {
			bound = b.boundArgs(args[1])
		}
		b.gormWhereArgs(a, ssa.NewConst(constant.MakeString(text), types.Typ[types.String]), bound)
	case "or":
		a.Where = append(a.Where, Binding{Expr: "OR"})
	case "lock":
		if len(args) == 0 {
			return
		}
		s, _ := constString(args[0])
		b.boilLock(a, s)
	case "join":
		a.Partial = true
	case "isnull", "isnotnull":
		if len(args) > 0 {
			if s, ok := b.boilText(args[0]); ok {
				op := "IS NULL"
				if kind == "isnotnull" {
					op = "IS NOT NULL"
				}
				a.Where = append(a.Where, Binding{Column: boilTableName(s), Op: op})
			}
		}
	}
}

// boilLock reads qm.For's clause: "update", "no key update", "share",
// "key share", each perhaps with NOWAIT or SKIP LOCKED.
func (b *builder) boilLock(a *Access, clause string) {
	s := strings.ToUpper(strings.Join(strings.Fields(clause), " "))
	switch {
	case strings.HasPrefix(s, "NO KEY UPDATE"):
		a.Lock = sqltext.LockNoKeyUpdate
	case strings.HasPrefix(s, "UPDATE"):
		a.Lock = sqltext.LockUpdate
	case strings.HasPrefix(s, "KEY SHARE"):
		a.Lock = sqltext.LockKeyShare
	case strings.HasPrefix(s, "SHARE"):
		a.Lock = sqltext.LockShare
	case s == "":
		return
	default:
		a.Lock = sqltext.LockUpdate
	}
	switch {
	case strings.HasSuffix(s, "NOWAIT"):
		a.LockOptions = "NOWAIT"
	case strings.HasSuffix(s, "SKIP LOCKED"):
		a.LockOptions = "SKIP LOCKED"
	}
}

// boilColumnList reads a boil.Columns argument: its kind (infer,
// whitelist, blacklist, greylist, none) and the columns it names; ok is
// false when the argument is not one such call with constant names.
func (b *builder) boilColumnList(v ssa.Value) (kind string, cols []string, ok bool) {
	call, isCall := unwrap(v).(*ssa.Call)
	if !isCall {
		return "", nil, false
	}
	f := analysisutil.CalleeFunc(&call.Call)
	if f == nil || f.Pkg() == nil {
		return "", nil, false
	}
	kind, ok = apis.SqlboilerColumns[apis.Canonical(f.Pkg().Path())+"."+f.Name()]
	if !ok {
		return "", nil, false
	}
	if len(call.Call.Args) > 0 {
		vals, packed := variadicArgs(call.Call.Args[0])
		if !packed && !isNil(call.Call.Args[0]) {
			return kind, nil, false
		}
		for _, c := range vals {
			s, named := b.boilText(c)
			if !named {
				return kind, nil, false
			}
			cols = append(cols, boilTableName(s))
		}
	}
	return kind, cols, true
}

// boilColumns narrows the columns a model's insert or update writes to
// its boil.Columns argument: Infer() writes them all (an update: every
// column but the key, the whole row), Whitelist the named ones, Blacklist
// all others. A list the model cannot read leaves the statement partial.
func (b *builder) boilColumns(a *Access, m *boilModel, model ssa.Value, set []Binding, v ssa.Value, update bool) []Binding {
	kind, cols, ok := b.boilColumnList(v)
	if !ok {
		a.Partial = true
		return set
	}
	switch kind {
	case "whitelist":
		if update {
			// The named columns, set or not before the call.
			var out []Binding
			for _, c := range cols {
				if bd, ok := columnBinding(set, c); ok {
					out = append(out, bd)
				} else {
					for _, f := range m.fields {
						if f.column == c {
							out = append(out, Binding{Column: c, Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(fieldRef(unwrap(model), f.path))})
						}
					}
				}
			}
			return out
		}
		return onlyColumns(set, cols)
	case "blacklist":
		for _, c := range cols {
			set = dropColumn(set, c)
		}
	case "none":
		return nil
	}
	return set
}

func columnBinding(bs []Binding, col string) (Binding, bool) {
	for _, bd := range bs {
		if bd.Column == col {
			return bd, true
		}
	}
	return Binding{}, false
}

// boilUpsert reads Upsert's conflict clause. The psql and sqlite
// drivers generate Upsert(ctx, exec, updateOnConflict bool,
// conflictColumns []string, updateColumns, insertColumns boil.Columns,
// opts...): ON CONFLICT (conflictColumns, the key when empty) DO UPDATE
// SET the update columns to the proposed row (DO NOTHING when
// updateOnConflict is false); the mysql driver's Upsert(ctx, exec,
// updateColumns, insertColumns) is ON DUPLICATE KEY UPDATE.
func (b *builder) boilUpsert(a *Access, m *boilModel, model ssa.Value, rest []ssa.Value) {
	var update, insert ssa.Value
	a.Conflict = sqltext.ConflictDoUpdate
	if len(rest) >= 4 && types.Identical(rest[0].Type(), types.Typ[types.Bool]) {
		if c, ok := unwrap(rest[0]).(*ssa.Const); ok && c.Value != nil && !constant.BoolVal(c.Value) {
			a.Conflict = sqltext.ConflictDoNothing
		} else if !ok {
			a.Partial = true
		}
		if elems, ok := boilStrings(b, rest[1]); ok {
			a.ConflictTarget = elems
		} else {
			a.Partial = true
		}
		update, insert = rest[2], rest[3]
	} else if len(rest) >= 2 {
		update, insert = rest[0], rest[1]
	}
	if len(a.ConflictTarget) == 0 {
		a.ConflictTarget = m.key()
	}
	a.Set = b.boilColumns(a, m, model, a.Set, insert, false)
	a.Upsert = &Upsert{Action: a.Conflict, Target: lowerAll(a.ConflictTarget)}
	if a.Conflict != sqltext.ConflictDoUpdate {
		return
	}
	kind, cols, ok := b.boilColumnList(update)
	if !ok {
		a.Partial = true
		return
	}
	for _, f := range m.fields {
		if f.primary && kind != "whitelist" || kind == "whitelist" && !contains(cols, f.column) || kind == "blacklist" && contains(cols, f.column) || kind == "none" {
			continue
		}
		a.Upsert.Set = append(a.Upsert.Set, UpsertSet{Column: f.column, Class: sqltext.UpsertProposed, From: f.column, Value: "excluded." + f.column})
	}
	a.Upsert.NewValues = kind == "infer"
}

// boilStrings reads a []string of column names: a literal of constants
// or generated column names; nil is empty.
func boilStrings(b *builder, v ssa.Value) ([]string, bool) {
	if isNil(v) {
		return nil, true
	}
	elems, ok := storedElems(v)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range elems {
		s, ok := b.boilText(e)
		if !ok {
			return nil, false
		}
		out = append(out, boilTableName(s))
	}
	return out, true
}

// boilUpdateMap binds UpdateAll's M{"col": v, models.UserColumns.Name: n}.
func (b *builder) boilUpdateMap(a *Access, v ssa.Value) []Binding {
	if v == nil {
		a.Partial = true
		return nil
	}
	q := unwrap(v)
	if ld, ok := q.(*ssa.UnOp); ok && ld.Op == token.MUL {
		q = ld.X
	}
	var out []Binding
	known := false
	if refs := q.Referrers(); refs != nil {
		for _, r := range *refs {
			up, ok := r.(*ssa.MapUpdate)
			if !ok {
				continue
			}
			known = true
			col, ok := b.boilText(up.Key)
			if !ok {
				a.Partial = true
				continue
			}
			out = append(out, b.gormAssign(boilTableName(col), up.Value))
		}
	}
	if !known {
		a.Partial = true
	}
	return out
}

// boilRawCall reports a run of SQL text made with sqlboiler's queries
// package: queries.Raw(sql, args...).Bind(ctx, exec, &dest) (a read into
// dest) or .ExecContext(ctx, exec) (sql.Result): the Raw call, and the
// index of the executor among the run's arguments.
func boilRawCall(call *ssa.CallCommon) (raw *ssa.Call, exec int, ok bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || apis.Canonical(f.Pkg().Path()) != apis.SqlboilerQueries {
		return nil, 0, false
	}
	if _, known := apis.SqlboilerRawRuns[f.Name()]; !known {
		return nil, 0, false
	}
	r, isCall := unwrap(ssautil.Receiver(call)).(*ssa.Call)
	if !isCall {
		return nil, 0, false
	}
	rf := analysisutil.CalleeFunc(&r.Call)
	if rf == nil || rf.Pkg() == nil || apis.Canonical(rf.Pkg().Path())+"."+rf.Name() != apis.SqlboilerQueries+".Raw" {
		return nil, 0, false
	}
	exec = boilExecParam(f.Type().(*types.Signature))
	return r, exec, exec >= 0
}

// boilRawAccess assembles queries.Raw(sql, args...) run by Bind or
// ExecContext.
func (b *builder) boilRawAccess(fn *ssa.Function, call ssa.CallInstruction, raw *ssa.Call, exec int) []*Access {
	if len(raw.Call.Args) == 0 {
		return nil
	}
	text := raw.Call.Args[0]
	var bound []ssa.Value
	if len(raw.Call.Args) > 1 {
		bound = b.boundArgs(raw.Call.Args[1])
	}
	t := b.resolveText(text)
	if t.param >= 0 && !t.known {
		return nil // a wrapper passing its query on
	}
	args := ssautil.CallArgs(call.Common())
	name := analysisutil.CalleeFunc(call.Common()).Name()
	accs := b.fromStmt(fn, call, sqltext.Parse(t.s), bound, nil)
	b.markTableParam(fn, accs, t, text)
	v := call.Value()
	for _, a := range accs {
		a.Lib = apis.LibSqlboiler
		a.Method = name
		a.Partial = a.Partial || strings.Contains(t.s, sqltext.Hole)
		if exec < len(args) {
			a.Handle = b.resolveRef(refOf(args[exec]))
		}
		if v == nil {
			continue
		}
		switch apis.SqlboilerRawRuns[name] {
		case "bind":
			a.Err = []ssa.Value{v}
			if exec+1 < len(args) && a.Kind == KindRead {
				dest := args[exec+1]
				slice := isSliceDest(dest)
				b.destInto(a, dest, slice)
				if slice {
					a.Found = Outcome{Signal: SignalLen, Addr: unwrap(dest)}
				} else {
					a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: []string{"database/sql.ErrNoRows"}}
				}
			}
		case "exec":
			a.Err = extracts(v, 1)
			a.ResultObjs = extracts(v, 0)
			for _, res := range a.ResultObjs {
				a.RowsAffected = append(a.RowsAffected, rowsAffectedOf(res)...)
			}
		}
	}
	return accs
}
