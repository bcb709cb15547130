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
}

var (
	schemaFlag   string
	discoverFlag = true
)

func init() {
	Analyzer.Flags.StringVar(&schemaFlag, "schema", "", "comma-separated schema files, folders or globs (DDL or migrations); paths outside the module are allowed here only. Default: discover from sqlc.yaml, migration folders and DDL in Go code")
	Analyzer.Flags.BoolVar(&discoverFlag, "discover", true, "discover the schema when -schema is not set")
}

func run(pass *analysis.Pass) (any, error) {
	return &Config{Schema: schemaFlag, Discover: discoverFlag}, nil
}

// Lift registers the options on fs under their short names (-schema,
// -discover) as aliases of the analyzer's flags, so the command accepts
// `idemvet -schema=db/schema.sql ./...` and go vet, which asks the tool
// for its flags, passes them through.
func Lift(fs *flag.FlagSet) {
	Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
}
