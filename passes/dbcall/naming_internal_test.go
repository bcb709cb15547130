package dbcall

import "testing"

// The table names gorm, bun and pop derive from model type names.
func TestPlural(t *testing.T) {
	for in, want := range map[string]string{
		"user":          "users",
		"user_metadata": "user_metadata",
		"data":          "data",
		"category":      "categories",
		"address":       "addresses",
		"person":        "people",
		"quota":         "quotas",
	} {
		if got := plural(in); got != want {
			t.Errorf("plural(%q) = %q, want %q", in, got, want)
		}
	}
}
