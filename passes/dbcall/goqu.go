package dbcall

import (
	"go/token"
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

// goquFunc reports a function or method of goqu or of its executor
// package: its name and its receiver's type name ("" for a package
// function).
func goquFunc(call *ssa.CallCommon) (name, recv string, ok bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil {
		return "", "", false
	}
	if p := f.Pkg().Path(); p != apis.GoquPkg && p != apis.GoquExecPkg {
		return "", "", false
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil {
		return "", "", false
	}
	if sig.Recv() != nil {
		recv = recvName(sig.Recv().Type())
	}
	return f.Name(), recv, true
}

// goquChainFunc classifies the calls of a goqu dataset chain: a dataset
// method refines its receiver; a starter (goqu.From, db.Update,
// dialect.Insert) begins the chain.
func goquChainFunc(call *ssa.CallCommon) (string, bool, bool) {
	name, recv, ok := goquFunc(call)
	if !ok {
		return "", false, false
	}
	if _, ds := apis.GoquDatasets[recv]; ds {
		_, known := apis.GoquMethods[name]
		_, fin := apis.GoquFinishers[name]
		return name, true, known || !fin && name != apis.GoquToSQL
	}
	if _, ok := apis.GoquStarters[recv][name]; ok {
		return name, false, true
	}
	return "", false, false
}

// goquFin is a goqu finisher call: its name and what it does.
type goquFin struct {
	name string
	apis.GoquFinisher
}

// goquFinisher reports a method of *SelectDataset or of a dataset's
// Executor() that runs the statement.
func goquFinisher(call *ssa.CallCommon) (goquFin, bool) {
	name, recv, ok := goquFunc(call)
	if !ok || recv != "SelectDataset" && recv != "QueryExecutor" {
		return goquFin{}, false
	}
	f, ok := apis.GoquFinishers[name]
	return goquFin{name, f}, ok
}

// goquParts accumulates a goqu statement: squirrel's clauses, and the
// conflict, RETURNING and locking clauses goqu has methods for.
type goquParts struct {
	sqParts
	conflict  *sqlPiece
	returning []string
	lock      string
}

// goquBuild assembles the statement a goqu dataset holds, or nil when v
// is not one the model can read:
//
//	db.From("users").Where(goqu.Ex{"email": e}).ScanStruct(&u)
//	db.Update("accounts").Set(goqu.Record{"balance": goqu.L("balance + ?", n)}).Where(goqu.C("id").Eq(id)).Executor().Exec()
//	db.Insert("users").Rows(u).OnConflict(goqu.DoNothing()).Executor().Exec()
//
// count renders the dataset's Count(): SELECT COUNT(*).
func (b *builder) goquBuild(v ssa.Value, count bool) *builtStmt {
	steps, _, partial := b.sqChain(goquChainFunc, v, 0, map[ssa.Value]bool{}, map[*ssa.Phi]sqPhiChain{})
	if len(steps) == 0 || !steps[0].ctor {
		return nil
	}
	p := &goquParts{sqParts: sqParts{partial: partial}}
	for _, s := range steps {
		b.goquStep(p, s)
	}
	if p.kind == "" {
		return nil
	}
	if count {
		p.columns = []string{"COUNT(*)"}
	}
	if p.conflict != nil {
		p.suffix = append(p.suffix, *p.conflict)
	}
	if len(p.returning) > 0 {
		p.suffix = append(p.suffix, sqlPiece{text: "RETURNING " + strings.Join(p.returning, ", ")})
	}
	if p.lock != "" && p.kind == "select" {
		p.suffix = append(p.suffix, sqlPiece{text: p.lock})
	}
	return p.render()
}

func (b *builder) goquStep(p *goquParts, s sqStep) {
	arg := func(i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	if s.ctor {
		_, recv, _ := goquFunc(&s.call.Call)
		p.kind = apis.GoquStarters[recv][s.name]
		if recv == "Database" || recv == "TxDatabase" {
			p.handle = unwrap(ssautil.Receiver(&s.call.Call))
		}
		switch s.name {
		case "Select":
			p.columns = append(p.columns, b.goquColumns(&p.sqParts, arg(0))...)
		case "From":
			p.table = b.goquTables(&p.sqParts, arg(0))
		default:
			p.table = b.goquTable(&p.sqParts, arg(0))
		}
		return
	}
	m, ok := apis.GoquMethods[s.name]
	if !ok {
		p.partial = true
		return
	}
	switch m.Part {
	case apis.PartTable:
		if s.name == "From" {
			p.table = b.goquTables(&p.sqParts, arg(0))
		} else {
			p.table = b.goquTable(&p.sqParts, arg(0))
		}
	case apis.PartColumns:
		if s.name == "Select" || s.name == "SelectDistinct" || s.name == "Cols" {
			p.columns = nil
		}
		p.columns = append(p.columns, b.goquColumns(&p.sqParts, arg(0))...)
	case apis.PartWhere:
		exprs, ok := variadicArgs(arg(0))
		if !ok {
			p.partial = true
			p.where = append(p.where, sqlPiece{text: sqltext.Hole})
			return
		}
		for _, e := range exprs {
			p.where = append(p.where, b.goquPred(&p.sqParts, e, 0)...)
		}
	case apis.PartSetMap: // Set(goqu.Record{...}) or Set(struct)
		p.set = append(p.set, b.goquAssignments(&p.sqParts, arg(0), "skipupdate")...)
	case apis.PartModel: // Rows(rows ...interface{})
		rows, ok := variadicArgs(arg(0))
		if !ok || len(rows) == 0 {
			p.partial = true
			p.values = append(p.values, []sqlPiece{{text: sqltext.Hole}})
			return
		}
		for i, r := range rows {
			sets := b.goquAssignments(&p.sqParts, r, "skipinsert")
			var row []sqlPiece
			for _, set := range sets {
				col, val, _ := strings.Cut(set.text, " = ")
				if i == 0 {
					p.columns = append(p.columns, col)
				}
				set.text = val
				row = append(row, set)
			}
			p.values = append(p.values, row)
		}
	case apis.PartValues: // Vals(vals ...[]interface{})
		rows, ok := variadicArgs(arg(0))
		if !ok {
			p.partial = true
			p.values = append(p.values, []sqlPiece{{text: sqltext.Hole}})
			return
		}
		for _, r := range rows {
			vals, ok := variadicArgs(r)
			if !ok {
				p.partial = true
				p.values = append(p.values, []sqlPiece{{text: sqltext.Hole}})
				continue
			}
			var row []sqlPiece
			for _, v := range vals {
				row = append(row, b.goquValue(&p.sqParts, v))
			}
			p.values = append(p.values, row)
		}
	case apis.PartConflict:
		c := b.goquConflict(&p.sqParts, arg(0))
		p.conflict = &c
	case apis.PartReturning:
		p.returning = append(p.returning, b.goquColumns(&p.sqParts, arg(0))...)
	case apis.PartLock:
		p.lock = "FOR " + m.Kind
		if c, ok := unwrap(arg(0)).(*ssa.Const); ok && c.Value != nil {
			switch c.Value.ExactString() {
			case "1":
				p.lock += " NOWAIT"
			case "2":
				p.lock += " SKIP LOCKED"
			}
		}
	case apis.PartLimit:
		if c, ok := unwrap(arg(0)).(*ssa.Const); ok && c.Value != nil {
			p.limit = c.Value.ExactString()
		}
	case apis.PartJoin:
		// A joined read: the predicates may name the other table's
		// columns.
		p.partial = true
	case apis.PartKeep:
	default:
		p.partial = true
	}
}

// goquStaticCall returns the goqu package function a value is the result
// of (goqu.C("email"), goqu.L("x + ?", n)), with its arguments.
func goquStaticCall(v ssa.Value) (string, []ssa.Value, bool) {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return "", nil, false
	}
	name, recv, ok := goquFunc(&call.Call)
	if !ok || recv != "" {
		return "", nil, false
	}
	return name, call.Call.Args, true
}

// goquIdent returns the column an identifier expression stands for (the
// table, for one naming a table alone): see goquIdentOf.
func (b *builder) goquIdent(v ssa.Value) (string, bool) {
	table, col, ok := b.goquIdentOf(v, 0)
	if !ok {
		return "", false
	}
	if col != "" {
		return col, true
	}
	return table, table != ""
}

// goquIdentOf returns the table and column of an identifier expression:
// goqu.T("users"), goqu.C("email"), goqu.I("users.email"),
// goqu.T("users").Col("email"), and a package variable holding one
// (schema.UsersTable = goqu.T("users"); UsersEmailCol =
// UsersTable.Col("email")), of this package or, through its fact, of
// another.
func (b *builder) goquIdentOf(v ssa.Value, depth int) (table, col string, ok bool) {
	if v == nil || depth > 4 {
		return "", "", false
	}
	switch x := unwrap(v).(type) {
	case *ssa.UnOp:
		g, isGlobal := x.X.(*ssa.Global)
		if x.Op != token.MUL || !isGlobal {
			return "", "", false
		}
		if g.Pkg != b.ssaPkg {
			var f goquIdentFact
			if obj := g.Object(); obj != nil && b.pass.ImportObjectFact(obj, &f) {
				return f.Table, f.Column, true
			}
			return "", "", false
		}
		if val := b.soleGlobalStore(g); val != nil {
			return b.goquIdentOf(val, depth+1)
		}
	case *ssa.Call:
		if x.Call.IsInvoke() {
			name := x.Call.Method.Name()
			if name != "Col" && name != "Table" || len(x.Call.Args) != 1 {
				return "", "", false
			}
			t, c, ok := b.goquIdentOf(x.Call.Value, depth+1)
			s, known := constString(x.Call.Args[0])
			if !ok || !known {
				return "", "", false
			}
			if name == "Col" {
				return t, strings.Trim(s, `"`), true
			}
			return strings.Trim(s, `"`), c, true
		}
		name, args, ok := goquStaticCall(x)
		if !ok || name != "C" && name != "I" && name != "T" || len(args) != 1 {
			return "", "", false
		}
		s, ok := constString(args[0])
		if !ok || s == "" {
			return "", "", false
		}
		s = strings.ReplaceAll(s, `"`, "")
		switch name {
		case "T":
			return s, "", true
		case "C":
			return "", s, true
		}
		if i := strings.LastIndexByte(s, '.'); i >= 0 {
			return s[:i], s[i+1:], true // I("users.email")
		}
		return "", s, true
	}
	return "", "", false
}

// goquIdentFact is the table and column a package variable holding a goqu
// identifier names (schema.UsersEmailCol = UsersTable.Col("email")).
type goquIdentFact struct{ Table, Column string }

func (*goquIdentFact) AFact() {}
func (f *goquIdentFact) String() string {
	return "goqu identifier " + f.Table + "." + f.Column
}

// exportGoquIdents exports the identifier of each package variable of the
// package holding one, for the datasets of other packages.
func (b *builder) exportGoquIdents() {
	for _, m := range b.ssaPkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || g.Object() == nil || !strings.HasSuffix(typeName(g.Type()), apis.GoquExpPkg+".IdentifierExpression") {
			continue
		}
		b.spend()
		if val := b.soleGlobalStore(g); val != nil {
			if t, c, ok := b.goquIdentOf(val, 1); ok {
				b.pass.ExportObjectFact(g.Object(), &goquIdentFact{Table: t, Column: c})
			}
		}
	}
}

// goquTables reads From(table ...interface{}): its first table.
func (b *builder) goquTables(p *sqParts, v ssa.Value) string {
	tables, ok := variadicArgs(v)
	if !ok || len(tables) == 0 {
		p.partial = true
		return sqltext.Hole
	}
	if len(tables) > 1 {
		p.partial = true
	}
	return b.goquTable(p, tables[0])
}

// goquTable reads a table argument: "users", goqu.T("users"),
// goqu.S("app").Table("users") as unknown.
func (b *builder) goquTable(p *sqParts, v ssa.Value) string {
	if s, ok := constString(v); ok && s != "" {
		return s
	}
	if t, c, ok := b.goquIdentOf(v, 0); ok && (t != "" || c != "") {
		if t == "" {
			t = c
		}
		return t
	}
	p.partial = true
	return sqltext.Hole
}

// goquColumns reads a ...interface{} column list: names, identifiers,
// literal text (goqu.L("COUNT(*)")).
func (b *builder) goquColumns(p *sqParts, v ssa.Value) []string {
	return variadicEach(p, v, func(x ssa.Value) string {
		if s, ok := constString(x); ok {
			return s
		}
		if s, ok := b.goquIdent(x); ok {
			return s
		}
		if name, args, ok := goquStaticCall(x); ok && (name == "L" || name == "Literal") && len(args) > 0 {
			return b.sqText(p, args[0])
		}
		p.partial = true
		return sqltext.Hole
	})
}

// goquValue renders a value assigned or inserted: goqu.L("balance + ?",
// n) is SQL the database computes, goqu.C("x") a column, goqu.Default()
// DEFAULT; anything else is a bound value.
func (b *builder) goquValue(p *sqParts, v ssa.Value) sqlPiece {
	if v == nil {
		return sqlPiece{text: sqltext.Hole}
	}
	if c, ok := unwrap(v).(*ssa.Const); ok && c.Value == nil {
		return sqlPiece{text: "NULL"}
	}
	if name, args, ok := goquStaticCall(v); ok {
		switch name {
		case "L", "Literal":
			if len(args) == 0 {
				break
			}
			piece := sqlPiece{text: b.sqText(p, args[0])}
			if len(args) > 1 {
				piece.args = b.boundArgs(args[1])
			}
			return piece
		case "C", "I":
			if s, ok := b.goquIdent(v); ok {
				return sqlPiece{text: s}
			}
		case "Default":
			return sqlPiece{text: "DEFAULT"}
		case "V":
			if len(args) == 1 {
				return sqlPiece{text: "?", args: []ssa.Value{unwrap(args[0])}}
			}
		}
		p.partial = true
		return sqlPiece{text: sqltext.Hole}
	}
	if isGoquDataset(unwrap(v).Type()) {
		p.partial = true
		return sqlPiece{text: "(" + sqltext.Hole + ")"}
	}
	return sqlPiece{text: "?", args: []ssa.Value{unwrap(v)}}
}

func isGoquDataset(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != apis.GoquPkg {
		return false
	}
	_, ok = apis.GoquDatasets[n.Obj().Name()]
	return ok
}

// goquAssignments renders the "col = value" pieces of a record: a map
// (goqu.Record, map[string]interface{}) by its sorted keys, or a struct by
// its db-tagged fields (goqu writes every field but those whose goqu tag
// says skip; a field the function did not fill is bound to the field).
func (b *builder) goquAssignments(p *sqParts, v ssa.Value, skip string) []sqlPiece {
	if v == nil {
		p.partial = true
		return nil
	}
	q := unwrap(v)
	if _, isMap := q.Type().Underlying().(*types.Map); isMap {
		kvs := mapLiteral(q)
		if len(kvs) == 0 {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole + " = " + sqltext.Hole}}
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].key < kvs[j].key })
		var out []sqlPiece
		for _, kv := range kvs {
			val := b.goquValue(p, kv.value)
			out = append(out, sqlPiece{text: kv.key + " = " + val.text, args: val.args, refs: val.refs})
		}
		return out
	}
	t := q.Type()
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	st, ok := structOf(t)
	if !ok || isScannerType(t) {
		p.partial = true
		return []sqlPiece{{text: sqltext.Hole + " = " + sqltext.Hole}}
	}
	var out []sqlPiece
	for _, f := range goquFields(st, skip) {
		if sv := storedField(q, f.path); sv != nil {
			val := b.goquValue(p, sv)
			out = append(out, sqlPiece{text: f.column + " = " + val.text, args: val.args})
			continue
		}
		out = append(out, sqlPiece{text: f.column + " = ?", args: []ssa.Value{nil}, refs: []Ref{fieldRef(q, f.path)}})
	}
	return out
}

// goquFields lists a struct's columns as goqu maps them (sqlx's: the db
// tag, else the lower-cased name), without those a goqu tag skips for the
// statement (`goqu:"skipinsert"`, `goqu:"skipupdate"`).
func goquFields(st *types.Struct, skip string) []structField {
	fields := sqlxFields(st)
	skipped := map[string]bool{}
	var walk func(st *types.Struct, depth int)
	visits := 0
	walk = func(st *types.Struct, depth int) {
		if depth > 4 {
			return
		}
		for i := 0; i < st.NumFields(); i++ {
			if visits++; visits > maxStructFields {
				return
			}
			f := st.Field(i)
			tag := reflect.StructTag(st.Tag(i))
			for _, opt := range strings.Split(tag.Get(apis.GoquTag), ",") {
				if strings.TrimSpace(opt) == skip {
					skipped[f.Name()] = true
				}
			}
			if f.Anonymous() {
				if inner, ok := structOf(f.Type()); ok {
					walk(inner, depth+1)
				}
			}
		}
	}
	walk(st, 0)
	var out []structField
	for _, f := range fields {
		if len(f.path) > 0 && skipped[f.path[len(f.path)-1]] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// goquConflict renders OnConflict's clause: goqu.DoNothing(), or
// goqu.DoUpdate("key", goqu.Record{...}) with its Where.
func (b *builder) goquConflict(p *sqParts, v ssa.Value) sqlPiece {
	var where []sqlPiece
	q := unwrap(v)
	for i := 0; i < 8; i++ {
		call, ok := q.(*ssa.Call)
		if !ok || !call.Call.IsInvoke() || call.Call.Method.Name() != "Where" {
			break
		}
		if exprs, ok := variadicArgs(call.Call.Args[0]); ok {
			for _, e := range exprs {
				where = append(where, b.goquPred(p, e, 0)...)
			}
		} else {
			p.partial = true
		}
		q = unwrap(call.Call.Value)
	}
	name, args, ok := goquStaticCall(q)
	switch {
	case ok && name == "DoNothing":
		return sqlPiece{text: "ON CONFLICT DO NOTHING"}
	case ok && name == "DoUpdate" && len(args) == 2:
		target, known := constString(args[0])
		if !known {
			p.partial = true
			target = sqltext.Hole
		}
		piece := sqlPiece{text: "ON CONFLICT"}
		if target != "" {
			piece.text += " (" + target + ")"
		}
		piece.text += " DO UPDATE SET "
		for i, s := range b.goquAssignments(p, args[1], "skipupdate") {
			if i > 0 {
				piece.text += ", "
			}
			piece.text += s.text
			piece = appendArgs(piece, s)
		}
		if len(where) > 0 {
			piece.text += " WHERE "
			for i, w := range where {
				if i > 0 {
					piece.text += " AND "
				}
				piece.text += w.text
				piece = appendArgs(piece, w)
			}
		}
		return piece
	}
	p.partial = true
	return sqlPiece{text: "ON CONFLICT " + sqltext.Hole}
}

// appendArgs appends the bound values of s to piece, keeping refs aligned.
func appendArgs(piece, s sqlPiece) sqlPiece {
	if s.refs != nil || piece.refs != nil {
		for len(piece.refs) < len(piece.args) {
			piece.refs = append(piece.refs, Ref{})
		}
		piece.refs = append(piece.refs, s.refs...)
	}
	piece.args = append(piece.args, s.args...)
	return piece
}

// goquPred renders the conjuncts of one Where expression:
//
//	goqu.Ex{"email": e, "org_id": o}       email = ? AND org_id = ?
//	goqu.Ex{"stock": goqu.Op{"gt": 0}}     stock > ?
//	goqu.C("id").Eq(id), goqu.I("t.id").In(ids)
//	goqu.L("version = ?", v)
//	goqu.And(...), goqu.Or(...), goqu.ExOr{...}
func (b *builder) goquPred(p *sqParts, v ssa.Value, depth int) []sqlPiece {
	if v == nil || depth > 4 {
		p.partial = true
		return nil
	}
	q := unwrap(v)
	if _, isMap := q.Type().Underlying().(*types.Map); isMap {
		kvs := mapLiteral(q)
		if len(kvs) == 0 {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].key < kvs[j].key })
		var out []sqlPiece
		for _, kv := range kvs {
			out = append(out, b.goquMapPred(p, kv)...)
		}
		if strings.HasSuffix(typeName(q.Type()), ".ExOr") {
			return []sqlPiece{orPiece(out)}
		}
		return out
	}
	call, ok := q.(*ssa.Call)
	if !ok {
		p.partial = true
		return []sqlPiece{{text: sqltext.Hole}}
	}
	if call.Call.IsInvoke() {
		op, known := apis.GoquComparisons[call.Call.Method.Name()]
		col, isIdent := b.goquIdent(call.Call.Value)
		if !known || !isIdent {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		args := call.Call.Args
		switch {
		case len(args) == 0: // IsNull()
			return []sqlPiece{{text: col + " " + op}}
		case op == "IN" || op == "NOT IN":
			vals, ok := variadicArgs(args[0])
			if !ok || len(vals) != 1 {
				p.partial = true
				return []sqlPiece{{text: col + " " + op + " (" + sqltext.Hole + ")"}}
			}
			return []sqlPiece{{text: col + " " + op + " (?)", args: []ssa.Value{unwrap(vals[0])}}}
		}
		if c, ok := unwrap(args[0]).(*ssa.Const); ok && c.Value == nil && (op == "IS" || op == "IS NOT") {
			return []sqlPiece{{text: col + " " + op + " NULL"}}
		}
		val := b.goquValue(p, args[0])
		return []sqlPiece{{text: col + " " + op + " " + val.text, args: val.args}}
	}
	name, args, ok := goquStaticCall(q)
	if !ok {
		p.partial = true
		return []sqlPiece{{text: sqltext.Hole}}
	}
	switch name {
	case "L", "Literal":
		return []sqlPiece{b.goquValue(p, q)}
	case "And", "Or":
		if len(args) == 0 {
			return nil
		}
		exprs, ok := variadicArgs(args[0])
		if !ok {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		var parts []sqlPiece
		for _, e := range exprs {
			parts = append(parts, b.goquPred(p, e, depth+1)...)
		}
		if name == "And" {
			return parts
		}
		return []sqlPiece{orPiece(parts)}
	}
	p.partial = true
	return []sqlPiece{{text: sqltext.Hole}}
}

// orPiece joins predicates with OR into one conjunct.
func orPiece(parts []sqlPiece) sqlPiece {
	or := sqlPiece{}
	var texts []string
	for _, x := range parts {
		texts = append(texts, x.text)
		or.args = append(or.args, x.args...)
	}
	or.text = "(" + strings.Join(texts, " OR ") + ")"
	return or
}

// goquMapPred renders one key of a goqu.Ex map the way goqu does: a slice
// is IN, nil IS NULL, an Op map its operators, a literal its text.
func (b *builder) goquMapPred(p *sqParts, kv keyValue) []sqlPiece {
	val := unwrap(kv.value)
	if c, ok := val.(*ssa.Const); ok && c.Value == nil {
		return []sqlPiece{{text: kv.key + " IS NULL"}}
	}
	if strings.HasSuffix(typeName(val.Type()), apis.GoquExpPkg+".Op") {
		ops := mapLiteral(val)
		if len(ops) == 0 {
			p.partial = true
			return []sqlPiece{{text: sqltext.Hole}}
		}
		sort.Slice(ops, func(i, j int) bool { return ops[i].key < ops[j].key })
		var out []sqlPiece
		for _, o := range ops {
			op, known := apis.GoquOps[strings.ToLower(o.key)]
			if !known {
				p.partial = true
				out = append(out, sqlPiece{text: sqltext.Hole})
				continue
			}
			ov := unwrap(o.value)
			if c, ok := ov.(*ssa.Const); ok && c.Value == nil && (op == "IS" || op == "IS NOT") {
				out = append(out, sqlPiece{text: kv.key + " " + op + " NULL"})
				continue
			}
			if op == "IN" || op == "NOT IN" {
				out = append(out, sqlPiece{text: kv.key + " " + op + " (?)", args: []ssa.Value{ov}})
				continue
			}
			x := b.goquValue(p, ov)
			out = append(out, sqlPiece{text: kv.key + " " + op + " " + x.text, args: x.args})
		}
		return out
	}
	if isListValue(val.Type()) {
		return []sqlPiece{{text: kv.key + " IN (?)", args: []ssa.Value{val}}}
	}
	x := b.goquValue(p, val)
	return []sqlPiece{{text: kv.key + " = " + x.text, args: x.args}}
}

// goquAccess assembles a dataset chain ending in a finisher into the
// statement it runs, with goqu's results: found, err := ScanStruct(&u)
// (found false: no row), the slice of ScanStructs, Count's number,
// Exec's sql.Result.
func (b *builder) goquAccess(fn *ssa.Function, call ssa.CallInstruction, fin goquFin) []*Access {
	common := call.Common()
	st := b.goquBuild(ssautil.Receiver(common), fin.Count)
	if st == nil {
		return nil
	}
	stmt := sqltext.Parse(st.text)
	param := func(p sqltext.Param) Ref {
		if p.Index < 0 {
			return Ref{}
		}
		if p.Index < len(st.args) && st.args[p.Index] != nil {
			return b.resolveRef(refOf(st.args[p.Index]))
		}
		if p.Index < len(st.refs) && st.refs[p.Index].Root != nil {
			return b.resolveRef(st.refs[p.Index])
		}
		return Ref{}
	}
	accs := b.fromStmtParams(fn, call, stmt, param)
	args := ssautil.CallArgs(common)
	v := call.Value()
	for _, a := range accs {
		a.Lib = apis.LibGoqu
		a.Method = fin.name
		a.Partial = a.Partial || st.partial || strings.Contains(st.text, sqltext.Hole)
		if st.handle != nil {
			a.Handle = b.resolveRef(refOf(st.handle))
		}
		if v == nil {
			continue
		}
		var dest ssa.Value
		if fin.Dest >= 0 && fin.Dest < len(args) {
			dest = args[fin.Dest]
		}
		switch fin.Found {
		case "bool":
			a.Err = extracts(v, 1)
			a.Found = Outcome{Signal: SignalBool, Values: extracts(v, 0)}
			if dest != nil && a.Kind == KindRead {
				b.destInto(a, dest, false)
			}
		case "len":
			a.Err = []ssa.Value{v}
			if dest != nil && a.Kind == KindRead {
				if fin.name == "Pluck" || fin.name == "PluckContext" {
					if col, ok := constString(args[fin.Dest+1]); ok {
						a.Reads = []ColumnRead{{Column: col}}
					}
				}
				b.destInto(a, dest, true)
				a.Found = Outcome{Signal: SignalLen, Addr: unwrap(dest)}
			}
		case "count":
			a.Err = extracts(v, 1)
			a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
		default:
			b.bindResults(a, call, apis.Method{Lib: apis.LibGoqu, Op: fin.Op, SQL: -1, Args: -1, Dest: -1, Opts: -1, Func: -1, Handle: -1})
		}
	}
	return accs
}
