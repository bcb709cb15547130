package netcall_test

import (
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/passes/apis"
)

// TestAPIsResolve checks every key of the network and retry tables of
// passes/apis against the real libraries, as the end-to-end module
// compiles them: a key that drifted from the real API would silently
// match nothing.
func TestAPIsResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies")
	}
	var keys []string
	add := func(m any) {
		switch m := m.(type) {
		case map[string]apis.NetFunc:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RequestCtor:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.HeaderSetter:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RetryFunc:
			for k, v := range m {
				keys = append(keys, k)
				if v.Mark != "" {
					keys = append(keys, v.Mark)
				}
			}
		case map[string]apis.NoRetryOption:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RetryClient:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]bool:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]int:
			for k := range m {
				keys = append(keys, k)
			}
		}
	}
	add(apis.NetFuncs)
	add(apis.RequestCtors)
	add(apis.RequestCopies)
	add(apis.HeaderSetters)
	add(apis.FreshValues)
	add(apis.RetryFuncs)
	add(apis.NoRetryOptions)
	add(apis.Waits)
	add(apis.RetryClientCtors)
	add(apis.RetryCountSetters)
	add(apis.StandardClients)
	add(apis.SyncRunners)
	add(apis.RetryCountFields)
	add(apis.RetryPolicyFields)
	sort.Strings(keys)

	pkgPaths := map[string]bool{}
	for _, k := range keys {
		pkgPaths[pkgOf(k)] = true
	}
	var patterns []string
	for p := range pkgPaths {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	// From source: export data would make the go command compile every
	// dependency, which a cold build cache makes slow.
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax,
		Dir:  filepath.Join("..", "..", "testdata", "e2e"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	}
	for _, k := range keys {
		p := byPath[pkgOf(k)]
		if p == nil {
			t.Logf("skipped %s: %s is not a dependency of testdata/e2e", k, pkgOf(k))
			continue
		}
		if !resolves(p, k) {
			t.Errorf("%s does not resolve in %s", k, p.Path())
		}
	}
}

// pkgOf returns the package path of a key: "pkg.Func", "(*pkg.T).M",
// "(pkg.T).F".
func pkgOf(key string) string {
	k := strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
	if i := strings.Index(k, ")"); i >= 0 {
		k = k[:i]
	}
	return k[:strings.LastIndex(k, ".")]
}

func resolves(p *types.Package, key string) bool {
	if !strings.HasPrefix(key, "(") {
		name := key[len(p.Path())+1:]
		obj := p.Scope().Lookup(name)
		if f, ok := obj.(*types.Func); ok {
			return f.FullName() == key
		}
		return false
	}
	close := strings.Index(key, ")")
	recv := strings.TrimPrefix(key[1:close], "*")
	tname := recv[len(p.Path())+1:]
	member := key[close+2:]
	tn, ok := p.Scope().Lookup(tname).(*types.TypeName)
	if !ok {
		return false
	}
	var t types.Type = types.NewPointer(tn.Type())
	if types.IsInterface(tn.Type()) {
		t = tn.Type()
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, p, member)
	switch obj := obj.(type) {
	case *types.Func:
		return obj.FullName() == key
	case *types.Var:
		return obj.IsField()
	}
	return false
}
