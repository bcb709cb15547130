package oracle

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/pingcap/tidb/pkg/parser"
)

// minAgreement is the agreement every field must reach on every corpus. It
// is set at the measured rate, 100%: statements and fields the scanner
// legitimately cannot know are listed in exclusions with their reasons, so
// any other disagreement is a regression.
const minAgreement = 1.0

// minStatements guards against a corpus that silently shrinks (a module
// that moved its files, a parser that rejects everything).
var minStatements = map[string]int{"own": 1700, "sqlc": 140, "river": 120, "pg_query": 75, "tidb": 3000}

// minDDL is minStatements for the DDL statements the catalog reads (those
// whose ddl_op is not "none" to the real parser).
var minDDL = map[string]int{"own": 850, "sqlc": 30, "river": 55, "pg_query": 3, "tidb": 850}

// A result counts one field over one corpus.
type result struct {
	compared, agreed, excluded int
	nonEmpty                   int // compared where the oracle's value says something
	samples                    []string
}

// TestOracle summarizes every statement of the corpora with the scanner and
// with the real parser of its dialect, compares the fields both can know,
// and logs the agreement per corpus and field. Statements the real parser
// rejects are skipped.
func TestOracle(t *testing.T) {
	corpora := loadCorpora(t)
	results := map[string]map[string]*result{}
	stmts := map[string]int{}
	ddls := map[string]int{}
	rejected := map[string]int{}
	rejects := map[string][]string{}
	reasons := map[string]map[string]int{}
	p := parser.New()
	p.EnableWindowFunc(true)
	for _, c := range corpora {
		if results[c.group] == nil {
			results[c.group] = map[string]*result{}
			for _, f := range fieldOrder {
				results[c.group][f] = &result{}
			}
		}
		for _, in := range c.inputs {
			var pairs []pair
			switch in.dialect {
			case postgres:
				ps, err := pgParse(in.text)
				if err != nil {
					rejected[c.group]++
					rejects[c.group] = append(rejects[c.group], oneLine(in.text)+": "+err.Error())
					continue
				}
				for _, s := range ps {
					pairs = append(pairs, pair{text: s.text, oracle: pgSummary(s.node)})
				}
			case mysql:
				ms, err := myParse(p, in.text)
				if err != nil {
					rejected[c.group]++
					rejects[c.group] = append(rejects[c.group], oneLine(in.text)+": "+oneLine(err.Error()))
					continue
				}
				for _, s := range ms {
					pairs = append(pairs, pair{text: s.text, oracle: mySummary(s)})
				}
			}
			for _, pr := range pairs {
				if pr.text == "" {
					continue
				}
				stmts[c.group]++
				if op, ok := pr.oracle[fDDLOp]; ok && op != "none" {
					ddls[c.group]++
				}
				st := sqltext.Parse(pr.text)
				got := scannerSummary(st, in.dialect)
				skip := exclusions(st, pr.text, in.dialect, pr.oracle)
				for _, f := range fieldOrder {
					want, ok := pr.oracle[f]
					if !ok {
						continue
					}
					r := results[c.group][f]
					if why, ok := skip[f]; ok {
						r.excluded++
						if reasons[c.group] == nil {
							reasons[c.group] = map[string]int{}
						}
						reasons[c.group][f+": "+why]++
						continue
					}
					r.compared++
					if want != "" && want != "0" && want != "false" && want != "none" {
						r.nonEmpty++
					}
					if got[f] == want {
						r.agreed++
					} else {
						r.samples = append(r.samples, fmt.Sprintf("%s %s: scanner %q, %s %q\n\t%s",
							c.group, f, got[f], in.dialect, want, oneLine(pr.text)))
					}
				}
			}
		}
	}
	verbose := os.Getenv("ORACLE_VERBOSE") != ""
	var groups []string
	for g := range results {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		var b strings.Builder
		fmt.Fprintf(&b, "corpus %s: %d statements, %d of them DDL the catalog reads (%d inputs rejected by the real parser)\n",
			g, stmts[g], ddls[g], rejected[g])
		if stmts[g] < minStatements[g] {
			t.Errorf("corpus %s: %d statements, want at least %d", g, stmts[g], minStatements[g])
		}
		if ddls[g] < minDDL[g] {
			t.Errorf("corpus %s: %d DDL statements, want at least %d", g, ddls[g], minDDL[g])
		}
		fmt.Fprintf(&b, "  %-12s %8s %8s %8s %8s %9s\n", "field", "compared", "nonempty", "agreed", "excluded", "agreement")
		for _, f := range fieldOrder {
			r := results[g][f]
			rate := 1.0
			if r.compared > 0 {
				rate = float64(r.agreed) / float64(r.compared)
			}
			fmt.Fprintf(&b, "  %-12s %8d %8d %8d %8d %8.2f%%\n", f, r.compared, r.nonEmpty, r.agreed, r.excluded, 100*rate)
			if rate < minAgreement {
				t.Errorf("corpus %s, field %s: agreement %.4f below %.4f", g, f, rate, minAgreement)
			}
			n := len(r.samples)
			if !verbose && n > 8 {
				n = 8
			}
			for _, s := range r.samples[:n] {
				fmt.Fprintf(&b, "    %s\n", s)
			}
		}
		var why []string
		for w := range reasons[g] {
			why = append(why, w)
		}
		slices.Sort(why)
		for _, w := range why {
			fmt.Fprintf(&b, "  excluded %4d × %s\n", reasons[g][w], w)
		}
		if verbose {
			for _, r := range rejects[g] {
				fmt.Fprintf(&b, "  rejected: %s\n", r)
			}
		}
		t.Log(b.String())
	}
}

type pair struct {
	text   string
	oracle summary
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// tidbOnly lists the first words of statements only TiDB knows; the
// scanner reports them as KindUnknown, the honest answer for a verb it does
// not know.
var tidbOnly = map[string]bool{"admin": true, "split": true, "batch": true, "calibrate": true,
	"plan": true, "query": true, "backup": true, "trace": true, "recommend": true, "restore": true,
	"traffic": true, "distribute": true, "flashback": true, "recover": true, "cancel": true,
	"pause": true, "resume": true}

// exclusions lists the fields of a statement that the scanner cannot know
// as the real parser does, with the reason.
func exclusions(st *sqltext.Stmt, text string, d dialect, oracle summary) map[string]string {
	ex := map[string]string{}
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return ex
	}
	if d == mysql {
		switch {
		case tidbOnly[words[0]]:
			ex[fKind] = "a TiDB-only statement"
		case len(words) > 1 && (words[0] == "lock" || words[0] == "unlock") && words[1] == "stats":
			ex[fKind] = "TiDB's LOCK STATS locks statistics, not tables"
			ex[fTable] = ex[fKind]
		case words[0] == "show" && oracle[fKind] == "other":
			ex[fKind] = "a TiDB-only SHOW (BR and traffic jobs)"
		case words[0] == "alter" && oracle[fKind] == "other":
			ex[fKind] = "TiDB's ALTER TABLE ... COMPACT and ANALYZE maintain, they change no schema"
			for _, f := range ddlFields {
				ex[f] = ex[fKind]
			}
		}
	}
	ddlExclusions(ex, st, words, d)
	if st.Kind == sqltext.KindInsert && st.Values == nil && oracle[fInsertValues] != "" &&
		(st.Source != nil || slices.Contains(words, "table")) {
		ex[fInsertValues] = "the scanner reads the result values of INSERT ... SELECT only when the SELECT starts with SELECT (not WITH, a parenthesis or TABLE)"
	}
	return ex
}
