package entry_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/entry"
)

// verdicts reports the verdict of every function declared in the package
// and of every function literal, at its position, so golden files can
// state them with // want.
var verdicts = &analysis.Analyzer{
	Name:     "verdicts",
	Doc:      "report entry's verdicts (test only)",
	Requires: []*analysis.Analyzer{entry.Analyzer, ssabuild.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[entry.Analyzer].(*entry.Result)
		_, fns := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy).Get()
		for _, fn := range fns {
			if fn.Synthetic != "" || !strings.HasSuffix(pass.Fset.Position(fn.Pos()).Filename, ".go") {
				continue // generated, or go test's main package
			}
			v := res.Concurrent(fn)
			msg := v.Answer.String() + ": " + v.Reason
			if v.Deferred() {
				msg += " [deferred]"
			}
			pass.Reportf(fn.Pos(), "%s", msg)
		}
		return nil, nil
	},
}

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), verdicts, "handlers", "mainstart", "cobracmd", "ginsvc", "grpcsvc", "spawnlib", "spawnuse", "cronjobs", "testfuncs", "startuplib", "opendb", "schemasync", "steplist", "cronreg/...", "temporalreg/...", "subcmd", "kingpincmd/...")
}
