package retrypost_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/retrypost"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), retrypost.Analyzer, "sdkretry", "durablestep",
		"loops", "libraries", "clients", "freshkey", "flagretry", "readlike", "urllist", "bodykey", "example.com/crosspkg/...", "example.com/helper/svc", "example.com/helperkey/...", "example.com/grpcretry/...", "example.com/connectretry/...")
}

// TestHeadersFlag runs with -retrypost.headers naming a custom header.
func TestHeadersFlag(t *testing.T) {
	f := retrypost.Analyzer.Flags.Lookup("headers")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	if err := f.Value.Set("X-Request-Key"); err != nil {
		t.Fatal(err)
	}
	idemvettest.Run(t, analysistest.TestData(), retrypost.Analyzer, "customheader")
}
