package dbcall

import (
	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// invokeAccesses returns the accesses of a call through an interface
// (a repository interface declared by a service):
//
//  1. the implementations the package can see: methods of this package's
//     types, and methods with summaries in its dependencies, whose receiver
//     implements the interface; every implementation with accesses
//     contributes (a mock with none contributes nothing);
//  2. when none is visible (the implementation lives in a package this one
//     does not import, wired together in main), an inference from the
//     method's name and arguments — GetUserByEmail(ctx, email) reads users
//     by email, CreateUser(ctx, u) inserts into users — marked Heuristic so
//     checkers can demand more evidence before they report.
func (b *builder) invokeAccesses(fn *ssa.Function, call ssa.CallInstruction) []*Access {
	common := call.Common()
	iface, ok := common.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	name := common.Method.Name()
	args := ssautil.FullArgs(common)
	var out []*Access
	found := false
	// An instance of a generic interface (or one embedding it) is
	// implemented by the instances of generic types with its type
	// arguments (TransactionExecutor[Queries] for BatchedTx[Queries]).
	targs := analysisutil.TypeArgs(common.Value.Type())
	for _, impl := range b.implementations(iface, name, targs) {
		found = true
		if impl.fn != nil {
			if sum := b.summaryOf(impl.fn); sum != nil {
				out = append(out, b.instantiate(fn, call, sum, ssautil.FuncLabel(impl.fn), args)...)
			}
		} else if sum := b.methodSummary(impl.obj); sum != nil {
			out = append(out, b.instantiate(fn, call, sum, ssautil.ObjLabel(impl.obj), args)...)
		}
	}
	if found {
		return out
	}
	for _, m := range b.methods[name] {
		recv := b.implsCache.Instance(m.Type().(*types.Signature).Recv().Type(), targs)
		if !implementsByValueOrPointer(recv, iface) {
			continue
		}
		found = true
		var sum summaryFact
		if b.pass.ImportObjectFact(m, &sum) {
			out = append(out, b.instantiate(fn, call, &sum, ssautil.ObjLabel(m), args)...)
		}
	}
	if found {
		return out
	}
	// An implementation in an imported package whose method is promoted
	// from an interface field it embeds (litd's TransactionExecutor[Q]
	// embeds BatchedQuerier, implemented by BaseDB, which embeds the sqlc
	// Queries): the methods of that field's implementations run.
	for _, p := range b.pass.Pkg.Imports() {
		if IsStd(p.Path()) {
			continue
		}
		for _, im := range b.implsCache.OfArgs(iface, targs, p) {
			for _, m := range b.promotedFromInterface(im.Type, name) {
				if sum := b.methodSummary(m); sum != nil {
					found = true
					out = append(out, b.instantiate(fn, call, sum, ssautil.ObjLabel(m), args)...)
				}
			}
		}
	}
	if found {
		return out
	}
	if !heuristicApplies(b.pass, common.Method) {
		return nil
	}
	return ctxHandles(b.heuristic(fn, call, common.Method, args), args)
}

// implementations returns the methods named name of this package's types
// that implement iface.
// They are computed once per interface method: every call site through
// the interface asks.
func (b *builder) implementations(iface *types.Interface, name string, targs []types.Type) []implTarget {
	k := implKey{iface, name}
	if out, ok := b.impls[k]; ok {
		return out
	}
	out := b.findImplementations(iface, name, targs)
	if b.impls == nil {
		b.impls = map[implKey][]implTarget{}
	}
	b.impls[k] = out
	return out
}

// implKey names a method of an interface (its type arguments are those of
// the named type whose underlying interface it is).
type implKey struct {
	iface *types.Interface
	name  string
}

// An implTarget is the method an implementation runs: a function of this
// package's SSA, or a method of another package (a summary fact).
type implTarget struct {
	fn  *ssa.Function
	obj *types.Func
}

func (b *builder) findImplementations(iface *types.Interface, name string, targs []types.Type) []implTarget {
	var out []implTarget
	for _, im := range b.implsCache.OfArgs(iface, targs, b.pass.Pkg) {
		recv := im.Type
		if ms := b.promotedFromInterface(recv, name); ms != nil {
			for _, m := range ms {
				if m.Pkg() == b.pass.Pkg {
					if f := b.ssaPkg.Prog.FuncValue(m); f != nil {
						out = append(out, implTarget{fn: f})
					}
				} else {
					out = append(out, implTarget{obj: m})
				}
			}
			continue
		}
		sel := b.ssaPkg.Prog.MethodSets.MethodSet(recv).Lookup(b.pass.Pkg, name)
		if sel == nil {
			// Exported method names look up with any package.
			for i := 0; i < b.ssaPkg.Prog.MethodSets.MethodSet(recv).Len(); i++ {
				s := b.ssaPkg.Prog.MethodSets.MethodSet(recv).At(i)
				if s.Obj().Name() == name {
					sel = s
				}
			}
		}
		if sel == nil {
			continue
		}
		if f := b.ssaPkg.Prog.MethodValue(sel); f != nil {
			out = append(out, implTarget{fn: f})
		}
	}
	return out
}

// implementsByValueOrPointer reports whether t, or *t, implements iface:
// a method declared on a value receiver (func (d Datasource) GetX) belongs
// to the pointer's method set too, and the pointer is what implements an
// interface some of whose other methods have pointer receivers (func (d
// *Datasource) UpdateX), as blnk's repository does.
func implementsByValueOrPointer(t types.Type, iface *types.Interface) bool {
	if types.Implements(t, iface) {
		return true
	}
	if _, ptr := t.(*types.Pointer); ptr {
		return false
	}
	return types.Implements(types.NewPointer(t), iface)
}

// promotedFromInterface returns, when the method name of t is promoted
// from an embedded field of interface type, the declared methods of that
// field's implementations (in this package, its imports or the
// interface's package) that run; otherwise nil.
func (b *builder) promotedFromInterface(t types.Type, name string) []*types.Func {
	obj, index, _ := types.LookupFieldOrMethod(t, true, b.pass.Pkg, name)
	if _, ok := obj.(*types.Func); !ok || !analysisutil.PromotedFromInterface(t, index) {
		return nil
	}
	pkgs := append([]*types.Package{b.pass.Pkg}, b.pass.Pkg.Imports()...)
	return b.implsCache.Methods(t, b.pass.Pkg, name, pkgs)
}

// methodSummary returns the summary of a declared method: its fact, or
// the model of this package's function.
func (b *builder) methodSummary(m *types.Func) *summaryFact {
	if m.Pkg() == b.pass.Pkg {
		if f := b.ssaPkg.Prog.FuncValue(m); f != nil {
			return b.summaryOf(f)
		}
		return nil
	}
	var sum summaryFact
	if b.pass.ImportObjectFact(m, &sum) {
		return &sum
	}
	return nil
}

var (
	reRead   = lazyregexp.New(`^(?:Get|Find|Fetch|Load|Lookup|Read|Select)([A-Z][A-Za-z0-9]*?)By([A-Z][A-Za-z0-9]*)$`)
	reExists = lazyregexp.New(`^(?:([A-Z][A-Za-z0-9]*?)Exists|Exists([A-Z][A-Za-z0-9]*?)|Has([A-Z][A-Za-z0-9]*?))(?:By([A-Z][A-Za-z0-9]*))?$`)
	reCount  = lazyregexp.New(`^Count([A-Z][A-Za-z0-9]*?)(?:By([A-Z][A-Za-z0-9]*))?$`)
	reInsert = lazyregexp.New(`^(?:Create|Insert|Add|Store)([A-Z][A-Za-z0-9]*)$`)
	reUpdate = lazyregexp.New(`^(?:Update|Save)([A-Z][A-Za-z0-9]*?)(?:By([A-Z][A-Za-z0-9]*))?$`)
)

// heuristicApplies reports whether the name of the interface method m may
// say what it does to the database: only for an interface of the module
// under analysis, analyzed as the application. The name says nothing of a
// database when the interface is another module's: OpenTelemetry's
// Span.AddEvent(name, opts...) is no insert into events, a JSON-schema
// loader's AddResource(url, r) none into resources (kratos's model had
// 125 such accesses in its session package alone). A dependency module's
// own interfaces are its business too.
func heuristicApplies(pass *analysis.Pass, m *types.Func) bool {
	return m.Pkg() != nil && ownCode(pass) && sameModule(pass, m.Pkg().Path())
}

// heuristic infers the access of an interface method whose implementation
// is not visible, from its name and parameters. Only the shapes that name
// both the table and the key are inferred.
func (b *builder) heuristic(fn *ssa.Function, call ssa.CallInstruction, m *types.Func, args []ssa.Value) []*Access {
	sig := m.Type().(*types.Signature)
	name := withEntity(m.Name(), sig.Recv())
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Heuristic: true, RowsReturned: -1, ResultReturned: -1}
	a.Via = &Via{Callees: []string{ssautil.ObjLabel(m)}, Origin: "implementation not visible"}
	// params: the interface method's parameters (without receiver); args
	// include the receiver first.
	params := sig.Params()
	param := func(col string) (Ref, bool) {
		for i := 0; i < params.Len(); i++ {
			p := params.At(i)
			if strings.EqualFold(p.Name(), strings.ReplaceAll(col, "_", "")) && i+1 < len(args) {
				return b.resolveRef(refOf(args[i+1])), true
			}
		}
		return Ref{}, false
	}
	keyBindings := func(by string) bool {
		for _, part := range strings.Split(by, "And") {
			col := snakeCase(part)
			ref, ok := param(col)
			if !ok {
				// A single non-context argument is the key.
				ref, ok = soleArg(params, args)
				if !ok {
					return false
				}
			}
			a.Where = append(a.Where, Binding{Column: col, Op: "=", Value: ref})
		}
		return true
	}
	results := sig.Results()
	switch {
	case reRead.MatchString(name):
		sm := reRead.FindStringSubmatch(name)
		a.Kind, a.Table = KindRead, plural(snakeCase(sm[1]))
		if !keyBindings(sm[2]) {
			return nil
		}
		a.Found = heuristicSignal(results, call)
		a.Reads = heuristicReads(results, call)
	case reExists.MatchString(name):
		sm := reExists.FindStringSubmatch(name)
		entity := sm[1] + sm[2] + sm[3]
		if entity == "" {
			return nil
		}
		a.Kind, a.Table, a.Exists = KindRead, plural(snakeCase(entity)), true
		by := sm[4]
		if by == "" {
			return nil
		}
		if !keyBindings(by) {
			return nil
		}
		for i := 0; i < results.Len(); i++ {
			if isBoolType(results.At(i).Type()) && call.Value() != nil {
				a.Found = Outcome{Signal: SignalBool, Values: resultValues(call.Value(), i)}
			}
		}
	case reCount.MatchString(name):
		sm := reCount.FindStringSubmatch(name)
		if sm[2] == "" {
			return nil
		}
		a.Kind, a.Table, a.Count = KindRead, plural(snakeCase(sm[1])), true
		if !keyBindings(sm[2]) {
			return nil
		}
		for i := 0; i < results.Len(); i++ {
			if b, ok := results.At(i).Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 && call.Value() != nil {
				a.Found = Outcome{Signal: SignalCount, Values: resultValues(call.Value(), i)}
			}
		}
	case reInsert.MatchString(name):
		sm := reInsert.FindStringSubmatch(name)
		a.Kind, a.Table = KindInsert, plural(snakeCase(sm[1]))
		for i := 0; i < params.Len() && i+1 < len(args); i++ {
			p := params.At(i)
			if st, ok := structOf(p.Type()); ok {
				b.rowFields(args[i+1], st, func(f *types.Var, v Ref, set bool) {
					if set && f.Exported() {
						a.Set = append(a.Set, Binding{Column: snakeCase(f.Name()), Op: "=", Class: sqltext.AssignParam, Value: v})
					}
				})
			} else if p.Name() != "" && p.Name() != "ctx" && !isContextType(p.Type()) {
				a.Set = append(a.Set, Binding{Column: snakeCase(p.Name()), Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(refOf(args[i+1]))})
			}
		}
		for i := 0; i < results.Len(); i++ {
			if isErrorType(results.At(i).Type()) && call.Value() != nil {
				a.Err = resultValues(call.Value(), i)
			}
		}
	case reUpdate.MatchString(name):
		sm := reUpdate.FindStringSubmatch(name)
		entity, ok := updatedEntity(sm[1], params, sig.Recv())
		if !ok {
			return nil
		}
		a.Kind, a.Table = KindUpdate, plural(snakeCase(entity))
		if !b.heuristicUpdate(a, params, args, sm[2], keyBindings) {
			return nil
		}
		for i := 0; i < results.Len(); i++ {
			if isErrorType(results.At(i).Type()) && call.Value() != nil {
				a.Err = resultValues(call.Value(), i)
			}
		}
	default:
		return nil
	}
	return []*Access{a}
}

// heuristicReads returns the columns a lookup guessed from its name
// delivers: the fields of the struct its first result is or points to, each a
// column named as the ORMs name it (db tag, gorm column, snake case).
// GetMetaByObjectIDAndKey(ctx, id, key) (*Meta, bool, error) reads the
// meta row into the Meta returned: what the caller does with meta.Value
// is traced to the column value.
func heuristicReads(results *types.Tuple, call ssa.CallInstruction) []ColumnRead {
	cv := call.Value()
	if cv == nil || results.Len() == 0 {
		return nil
	}
	t := results.At(0).Type()
	if _, ok := t.Underlying().(*types.Pointer); !ok && !namedStruct(t) {
		return nil // a struct literal type, a slice, a count
	}
	st, ok := structOf(t)
	if !ok {
		return nil
	}
	var out []ColumnRead
	for j := 0; j < st.NumFields(); j++ {
		f := st.Field(j)
		if !f.Exported() || f.Embedded() {
			continue
		}
		col := fieldColumn(t, f.Name())
		if col == "" {
			continue
		}
		for _, rv := range resultValues(cv, 0) {
			out = append(out, ColumnRead{Column: col, Dest: Ref{Root: rv, Path: "." + f.Name()}})
		}
	}
	return out
}

// updatedEntity returns the entity an update method's name says it
// writes, without the column it names after it when a parameter is that
// column: UpdateProjectStarsByID(ctx, id, stars) updates projects.stars,
// UpdateUserSettings(ctx, s *Settings) the user_settings rows. A name that
// is only the column (BadgeRepo.UpdateStatus(ctx, id, status)) writes the
// entity the repository interface is named for (badges); of another
// interface it says nothing.
func updatedEntity(entity string, params *types.Tuple, recv *types.Var) (string, bool) {
	for i := params.Len() - 1; i >= 0; i-- {
		p := params.At(i)
		if p.Name() == "" || isContextType(p.Type()) {
			continue
		}
		if _, ok := structOf(p.Type()); ok {
			continue
		}
		col := strings.ToUpper(p.Name()[:1]) + p.Name()[1:]
		switch {
		case len(col) < len(entity) && strings.HasSuffix(entity, col):
			return strings.TrimSuffix(entity, col), true
		case col == entity:
			if e := repositoryEntity(recv); e != "" {
				return e, true
			}
			return "", false
		}
		break
	}
	return entity, true
}

// repositoryEntity returns X of an interface named XRepo, XRepository,
// XStore or XDAO, and the package's name for one named only Repository or
// Repo (customer.Repository; a bare Store is too often a key-value or
// blob store to name a table).
func repositoryEntity(recv *types.Var) string {
	if recv == nil {
		return ""
	}
	return namedEntity(recv.Type())
}

func namedEntity(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	name := n.Obj().Name()
	for _, suffix := range []string{"Repository", "Repo", "Store", "DAO"} {
		e, ok := strings.CutSuffix(name, suffix)
		if !ok {
			continue
		}
		if e == "" && n.Obj().Pkg() != nil && strings.HasPrefix(suffix, "Repo") {
			e = pascalCase(n.Obj().Pkg().Name())
		}
		if e != "" {
			return strings.ToUpper(e[:1]) + e[1:]
		}
	}
	return ""
}

// pascalCase writes a package name (coupon_application, creditgrant) as
// an entity's name: CouponApplication, Creditgrant.
func pascalCase(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// reBare matches the method names of a repository named for its entity
// (customer.Repository, UserRepo): Get(ctx, id), GetByEmail, Create,
// Update, CountByStatus.
var reBare = lazyregexp.New(`^(Get|Find|Fetch|Load|Lookup|Read|Select|Exists|Count|Create|Insert|Add|Store|Update|Save)(By[A-Z][A-Za-z0-9]*)?$`)

// withEntity names the entity in a repository method's name that leaves
// it to the interface's name: customer.Repository.Get(ctx, id) is
// GetCustomerByID, UserRepo.Create(ctx, u) CreateUser, UserRepo.ExistsByEmail
// ExistsUserByEmail. A name that says its entity is returned as is.
func withEntity(name string, recv *types.Var) string {
	if recv == nil {
		return name
	}
	return withEntityOf(name, recv.Type())
}

func withEntityOf(name string, t types.Type) string {
	sm := reBare.FindStringSubmatch(name)
	if sm == nil {
		return name
	}
	entity := namedEntity(t)
	if entity == "" {
		return name
	}
	by := sm[2]
	if by == "" {
		switch sm[1] {
		case "Get", "Find", "Fetch", "Load", "Lookup", "Read", "Select":
			by = "ByID" // the one key argument, named or not
		}
	}
	return sm[1] + entity + by
}

// rowFields calls yield for each field of the struct st that arg is or
// points to, with its value; set is false for a field a fresh composite
// literal leaves out (&User{Email: e} sets no Name).
func (b *builder) rowFields(arg ssa.Value, st *types.Struct, yield func(f *types.Var, v Ref, set bool)) {
	fresh := isComplit(literalOf(arg))
	for j := 0; j < st.NumFields(); j++ {
		f := st.Field(j)
		yield(f, b.resolveRef(fieldValue(arg, f.Name())), !fresh || storedField(arg, []string{f.Name()}) != nil)
	}
}

// columnValueType reports a type a column's value is passed as: not a
// slice (but bytes), map, func or channel.
func columnValueType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Map, *types.Signature, *types.Chan:
		return false
	}
	return true
}

// namedStruct reports a defined struct type: a row returned by value
// (GetUserBySlug(ctx, slug) (User, error)).
func namedStruct(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	_, ok = n.Underlying().(*types.Struct)
	return ok
}

// heuristicUpdate fills the SET and WHERE of an update guessed from its
// name (UpdateMeta(ctx, m), SaveUser(ctx, u), UpdateStatusByID(ctx, id,
// status)): a struct parameter is the row, written whole (only the
// fields set when it is a fresh literal), its ID field the key unless the
// name says By what; other parameters are columns by their names. With no
// key it guesses nothing: an update of which rows is unknown.
func (b *builder) heuristicUpdate(a *Access, params *types.Tuple, args []ssa.Value, by string, keyBindings func(string) bool) bool {
	if by != "" && !keyBindings(by) {
		return false
	}
	keyed := by != ""
	keys := a.keySet()
	for i := 0; i < params.Len() && i+1 < len(args); i++ {
		p := params.At(i)
		arg := args[i+1]
		if isContextType(p.Type()) {
			continue
		}
		if st, ok := structOf(p.Type()); ok {
			if _, ptr := p.Type().(*types.Pointer); !ptr {
				return false // a struct by value: a filter or options, not the row
			}
			b.rowFields(arg, st, func(f *types.Var, v Ref, set bool) {
				if !f.Exported() || f.Embedded() {
					return
				}
				col := fieldColumn(p.Type(), f.Name())
				switch {
				case col == "" || keys[col]:
				case f.Name() == "ID":
					// The primary key: the row's key unless the name says
					// another, and never a column the update changes.
					if !keyed {
						a.Where = append(a.Where, Binding{Column: col, Op: "=", Value: v})
						keyed = true
					}
				case set:
					a.Set = append(a.Set, Binding{Column: col, Op: "=", Class: sqltext.AssignParam, Value: v})
				}
			})
			continue
		}
		col := snakeCase(p.Name())
		if p.Name() == "" || keys[col] || !columnValueType(p.Type()) {
			continue // a column list, options: not a value written
		}
		a.Set = append(a.Set, Binding{Column: col, Op: "=", Class: sqltext.AssignParam, Value: b.resolveRef(refOf(arg))})
	}
	if !keyed {
		// UpdateUserEmail(ctx, id, email): the parameter named id is the
		// key.
		for i, st := range a.Set {
			if st.Column == "id" {
				a.Where = append(a.Where, Binding{Column: "id", Op: "=", Value: st.Value})
				a.Set = slices.Delete(a.Set, i, i+1)
				keyed = true
				break
			}
		}
	}
	return keyed && len(a.Set) > 0
}

func isContextType(t types.Type) bool { return types.TypeString(t, nil) == "context.Context" }

// soleArg returns the only argument that is not a context.
func soleArg(params *types.Tuple, args []ssa.Value) (Ref, bool) {
	idx := -1
	for i := 0; i < params.Len(); i++ {
		if isContextType(params.At(i).Type()) {
			continue
		}
		if idx >= 0 {
			return Ref{}, false
		}
		idx = i
	}
	if idx < 0 || idx+1 >= len(args) {
		return Ref{}, false
	}
	return refOf(args[idx+1]), true
}

// heuristicSignal guesses how a lookup reports "not found": a nil pointer
// result with a nil error, or an error the caller compares with a sentinel.
func heuristicSignal(results *types.Tuple, call ssa.CallInstruction) Outcome {
	cv := call.Value()
	if cv == nil {
		return Outcome{}
	}
	for i := 0; i < results.Len(); i++ {
		if isErrorType(results.At(i).Type()) {
			return Outcome{Signal: SignalErr, Values: resultValues(cv, i), Sentinels: []string{anyNotFound}}
		}
	}
	return Outcome{}
}

// anyNotFound stands for any sentinel whose name says "not found" when the
// implementation (and so its sentinel) is not visible.
const anyNotFound = "*NotFound*"

// declaresRepository reports whether pkg or a package it imports declares
// an interface with a method the heuristic reads (GetUserByEmail,
// CreateUser): a service written against repository interfaces has
// accesses to model even when it imports no database library.
func declaresRepository(pkg *types.Package) bool {
	scopes := []*types.Scope{pkg.Scope()}
	for _, imp := range pkg.Imports() {
		scopes = append(scopes, imp.Scope())
	}
	for _, scope := range scopes {
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for i := 0; i < iface.NumMethods(); i++ {
				m := withEntityOf(iface.Method(i).Name(), tn.Type())
				if reRead.MatchString(m) || reInsert.MatchString(m) || reExists.MatchString(m) || reCount.MatchString(m) || reUpdate.MatchString(m) {
					return true
				}
			}
		}
	}
	return false
}
