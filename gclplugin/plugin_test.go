package gclplugin_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/gclplugin"
)

func build(t *testing.T, conf any) []*analysis.Analyzer {
	t.Helper()
	p, err := gclplugin.New(conf)
	if err != nil {
		t.Fatalf("New(%v): %v", conf, err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q (facts need type information)", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// restoreFlags resets every flag of the analyzers the suite uses when the
// test ends: the plugin sets them process-wide.
func restoreFlags(t *testing.T) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		a.Flags.VisitAll(func(f *flag.Flag) {
			old := f.Value.String()
			t.Cleanup(func() { f.Value.Set(old) })
		})
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range idemvet.Suite {
		visit(a)
	}
}

func names(as []*analysis.Analyzer) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return strings.Join(out, ",")
}

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin("idemvet"); err != nil {
		t.Fatal(err)
	}
}

// TestDefaults: no settings run the whole suite, as fresh analyzers.
func TestDefaults(t *testing.T) {
	a1, a2 := build(t, nil), build(t, map[string]any{})
	var want []string
	for _, a := range idemvet.Suite {
		want = append(want, a.Name)
	}
	if got := names(a1); got != strings.Join(want, ",") {
		t.Errorf("analyzers %s, want %s", got, strings.Join(want, ","))
	}
	if err := analysis.Validate(a1); err != nil {
		t.Fatal(err)
	}
	for i, a := range a1 {
		if a == idemvet.Suite[i] || a == a2[i] {
			t.Errorf("%s: New returned a shared *Analyzer, not a fresh one", a.Name)
		}
	}
}

func TestSelection(t *testing.T) {
	if got := names(build(t, map[string]any{"analyzers": []any{"lostupdate", "checkfindinsert"}})); got != "checkfindinsert,lostupdate" {
		t.Errorf("analyzers: got %s", got)
	}
	got := names(build(t, map[string]any{"disable": []any{"noversion"}}))
	if strings.Contains(got, "noversion") || !strings.Contains(got, "lostupdate") {
		t.Errorf("disable: got %s", got)
	}
}

// TestErrors checks that each mistake in the settings is an error that
// says what is wrong and what would be right.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		conf map[string]any
		want string
	}{
		{map[string]any{"shema": "db/schema.sql"}, `idemvet settings: unknown key "shema" (did you mean "schema"?); the keys are analyzers, disable, schema, discover, options`},
		{map[string]any{"analyzers": []any{"lostupdat"}}, `idemvet settings: analyzers: unknown analyzer "lostupdat" (did you mean "lostupdate"?); the analyzers are checkfindinsert, lostupdate`},
		{map[string]any{"disable": []any{"nonsense"}}, `disable: unknown analyzer "nonsense"; the analyzers are`},
		{map[string]any{"analyzers": "lostupdate"}, `idemvet settings: analyzers must be a list of analyzer names`},
		{map[string]any{"discover": "no"}, `idemvet settings: discover must be true or false`},
		{map[string]any{"schema": 42}, `schema must be a path or a list of paths`},
		{map[string]any{"options": map[string]any{"idemvet_confg": map[string]any{"schema": "x"}}}, `options: unknown analyzer "idemvet_confg" (did you mean "idemvet_config"?); analyzers with options: checkfindinsert, cronlease, idemvet_config, lockacrosscall, lostupdate, noversion, redelivery, retrypost, upsert`},
		{map[string]any{"options": map[string]any{"idemvet_config": map[string]any{"shema": "x"}}}, `options: idemvet_config has no option "shema" (did you mean "schema"?); its options are budget, debug, discover, schema, testfiles`},
		{map[string]any{"options": map[string]any{"idemvet_config": map[string]any{"discover": "maybe"}}}, `options: idemvet_config.discover: want true or false, got "maybe"`},
		{map[string]any{"options": map[string]any{"lostupdate": map[string]any{"x": 1}}}, `options: lostupdate has no option "x"; its options are directive`},
		{map[string]any{"options": map[string]any{"checkfindinsert": map[string]any{"unhandld": false}}}, `options: checkfindinsert has no option "unhandld" (did you mean "unhandled"?)`},
		{map[string]any{"analyzers": []any{"lostupdate"}, "disable": []any{"lostupdate"}}, `analyzers and disable leave no analyzer to run`},
	} {
		_, err := gclplugin.New(tc.conf)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v): error %v, want it to contain %q", tc.conf, err, tc.want)
		}
	}
}

// TestSchema runs the plugin's checkfindinsert on a package without and
// with the schema setting: with it, the finding says what the UNIQUE
// constraint does.
func TestSchema(t *testing.T) {
	restoreFlags(t)
	cfi := func(as []*analysis.Analyzer) *analysis.Analyzer {
		for _, a := range as {
			if a.Name == "checkfindinsert" {
				return a
			}
		}
		t.Fatal("no checkfindinsert")
		return nil
	}
	res := analysistest.Run(t, analysistest.TestData(), cfi(build(t, nil)), "signup")
	if msg := res[0].Diagnostics[0].Message; strings.Contains(msg, "UNIQUE constraint users_email_key") {
		t.Errorf("without a schema: %s", msg)
	}
	res = analysistest.Run(t, analysistest.TestData(), cfi(build(t, map[string]any{"schema": "testdata/schemas/users.sql", "discover": false})), "signup")
	if msg := res[0].Diagnostics[0].Message; !strings.Contains(msg, "the UNIQUE constraint users_email_key rejects a concurrent duplicate") {
		t.Errorf("with the schema setting: %s", msg)
	}
	// The category and severity ride in the text, where golangci-lint's
	// severity rules can match them.
	if msg := res[0].Diagnostics[0].Message; !strings.HasSuffix(msg, " (unhandled, warning)") {
		t.Errorf("no category and severity at the end of: %s", msg)
	}
}

// TestCheckerOption sets a checker's own flag through options, by analyzer
// and flag name.
func TestCheckerOption(t *testing.T) {
	restoreFlags(t)
	as := build(t, map[string]any{"options": map[string]any{"lockacrosscall": map[string]any{"anytx": true}}})
	for _, a := range as {
		if a.Name == "lockacrosscall" {
			if got := a.Flags.Lookup("anytx").Value.String(); got != "true" {
				t.Errorf("lockacrosscall.anytx = %s, want true", got)
			}
			return
		}
	}
	t.Fatal("no lockacrosscall")
}
