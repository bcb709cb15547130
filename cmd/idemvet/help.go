package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/docs"
	"github.com/idemvet/idemvet/passes/config"
)

// help prints what "idemvet help" prints: what idemvet is, its analyzers
// (each once, with its title), how to run it and its main flags. "idemvet
// help NAME" is x/tools' (the analyzer's whole documentation and flags).
func help(w io.Writer, analyzers []*analysis.Analyzer) {
	fmt.Fprint(w, `idemvet reports concurrency and idempotency bugs of database-backed Go
services: check-then-insert races, lost updates, unversioned updates and
ignored compare-and-sets, retried POSTs without an idempotency key,
network calls made while a transaction holds row locks, upserts that
overwrite, effects repeated when an event is delivered again, and
scheduled jobs that every instance runs at once.

Usage:

  idemvet [-C dir] [flags] packages...               standalone: idemvet ./...
  go vet -vettool=$(command -v idemvet) [flags] packages...
  idemvet help NAME                                 an analyzer's documentation

Exit status: 0 no findings, 3 findings, 1 or 2 errors (0 with -json).

Analyzers (all run by default):

`)
	width := 0
	for _, a := range analyzers {
		width = max(width, len(a.Name))
	}
	for _, a := range analyzers {
		fmt.Fprintf(w, "  %-*s  %s\n", width, a.Name, docs.Title(a))
	}
	fmt.Fprint(w, `
Selecting and filtering:

  -NAME=false              do not run analyzer NAME (-NAME runs only those named)
  -NAME.CATEGORY=false     do not report that category (-checkfindinsert.unhandled=false)
  //idemvet:ignore NAME reason   in the code, on or above a finding's line

Output:

  -json                    JSON (with each finding's category and severity)
  -fix, -diff              apply the suggested fixes, or show them as a diff
  -c=N                     show N lines of context around each finding

Options (the same under go vet):

`)
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		name := "-" + f.Name
		if f.Name == "debug" {
			name = "-debug" // the top-level flag sets it (x/tools' name)
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" {
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "  %-23s  %s%s\n", name, firstSentence(f.Usage), def)
	})
	fmt.Fprint(w, `
Every flag: idemvet -h. The analyzers' pages: https://github.com/idemvet/idemvet/blob/main/docs/checks.md
`)
}

// firstSentence cuts a flag's usage at its first "; " or ". ".
func firstSentence(s string) string {
	for _, sep := range []string{"; ", ". "} {
		if i := strings.Index(s, sep); i >= 0 {
			s = s[:i]
		}
	}
	return s
}
