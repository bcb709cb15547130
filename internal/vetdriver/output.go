package vetdriver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"log"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// output prints results as x/tools' drivers do: with -json a tree
// {package ID: {analyzer: [diagnostic] | {"error": text}}} on stdout (go
// vet always asks for it, and formats it itself); otherwise plain
// file:line:col: message lines on stderr.
type output struct {
	json    bool
	context int // -c: lines of context around each diagnostic, if >= 0
}

// print prints the results of a unit run and returns the exit code: in
// plain mode 1 when there are diagnostics or errors; in JSON mode 0, as go
// vet reads them from the tree.
func (o output) print(fset *token.FileSet, id string, results []result) int {
	if o.json {
		roots := make([]rootResult, len(results))
		for i, r := range results {
			r.prereqErrs = nil // unitchecker reports the roots' errors only
			roots[i] = rootResult{id, r}
		}
		printJSON(fset, roots)
		return 0
	}
	exit := 0
	for _, r := range results {
		if r.err != nil {
			log.Println(r.err)
			exit = 1
		}
	}
	for _, r := range results {
		for _, d := range r.diagnostics {
			printPlain(os.Stderr, fset, o.context, d)
			exit = 1
		}
	}
	return exit
}

// rootResult is the result of an analyzer on a root package of a
// standalone run.
type rootResult struct {
	id string // the package's ID
	result
}

// printRoots prints the results of a standalone run as x/tools' checker
// does and returns the exit code: with -json, the tree and 0; otherwise
// errors and diagnostics (each once, though a file belongs to a package
// and its test variant) on stderr, and 1 for errors, 3 for diagnostics.
func (o output) printRoots(fset *token.FileSet, results []rootResult) int {
	if o.json {
		printJSON(fset, results)
		return 0
	}
	type key struct {
		pos, end token.Position
		a        *analysis.Analyzer
		message  string
	}
	seen := map[key]bool{}
	errors, diags := 0, 0
	for _, r := range results {
		for _, e := range r.prereqErrs {
			fmt.Fprintf(os.Stderr, "%s: %v\n", e.a.Name, e.err)
			errors++
		}
		if r.err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", r.a.Name, r.err)
			errors++
			continue
		}
		diags += len(r.diagnostics)
		for _, d := range r.diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), r.a, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			printPlain(os.Stderr, fset, o.context, d)
		}
	}
	switch {
	case errors > 0:
		return 1
	case diags > 0:
		return 3
	}
	return 0
}

// printJSON prints the tree {package ID: {analyzer: [diagnostic] |
// {"error": text}}} on stdout.
func printJSON(fset *token.FileSet, results []rootResult) {
	tree := map[string]map[string]any{}
	add := func(id, name string, v any) {
		if tree[id] == nil {
			tree[id] = map[string]any{}
		}
		tree[id][name] = v
	}
	for _, r := range results {
		for _, e := range r.prereqErrs {
			add(r.id, e.a.Name, jsonError{e.err.Error()})
		}
		var v any
		switch {
		case r.err != nil:
			v = jsonError{r.err.Error()}
		case len(r.diagnostics) > 0:
			v = jsonDiagnostics(fset, r.diagnostics)
		default:
			continue
		}
		add(r.id, r.a.Name, v)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		log.Panicf("internal error: JSON marshaling failed: %v", err)
	}
	fmt.Fprintf(os.Stdout, "%s\n", data)
}

type jsonError struct {
	Err string `json:"error"`
}

// The JSON schema of x/tools' drivers.
type (
	jsonTextEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonSuggestedFix struct {
		Message string         `json:"message"`
		Edits   []jsonTextEdit `json:"edits"`
	}
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonDiagnostic struct {
		Category       string             `json:"category,omitempty"`
		Posn           string             `json:"posn"`
		End            string             `json:"end"`
		Message        string             `json:"message"`
		SuggestedFixes []jsonSuggestedFix `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated      `json:"related,omitempty"`
	}
)

func jsonDiagnostics(fset *token.FileSet, diags []analysis.Diagnostic) []jsonDiagnostic {
	out := make([]jsonDiagnostic, 0, len(diags))
	for _, d := range diags {
		var fixes []jsonSuggestedFix
		for _, fix := range d.SuggestedFixes {
			var edits []jsonTextEdit
			for _, e := range fix.TextEdits {
				edits = append(edits, jsonTextEdit{
					Filename: fset.Position(e.Pos).Filename,
					Start:    fset.Position(e.Pos).Offset,
					End:      fset.Position(e.End).Offset,
					New:      string(e.NewText),
				})
			}
			fixes = append(fixes, jsonSuggestedFix{Message: fix.Message, Edits: edits})
		}
		var related []jsonRelated
		for _, r := range d.Related {
			related = append(related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
				Message: r.Message,
			})
		}
		out = append(out, jsonDiagnostic{
			Category:       d.Category,
			Posn:           fset.Position(d.Pos).String(),
			End:            fset.Position(cmp.Or(d.End, d.Pos)).String(),
			Message:        d.Message,
			SuggestedFixes: fixes,
			Related:        related,
		})
	}
	return out
}

// printPlain prints a diagnostic and its related information, with
// context lines when contextLines >= 0.
func printPlain(w io.Writer, fset *token.FileSet, contextLines int, d analysis.Diagnostic) {
	print := func(pos, end token.Pos, message string) {
		posn := fset.Position(pos)
		fmt.Fprintf(w, "%s: %s\n", posn, message)
		if contextLines < 0 {
			return
		}
		endPosn := fset.Position(end)
		if !endPosn.IsValid() {
			endPosn = posn
		}
		data, _ := os.ReadFile(posn.Filename)
		lines := strings.Split(string(data), "\n")
		for i := posn.Line - contextLines; i <= endPosn.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	print(d.Pos, d.End, d.Message)
	for _, r := range d.Related {
		print(r.Pos, r.End, "\t"+r.Message)
	}
}
