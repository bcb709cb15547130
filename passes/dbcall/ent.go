package dbcall

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// ent's clients are generated into the application's module. The model
// knows them by the shape of the generated API, never by reading the
// generated bodies: a client package imports entgo.io/ent and declares
// Client, Tx, NotFoundError and ConstraintError; its <Entity>Client
// methods start builders (<Entity>Query, <Entity>Create, ...); the
// <entity> package beside it holds the Table and Field<Name> constants
// and the predicates (<Name>EQ(v), <Name>GT(v), ...).

// IsEntPackage reports whether pkg is a package ent generated its client
// into.
func IsEntPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, name := range apis.EntClientTypes {
		if _, ok := pkg.Scope().Lookup(name).(*types.TypeName); !ok {
			return false
		}
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == apis.EntPkg || strings.HasPrefix(imp.Path(), apis.EntPkg+"/") {
			return true
		}
	}
	return false
}

// entNamed returns the name and package of a (pointer to a) named type of
// an ent client package.
func entNamed(t types.Type) (string, *types.Package, bool) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !IsEntPackage(n.Obj().Pkg()) {
		return "", nil, false
	}
	return n.Obj().Name(), n.Obj().Pkg(), true
}

// entBuilder splits a generated builder type's name into its entity and
// the statement kind ("MemberUpdateOne" → "Member", "updateone").
func entBuilder(t types.Type) (entity, kind string, pkg *types.Package, ok bool) {
	name, pkg, ok := entNamed(t)
	if !ok {
		return "", "", nil, false
	}
	best := ""
	for suffix, k := range apis.EntBuilders {
		if strings.HasSuffix(name, suffix) && len(name) > len(suffix) && len(suffix) > len(best) {
			best, kind = suffix, k
		}
	}
	if best == "" {
		return "", "", nil, false
	}
	return strings.TrimSuffix(name, best), kind, pkg, true
}

// entRecv returns the receiver type of a method call, or nil.
func entRecv(call *ssa.CallCommon) (*types.Func, types.Type) {
	f := analysisutil.CalleeFunc(call)
	if f == nil {
		return nil, nil
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil, nil
	}
	return f, sig.Recv().Type()
}

// entClientCall reports a call of an <Entity>Client method that starts a
// builder (Query, Create, UpdateOneID, ...) or reads by id (Get).
func entClientCall(call *ssa.CallCommon) (entity, kind string, pkg *types.Package, ok bool) {
	f, recv := entRecv(call)
	if f == nil {
		return "", "", nil, false
	}
	name, pkg, ok := entNamed(recv)
	if !ok || !strings.HasSuffix(name, "Client") || name == "Client" {
		return "", "", nil, false
	}
	kind, ok = apis.EntClientMethods[f.Name()]
	return strings.TrimSuffix(name, "Client"), kind, pkg, ok
}

// entFinisher reports a builder method that runs the statement, and what
// its results carry (apis.EntFinishers).
func entFinisher(call *ssa.CallCommon) (result string, ok bool) {
	f, recv := entRecv(call)
	if f == nil {
		return "", false
	}
	if _, kind, _, ok := entBuilder(recv); ok {
		result, ok = apis.EntFinishers[kind][f.Name()]
		return result, ok
	}
	if _, kind, _, ok := entClientCall(call); ok && kind == "get" {
		return "one", true
	}
	return "", false
}

// entStep reports a builder method that is not a finisher.
func entStep(call *ssa.CallCommon) (string, bool) {
	f, recv := entRecv(call)
	if f == nil {
		return "", false
	}
	_, kind, _, ok := entBuilder(recv)
	if !ok {
		return "", false
	}
	if _, fin := apis.EntFinishers[kind][f.Name()]; fin {
		return "", false
	}
	return f.Name(), true
}

// entSetter reports a builder step that sets a column (SetX, SetNillableX,
// AddX, ClearX, AppendX): an insert or update made with it on some paths
// only still writes the column on those paths, so Writers and the
// stale-row rules count it.
func entSetter(name string) bool {
	for _, p := range []string{"Set", "Add", "Clear", "Append"} {
		if len(name) > len(p) && strings.HasPrefix(name, p) && name[len(p)] >= 'A' && name[len(p)] <= 'Z' {
			return true
		}
	}
	return false
}

// IsEntBegin reports client.Tx(ctx) and client.BeginTx(ctx, opts) of a
// generated ent client: they return the *Tx that its Commit ends.
func IsEntBegin(call *ssa.CallCommon) bool {
	f, recv := entRecv(call)
	if f == nil || f.Name() != "Tx" && f.Name() != "BeginTx" {
		return false
	}
	name, _, ok := entNamed(recv)
	return ok && name == "Client"
}

// IsEntEnd reports tx.Commit() and tx.Rollback() of a generated ent Tx.
func IsEntEnd(call *ssa.CallCommon) bool {
	f, recv := entRecv(call)
	if f == nil || f.Name() != "Commit" && f.Name() != "Rollback" {
		return false
	}
	name, _, ok := entNamed(recv)
	return ok && name == "Tx"
}

// IsEntTx reports the *Tx type of a generated ent client.
func IsEntTx(t types.Type) bool {
	if _, ok := t.(*types.Pointer); !ok {
		return false
	}
	name, _, ok := entNamed(t)
	return ok && name == "Tx"
}

// isEntFunc reports a call of the generated package-level function name
// (IsNotFound, IsConstraintError) of an ent client package.
func isEntFunc(call *ssa.CallCommon, name string) bool {
	f := analysisutil.CalleeFunc(call)
	return f != nil && f.Name() == name && IsEntPackage(f.Pkg())
}

// entGenerated reports a package all of whose files ent generated: its
// builders are known by shape, so their bodies are not modeled.
func entGenerated(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	for _, f := range pass.Files {
		if !entHeader(f) {
			return false
		}
	}
	return true
}

func entHeader(f *ast.File) bool {
	for _, c := range f.Comments {
		if c.Pos() > f.Package {
			break
		}
		if strings.HasPrefix(c.Text(), "Code generated by ent, DO NOT EDIT.") {
			return true
		}
	}
	return false
}

// entEntity is what the model reads of an entity's generated package.
type entEntity struct {
	table  string
	fields map[string]string // Go field name -> column
	order  []string          // Go field names in declaration order
}

// entEntityOf reads the <entity> package beside the client package: its
// Table and Field<Name> constants.
func entEntityOf(pkg *types.Package, entity string) *entEntity {
	want := pkg.Path() + "/" + strings.ToLower(entity)
	for _, imp := range pkg.Imports() {
		if imp.Path() != want {
			continue
		}
		e := &entEntity{fields: map[string]string{}}
		if c, ok := imp.Scope().Lookup("Table").(*types.Const); ok && c.Val().Kind() == constant.String {
			e.table = strings.ToLower(constant.StringVal(c.Val()))
		}
		for _, name := range imp.Scope().Names() {
			c, ok := imp.Scope().Lookup(name).(*types.Const)
			if !ok || !strings.HasPrefix(name, "Field") || len(name) == len("Field") || c.Val().Kind() != constant.String {
				continue
			}
			gn := strings.TrimPrefix(name, "Field")
			e.fields[gn] = constant.StringVal(c.Val())
			e.order = append(e.order, gn)
		}
		sort.Slice(e.order, func(i, j int) bool {
			return imp.Scope().Lookup("Field"+e.order[i]).Pos() < imp.Scope().Lookup("Field"+e.order[j]).Pos()
		})
		return e
	}
	return nil
}

// entAccess assembles what an ent builder chain runs at a finisher:
//
//	client.Member.Query().Where(member.EmailEQ(e)).Only(ctx)
//	client.Member.Create().SetEmail(e).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx)
//	client.Member.UpdateOneID(id).AddCredits(n).Save(ctx)
//	tx.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Save(ctx)
func (b *builder) entAccess(fn *ssa.Function, call ssa.CallInstruction, result string) []*Access {
	common := call.Common()
	var root *ssa.Call
	var steps []sqStep
	partial := false
	if _, kind, _, ok := entClientCall(common); ok && kind == "get" {
		root = nil
	} else {
		root, steps, partial = mutableSteps(call, ssautil.Receiver(common), func(c *ssa.CallCommon) bool {
			_, _, _, ok := entClientCall(c)
			return ok
		}, entStep, entSetter)
		if root == nil {
			return nil
		}
	}
	start := common
	if root != nil {
		start = &root.Call
	}
	entity, kind, pkg, _ := entClientCall(start)
	ent := entEntityOf(pkg, entity)
	if ent == nil {
		return nil
	}
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibEnt, Table: ent.table, RowsReturned: -1, ResultReturned: -1, Partial: partial}
	a.Handle = b.resolveRef(refOf(ssautil.Receiver(start)))
	f, _ := entRecv(start)
	startArgs := ssautil.CallArgs(start)
	idCol := ent.fields["ID"]
	if idCol == "" {
		idCol = "id"
	}
	switch f.Name() {
	case "UpdateOneID", "DeleteOneID":
		if len(startArgs) > 0 {
			a.Where = append(a.Where, Binding{Column: idCol, Op: "=", Value: b.resolveRef(refOf(startArgs[0]))})
		}
	case "Get":
		if len(startArgs) > 1 {
			a.Where = append(a.Where, Binding{Column: idCol, Op: "=", Value: b.resolveRef(refOf(startArgs[1]))})
		}
	case "UpdateOne", "DeleteOne":
		if len(startArgs) > 0 {
			a.Where = append(a.Where, Binding{Column: idCol, Op: "=", Value: b.resolveRef(fieldRef(unwrap(startArgs[0]), []string{"ID"}))})
		}
	}
	if kind == "insertbulk" && len(startArgs) > 0 {
		// The rows' builders, collected in a slice: their columns.
		bulk, ok := bulkCreateSteps(startArgs[0])
		a.Partial = a.Partial || !ok
		for _, s := range bulk {
			b.entStep(a, ent, s)
		}
		kind = "insert"
	}
	for _, s := range steps {
		if s.some {
			// q = q.Where(coupon.TotalRedemptionsLT(max)) under an if: a
			// condition on those paths, no key of the row.
			if s.name == "Where" {
				cond := &Access{Fn: fn, Table: a.Table}
				b.entStep(cond, ent, s)
				for _, w := range cond.Where {
					if !slices.Contains(a.Rechecks, w.Column) {
						a.Rechecks = append(a.Rechecks, w.Column)
					}
				}
			}
			continue
		}
		b.entStep(a, ent, s)
	}
	switch kind {
	case "select", "get":
		a.Kind = KindRead
	case "insert":
		a.Kind = KindInsert
	case "update", "updateone":
		a.Kind = KindUpdate
	case "delete", "deleteone":
		a.Kind = KindDelete
	}
	a.Method = kind
	b.entResults(a, ent, call, kind, result)
	return []*Access{a}
}

// entStep applies one builder call to the access.
func (b *builder) entStep(a *Access, ent *entEntity, s sqStep) {
	arg := func(i int) ssa.Value {
		if i < len(s.args) {
			return s.args[i]
		}
		return nil
	}
	name := s.name
	switch {
	case name == "Where":
		preds, ok := variadicArgs(arg(0))
		if !ok {
			a.Partial = true
			return
		}
		for _, p := range preds {
			a.Where = append(a.Where, b.entPredicate(a, ent, p, 0)...)
		}
	case name == "ForUpdate":
		a.Lock = sqltext.LockUpdate
	case name == "ForShare":
		a.Lock = sqltext.LockShare
	case name == "OnConflictColumns":
		a.Conflict = sqltext.ConflictDoUpdate
		if cols, ok := variadicArgs(arg(0)); ok {
			for _, c := range cols {
				if s, ok := constString(c); ok {
					a.ConflictTarget = append(a.ConflictTarget, s)
				}
			}
		}
		a.Upsert = &Upsert{Action: a.Conflict, Target: lowerAll(a.ConflictTarget)}
	case name == "OnConflict":
		a.Conflict = sqltext.ConflictDoUpdate
		if opts, ok := variadicArgs(arg(0)); ok {
			for _, o := range opts {
				c, ok := unwrap(o).(*ssa.Call)
				if !ok {
					continue
				}
				switch f := analysisutil.CalleeFunc(&c.Call); {
				case f == nil:
				case f.Name() == "ConflictColumns":
					if cols, ok := variadicArgs(c.Call.Args[0]); ok {
						for _, col := range cols {
							if s, ok := constString(col); ok {
								a.ConflictTarget = append(a.ConflictTarget, s)
							}
						}
					}
				case f.Name() == "DoNothing", f.Name() == "ResolveWithIgnore":
					a.Conflict = sqltext.ConflictDoNothing
				}
			}
		}
		a.Upsert = &Upsert{Action: a.Conflict, Target: lowerAll(a.ConflictTarget)}
	case name == "DoNothing" || name == "Ignore":
		a.Conflict = sqltext.ConflictDoNothing
		if a.Upsert != nil {
			a.Upsert.Action, a.Upsert.Set = a.Conflict, nil
		}
	case name == "UpdateNewValues":
		// Every field the create sets, but the ID, takes the proposed
		// value (immutable fields are skipped in the generated body,
		// which the model does not read: creation stays silent).
		a.Conflict = sqltext.ConflictDoUpdate
		if a.Upsert != nil {
			a.Upsert.Action, a.Upsert.NewValues = a.Conflict, true
			for _, bd := range a.Set {
				if bd.Column != "" && bd.Column != ent.fields["ID"] {
					a.Upsert.Set = append(a.Upsert.Set, UpsertSet{Column: bd.Column, Class: sqltext.UpsertProposed, From: bd.Column, Value: "excluded." + bd.Column})
				}
			}
		}
	case name == "Update" && a.Conflict != sqltext.ConflictNone:
		a.Conflict = sqltext.ConflictDoUpdate
		if a.Upsert != nil {
			a.Upsert.Action = a.Conflict
			a.Upsert.UpdateWhere = "?" // a callback the model does not read
		}
	case a.Conflict != sqltext.ConflictNone && a.Upsert != nil:
		// The upsert builder's own setters write the DO UPDATE list:
		// SetStatus(v) (v), UpdateStatus() (the proposed value),
		// AddCredits(n) (from the existing value), ClearNote() (NULL).
		for _, pre := range []string{"Set", "Update", "Add", "Clear"} {
			col, ok := ent.fields[strings.TrimPrefix(name, pre)]
			if !ok || !strings.HasPrefix(name, pre) {
				continue
			}
			us := UpsertSet{Column: col, Class: sqltext.UpsertParam}
			switch pre {
			case "Set":
				if c, ok := unwrap(arg(0)).(*ssa.Const); ok {
					us.Class, us.Value = sqltext.UpsertConst, goConstSQL(c)
				}
			case "Update":
				us.Class, us.From, us.Value = sqltext.UpsertProposed, col, "excluded."+col
			case "Add":
				us.Class, us.Atomic = sqltext.UpsertOther, true
			case "Clear":
				us.Class, us.Value = sqltext.UpsertConst, "NULL"
			}
			a.Upsert.Action = sqltext.ConflictDoUpdate
			a.Upsert.Set = append(a.Upsert.Set, us)
			break
		}
	case strings.HasPrefix(name, "SetNillable"):
		if col, ok := ent.fields[strings.TrimPrefix(name, "SetNillable")]; ok && a.Conflict == sqltext.ConflictNone {
			a.Set = append(a.Set, Binding{Column: col, Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(refOf(arg(0)))})
		}
	case strings.HasPrefix(name, "Set"):
		if col, ok := ent.fields[strings.TrimPrefix(name, "Set")]; ok && a.Conflict == sqltext.ConflictNone {
			a.Set = append(a.Set, b.gormAssign(col, arg(0)))
		}
	case strings.HasPrefix(name, "Add"):
		if col, ok := ent.fields[strings.TrimPrefix(name, "Add")]; ok && a.Conflict == sqltext.ConflictNone {
			bd := Binding{Column: col, Op: "=", Class: sqltext.AssignAtomic, Expr: col + " + ?"}
			if v := arg(0); v != nil {
				bd.Value = b.resolveRef(refOf(v))
			}
			a.Set = append(a.Set, bd)
		}
	case strings.HasPrefix(name, "Clear"):
		if col, ok := ent.fields[strings.TrimPrefix(name, "Clear")]; ok && a.Conflict == sqltext.ConflictNone {
			a.Set = append(a.Set, Binding{Column: col, Op: "=", Class: sqltext.AssignConst, Const: "NULL"})
		}
	}
}

// entPredicate reads a generated predicate: member.EmailEQ(e),
// member.Email(e), member.ID(id), member.CreditsGT(0); member.And(...)
// is its conjuncts, member.Or and member.Not one opaque conjunct.
func (b *builder) entPredicate(a *Access, ent *entEntity, p ssa.Value, depth int) []Binding {
	call, ok := unwrap(p).(*ssa.Call)
	if !ok || depth > 4 {
		a.Partial = true
		return []Binding{{Expr: "?"}}
	}
	f := analysisutil.CalleeFunc(&call.Call)
	if f == nil {
		a.Partial = true
		return []Binding{{Expr: "?"}}
	}
	args := call.Call.Args
	switch f.Name() {
	case "And":
		var out []Binding
		if len(args) > 0 {
			if ps, ok := variadicArgs(args[0]); ok {
				for _, q := range ps {
					out = append(out, b.entPredicate(a, ent, q, depth+1)...)
				}
				return out
			}
		}
		a.Partial = true
		return []Binding{{Expr: "AND"}}
	case "Or", "Not":
		return []Binding{{Expr: strings.ToUpper(f.Name())}}
	}
	col, op := entPredicateColumn(ent, f.Name())
	if col == "" {
		// A predicate the model cannot name (an edge, a hand-written
		// sql.Selector function).
		return []Binding{{Expr: f.Name()}}
	}
	bd := Binding{Column: col, Op: op}
	if len(args) > 0 {
		v := args[0]
		if vals, ok := variadicArgs(v); ok && (op == "IN" || op == "NOT IN") {
			if len(vals) == 1 {
				v = vals[0]
			}
		}
		if c, ok := unwrap(v).(*ssa.Const); ok && c.Value != nil {
			bd.Const = c.Value.ExactString()
		}
		bd.Value = b.resolveRef(refOf(v))
	}
	return []Binding{bd}
}

// entPredicateColumn maps a predicate's name to its column and comparison.
func entPredicateColumn(ent *entEntity, name string) (string, string) {
	if col, ok := ent.fields[name]; ok {
		return col, "="
	}
	for _, x := range apis.EntPredicateOps {
		if base, ok := strings.CutSuffix(name, x.Suffix); ok {
			if col, ok := ent.fields[base]; ok {
				return col, x.Op
			}
		}
	}
	return "", ""
}

// entResults binds a finisher's results: the entity returned (its fields
// read), the NotFoundError, the count, the affected rows.
func (b *builder) entResults(a *Access, ent *entEntity, call ssa.CallInstruction, kind, result string) {
	v := call.Value()
	if v == nil {
		return
	}
	sentinel := []string{"ent.IsNotFound"}
	switch result {
	case "one":
		a.Err = extracts(v, 1)
		row := extracts(v, 0)
		if a.Kind == KindRead {
			a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: sentinel, Nil: row}
			for _, r := range row {
				for _, gn := range ent.order {
					a.Reads = append(a.Reads, ColumnRead{Column: ent.fields[gn], Dest: Ref{Root: r, Path: "." + gn}})
				}
			}
		}
	case "id":
		a.Err = extracts(v, 1)
		if a.Kind == KindRead {
			a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: sentinel}
		}
	case "err":
		a.Err = []ssa.Value{v}
	case "saved":
		a.Err = extracts(v, 1)
	case "rows":
		a.Err = extracts(v, 1)
		a.RowsAffected = extracts(v, 0)
	case "rowsx":
		a.RowsAffected = []ssa.Value{v}
	case "count":
		a.Count = true
		a.Err = extracts(v, 1)
		a.Found = Outcome{Signal: SignalCount, Values: extracts(v, 0)}
	case "countx":
		a.Count = true
		a.Found = Outcome{Signal: SignalCount, Values: []ssa.Value{v}}
	case "exist":
		a.Exists = true
		a.Err = extracts(v, 1)
		a.Found = Outcome{Signal: SignalBool, Values: extracts(v, 0)}
	case "existx":
		a.Exists = true
		a.Found = Outcome{Signal: SignalBool, Values: []ssa.Value{v}}
	case "all", "ids":
		a.Err = extracts(v, 1)
		a.Found = Outcome{Signal: SignalLen, Values: extracts(v, 0)}
	case "allx":
		a.Found = Outcome{Signal: SignalLen, Values: []ssa.Value{v}}
	}
	// UpdateOne and DeleteOne fail with a NotFoundError when no row
	// matched: testing the error examines the outcome.
	if kind == "updateone" || kind == "deleteone" {
		for _, e := range a.Err {
			if b.errTested(e, map[ssa.Value]bool{}) {
				a.RowsChecked = true
			}
		}
	}
}

// mutableSteps returns the builder calls a finisher runs, for builders
// whose methods change the builder in place and return it (bun, ent):
// back along the receivers to the call isRoot accepts, then forward over
// the calls step accepts on the builder values, keeping those made before
// the finisher on every path to it, in order; partial when some call is
// made only on some paths. A call made on some paths only is kept when
// anyPath (if not nil) accepts its step name.
//
// The builder the finisher runs on may be a variable a branch reassigned
// (`create = create.SetEndDate(*d)` under an if): the walk back follows
// every edge of such a phi, and every edge must lead to the same root.
func mutableSteps(fin ssa.CallInstruction, recv ssa.Value, isRoot func(*ssa.CallCommon) bool, step func(*ssa.CallCommon) (string, bool), anyPath func(name string) bool) (root *ssa.Call, steps []sqStep, partial bool) {
	root, helped := builderRoot(recv, isRoot, step)
	if root == nil {
		return nil, nil, false
	}
	all := func(string) bool { return true }
	calls, names, partial := chainCalls(root, fin, step, nil, nil, all)
	partial = partial || helped
	sortCalls(calls)
	for _, c := range calls {
		some := !dominates(c, fin) && (anyPath == nil || !anyPath(names[c]))
		steps = append(steps, sqStep{call: c, name: names[c], args: ssautil.CallArgs(&c.Call), some: some})
	}
	return root, steps, partial
}

// builderRoot returns the call isRoot accepts that the builder value v
// comes from, back along the receivers of the calls step accepts and the
// edges of phis, or nil when it is not one such call (two roots, another
// value, or more than 64 values back).
//
// A helper of the application that takes the builder and returns it,
// perhaps with more calls made on it (withEagerLoading(ctx, q).First(ctx)),
// is followed to the argument it returns; the calls it makes are not
// collected, so helped reports the statement partial.
func builderRoot(v ssa.Value, isRoot func(*ssa.CallCommon) bool, step func(*ssa.CallCommon) (string, bool)) (root *ssa.Call, helped bool) {
	root, params, helped, ok := builderOrigin(v, isRoot, step, 0)
	if !ok || len(params) > 0 {
		return nil, false
	}
	return root, helped
}

// builderOrigin walks back from the builder value v along the receivers
// of the calls step accepts, the edges of phis and the arguments helpers
// return (returnedParam, depth helpers deep), to the call isRoot accepts
// (one at most) and the parameters of v's function it may come from;
// ok is false at any other value or past 64 values.
func builderOrigin(v ssa.Value, isRoot func(*ssa.CallCommon) bool, step func(*ssa.CallCommon) (string, bool), depth int) (root *ssa.Call, params []*ssa.Parameter, helped, ok bool) {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 {
		v := unwrap(work[len(work)-1])
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		if len(seen) > 64 {
			return nil, nil, false, false
		}
		switch x := v.(type) {
		case *ssa.Parameter:
			if !slices.Contains(params, x) {
				params = append(params, x)
			}
		case *ssa.Phi:
			work = append(work, x.Edges...)
		case *ssa.Call:
			if isRoot != nil && isRoot(&x.Call) {
				if root != nil && root != x {
					return nil, nil, false, false
				}
				root = x
				continue
			}
			if _, ok := step(&x.Call); ok {
				work = append(work, ssautil.Receiver(&x.Call))
				continue
			}
			k := returnedParam(x.Call.StaticCallee(), step, depth)
			if k < 0 || k >= len(x.Call.Args) {
				return nil, nil, false, false
			}
			helped = true
			work = append(work, x.Call.Args[k])
		default:
			return nil, nil, false, false
		}
	}
	return root, params, helped, true
}

// returnedParam returns the index of the parameter of fn (a function of
// the application with one result) that every return of fn gives back,
// as it is or after builder calls step accepts, or -1. Helpers are
// followed two deep.
func returnedParam(fn *ssa.Function, step func(*ssa.CallCommon) (string, bool), depth int) int {
	if fn == nil || len(fn.Blocks) == 0 || depth >= 2 || fn.Signature.Results().Len() != 1 {
		return -1
	}
	param := -1
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		_, params, _, ok := builderOrigin(ret.Results[0], nil, step, depth+1)
		if !ok {
			return -1
		}
		for _, p := range params {
			i := slices.Index(fn.Params, p)
			if i < 0 || (param >= 0 && param != i) {
				return -1
			}
			param = i
		}
	}
	return param
}

// chainCalls walks forward from root over the builder values the calls step
// accepts return, and collects those calls made before fin on every path to
// it, with their step names; partial when some such call is made only on
// some paths. skip, when not nil, sees every other user first and keeps the
// ones it accepts out of the walk; a call in keep is collected even when it
// does not dominate fin (it is in fin's own chain), and so is one whose
// step name anyPath accepts (a column an insert or update sets on some
// paths only, still partial). The walk stops at 256 values.
func chainCalls(root ssa.Value, fin ssa.CallInstruction, step func(*ssa.CallCommon) (string, bool), skip func(ssa.CallInstruction) bool, keep map[ssa.Value]bool, anyPath func(name string) bool) (calls []*ssa.Call, names map[*ssa.Call]string, partial bool) {
	names = map[*ssa.Call]string{}
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{root}
	for len(work) > 0 && len(seen) < 256 {
		q := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[q] {
			continue
		}
		seen[q] = true
		if q.Referrers() != nil {
			// A helper returning the builder it is given
			// (withEagerLoading(ctx, q)): the walk goes on from its
			// result; its own calls are not collected.
			for _, r := range *q.Referrers() {
				if c, ok := r.(*ssa.Call); ok && ssa.CallInstruction(c) != fin {
					if k := returnedParam(c.Call.StaticCallee(), step, 0); k >= 0 && k < len(c.Call.Args) && c.Call.Args[k] == q {
						partial = true
						work = append(work, c)
					}
				}
			}
		}
		for _, c := range usersOf(q) {
			if c == fin || (skip != nil && skip(c)) {
				continue
			}
			call, ok := c.(*ssa.Call)
			if !ok {
				continue
			}
			name, ok := step(&call.Call)
			if !ok {
				continue
			}
			if _, done := names[call]; done {
				continue // reached again through a phi
			}
			work = append(work, call)
			if !before(call, fin) {
				continue
			}
			if !keep[call] && !dominates(call, fin) {
				partial = true
				if anyPath == nil || !anyPath(name) {
					continue
				}
			}
			calls = append(calls, call)
			names[call] = name
		}
	}
	return calls, names, partial
}

func lowerAll(list []string) []string {
	var out []string
	for _, s := range list {
		out = append(out, strings.ToLower(s))
	}
	return out
}

// bulkCreateSteps returns the setter calls of the Create builders a
// CreateBulk(builders...) inserts, as flexprice collects them:
//
//	builders := make([]*ent.PriceCreate, len(prices))
//	for i, p := range prices {
//		builders[i] = client.Price.Create().SetID(p.ID).SetAmount(p.Amount)...
//		if p.MinQuantity != nil {
//			builders[i] = builders[i].SetMinQuantity(*p.MinQuantity)
//		}
//	}
//	client.Price.CreateBulk(builders...).Save(ctx)
//
// or builders = append(builders, client.X.Create()...). Each element
// stored into the slice is followed back along its builder calls to the
// Create call or to a load of an element (a chain continued); the calls
// of every element are kept once, in source order. ok is false when an
// element or the slice is not one the walk understands.
func bulkCreateSteps(slice ssa.Value) (steps []sqStep, ok bool) {
	elems, ok := storedElems(slice)
	seen := map[*ssa.Call]bool{}
	var calls []*ssa.Call
	names := map[*ssa.Call]string{}
	for _, e := range elems {
		v := unwrap(e)
		for i := 0; i < 128; i++ {
			call, isCall := v.(*ssa.Call)
			if !isCall {
				if ld, isLoad := v.(*ssa.UnOp); !isLoad || ld.Op != token.MUL {
					ok = false // neither a builder call nor an element load
				}
				break
			}
			if _, _, _, root := entClientCall(&call.Call); root {
				break
			}
			name, isStep := entStep(&call.Call)
			if !isStep {
				ok = false
				break
			}
			if !seen[call] {
				seen[call] = true
				calls = append(calls, call)
				names[call] = name
			}
			v = unwrap(ssautil.Receiver(&call.Call))
		}
	}
	sortCalls(calls)
	for _, c := range calls {
		steps = append(steps, sqStep{call: c, name: names[c], args: ssautil.CallArgs(&c.Call)})
	}
	return steps, ok && len(elems) > 0
}

// storedElems returns the values stored into the elements of a slice: a
// make'd or literal slice's element stores, and the values append adds;
// at most 64 values are visited.
func storedElems(v ssa.Value) (elems []ssa.Value, ok bool) {
	ok = true
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 && len(seen) < 64 {
		x := unwrap(work[len(work)-1])
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		switch y := x.(type) {
		case *ssa.Phi:
			work = append(work, y.Edges...)
		case *ssa.Slice:
			work = append(work, y.X)
		case *ssa.Alloc, *ssa.MakeSlice:
			for _, r := range *x.Referrers() {
				ia, isIdx := r.(*ssa.IndexAddr)
				if !isIdx || ia.Referrers() == nil {
					continue
				}
				for _, u := range *ia.Referrers() {
					if st, isStore := u.(*ssa.Store); isStore && st.Addr == ia {
						elems = append(elems, st.Val)
					}
				}
			}
		case *ssa.Call:
			if bi, isBuiltin := y.Call.Value.(*ssa.Builtin); isBuiltin && bi.Name() == "append" && len(y.Call.Args) == 2 {
				work = append(work, y.Call.Args[0])
				if added, packed := variadicArgs(y.Call.Args[1]); packed {
					elems = append(elems, added...)
				} else {
					ok = false
				}
				continue
			}
			ok = false
		case *ssa.Const:
			// nil: the empty slice append starts from
		default:
			ok = false
		}
	}
	return elems, ok
}
