// Package steplist runs its upgrade steps from lists of functions: a
// step in a list that its function ranges over and calls is called from
// there, in that function's context (the start-up upgrade, or a
// request). A list handed away or kept keeps its functions' callers out
// of view.
package steplist

import (
	"context"
	"database/sql"
	"net/http"
)

type upgrade struct {
	name string
	run  func(ctx context.Context, db *sql.DB) error
}

var upgrades = []upgrade{ // the package initializer runs this
	newUpgrade("v2", upgradeDefaults),
}

func newUpgrade(name string, run func(ctx context.Context, db *sql.DB) error) upgrade { // want `no: reached only from init`
	return upgrade{name: name, run: run}
}

// upgradeDefaults runs its steps in order.
func upgradeDefaults(ctx context.Context, db *sql.DB) error { // want `no: reached only from init`
	steps := []func(context.Context, *sql.DB) error{
		seedSettings,
		seedRoles,
	}
	for _, step := range steps {
		if err := step(ctx, db); err != nil {
			return err
		}
	}
	return nil
}

func seedSettings(ctx context.Context, db *sql.DB) error { // want `no: reached only from init`
	return nil
}

func seedRoles(ctx context.Context, db *sql.DB) error { // want `no: reached only from init`
	return nil
}

// Serve runs its checks per request, from an array.
func Serve(w http.ResponseWriter, r *http.Request) { // want `yes: a net/http HTTP handler`
	checks := [...]func(*http.Request) bool{checkOrigin, checkToken}
	for i := range checks {
		if !checks[i](r) {
			return
		}
	}
}

func checkOrigin(r *http.Request) bool { return true } // want `yes: reached from a net/http HTTP handler`

func checkToken(r *http.Request) bool { return true } // want `yes: reached from a net/http HTTP handler`

var kept []func()

// keepSteps hands its list away: who calls them is out of view.
func keepSteps() { // want `no: reached only from init`
	steps := []func(){stepKept}
	kept = steps
}

func stepKept() {} // want `unknown: its value escapes`

// returnSteps returns its list to callers that run it elsewhere.
func returnSteps() []func() { // want `no: reached only from init`
	return []func(){stepReturned}
}

func stepReturned() {} // want `unknown: its value escapes`

func init() { // want `no: reached only from init`
	keepSteps()
	_ = returnSteps()
}
