package dbcall

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Package variables describing tables: semaphore's db package declares
// one per object kind, and its store's generic helpers take it as a
// parameter and name the table by its field:
//
//	var ViewProps = ObjectProps{TableName: "project__view", ...}   (package db)
//	func (d *SqlDb) getObject(projectID int, props db.ObjectProps, ...) { ... From(props.TableName) ... }
//	d.getObject(projectID, db.ViewProps, viewID, &view)
//
// A variable's constant string fields are exported as a fact, so a
// caller in another package knows the table.

// varFieldsFact lists the string constants a package variable of struct
// type is initialized with, by field name, sorted.
type varFieldsFact struct{ Fields []varField }

type varField struct{ Name, Value string }

func (*varFieldsFact) AFact() {}
func (f *varFieldsFact) String() string {
	var parts []string
	for _, x := range f.Fields {
		parts = append(parts, x.Name+"="+x.Value)
	}
	return "fields " + strings.Join(parts, ",")
}

// globalFields returns the string constants the package initializer
// stores into the fields of a package variable of struct type of this
// package (var P = T{TableName: "x"}): each field stored once, with a
// constant.
func (b *builder) globalFields(g *ssa.Global) map[string]string {
	if b.varFields == nil {
		b.varFields = map[*ssa.Global]map[string]string{}
		bad := map[*ssa.Global]map[string]bool{}
		if init := b.ssaPkg.Func("init"); init != nil {
			for _, blk := range init.Blocks {
				for _, instr := range blk.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					// *P = *t, t the literal's local: its field stores.
					if gl, ok := st.Addr.(*ssa.Global); ok {
						if ld, ok := st.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
							if a, ok := ld.X.(*ssa.Alloc); ok {
								for name, c := range allocFields(a) {
									b.noteVarField(gl, name, c, bad)
								}
							}
						}
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					gl, ok := fa.X.(*ssa.Global)
					if !ok {
						continue
					}
					s := structOf2(gl.Type())
					if s == nil || fa.Field >= s.NumFields() {
						continue
					}
					c, isConst := constString(st.Val)
					if !isConst {
						c = "\x00" // not a constant: the field is unknown
					}
					b.noteVarField(gl, s.Field(fa.Field).Name(), c, bad)
				}
			}
		}
		// A variable assigned anywhere else holds what that store puts.
		for _, fn := range b.srcFuncs {
			if fn.Name() == "init" && fn.Parent() == nil {
				continue
			}
			for _, blk := range fn.Blocks {
				for _, instr := range blk.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					addr := st.Addr
					if fa, ok := addr.(*ssa.FieldAddr); ok {
						addr = fa.X
					}
					if gl, ok := addr.(*ssa.Global); ok {
						delete(b.varFields, gl)
					}
				}
			}
		}
	}
	return b.varFields[g]
}

// noteVarField records that the initializer stores c into field name of
// gl; a second store, or one of no constant ("\x00"), makes it unknown.
func (b *builder) noteVarField(gl *ssa.Global, name, c string, bad map[*ssa.Global]map[string]bool) {
	if b.varFields[gl] == nil {
		b.varFields[gl], bad[gl] = map[string]string{}, map[string]bool{}
	}
	if _, dup := b.varFields[gl][name]; dup || c == "\x00" || bad[gl][name] {
		bad[gl][name] = true
		delete(b.varFields[gl], name)
		return
	}
	b.varFields[gl][name] = c
}

// allocFields returns the string constants stored into the fields of a
// composite literal's local, by field name.
func allocFields(a *ssa.Alloc) map[string]string {
	out := map[string]string{}
	s := structOf2(a.Type())
	if s == nil || a.Referrers() == nil {
		return out
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil || fa.Field >= s.NumFields() {
			continue
		}
		for _, u := range *fa.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
				if c, ok := constString(st.Val); ok {
					out[s.Field(fa.Field).Name()] = c
				}
			}
		}
	}
	return out
}

// globalField returns the string constant field name (in any case) of package variable
// g holds: from this package's initializer, or the fact of g's package.
func (b *builder) globalField(g *ssa.Global, name string) (string, bool) {
	if g.Pkg == b.ssaPkg {
		for k, s := range b.globalFields(g) {
			if strings.EqualFold(k, name) {
				return s, true
			}
		}
		return "", false
	}
	obj, ok := g.Object().(*types.Var)
	if !ok {
		return "", false
	}
	var f varFieldsFact
	if !b.pass.ImportObjectFact(obj, &f) {
		return "", false
	}
	for _, x := range f.Fields {
		if strings.EqualFold(x.Name, name) { // the marker's name is read lower-cased
			return x.Value, true
		}
	}
	return "", false
}

// exportVarFields exports the constant string fields of the package's
// exported variables of struct type.
func (b *builder) exportVarFields() {
	for _, m := range b.ssaPkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || g.Object() == nil || !g.Object().Exported() {
			continue
		}
		fields := b.globalFields(g)
		if len(fields) == 0 {
			continue
		}
		f := &varFieldsFact{}
		for k, v := range fields {
			f.Fields = append(f.Fields, varField{k, v})
		}
		slices.SortFunc(f.Fields, func(x, y varField) int { return strings.Compare(x.Name, y.Name) })
		b.pass.ExportObjectFact(g.Object(), f)
	}
}
