// Command noop is the floor of idemvet's benchmarks (see bench/run): a
// multichecker whose one analyzer does nothing. Under go vet -vettool it
// costs what x/tools' stock driver costs per package (parse and type-check
// every package from source, dependencies included) and no more.
//
// Built with -ldflags=-X=main.withFact=true, the analyzer declares a fact
// type (and exports no fact). That is the standalone floor: a multichecker
// whose analyzers use facts loads every dependency from source, as idemvet
// must.
//
// The hidden flag -bench.nonce is inert: bench/run passes a fresh value to
// every timed go vet run so that go vet's cache never answers for it.
package main

import (
	"flag"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// withFact is set to "true" at link time for the standalone floor.
var withFact = "false"

// noopFact is the fact type the standalone floor declares; it is never
// exported.
type noopFact struct{}

func (*noopFact) AFact() {}

func (*noopFact) String() string { return "noop" }

func main() {
	flag.String("bench.nonce", "", "inert; benchmarks set it to defeat go vet's cache")
	a := &analysis.Analyzer{
		Name: "noop",
		Doc:  "do nothing (the floor of idemvet's benchmarks)",
		URL:  "https://github.com/idemvet/idemvet/tree/main/bench/noop",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
	if withFact == "true" {
		a.FactTypes = []analysis.Fact{new(noopFact)}
	}
	multichecker.Main(a)
}
