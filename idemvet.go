// Package idemvet is a static analyzer for the concurrency and idempotency
// bugs of database-backed Go services: check-then-insert races, lost
// updates, updates without optimistic versioning, retried non-idempotent
// POSTs, network calls made while a transaction holds row locks, upserts
// that are not the retry-safe write they look like, effects repeated when
// a webhook, message or job is delivered again, and scheduled jobs that
// every instance runs at once.
//
// Suite lists its analyzers; cmd/idemvet runs them standalone and under
// go vet -vettool.
package idemvet

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/checkfindinsert"
	"github.com/idemvet/idemvet/cronlease"
	"github.com/idemvet/idemvet/lockacrosscall"
	"github.com/idemvet/idemvet/lostupdate"
	"github.com/idemvet/idemvet/noversion"
	"github.com/idemvet/idemvet/redelivery"
	"github.com/idemvet/idemvet/retrypost"
	"github.com/idemvet/idemvet/upsert"
)

// Suite is the list of idemvet's analyzers, in the order they are listed
// in help.
var Suite = []*analysis.Analyzer{
	checkfindinsert.Analyzer,
	lostupdate.Analyzer,
	noversion.Analyzer,
	retrypost.Analyzer,
	lockacrosscall.Analyzer,
	upsert.Analyzer,
	redelivery.Analyzer,
	cronlease.Analyzer,
}
