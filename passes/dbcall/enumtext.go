package dbcall

import (
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// enumTextFact holds the text a Go enum's String method gives each of its
// constants (gonuts' nut04.State: Issued is "ISSUED"), keyed by the
// constant's exact value: the text a column converted with it holds.
// The pairs are sorted by value, so the fact encodes deterministically.
type enumTextFact struct{ Values, Texts []string }

func (*enumTextFact) AFact() {}
func (f *enumTextFact) String() string {
	parts := make([]string, len(f.Values))
	for i := range f.Values {
		parts[i] = f.Values[i] + "=" + f.Texts[i]
	}
	return "enum " + strings.Join(parts, ",")
}

func (f *enumTextFact) text(v string) (string, bool) {
	for i := range f.Values {
		if f.Values[i] == v {
			return f.Texts[i], true
		}
	}
	return "", false
}

// enums answers EnumText: the texts of this package's enums, read from
// the syntax, and those of other packages, imported as facts.
type enums struct {
	pass *analysis.Pass
	own  map[*types.TypeName]*enumTextFact
	imp  map[*types.TypeName]*enumTextFact
}

// scanEnumTexts reads the String methods of the package's named integer
// types written as one switch over the receiver whose cases return string
// literals, and exports their texts.
func scanEnumTexts(pass *analysis.Pass) map[*types.TypeName]*enumTextFact {
	out := map[*types.TypeName]*enumTextFact{}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil || fd.Name.Name != "String" || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
				continue
			}
			recv, ok := pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
			if !ok {
				continue
			}
			n, ok := types.Unalias(recv.Type()).(*types.Named)
			if !ok || n.Obj().Pkg() != pass.Pkg {
				continue
			}
			if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
				continue
			}
			texts := map[string]string{}
			for _, st := range fd.Body.List {
				sw, ok := st.(*ast.SwitchStmt)
				if !ok || sw.Init != nil {
					continue
				}
				if id, ok := sw.Tag.(*ast.Ident); !ok || pass.TypesInfo.Uses[id] != recv {
					continue
				}
				for _, c := range sw.Body.List {
					cc := c.(*ast.CaseClause)
					if len(cc.Body) != 1 {
						continue
					}
					ret, ok := cc.Body[0].(*ast.ReturnStmt)
					if !ok || len(ret.Results) != 1 {
						continue
					}
					tv, ok := pass.TypesInfo.Types[ret.Results[0]]
					if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
						continue
					}
					for _, e := range cc.List {
						if cv, ok := pass.TypesInfo.Types[e]; ok && cv.Value != nil && types.Identical(cv.Type, n) {
							texts[cv.Value.ExactString()] = constant.StringVal(tv.Value)
						}
					}
				}
			}
			if len(texts) > 0 {
				fact := &enumTextFact{}
				for v := range texts {
					fact.Values = append(fact.Values, v)
				}
				sort.Strings(fact.Values)
				for _, v := range fact.Values {
					fact.Texts = append(fact.Texts, texts[v])
				}
				out[n.Obj()] = fact
				pass.ExportObjectFact(n.Obj(), fact)
			}
		}
	}
	return out
}

// EnumText returns the text the String method of c's type (a Go enum
// written as a switch) gives c, when known: the SQL literal of a column
// converted with it ('ISSUED' for nut04.Issued).
func (r *Result) EnumText(c *ssa.Const) (string, bool) {
	if r == nil || r.enums == nil || c == nil || c.Value == nil {
		return "", false
	}
	n, ok := types.Unalias(c.Type()).(*types.Named)
	if !ok {
		return "", false
	}
	tn := n.Obj()
	e := r.enums
	f := e.own[tn]
	if f == nil && tn.Pkg() != e.pass.Pkg {
		var ok bool
		if f, ok = e.imp[tn]; !ok {
			f = new(enumTextFact)
			if !e.pass.ImportObjectFact(tn, f) {
				f = nil
			}
			e.imp[tn] = f
		}
	}
	if f == nil {
		return "", false
	}
	return f.text(c.Value.ExactString())
}
