package schema

import "testing"

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{{"x CREATE TABLE y", true}, {"create table", true}, {"Create Table", true}, {"createtable", false}, {"CREATE  TABLE", false}, {"creat", false}} {
		if got := containsFold([]byte(c.s), "create table"); got != c.want {
			t.Errorf("%q: %v", c.s, got)
		}
	}
}
