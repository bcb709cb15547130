package dbcall

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestHeuristicApplies: repository-like names are read only on the
// module's own interfaces, and only when the module is the application.
func TestHeuristicApplies(t *testing.T) {
	method := func(path, name string) *types.Func {
		pkg := types.NewPackage(path, "p")
		sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
		return types.NewFunc(token.NoPos, pkg, name, sig)
	}
	app := &analysis.Pass{Pkg: types.NewPackage("github.com/ory/kratos/session", "session"), Module: &analysis.Module{Path: "github.com/ory/kratos", Main: true}}
	dep := &analysis.Pass{Pkg: types.NewPackage("github.com/ory/x/configx", "configx"), Module: &analysis.Module{Path: "github.com/ory/x", Version: "v0.0.0-20260701000000-abcdef012345"}}
	for _, tt := range []struct {
		pass *analysis.Pass
		m    *types.Func
		want bool
	}{
		{app, method("github.com/ory/kratos/identity", "CreateIdentity"), true},
		{app, method("go.opentelemetry.io/otel/trace", "AddEvent"), false},
		{app, method("github.com/ory/x/configx", "AddResource"), false},
		{dep, method("github.com/ory/x/configx", "AddResource"), false},
	} {
		if got := heuristicApplies(tt.pass, tt.m); got != tt.want {
			t.Errorf("heuristicApplies(%s, %s) = %v, want %v", tt.pass.Pkg.Path(), tt.m.FullName(), got, tt.want)
		}
	}
}
