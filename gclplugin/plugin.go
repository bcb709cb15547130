// Package gclplugin registers idemvet as a golangci-lint v2 module plugin
// named "idemvet".
//
// Build a golangci-lint that includes it with golangci-lint custom and a
// .custom-gcl.yml, then enable it in .golangci.yml:
//
//	linters:
//	  enable: [idemvet]
//	  settings:
//	    custom:
//	      idemvet:
//	        type: module
//	        description: concurrency and idempotency bugs of database-backed services
//	        settings:
//	          disable: [noversion]
//	          schema: [db/schema.sql]
//
// Settings are decoded strictly: an unknown key, analyzer or option is an
// error that names the known ones. See Settings for every key, and the
// README's golangci-lint section for the build.
package gclplugin

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/report"
)

func init() {
	register.Plugin("idemvet", New)
}

// Settings are the plugin's settings, under
// linters.settings.custom.idemvet.settings in .golangci.yml.
type Settings struct {
	// Analyzers lists the checkers to run. Empty: every checker of
	// idemvet's default suite.
	Analyzers []string `json:"analyzers,omitempty"`
	// Disable lists checkers not to run.
	Disable []string `json:"disable,omitempty"`
	// Schema lists schema files, folders or globs (DDL or migrations),
	// relative to the directory golangci-lint runs in. Empty: discover
	// from sqlc configuration, migration folders and DDL in Go code. It
	// sets the idemvet_config analyzer's -schema option.
	Schema StringList `json:"schema,omitempty"`
	// Discover turns schema discovery off when false (default true). It
	// sets the idemvet_config analyzer's -discover option.
	Discover *bool `json:"discover,omitempty"`
	// Options sets any analyzer's flags by analyzer name and flag name,
	// as go vet's -NAME.FLAG and nogo's analyzer_flags do:
	//
	//	options:
	//	  idemvet_config:
	//	    schema: db/schema.sql
	Options map[string]map[string]any `json:"options,omitempty"`
}

// settingKeys are Settings' keys, for messages.
var settingKeys = []string{"analyzers", "disable", "schema", "discover", "options"}

// StringList is a list of strings that also accepts a single string.
type StringList []string

// UnmarshalJSON accepts "a" and ["a", "b"].
func (l *StringList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = StringList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return errors.New("schema must be a path or a list of paths")
	}
	*l = many
	return nil
}

// Plugin is one configured instance of the plugin.
type Plugin struct {
	settings  Settings
	analyzers []*analysis.Analyzer // fresh copies of the selected checkers
	flags     []flagSetting        // the options to apply, validated
}

type flagSetting struct {
	analyzer *analysis.Analyzer
	name     string
	value    string
}

// New decodes and validates the settings golangci-lint passes (nil when
// the configuration has none).
func New(conf any) (register.LinterPlugin, error) {
	s, err := decode(conf)
	if err != nil {
		return nil, err
	}
	p := &Plugin{settings: s}
	if err := p.configure(); err != nil {
		return nil, fmt.Errorf("idemvet settings: %w", err)
	}
	return p, nil
}

// decode is register.DecodeSettings with messages that name the bad key
// and the good ones.
func decode(conf any) (Settings, error) {
	if conf == nil {
		return Settings{}, nil
	}
	s, err := register.DecodeSettings[Settings](conf)
	if err == nil {
		return s, nil
	}
	msg := err.Error()
	if m := regexp.MustCompile(`unknown field "([^"]*)"`).FindStringSubmatch(msg); m != nil {
		return s, fmt.Errorf("idemvet settings: unknown key %q%s; the keys are %s (see https://github.com/idemvet/idemvet#golangci-lint)",
			m[1], didYouMean(m[1], settingKeys), strings.Join(settingKeys, ", "))
	}
	if m := regexp.MustCompile(`Go struct field Settings\.(\w+) of type (\S+)`).FindStringSubmatch(msg); m != nil {
		want := map[string]string{"analyzers": "a list of analyzer names", "disable": "a list of analyzer names",
			"discover": "true or false", "options": "a map from analyzer name to a map from flag name to value"}[m[1]]
		return s, fmt.Errorf("idemvet settings: %s must be %s (%v)", m[1], want, err)
	}
	return s, fmt.Errorf("idemvet settings: %w", err)
}

// configure checks the names in the settings and prepares the analyzers.
func (p *Plugin) configure() error {
	s := p.settings
	names := map[string]*analysis.Analyzer{}
	var suite []string
	for _, a := range idemvet.Suite {
		names[a.Name] = a
		suite = append(suite, a.Name)
	}
	for _, key := range []struct {
		key   string
		names []string
	}{{"analyzers", s.Analyzers}, {"disable", s.Disable}} {
		for _, n := range key.names {
			if names[n] == nil {
				return fmt.Errorf("%s: unknown analyzer %q%s; the analyzers are %s", key.key, n, didYouMean(n, suite), strings.Join(suite, ", "))
			}
		}
	}
	selected := s.Analyzers
	if len(selected) == 0 {
		selected = suite
	}
	for _, a := range idemvet.Suite {
		if slices.Contains(selected, a.Name) && !slices.Contains(s.Disable, a.Name) {
			fresh := *a // golangci-lint keys its work by *Analyzer: each New gets its own
			fresh.Run = tagged(a)
			p.analyzers = append(p.analyzers, &fresh)
		}
	}
	if len(p.analyzers) == 0 {
		return errors.New("analyzers and disable leave no analyzer to run")
	}

	// Every analyzer the checkers use may own options (idemvet_config
	// owns the shared ones).
	all := map[string]*analysis.Analyzer{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if all[a.Name] != nil {
			return
		}
		all[a.Name] = a
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range idemvet.Suite {
		visit(a)
	}
	set := func(analyzer, name string, value any) error {
		a := all[analyzer]
		if a == nil {
			return fmt.Errorf("options: unknown analyzer %q%s; analyzers with options: %s", analyzer, didYouMean(analyzer, keys(all)), strings.Join(withFlags(all), ", "))
		}
		if a.Flags.Lookup(name) == nil {
			var flags []string
			a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
			if len(flags) == 0 {
				return fmt.Errorf("options: %s has no options", analyzer)
			}
			return fmt.Errorf("options: %s has no option %q%s; its options are %s", analyzer, name, didYouMean(name, flags), strings.Join(flags, ", "))
		}
		var str string
		switch v := value.(type) {
		case string:
			str = v
		case bool, float64, int, int64:
			str = fmt.Sprint(v)
		case []any:
			var parts []string
			for _, x := range v {
				parts = append(parts, fmt.Sprint(x))
			}
			str = strings.Join(parts, ",")
		default:
			return fmt.Errorf("options: %s.%s: want a string, number, boolean or list, got %T", analyzer, name, value)
		}
		// A bad boolean is a configuration error now, not a failure in
		// the middle of a run.
		f := a.Flags.Lookup(name)
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() && str != "true" && str != "false" {
			return fmt.Errorf("options: %s.%s: want true or false, got %q", analyzer, name, str)
		}
		p.flags = append(p.flags, flagSetting{a, name, str})
		return nil
	}
	if len(s.Schema) > 0 {
		if err := set("idemvet_config", "schema", strings.Join(s.Schema, ",")); err != nil {
			return err
		}
	}
	if s.Discover != nil {
		if err := set("idemvet_config", "discover", fmt.Sprint(*s.Discover)); err != nil {
			return err
		}
	}
	for _, an := range sortedKeys(s.Options) {
		for _, fl := range sortedKeys(s.Options[an]) {
			if err := set(an, fl, s.Options[an][fl]); err != nil {
				return err
			}
		}
	}
	return nil
}

// tagged runs checker a with each finding's message ending in its
// category and severity, "(unhandled, warning)" or "(error)":
// golangci-lint's issues have no other place for them, and its severity
// rules (severity.rules[].text) can match them.
func tagged(a *analysis.Analyzer) func(*analysis.Pass) (any, error) {
	run := a.Run
	return func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message += " " + report.ShortTag(a.Name, d.Category)
			pass.Report(d)
		}
		return run(&p)
	}
}

// BuildAnalyzers applies the options and returns the selected checkers.
//
// Options live on the analyzers' flags, which golangci-lint never sets
// itself; the analyzers that own them (idemvet_config) are shared by every
// checker of the process, so they hold one value per golangci-lint run.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	for _, f := range p.flags {
		if err := f.analyzer.Flags.Set(f.name, f.value); err != nil {
			return nil, fmt.Errorf("idemvet settings: options: %s.%s: %v", f.analyzer.Name, f.name, err)
		}
	}
	return p.analyzers, nil
}

// GetLoadMode asks for type information, from source for every package,
// so that idemvet's facts cross package boundaries.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

func keys(m map[string]*analysis.Analyzer) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func withFlags(m map[string]*analysis.Analyzer) []string {
	var out []string
	for _, k := range keys(m) {
		n := 0
		m[k].Flags.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			out = append(out, k)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// didYouMean returns ` (did you mean "x"?)` for the candidate closest to
// s, when one is close.
func didYouMean(s string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		if d := distance(strings.ToLower(s), strings.ToLower(c)); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD >= 0 && bestD <= max(2, len(best)/4) {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
