// Package config defines the Analyzer "idemvet_config", which owns
// idemvet's user options as flags so that every front end can set them: the
// command lifts them to the top level (-schema), go vet passes them through
// to the tool, golangci-lint's plugin and Bazel nogo set them by analyzer
// name. It reports no diagnostics.
package config

import (
	"flag"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Analyzer exposes the options; its Result is *Config.
var Analyzer = &analysis.Analyzer{
	Name:       "idemvet_config",
	Doc:        "idemvet's options (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet#configuration",
	Run:        run,
	ResultType: reflect.TypeFor[*Config](),
}

// Config holds the options for one run.
type Config struct {
	// Schema lists schema files, folders and globs (comma-separated in
	// the flag); empty means: discover.
	Schema string
	// Discover enables schema discovery from sqlc configuration,
	// migration folders and DDL in Go code when Schema is empty.
	Discover bool
	// Budget bounds the work the model spends on one function: the SSA
	// values its walks visit. A function that needs more is given up on
	// (no accesses, no summary, so no findings in it).
	Budget int
	// Debug makes the passes print notes about what they gave up on to
	// standard error.
	Debug bool
	// TestFiles reports findings in _test.go files too.
	TestFiles bool
}

// DefaultBudget is the default of Config.Budget: about a second of work
// on a function, far beyond what the largest functions of real services
// need (see passes/dbcall's budget.go).
const DefaultBudget = 2_000_000

var (
	schemaFlag   string
	discoverFlag = true
	budgetFlag   = DefaultBudget
	debugFlag    bool
	testFiles    bool
)

func init() {
	Analyzer.Flags.StringVar(&schemaFlag, "schema", "", "comma-separated schema files, folders or globs (DDL or migrations); paths outside the module are allowed here only. Default: discover from sqlc.yaml, migration folders and DDL in Go code")
	Analyzer.Flags.BoolVar(&discoverFlag, "discover", true, "discover the schema when -schema is not set")
	Analyzer.Flags.IntVar(&budgetFlag, "budget", DefaultBudget, "the most SSA values the model visits in one function before it gives up on the function (no findings in it)")
	Analyzer.Flags.BoolVar(&testFiles, "testfiles", false, "report findings in _test.go files too (test fixtures and helpers do not run concurrently with themselves)")
	Analyzer.Flags.BoolVar(&debugFlag, "debug", false, "print notes on what the analysis gave up on (functions over -budget) to standard error; idemvet -debug=... sets it too")
}

func run(pass *analysis.Pass) (any, error) {
	return &Config{Schema: schemaFlag, Discover: discoverFlag, Budget: budgetFlag, Debug: debugFlag, TestFiles: testFiles}, nil
}

// TestFiles reports the testfiles option, for the report package, which
// filters findings in every checker and cannot require this analyzer.
func TestFiles() bool { return testFiles }

// notLifted are the options that keep only their analyzer-qualified name
// (-idemvet_config.debug): the top-level -debug is x/tools' own.
var notLifted = map[string]bool{"debug": true}

// Debugging reports the debug option, for the drivers' own notes.
func Debugging() bool { return debugFlag }

// SetDebug turns the Debug option on (for the command's -debug flag).
func SetDebug() { debugFlag = true }

// Lift registers the options on fs under their short names (-schema,
// -discover) as aliases of the analyzer's flags, so the command accepts
// `idemvet -schema=db/schema.sql ./...` and go vet, which asks the tool
// for its flags, passes them through.
func Lift(fs *flag.FlagSet) {
	Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil && !notLifted[f.Name] {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
}
