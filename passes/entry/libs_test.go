package entry_test

import (
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/internal/idemvettest"

	"github.com/idemvet/idemvet/passes/apis"
)

// TestDeliveryAPI holds the delivery tables of passes/apis to the real
// libraries the end-to-end module testdata/e2edelivery requires: every
// key of a package that module loads must name a function, method, type
// or field that exists (stripe-go's other majors and go-github's other
// versions are not loaded and not checked).
func TestDeliveryAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies")
	}
	// From source: export data would make the go command compile the
	// libraries first (most of this test's time on a cold build cache).
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedDeps | packages.NeedImports | packages.NeedSyntax,
		Dir:  filepath.Join("..", "..", "testdata", "e2edelivery"),
	}
	roots, err := idemvettest.LoadDecls(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]*types.Package{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types != nil {
			pkgs[p.PkgPath] = p.Types
		}
	})
	funcs := map[string]bool{}
	for k := range apis.WebhookCalls {
		funcs[k] = true
	}
	for k := range apis.ConsumeCalls {
		funcs[k] = true
	}
	for k := range apis.DistLocks {
		funcs[k] = true
	}
	for k := range apis.DeliveryIDCalls {
		funcs[k] = true
	}
	for k := range apis.DeliveryHeaderGetters {
		funcs[k] = true
	}
	for k := range apis.ScheduleGuards {
		funcs[k] = true
	}
	for k := range apis.Registrars {
		funcs[k] = true
	}
	for k, s := range apis.Spawners {
		if s.Kind == apis.EntrySchedule || s.Kind == apis.EntryMessage {
			funcs[k] = true
		}
	}
	checked := 0
	for _, key := range sorted(funcs) {
		pkg := pkgs[pkgOf(key)]
		if pkg == nil {
			continue
		}
		checked++
		if !idemvettest.ResolvesFullName(pkg, key) {
			t.Errorf("%s does not resolve in %s", key, pkg.Path())
		}
	}
	types_ := map[string]bool{}
	for k, p := range apis.EntryParams {
		if p.Kind == apis.EntryMessage || p.Kind == apis.EntryJob {
			types_[k] = true
		}
	}
	for _, key := range sorted(types_) {
		i := strings.LastIndex(key, ".")
		pkg := pkgs[key[:i]]
		if pkg == nil {
			continue
		}
		checked++
		if _, ok := pkg.Scope().Lookup(key[i+1:]).(*types.TypeName); !ok {
			t.Errorf("type %s not in %s", key, pkg.Path())
		}
	}
	fields := map[string]bool{}
	for k := range apis.DeliveryIDFields {
		fields[k] = true
	}
	for k := range apis.AttemptFields {
		fields[k] = true
	}
	// A library whose handler type is loaded has its in-memory transport
	// loaded too (the module uses both).
	for k, p := range apis.EntryParams {
		if b, ok := apis.InMemoryBackends[p.Lib]; ok && pkgs[k[:strings.LastIndex(k, ".")]] != nil {
			checked++
			if pkgs[b.Path] == nil {
				t.Errorf("%s's in-memory transport %s is not loaded", p.Lib, b.Path)
			}
		}
	}
	for _, key := range sorted(fields) {
		j := strings.LastIndex(key, ".")
		i := strings.LastIndex(key[:j], ".")
		pkg := pkgs[key[:i]]
		if pkg == nil {
			continue
		}
		checked++
		tn, ok := pkg.Scope().Lookup(key[i+1 : j]).(*types.TypeName)
		if !ok {
			t.Errorf("type of %s not in %s", key, pkg.Path())
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		found := false
		for f := 0; ok && f < st.NumFields(); f++ {
			found = found || st.Field(f).Name() == key[j+1:]
		}
		if !found {
			t.Errorf("field %s not in %s", key, pkg.Path())
		}
	}
	if checked < 30 {
		t.Errorf("only %d keys checked: is testdata/e2edelivery loaded?", checked)
	}
}

func sorted[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// pkgOf returns the package path of a full name ("pkg.F", "(*pkg.T).M").
func pkgOf(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
	if i := strings.Index(name, ")"); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndex(name, "/")
	if i := strings.Index(name[slash+1:], "."); i >= 0 {
		return name[:slash+1+i]
	}
	return name
}
