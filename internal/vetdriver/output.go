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

	"github.com/idemvet/idemvet/internal/report"
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
		// go vet prints the messages of this tree as its text output,
		// which has no other place for the analyzer, category and
		// severity.
		printJSON(fset, roots, true)
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
			printPlain(os.Stderr, fset, o.context, r.a.Name, d)
			exit = 1
		}
	}
	return exit
}

// prereqError is the error of an analyzer that did not run because a
// prerequisite failed; its text carries the prerequisites' reasons (go vet
// prints the roots' errors only).
type prereqError string

func (e prereqError) Error() string { return string(e) }

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
	results = dedup(fset, results)
	if o.json {
		printJSON(fset, results, false)
		return 0
	}
	errors, diags := 0, 0
	printed := map[string]bool{} // an error every package meets (-schema=missing) is printed once
	printErr := func(a *analysis.Analyzer, err error) {
		if line := fmt.Sprintf("%s: %v", a.Name, err); !printed[line] {
			printed[line] = true
			fmt.Fprintln(os.Stderr, line)
		}
		errors++
	}
	for _, r := range results {
		for _, e := range r.prereqErrs {
			if _, ok := e.err.(prereqError); !ok {
				printErr(e.a, e.err)
			}
		}
		if r.err != nil {
			if _, ok := r.err.(prereqError); ok {
				// The failing prerequisite's own error, printed with
				// the package's first root, says what to fix; five
				// checkers repeating it do not.
				errors++
				continue
			}
			printErr(r.a, r.err)
			continue
		}
		diags += len(r.diagnostics)
		for _, d := range r.diagnostics {
			printPlain(os.Stderr, fset, o.context, r.a.Name, d)
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

// dedup drops the diagnostics a package variant shares with one printed
// before it: a file of pkg is also a file of pkg [pkg.test], and its
// findings are reported once, under the first.
func dedup(fset *token.FileSet, results []rootResult) []rootResult {
	type key struct {
		pos, end token.Position
		a        *analysis.Analyzer
		message  string
	}
	seen := map[key]bool{}
	out := make([]rootResult, len(results))
	for i, r := range results {
		var keep []analysis.Diagnostic
		for _, d := range r.diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), r.a, d.Message}
			if !seen[k] {
				seen[k] = true
				keep = append(keep, d)
			}
		}
		r.diagnostics = keep
		out[i] = r
	}
	return out
}

// printJSON prints the tree {package ID: {analyzer: [diagnostic] |
// {"error": text}}} on stdout. Each diagnostic carries its severity (from
// report.Grades); with tagged, its message also ends with the tag the
// text output appends.
func printJSON(fset *token.FileSet, results []rootResult, tagged bool) {
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
			v = jsonDiagnostics(fset, r.a.Name, r.diagnostics, tagged)
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
		Severity       string             `json:"severity,omitempty"` // idemvet's addition: error or warning
		Posn           string             `json:"posn"`
		End            string             `json:"end"`
		Message        string             `json:"message"`
		SuggestedFixes []jsonSuggestedFix `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated      `json:"related,omitempty"`
	}
)

func jsonDiagnostics(fset *token.FileSet, analyzer string, diags []analysis.Diagnostic, tagged bool) []jsonDiagnostic {
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
			rmsg := r.Message
			if tagged {
				rmsg = "related: " + rmsg
			}
			related = append(related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
				Message: rmsg,
			})
		}
		sev, _ := report.SeverityOf(analyzer, d.Category)
		msg := d.Message
		if tagged {
			msg += " " + report.Tag(analyzer, d.Category)
		}
		out = append(out, jsonDiagnostic{
			Category:       d.Category,
			Severity:       string(sev),
			Posn:           fset.Position(d.Pos).String(),
			End:            fset.Position(cmp.Or(d.End, d.Pos)).String(),
			Message:        msg,
			SuggestedFixes: fixes,
			Related:        related,
		})
	}
	return out
}

// printPlain prints a diagnostic, its message followed by its tag
// ("(checkfindinsert.unhandled, warning)"), and its related information,
// each on a line of its own marked "related:", with context lines when
// contextLines >= 0.
func printPlain(w io.Writer, fset *token.FileSet, contextLines int, analyzer string, d analysis.Diagnostic) {
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
	print(d.Pos, d.End, d.Message+" "+report.Tag(analyzer, d.Category))
	for _, r := range d.Related {
		print(r.Pos, r.End, "\trelated: "+r.Message)
	}
}
