package lazyregexp

import "testing"

func TestRegexp(t *testing.T) {
	r := New(`^(a+)(b*)$`)
	if r.re != nil {
		t.Fatal("compiled before first use")
	}
	if !r.MatchString("aab") || r.MatchString("ba") {
		t.Error("MatchString")
	}
	if got := r.FindStringSubmatch("aabb"); len(got) != 3 || got[1] != "aa" || got[2] != "bb" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	if got := r.FindStringSubmatchIndex("ab"); len(got) != 6 || got[3] != 1 {
		t.Errorf("FindStringSubmatchIndex = %v", got)
	}
	if got := New(`b`).ReplaceAllString("abc", "x"); got != "axc" {
		t.Errorf("ReplaceAllString = %q", got)
	}
}

func TestMustCompileAll(t *testing.T) {
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("MustCompileAll accepted an invalid expression")
		}
		mu.Lock()
		all = all[:len(all)-1] // the invalid one is last
		mu.Unlock()
		_ = bad
	}()
	MustCompileAll()
}
