package entry

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// A worker runs what is registered with it (apis.Registrars: Temporal's
// RegisterActivity) at least once per task, whatever its signature: a
// function, a method value, or a pointer to a struct whose exported
// methods are all registered.
//
//	w.RegisterActivity(acts.ChargeInvoice)
//	w.RegisterActivity(&Activities{DB: db})
//
// Services often register through a list of definitions built elsewhere:
// a struct field whose values a function of the field's package registers
// (a definition's Func, ranged over) carries a registryFact, so a package
// storing a method value into that field registers it, however far from
// the worker:
//
//	for _, act := range set { w.RegisterActivityWithOptions(act.Func, opts) }  // a library's New
//	temporal.Definition{Name: "StorePayments", Func: a.StorePayments}           // the service's activities
//
// A registered function of another package cannot be judged here; its
// registration is kept (Registrations) for checkers that judge it by its
// facts.

// registryFact is a fact on a struct field indicating that the values
// stored in it are registered with a worker that runs them at least once
// per task.
type registryFact struct {
	Kind apis.EntryKind
	Lib  string
}

func (*registryFact) AFact() {}

func (f *registryFact) String() string { return "registered with " + f.Lib }

// Registration is the registration, in this package, of a function or
// method of another package with a worker: its facts tell what it does.
type Registration struct {
	// At is the registration call, or the store into a registry field.
	At  ssa.Instruction
	Obj *types.Func
	Lib string
}

// Registrations returns the registrations of functions of other packages
// made in the package.
func (r *Result) Registrations() []*Registration {
	if r == nil || !r.registers {
		return nil
	}
	if g := r.graph(); g != nil {
		return g.registrations
	}
	return nil
}

// registrar returns what a callee registers, from the library tables.
func registrar(callee *types.Func) (apis.Registrar, bool) {
	if callee == nil {
		return apis.Registrar{}, false
	}
	reg, ok := apis.Registrars[apis.RawFullName(callee)]
	return reg, ok
}

// registryField returns the field a registry's value is loaded from
// (act.Func of a definition ranged over), or nil.
func registryField(v ssa.Value) *types.Var {
	switch x := ssautil.Unwrap(v).(type) {
	case *ssa.Field:
		return structField(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				return structField(p.Elem(), fa.Field)
			}
		}
	}
	return nil
}

// structField returns field i of the named struct type t.
func structField(t types.Type, i int) *types.Var {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	st, ok := n.Origin().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// storedField returns the field a store writes, when it is a field of a
// named struct type.
func storedField(st *ssa.Store) *types.Var {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	return structField(p.Elem(), fa.Field)
}

// collectRegistryFields finds the registrations of values loaded from a
// field of a struct type of the package, before the uses are walked: the
// stores into those fields register too.
func (g *graph) collectRegistryFields() {
	for _, fn := range g.fns {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				reg, ok := registrar(analysisutil.CalleeFunc(call.Common()))
				if !ok {
					continue
				}
				args := ssautil.CallArgs(call.Common())
				if reg.Arg >= len(args) {
					continue
				}
				if f := registryField(args[reg.Arg]); f != nil && f.Pkg() == g.r.pkg && g.r.fields[f] == nil {
					g.r.fields[f] = &registryFact{Kind: reg.Kind, Lib: reg.Lib}
					g.ownFields = append(g.ownFields, f)
				}
			}
		}
	}
}

// registered marks what v registers, at instr: a function of the
// package, the exported methods of a struct it points to, or, for those
// of another package, a Registration.
func (g *graph) registered(instr ssa.Instruction, v ssa.Value, kind apis.EntryKind, lib string) {
	pos := g.pos(instr.Pos())
	mark := func(t *ssa.Function) {
		g.nodes[t].mark(bitConc, fmt.Sprintf("%s %s %s registered at %s", article(lib), lib, registeredNoun(lib), pos), kind, nil)
		if g.deliveries[t] == nil {
			dk := apis.DeliveryJob
			if kind == apis.EntryMessage {
				dk = apis.DeliveryMessage
			}
			g.deliveries[t] = &Delivery{Kind: dk, Lib: lib, ID: apis.DeliveryIDs[lib], Pos: instr.Pos()}
		}
	}
	if t := g.target(v); t != nil {
		mark(t)
		return
	}
	if obj := g.foreign(v); obj != nil {
		g.registrations = append(g.registrations, &Registration{At: instr, Obj: obj, Lib: lib})
		return
	}
	if ssautil.FuncOf(v) != nil {
		return // a function value of no named function
	}
	// A struct (or a pointer to one): its exported methods.
	t := ssautil.Unwrap(v).Type()
	if _, ok := types.Unalias(t).Underlying().(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	if _, isIface := types.Unalias(t.(*types.Pointer).Elem()).Underlying().(*types.Interface); isIface {
		return // a value of unknown dynamic type (a definition's any)
	}
	if n, ok := types.Unalias(t.(*types.Pointer).Elem()).(*types.Named); !ok || n.Obj().Pkg() == nil {
		return
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		f, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !f.Exported() {
			continue
		}
		if m := g.byObj[f.Origin()]; m != nil {
			mark(m)
		} else if f.Pkg() != g.r.pkg {
			g.registrations = append(g.registrations, &Registration{At: instr, Obj: f, Lib: lib})
		}
	}
}

// commandRegistered marks the method of the command value v that a
// command-line framework runs once per invocation (subcommands'
// cmd.Execute): a one-shot command's action.
func (g *graph) commandRegistered(instr ssa.Instruction, v ssa.Value, lib, method string) {
	t := ssautil.Unwrap(v).Type()
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return // a command of unknown dynamic type
	}
	sel := types.NewMethodSet(t).Lookup(nil, method)
	if sel == nil {
		if _, isPtr := t.(*types.Pointer); !isPtr {
			sel = types.NewMethodSet(types.NewPointer(t)).Lookup(nil, method)
		}
	}
	if sel == nil {
		return
	}
	f, ok := sel.Obj().(*types.Func)
	if !ok {
		return
	}
	if m := g.byObj[f.Origin()]; m != nil && g.nodes[m] != nil {
		// The interface call that may reach a method of package main
		// is the framework's, known now.
		g.nodes[m].bits &^= bitEscape
		g.nodes[m].mark(bitCmd, fmt.Sprintf("run once as the %s command action at %s", lib, g.pos(instr.Pos())), apis.EntryCommand, nil)
	}
}

// registeredNoun names what a library's worker runs: "activity".
func registeredNoun(lib string) string {
	if n := apis.DeliveryNouns[lib]; n != "" {
		return n
	}
	return "job"
}

// exportRegistryFields exports a registryFact on each field of the
// package whose values a function of the package registers.
func (g *graph) exportRegistryFields(pass *analysis.Pass) {
	for _, f := range g.ownFields {
		pass.ExportObjectFact(f, g.r.fields[f])
	}
}
