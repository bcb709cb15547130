package report

import (
	"flag"
	"fmt"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// Severity grades a finding: Error for a write that is lost or a
// duplicate that is certain, Warning for the rest. It is carried by every
// output: the text output, JSON ("severity"), SARIF (the result's level)
// and golangci-lint (through the text, for its severity rules).
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// A Grade is one category a checker reports (Diagnostic.Category), with
// its severity and what it means.
type Grade struct {
	Analyzer string // the checker; "*" for every checker
	Category string
	Severity Severity
	Doc      string // what a finding of the category means, for docs/checks.md
}

// Grades lists every category idemvet's checkers report. Adding a
// category is adding its line here; a checker reporting a category that is
// not listed fails its tests (idemvettest checks every golden finding). The
// table is the one place severity is decided: the drivers, the SARIF
// converter, the golangci-lint plugin and the documentation read it.
var Grades = []Grade{
	{"checkfindinsert", "nounique", Error, "no UNIQUE constraint covers the key: concurrent requests insert duplicates"},
	{"checkfindinsert", "unhandled", Warning, "a UNIQUE constraint rejects the duplicate, but the losing request gets an unhandled error; also check-then-create of files"},
	{"checkfindinsert", "unknownschema", Warning, "no schema source idemvet read defines the table, so whether a UNIQUE constraint rejects the duplicate is not known: either the losing request gets an unhandled error or the duplicate is inserted"},
	{"checkfindinsert", "capacity", Warning, "a count compared with a limit decides an insert: concurrent requests all count below it and all insert, exceeding the limit"},
	{"checkfindinsert", "overdraw", Error, "a SUM total (a balance) compared with an amount decides an insert into the table summed: concurrent requests all pass the check and all insert, spending more than the balance"},
	{"checkfindinsert", "floor", Warning, "a count above a floor decides a delete or update taking a row out of the set counted: concurrent requests all count above it and all remove one (the last admin deleted)"},
	{"checkfindinsert", "replaceset", Warning, "a DELETE of a parent's rows then an INSERT of the new set, nothing held between: a concurrent replace's rows survive this DELETE, so both sets are kept or the INSERT fails on a unique key"},
	{"lostupdate", "lostupdate", Error, "a value read, changed in Go and written back: concurrent writers lose each other's changes"},
	{"noversion", "missingpredicate", Error, "an update of a versioned row that does not check the version: it overwrites a concurrent change"},
	{"noversion", "nobump", Error, "an update that checks the version but does not increment it: the next writer's check passes on stale data"},
	{"noversion", "rowsaffectedunchecked", Error, "a compare-and-set whose affected-row count is ignored: a lost race is reported as success"},
	{"noversion", "stalerow", Error, "a whole-row write-back of an unversioned table that reverts another code path's change"},
	{"noversion", "staleguard", Error, "a check in Go deciding an update whose WHERE does not re-state it: both racing requests pass the check"},
	{"retrypost", "nokey", Error, "a POST or PATCH retried without an idempotency key: a retry after a timeout repeats its effect"},
	{"retrypost", "freshkey", Error, "an idempotency key minted inside the retry: every attempt has a new key, so the server cannot deduplicate"},
	{"lockacrosscall", "locked", Warning, "a network call while the transaction holds row locks: contention, and an effect the rollback cannot undo"},
	{"lockacrosscall", "opentx", Warning, "a network call inside a transaction that holds no row lock yet (-lockacrosscall.anytx)"},
	{"redelivery", "webhook", Error, "a webhook handler's effect (an insert, a relative update, a POST, an email) repeats when the provider delivers the event again"},
	{"redelivery", "message", Error, "a message handler's effect repeats when the broker redelivers the message"},
	{"redelivery", "job", Error, "a job handler's effect repeats when the queue retries the job"},
	{"cronlease", "nolease", Error, "a scheduled job whose effect every instance repeats at the same time: no lease, lock or elector"},
	{"cronlease", "flag", Error, "a scheduled job guarded by a running flag read and then set: two instances both read it and both run"},
	{"upsert", "target", Error, "with the schema: an ON CONFLICT target that matches no unique index or constraint (the database rejects the statement), or a conflict on a generated key the insert does not supply (a retry adds a second row)"},
	{"upsert", "reset", Error, "DO UPDATE writes back the constant initial value the insert starts the row with (a status, a counter, a flag, a progress marker): a retried or duplicate insert undoes what other writers did"},
	{"upsert", "replace", Warning, "with the schema: REPLACE INTO or INSERT OR REPLACE deletes the existing row and inserts a new one, so the columns it does not list fall back to their defaults, or rows referencing it are deleted (ON DELETE CASCADE)"},
	{"upsert", "creation", Warning, "DO UPDATE overwrites a creation column (created_at, created_by ...) with the insert's own value, or the primary key when the conflict is on another key"},
	{"upsert", "updateall", Warning, "gorm's clause.OnConflict{UpdateAll: true}: a retried or duplicate insert overwrites every column others changed since"},
	{"*", Category, Warning, "a //idemvet: directive that is malformed, names no analyzer, or matches no finding"},
}

// SeverityOf returns the severity of a finding of analyzer in category,
// and false when the table does not list the category.
func SeverityOf(analyzer, category string) (Severity, bool) {
	if g, ok := GradeOf(analyzer, category); ok {
		return g.Severity, true
	}
	return "", false
}

// GradeOf returns the table's line for a finding of analyzer in category.
// A finding without a category is graded as the analyzer's category of its
// own name, if there is one.
func GradeOf(analyzer, category string) (Grade, bool) {
	if category == "" {
		category = analyzer
	}
	for _, g := range Grades {
		if g.Category == category && (g.Analyzer == analyzer || g.Analyzer == "*") {
			return g, true
		}
	}
	return Grade{}, false
}

// GradesOf returns the table's lines for analyzer, its own first.
func GradesOf(analyzer string) []Grade {
	var own, all []Grade
	for _, g := range Grades {
		switch g.Analyzer {
		case analyzer:
			own = append(own, g)
		case "*":
			all = append(all, g)
		}
	}
	return append(own, all...)
}

// Tag is what the text outputs append to a finding's message: the
// analyzer, its category unless it is the analyzer's own name, and the
// severity, as in "(checkfindinsert.unhandled, warning)".
func Tag(analyzer, category string) string {
	name := analyzer
	if category != "" && category != analyzer {
		name += "." + category
	}
	if sev, ok := SeverityOf(analyzer, category); ok {
		return "(" + name + ", " + string(sev) + ")"
	}
	return "(" + name + ")"
}

// ShortTag is Tag for front ends that print the analyzer's name
// themselves (golangci-lint: "checkfindinsert: ..."): "(unhandled,
// warning)", or "(error)" for the category named like the analyzer.
func ShortTag(analyzer, category string) string {
	sev, ok := SeverityOf(analyzer, category)
	if !ok {
		sev = Warning
	}
	if category != "" && category != analyzer {
		return "(" + category + ", " + string(sev) + ")"
	}
	return "(" + string(sev) + ")"
}

// categoryFlag is the value of a checker's -NAME.CATEGORY flag: whether
// findings of the category are reported.
type categoryFlag bool

func (f *categoryFlag) String() string { return strconv.FormatBool(bool(*f)) }

func (f *categoryFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*f = categoryFlag(v)
	return nil
}

func (f *categoryFlag) IsBoolFlag() bool { return true }

// RegisterCategories adds to a's flags one boolean flag per category the
// table lists for a (except the category named like a, which -NAME
// itself turns off): -checkfindinsert.unhandled=false stops reporting
// that category, on the command line, under go vet, and by analyzer name
// in golangci-lint and nogo settings. A checker calls it from init.
func RegisterCategories(a *analysis.Analyzer) {
	for _, g := range GradesOf(a.Name) {
		if g.Category == a.Name || a.Flags.Lookup(g.Category) != nil {
			continue
		}
		v := categoryFlag(true)
		a.Flags.Var(&v, g.Category, fmt.Sprintf("report %s findings (%s: %s)", g.Category, g.Severity, g.Doc))
	}
}

// enabled reports whether a's flags leave findings of category on.
func enabled(flags *flag.FlagSet, category string) bool {
	if category == "" {
		return true
	}
	f := flags.Lookup(category)
	if f == nil {
		return true
	}
	v, ok := f.Value.(*categoryFlag)
	return !ok || bool(*v)
}
