// Command idemvet reports concurrency and idempotency bugs of
// database-backed Go services.
//
// Usage:
//
//	idemvet [flags] packages...            # standalone
//	go vet -vettool=$(command -v idemvet) ./...
//	idemvet help [analyzer]
//
// With -dump, idemvet prints its model of each package's database accesses
// instead of findings.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/passes/dump"
)

func main() {
	analyzers := append([]*analysis.Analyzer(nil), idemvet.Suite...)
	for _, arg := range os.Args[1:] {
		if arg == "-dump" || arg == "--dump" || arg == "-dump=true" {
			analyzers = append(analyzers, dump.Analyzer)
		}
	}
	multichecker.Main(analyzers...)
}
