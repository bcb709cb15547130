package dbcall_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/apis"
)

// TestGoquAPI holds passes/apis' goqu tables to the real library
// (github.com/doug-martin/goqu/v9, as testdata/e2elibs requires it).
func TestGoquAPI(t *testing.T) {
	pkgs := loadLibs(t, apis.GoquPkg, apis.GoquExecPkg, apis.GoquExpPkg)
	pkg := pkgs[apis.GoquPkg]
	for _, recv := range sortedKeys(apis.GoquStarters) {
		var ms map[string]bool
		if recv != "" {
			ms = methodsOf(pkg, recv)
		}
		for _, name := range sortedKeys(apis.GoquStarters[recv]) {
			if recv == "" {
				if _, ok := pkg.Scope().Lookup(name).(*types.Func); !ok {
					t.Errorf("function %s not in %s", name, pkg.Path())
				}
			} else if !ms[name] {
				t.Errorf("starter %s.%s not in %s", recv, name, pkg.Path())
			}
		}
	}
	// Every dataset method of the table is a method of some dataset.
	all := methodsOf(pkg, sortedKeys(apis.GoquDatasets)...)
	for _, name := range sortedKeys(apis.GoquMethods) {
		if !all[name] {
			t.Errorf("dataset method %s not in %s", name, pkg.Path())
		}
	}
	exec := methodsOf(pkgs[apis.GoquExecPkg], "QueryExecutor")
	sel := methodsOf(pkg, "SelectDataset")
	for _, name := range sortedKeys(apis.GoquFinishers) {
		if !exec[name] && !sel[name] {
			t.Errorf("finisher %s is neither QueryExecutor's nor SelectDataset's", name)
		}
	}
	if !exec[apis.GoquToSQL] || !sel[apis.GoquToSQL] {
		t.Errorf("%s missing", apis.GoquToSQL)
	}
	ident := pkgs[apis.GoquExpPkg].Scope().Lookup("IdentifierExpression")
	if ident == nil {
		t.Fatal("exp.IdentifierExpression missing")
	}
	ims := types.NewMethodSet(ident.Type())
	for _, name := range sortedKeys(apis.GoquComparisons) {
		if ims.Lookup(nil, name) == nil {
			t.Errorf("IdentifierExpression.%s missing", name)
		}
	}
	for _, name := range []string{"Ex", "ExOr", "Op", "Record", "Vals", "WaitOption"} {
		if _, ok := pkgs[apis.GoquExpPkg].Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("exp.%s missing", name)
		}
	}
	for _, name := range []string{"C", "I", "T", "L", "Literal", "V", "Default", "And", "Or", "DoNothing", "DoUpdate"} {
		if _, ok := pkg.Scope().Lookup(name).(*types.Func); !ok {
			t.Errorf("goqu.%s missing", name)
		}
	}
	n := 0
	for _, key := range sortedKeys(apis.Methods) {
		if strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(key, "("), "*"), apis.GoquPkg+".") {
			n++
			if !idemvettest.ResolvesFullName(pkg, key) {
				t.Errorf("%s does not resolve", key)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d goqu rows", n)
	}
}
