package vetdriver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// This file gives a standalone run what go vet cannot: the facts of the
// implementations an application wires together in main. A service
// written against a repository interface of a domain package (flexprice's
// internal/service calls invoice.Repository) does not import the package
// implementing it (internal/repository/ent, whose NewInvoiceRepository
// returns an invoice.Repository and is handed to the service by fx in
// cmd/server), so the facts of the implementation never reach the
// service's analysis and its calls are guessed from their names, or lost.
//
// Facts flow only along imports, so the driver adds an edge: a root
// package that names an imported type D.T is analyzed after each root
// package of the same module that declares a function returning D.T (a
// constructor handing out the interface), unless one imports the other or
// the edge would close a cycle. The implementer's facts are inherited as
// an import's are (types are not: the type checker still sees the real
// imports). The edges are computed once, from the roots' syntax, in the
// order of their IDs, so a run is deterministic.

// wire adds the wiring edges between roots (see above).
func wire(roots []*node) {
	type info struct {
		mentions map[string]bool // "path.Name" of imported types named
		returns  map[string]bool // "path.Name" of imported types constructors return
	}
	infos := map[*node]*info{}
	var implementers []*node
	for _, n := range roots {
		if n.pkg.Module == nil || len(n.pkg.GoFiles) == 0 {
			continue
		}
		in := &info{mentions: map[string]bool{}, returns: map[string]bool{}}
		fset := token.NewFileSet()
		for _, name := range n.pkg.GoFiles {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil || f == nil {
				continue
			}
			imports := map[string]string{} // local name → path
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				local := path[strings.LastIndex(path, "/")+1:]
				if ip := n.pkg.Imports[path]; ip != nil && ip.Name != "" {
					local = ip.Name
				}
				if spec.Name != nil {
					local = spec.Name.Name
				}
				imports[local] = path
			}
			qualified := func(e ast.Expr) string {
				sel, ok := e.(*ast.SelectorExpr)
				if !ok {
					return ""
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || imports[x.Name] == "" {
					return ""
				}
				return imports[x.Name] + "." + sel.Sel.Name
			}
			ast.Inspect(f, func(x ast.Node) bool {
				if e, ok := x.(ast.Expr); ok {
					if q := qualified(e); q != "" {
						in.mentions[q] = true
					}
				}
				return true
			})
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || fd.Type.Results == nil {
					continue
				}
				for _, r := range fd.Type.Results.List {
					if q := qualified(r.Type); q != "" {
						in.returns[q] = true
					}
				}
			}
		}
		infos[n] = in
		if len(in.returns) > 0 && n.pkg.ID == n.pkg.PkgPath {
			implementers = append(implementers, n)
		}
	}
	sort.Slice(implementers, func(i, j int) bool { return implementers[i].pkg.ID < implementers[j].pkg.ID })
	ordered := append([]*node(nil), roots...)
	sort.Slice(ordered, func(i, j int) bool { return ordered[i].pkg.ID < ordered[j].pkg.ID })
	for _, n := range ordered {
		in := infos[n]
		if in == nil {
			continue
		}
		for _, q := range implementers {
			if q == n || q.pkg.PkgPath == n.pkg.PkgPath || q.pkg.Module.Path != n.pkg.Module.Path {
				continue
			}
			shared := false
			for t := range infos[q].returns {
				// The type is declared by a package both import; the
				// consumer names it.
				path := t[:strings.LastIndex(t, ".")]
				if in.mentions[t] && n.pkg.Imports[path] != nil && path != q.pkg.PkgPath {
					shared = true
					break
				}
			}
			if !shared || reaches(n, q) || reaches(q, n) {
				continue
			}
			n.wired = append(n.wired, q)
		}
	}
}

// reaches reports whether to is from, or a dependency of from through
// imports and wiring edges.
func reaches(from, to *node) bool {
	seen := map[*node]bool{}
	stack := []*node{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == to {
			return true
		}
		if seen[n] {
			continue
		}
		seen[n] = true
		stack = append(stack, n.deps...)
		stack = append(stack, n.wired...)
	}
	return false
}
