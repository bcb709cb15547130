package entry

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Origin says where the key of a claim comes from, as far as a redelivery
// is concerned: whether a second delivery of the same event computes the
// same key.
type Origin uint8

const (
	// OriginOther is a value computed from the event's payload, a
	// parameter or a database read: the same on every delivery of the
	// event, as far as the analysis sees.
	OriginOther Origin = iota
	// OriginID is the delivery's identity (stripe Event.ID, the
	// X-GitHub-Delivery or svix-id header, a message id, a job id).
	OriginID
	// OriginFresh is minted anew on every run (uuid.New, time.Now): a
	// second delivery claims a key nobody holds.
	OriginFresh
	// OriginConst is a constant: the same for every event, so it keeps
	// two events apart in time (a lock) but does not tell them apart.
	OriginConst
)

var originNames = [...]string{"other", "id", "fresh", "const"}

func (o Origin) String() string { return originNames[o] }

// Stable reports whether a redelivery of the same event computes the
// same key, and a different event may compute another.
func (o Origin) Stable() bool { return o == OriginOther || o == OriginID }

// KeyOrigin tells where the Go value v comes from, walking back through
// conversions, concatenation, calls taking it (fmt.Sprintf, strconv),
// field loads and stores into variables and struct fields, up to a
// budget. path names a field of v ("" for v itself): the key bound from a
// parameter struct (InsertEventParams{EventID: evt.ID}).
//
//	event.ID                         // OriginID (stripe.Event.ID)
//	r.Header.Get("X-GitHub-Delivery") // OriginID
//	"evt:" + msg.MessageId            // OriginID
//	uuid.NewString()                 // OriginFresh
//	inv.Customer                     // OriginOther (the payload)
//
// A value with a fresh part is fresh; otherwise one with the delivery's
// id is an id; a value made of constants only is constant.
func KeyOrigin(v ssa.Value, path string) Origin { return KeyOriginMinted(v, path, nil) }

// MintFunc reports whether a function mints the field path of its first
// result on every call ("" for the result itself): a constructor of
// another package that sets ID: uuid.NewString() (dbcall.Result.Minted,
// from facts).
type MintFunc func(fn *types.Func, path string) bool

// KeyOriginMinted is KeyOrigin with minted telling which calls mint the
// value (a constructor's own id): domain.NewOrder(msg.Customer).ID is
// fresh, though made from the message.
func KeyOriginMinted(v ssa.Value, path string, minted MintFunc) Origin {
	k := &keyWalk{seen: map[keyVisit]bool{}, minted: minted}
	k.value(v, path, 0)
	switch {
	case k.fresh:
		return OriginFresh
	case k.id:
		return OriginID
	case k.other || !k.konst:
		return OriginOther
	}
	return OriginConst
}

// KeyParams is KeyOrigin for a value of a summarized function whose key
// the callers decide: it follows captured variables to the value their
// closure binds, stops at the parameters of fn, and returns the indexes
// in fn.Params of the parameters the value is computed from, for a value
// that is no parameter itself (a command built from a message: the key
// is the message's, as a caller's provenance of the argument says).
//
//	cmd := NewCreateCommand(uuid.FromString(msg.ID), ...)  // from m
//	retry.Do(func() error { return h.Handle(ctx, cmd) })    // product_id from m
//
// ok is false when a part of the value is fresh or constant only, or
// comes from no parameter.
func KeyParams(fn *ssa.Function, v ssa.Value, path string) (params []int, ok bool) {
	return KeyParamsMinted(fn, v, path, nil)
}

// KeyParamsMinted is KeyParams with minted telling which calls mint the
// value: a key minted by a constructor comes from no parameter.
func KeyParamsMinted(fn *ssa.Function, v ssa.Value, path string, minted MintFunc) (params []int, ok bool) {
	k := &keyWalk{seen: map[keyVisit]bool{}, fn: fn, params: map[int]bool{}, minted: minted}
	k.value(v, path, 0)
	if k.fresh || k.other || len(k.params) == 0 {
		return nil, false
	}
	for i := range fn.Params {
		if k.params[i] {
			params = append(params, i)
		}
	}
	return params, true
}

// KeyMinted reports whether every origin of the Go value v (at the field
// path) is minted in this run: a uuid or random value made in the
// function, by a constructor minted tells (a mint fact), or stored into
// the struct field the value is loaded from by a store that dominates the
// load and that no other store to the field can follow. No other request
// can hold such a key, so none can look it up or insert it concurrently.
// A part from the request, a row, a parameter, a constant or the clock
// makes it false.
//
//	s.ID = uuid.NewString()   // then q.Find(ctx, s.ID); q.Insert(ctx, s.ID): minted
//	id := r.FormValue("id")   // not minted
//
// at is the instruction that uses the value (the insert's call): a value
// named by a pointer and a field path (s and ".ID") is what the last store
// to that field before at set.
//
// A parameter of an unexported function only called directly in its
// package is minted when the argument of every call is, at that call: a
// helper saving the session its caller just minted the id of.
//
// funcs are the package's source functions, where the calls are looked for.
func KeyMinted(v ssa.Value, path string, at ssa.Instruction, minted MintFunc, funcs []*ssa.Function) bool {
	return keyMinted(v, path, at, minted, funcs, 0)
}

// keyCallerDepth bounds the callers KeyMinted climbs through.
const keyCallerDepth = 3

func keyMinted(v ssa.Value, path string, at ssa.Instruction, minted MintFunc, funcs []*ssa.Function, depth int) bool {
	k := &keyWalk{seen: map[keyVisit]bool{}, minted: minted, mintedOnly: true}
	if _, isPtr := types.Unalias(v.Type()).Underlying().(*types.Pointer); isPtr && path != "" && at != nil {
		name, rest, _ := strings.Cut(path[1:], ".")
		if rest != "" {
			rest = "." + rest
		}
		if _, st := structOf(v.Type()); st != nil {
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == name {
					if store := mustStore(v, i, at); store != nil {
						v, path = store.Val, rest
					}
					break
				}
			}
		}
	}
	if p, ok := v.(*ssa.Parameter); ok {
		if depth >= keyCallerDepth {
			return false
		}
		calls, i, ok := directCalls(p, funcs)
		if !ok || len(calls) == 0 {
			return false
		}
		for _, c := range calls {
			if !keyMinted(ssautil.FullArgs(c.Common())[i], path, c, minted, funcs, depth+1) {
				return false
			}
		}
		return true
	}
	k.value(v, path, 0)
	return k.fresh && !k.id && !k.other && !k.konst
}

// directCalls lists the calls of the function p is a parameter of, and
// p's index in their arguments (the receiver first), when the function is
// unexported and its package uses it only as the callee of static calls.
// ok is false otherwise: exported, a closure, a value passed on or
// stored, or a method an interface call of its name may reach.
func directCalls(p *ssa.Parameter, funcs []*ssa.Function) (calls []ssa.CallInstruction, index int, ok bool) {
	fn := p.Parent()
	if fn == nil || fn.Pkg == nil || fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() {
		return nil, 0, false
	}
	index = -1
	for i, q := range fn.Params {
		if q == p {
			index = i
		}
	}
	if index < 0 {
		return nil, 0, false
	}
	calls, ok = ssautil.DirectCalls(fn, funcs, 20000)
	if !ok {
		return nil, 0, false
	}
	return calls, index, true
}

type keyVisit struct {
	v    ssa.Value
	path string
}

type keyWalk struct {
	seen                    map[keyVisit]bool
	steps                   int
	id, fresh, konst, other bool
	// fn, for KeyParams: the function whose parameters are leaves,
	// recorded in params; nil for KeyOrigin.
	fn     *ssa.Function
	params map[int]bool
	// minted, when set, tells the calls that mint the value.
	minted MintFunc
	// mintedOnly, for KeyMinted: a clock is no mint, and a load of a
	// struct field follows the store that must have set it.
	mintedOnly bool
}

// keyBudget bounds the values one KeyOrigin visits.
const keyBudget = 400

func (k *keyWalk) value(v ssa.Value, path string, depth int) {
	if v == nil {
		return
	}
	k.steps++
	if k.fn != nil && k.seen[keyVisit{v, path}] {
		return // counted where first visited
	}
	if depth > 16 || k.steps > keyBudget || k.seen[keyVisit{v, path}] {
		k.other = true
		return
	}
	k.seen[keyVisit{v, path}] = true
	if path != "" && k.pathField(v.Type(), path) {
		return // a field of a delivery's info: activity.GetInfo(ctx) at .ActivityID
	}
	switch x := v.(type) {
	case *ssa.Const:
		k.konst = true
	case *ssa.Call:
		common := x.Common()
		name := analysisutil.FuncName(common)
		switch {
		case k.mintedOnly && apis.ClockValues[name]:
			k.other = true
			return
		case apis.FreshValues[name]:
			k.fresh = true
			return
		case apis.DeliveryIDCalls[name]:
			k.id = true
			return
		case apis.DeliveryHeaderGetters[name] && len(common.Args) == 2:
			if c, ok := common.Args[1].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String &&
				apis.DeliveryIDHeaders[strings.ToLower(constant.StringVal(c.Value))] {
				k.id = true
				return
			}
		}
		if k.minted != nil {
			if callee := common.StaticCallee(); callee != nil {
				if obj, ok := callee.Object().(*types.Func); ok && k.minted(obj, path) {
					k.fresh = true // a constructor that sets its own id
					return
				}
			}
		}
		args := ssautil.FullArgs(common)
		if len(args) == 0 {
			k.other = true
		}
		for _, a := range args {
			k.value(a, "", depth+1)
		}
	case *ssa.Field:
		if isIDField(x.X.Type(), x.Field) {
			k.id = true
			return
		}
		if apis.AttemptFields[fieldKey(x.X.Type(), x.Field)] {
			k.attempt()
			return
		}
		k.value(x.X, fieldPath(x.X.Type(), x.Field)+path, depth+1)
	case *ssa.FieldAddr:
		if isIDField(x.X.Type(), x.Field) {
			k.id = true
			return
		}
		if apis.AttemptFields[fieldKey(x.X.Type(), x.Field)] {
			k.attempt()
			return
		}
		k.value(x.X, fieldPath(x.X.Type(), x.Field)+path, depth+1)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && k.mintedOnly && x.Op == token.MUL {
			if st := mustStore(fa.X, fa.Field, x); st != nil {
				k.value(st.Val, path, depth+1)
				return
			}
		}
		k.value(x.X, path, depth+1)
	case *ssa.BinOp:
		k.value(x.X, "", depth+1)
		k.value(x.Y, "", depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			k.value(e, path, depth+1)
		}
	case *ssa.Extract:
		if x.Index == 0 {
			k.value(x.Tuple, path, depth+1) // the first result: a constructor's, with its error
		} else {
			k.value(x.Tuple, "", depth+1)
		}
	case *ssa.MakeInterface:
		k.value(x.X, path, depth+1)
	case *ssa.ChangeType:
		k.value(x.X, path, depth+1)
	case *ssa.Convert:
		k.value(x.X, path, depth+1)
	case *ssa.ChangeInterface:
		k.value(x.X, path, depth+1)
	case *ssa.TypeAssert:
		k.value(x.X, path, depth+1)
	case *ssa.Slice:
		k.value(x.X, path, depth+1)
	case *ssa.IndexAddr:
		k.value(x.X, "", depth+1)
	case *ssa.Index:
		k.value(x.X, "", depth+1)
	case *ssa.Lookup:
		k.value(x.X, "", depth+1)
	case *ssa.Alloc:
		k.stores(x, path, depth)
	case *ssa.Parameter:
		if k.fn != nil && x.Parent() == k.fn {
			for i, p := range k.fn.Params {
				if p == x {
					k.params[i] = true
					return
				}
			}
		}
		k.other = true
	case *ssa.FreeVar:
		if b := ssautil.ClosureBinding(x); k.fn != nil && b != nil {
			k.value(b, path, depth+1)
			return
		}
		k.other = true
	default:
		// A parameter, a free variable, a global: the same value on
		// each delivery as far as the analysis can tell.
		k.other = true
	}
}

// stores visits what is stored into the variable or struct alloc (at the
// field path, when set), and the calls that fill it through its address
// (json.Unmarshal(body, &inv)).
func (k *keyWalk) stores(alloc ssa.Value, path string, depth int) {
	refs := alloc.Referrers()
	if refs == nil {
		k.other = true
		return
	}
	found := false
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == alloc {
				found = true
				k.value(r.Val, path, depth+1)
			}
		case *ssa.FieldAddr:
			fp := fieldPath(r.X.Type(), r.Field)
			if path == "" || !strings.HasPrefix(path, fp) {
				continue
			}
			rest := strings.TrimPrefix(path, fp)
			if rest != "" && !strings.HasPrefix(rest, ".") {
				continue
			}
			if frefs := r.Referrers(); frefs != nil {
				for _, fr := range *frefs {
					if st, ok := fr.(*ssa.Store); ok && st.Addr == r {
						found = true
						k.value(st.Val, rest, depth+1)
					}
				}
			}
		case ssa.CallInstruction:
			// Filled by a call taking its address: a function of the
			// call's other arguments (json.Unmarshal(event.Data.Raw, &inv)).
			found = true
			k.fillers(r, alloc, depth)
		case *ssa.MakeInterface:
			// The address as an interface: proto.Unmarshal(m.Value, &msg).
			if irefs := r.Referrers(); irefs != nil {
				for _, ir := range *irefs {
					if call, ok := ir.(ssa.CallInstruction); ok {
						found = true
						k.fillers(call, r, depth)
					}
				}
			}
		}
	}
	if !found {
		k.other = true
	}
}

// fillers visits the arguments of a call other than the address v it
// fills.
func (k *keyWalk) fillers(call ssa.CallInstruction, v ssa.Value, depth int) {
	for _, a := range ssautil.FullArgs(call.Common()) {
		if a != v {
			k.value(a, "", depth+1)
		}
	}
}

// mustStore is the store into the field of base that sets what the load at reads: a store dominating the
// load, after every other store to the field, when every other store to
// the field dominates it. nil when a store may follow it or none precedes
// the load. A call between them that writes the field is not seen.
func mustStore(base ssa.Value, field int, at ssa.Instruction) *ssa.Store {
	refs := base.Referrers()
	if refs == nil {
		return nil
	}
	var stores []*ssa.Store
	for _, r := range *refs {
		o, ok := r.(*ssa.FieldAddr)
		if !ok || o.Field != field || o.Parent() != at.Parent() {
			continue
		}
		if orefs := o.Referrers(); orefs != nil {
			for _, or := range *orefs {
				if st, ok := or.(*ssa.Store); ok && st.Addr == o {
					stores = append(stores, st)
				}
			}
		}
	}
	var last *ssa.Store
	for _, st := range stores {
		if !dominates(st, at) {
			continue
		}
		if last == nil || dominates(last, st) {
			last = st
		}
	}
	if last == nil {
		return nil
	}
	for _, st := range stores {
		if st != last && !dominates(st, last) {
			return nil // a store on another path, or after it
		}
	}
	return last
}

// dominates reports whether the instruction a runs before b on every path
// to b.
func dominates(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, in := range ab.Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// isIDField reports whether field i of the struct t (or *t) points to is a
// delivery's id field.
func isIDField(t types.Type, i int) bool { return apis.DeliveryIDFields[fieldKey(t, i)] }

// fieldKey renders field i of the struct t (or *t) points to as
// "path.Type.Field", "" when t is no named struct.
func fieldKey(t types.Type, i int) string {
	named, st := structOf(t)
	if named == nil || st == nil || i >= st.NumFields() || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + st.Field(i).Name()
}

// pathField notes a field path of t that crosses a delivery's id field
// or an attempt field (".WorkflowExecution.ID" of an activity's info),
// and reports whether it did.
func (k *keyWalk) pathField(t types.Type, path string) bool {
	for _, name := range strings.Split(strings.TrimPrefix(path, "."), ".") {
		_, st := structOf(t)
		if st == nil {
			return false
		}
		i := 0
		for i < st.NumFields() && st.Field(i).Name() != name {
			i++
		}
		if i == st.NumFields() {
			return false
		}
		switch key := fieldKey(t, i); {
		case apis.DeliveryIDFields[key]:
			k.id = true
			return true
		case apis.AttemptFields[key]:
			k.attempt()
			return true
		}
		t = st.Field(i).Type()
	}
	return false
}

// attempt notes a part that differs on each attempt of one delivery (an
// activity's attempt number): fresh for a redelivery, though not unique
// to one run, so not minted either.
func (k *keyWalk) attempt() {
	if k.mintedOnly {
		k.other = true
		return
	}
	k.fresh = true
}

// fieldPath is ".Name" for field i of the struct t (or *t) points to.
func fieldPath(t types.Type, i int) string {
	_, st := structOf(t)
	if st == nil || i >= st.NumFields() {
		return ""
	}
	return "." + st.Field(i).Name()
}

func structOf(t types.Type) (*types.Named, *types.Struct) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	st, _ := t.Underlying().(*types.Struct)
	return named, st
}
