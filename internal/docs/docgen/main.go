// Command docgen writes idemvet's user documentation, docs/<analyzer>.md
// and docs/checks.md, from the analyzers' Doc strings (see package
// internal/docs). Run it through go generate in the repository root:
//
//	go generate .
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/docs"
)

func main() {
	out := flag.String("o", "docs", "directory to write the pages into")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	for name, data := range docs.Pages(idemvet.Suite) {
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "docgen:", err)
			os.Exit(1)
		}
	}
}
