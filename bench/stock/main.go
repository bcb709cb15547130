// Command stock is idemvet's suite under x/tools' stock drivers: what
// cmd/idemvet was before internal/vetdriver took over go vet's per-package
// runs. bench/run measures it beside cmd/idemvet to show the driver's
// effect; it is not meant for use.
//
// The hidden flag -bench.nonce is inert (see bench/noop).
package main

import (
	"flag"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet"
)

func main() {
	flag.String("bench.nonce", "", "inert; benchmarks set it to defeat go vet's cache")
	multichecker.Main(idemvet.Suite...)
}
