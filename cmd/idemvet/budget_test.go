package main_test

import (
	"strings"
	"testing"
)

// TestBudgetNote runs idemvet with a budget too small for the fix module's
// functions: it reports nothing in them, says so under -debug (x/tools'
// flag, any of its letters) and stays quiet about it otherwise.
func TestBudgetNote(t *testing.T) {
	t.Parallel()
	dir := newFixModule(t)
	out, code := run(t, dir, binary, "-budget=10", "-debug=s", "./...")
	if !strings.Contains(out, "idemvet: dbcall: gave up on fixmod.View (accesses)") || strings.Contains(out, "lost update") {
		t.Errorf("-budget=10 -debug=s: exit %d, output:\n%s\nwant a note on fixmod.View and no finding in it", code, out)
	}
	out, _ = run(t, dir, binary, "-budget=10", "./...")
	if strings.Contains(out, "gave up") || strings.Contains(out, "lost update") {
		t.Errorf("-budget=10 without -debug:\n%s\nwant neither a note nor a finding in fixmod.View", out)
	}
	out, _ = run(t, dir, binary, "./...")
	if !strings.Contains(out, "lost update") || strings.Contains(out, "gave up") {
		t.Errorf("default budget:\n%s\nwant the lost update and no note", out)
	}
}
