// Command idemvet reports concurrency and idempotency bugs of
// database-backed Go services: check-then-insert races, lost updates,
// updates without optimistic versioning, retried non-idempotent POSTs,
// network calls made while a transaction holds row locks, upserts that
// overwrite, effects repeated on redelivery, and cron jobs run by every
// instance.
//
// Usage:
//
//	idemvet [-C dir] [flags] packages...     # standalone
//	go vet -vettool=$(command -v idemvet) ./...
//	idemvet help [analyzer]
//
// -C dir changes to dir before loading packages, as the go command does.
// With -dump, idemvet prints its model of each package's database accesses
// instead of findings.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/vetdriver"
	"github.com/idemvet/idemvet/passes/config"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/dump"
)

func main() {
	args, err := chdir(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemvet: %v\n", err)
		os.Exit(2)
	}
	analyzers := append([]*analysis.Analyzer(nil), idemvet.Suite...)
	for _, arg := range args {
		if arg == "-dump" || arg == "--dump" || arg == "-dump=true" {
			analyzers = append(analyzers, dump.Analyzer)
		}
		// x/tools' -debug (any of its letters) also prints idemvet's
		// notes on what the analysis gave up on.
		if name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "="); name == "debug" && strings.HasPrefix(arg, "-") {
			config.SetDebug()
		}
	}
	os.Args = append(os.Args[:1], args...)
	if len(args) == 1 && (args[0] == "help" || args[0] == "-help" || args[0] == "--help") {
		help(os.Stdout, idemvet.Suite)
		os.Exit(0)
	}

	// The user options (-schema, -discover) at the top level.
	config.Lift(flag.CommandLine)

	// go vet -vettool runs and standalone runs: internal/vetdriver handles
	// them (and exits); it returns for -flags, -V=full, help, -fix, -diff
	// and the debugging flags, which multichecker handles.
	vetdriver.Main(vetdriver.Options{NoFacts: dbcall.IsLibrary, FactFree: idemvet.FactFree}, analyzers...)

	multichecker.Main(analyzers...)
}

// chdir handles a leading -C dir (or -C=dir) and returns the other
// arguments.
func chdir(args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	var dir string
	switch {
	case args[0] == "-C" || args[0] == "--C":
		if len(args) < 2 {
			return nil, fmt.Errorf("flag -C needs a directory")
		}
		dir, args = args[1], args[2:]
	case len(args[0]) > 3 && (args[0][:3] == "-C=" || len(args[0]) > 4 && args[0][:4] == "--C="):
		_, dir, _ = cut(args[0], "=")
		args = args[1:]
	default:
		return args, nil
	}
	if err := os.Chdir(dir); err != nil {
		return nil, fmt.Errorf("-C: %v", err)
	}
	return args, nil
}

func cut(s, sep string) (string, string, bool) {
	for i := 0; i+len(sep) <= len(s); i++ {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}
