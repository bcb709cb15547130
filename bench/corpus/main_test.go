package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseTSV(t *testing.T) {
	text := "name\trepo\tcommit\tmoddir\tlibs\tnotes\n" +
		"# a comment\n" +
		"svc\to/svc\tabc\t.\tpgx\tpayments\n" +
		"multi\to/multi\tdef\tserver, tools/x\tbun\t\tplaceholder:ui/build/,rm:internal/x\n\n"
	es, err := parseTSV(text)
	require.NoError(t, err)
	require.Len(t, es, 2)
	assert.Equal(t, entry{name: "svc", repo: "o/svc", commit: "abc", modDirs: []string{"."}, libs: "pgx", notes: "payments"}, es[0])
	assert.Equal(t, []string{"server", "tools/x"}, es[1].modDirs)
	assert.Equal(t, "", es[1].notes)
	assert.Equal(t, []string{"placeholder:ui/build/", "rm:internal/x"}, es[1].prepare)

	for _, bad := range []string{
		"h\nsvc\to/svc\tabc\n",                        // no module dir field
		"h\nsvc\to/svc\tabc\t../up\n",                 // outside the checkout
		"h\nsvc\to/svc\tabc\t/abs\n",                  // absolute
		"h\nsvc\to/svc\tabc\t.\nsvc\to/svc\tabc\t.\n", // duplicate
		"h\na/b\to/svc\tabc\t.\n",                     // bad name
	} {
		_, err := parseTSV(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestPrepare(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(dir+"/internal/x", 0o755))
	require.NoError(t, os.WriteFile(dir+"/internal/x/x.go", []byte("package x"), 0o644))
	steps := []string{"placeholder:ui/build/", "placeholder:statics/assets.zip", "rm:internal/x"}
	require.NoError(t, prepare(dir, steps))
	require.NoError(t, prepare(dir, steps)) // idempotent
	assert.FileExists(t, dir+"/ui/build/placeholder.txt")
	assert.FileExists(t, dir+"/statics/assets.zip")
	assert.NoDirExists(t, dir+"/internal/x")
}

func TestParseFindings(t *testing.T) {
	// Two package variants (pkg and pkg [pkg.test]) carry the same finding;
	// a failed analyzer has an error object instead of a list.
	data := `{
	"example.com/svc/store": {
		"checkfindinsert": [
			{"category": "unhandled", "posn": "/root/svc/store/users.go:25:3", "message": "check-then-insert\non users(email)"}
		]
	},
	"example.com/svc/store [example.com/svc/store.test]": {
		"checkfindinsert": [
			{"category": "unhandled", "posn": "/root/svc/store/users.go:25:3", "message": "check-then-insert\non users(email)"}
		],
		"lostupdate": {"error": "boom"}
	}
}
{
	"example.com/svc/pay": {
		"retrypost": [
			{"posn": "/elsewhere/pay.go:9:1", "message": "POST retried"}
		]
	}
}
`
	fs, err := parseFindings([]byte(data), "svc", "/root/svc")
	require.NoError(t, err)
	require.Len(t, fs, 2)
	assert.Equal(t, finding{service: "svc", analyzer: "checkfindinsert", category: "unhandled", pos: "store/users.go:25:3", message: "check-then-insert on users(email)"}, fs[0])
	assert.Equal(t, finding{service: "svc", analyzer: "retrypost", category: "-", pos: "/elsewhere/pay.go:9:1", message: "POST retried"}, fs[1])

	_, err = parseFindings([]byte(`{"x": [`), "svc", "/root/svc")
	assert.Error(t, err)
}

func TestDiff(t *testing.T) {
	a := finding{service: "s", analyzer: "lostupdate", category: "-", pos: "a.go:1:1", message: "m1"}
	b := finding{service: "s", analyzer: "noversion", category: "stalerow", pos: "b.go:2:1", message: "m2"}
	c := finding{service: "t", analyzer: "checkfindinsert", category: "unhandled", pos: "c.go:3:1", message: "m3"}
	b2 := b
	b2.message = "m2 reworded"
	out := diffFindings([]finding{a, b}, []finding{b2, c})
	assert.Contains(t, out, "- s\tlostupdate/-\ta.go:1:1\tm1\n")
	assert.Contains(t, out, "+ t\tcheckfindinsert/unhandled\tc.go:3:1\tm3\n")
	assert.Contains(t, out, "~ s\tnoversion/stalerow\tb.go:2:1\n    was: m2\n    now: m2 reworded\n")
	assert.True(t, strings.HasSuffix(out, "1 new, 1 gone, 1 changed; 2 before, 2 now\n"), out)
	assert.Equal(t, "0 new, 0 gone, 0 changed; 2 before, 2 now\n", diffFindings([]finding{a, b}, []finding{b, a}))

	// Round trip through summary files.
	dir := t.TempDir()
	write := func(name string, fs ...finding) string {
		var sb strings.Builder
		for _, f := range fs {
			sb.WriteString(f.line() + "\n")
		}
		p := dir + "/" + name
		require.NoError(t, os.WriteFile(p, []byte(sb.String()), 0o644))
		return p
	}
	var sb strings.Builder
	require.NoError(t, diff(&sb, write("old.txt", a, b), write("new.txt", b2, c)))
	assert.Equal(t, out, sb.String())
}

func TestGoCrashed(t *testing.T) {
	assert.True(t, goCrashed([]byte("x\npanic: runtime error: index out of range\n\ngoroutine 1 [running]:\n")))
	assert.True(t, goCrashed([]byte("fatal error: concurrent map writes\n")))
	assert.False(t, goCrashed([]byte("/root/go/pkg/mod/m@v1/olm/x.go:4:11: fatal error: olm/olm.h: No such file or directory\n")))
	assert.False(t, goCrashed([]byte("idemvet: schema: x.sql:3: could not read this statement\n")))
}

func TestParseReplace(t *testing.T) {
	commit := strings.Repeat("ab", 20)
	m, repo, c, err := parseReplace("example.org/mod=owner/name@" + commit)
	require.NoError(t, err)
	assert.Equal(t, []string{"example.org/mod", "owner/name", commit}, []string{m, repo, c})
	for _, bad := range []string{"example.org/mod", "example.org/mod=owner@" + commit, "=owner/name@" + commit, "m=owner/name@v1.7.1", "m=owner/a/b@" + commit} {
		_, _, _, err := parseReplace(bad)
		assert.Error(t, err, bad)
	}
	_, err = parseTSV("h\nsvc\to/svc\tabc\t.\t\t\treplace:m=owner/name@v1\n")
	assert.Error(t, err)
	es, err := parseTSV("h\nsvc\to/svc\tabc\t.\t\t\treplace:m=owner/name@" + commit + "\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"replace:m=owner/name@" + commit}, es[0].prepare)
}

func TestTags(t *testing.T) {
	es, err := parseTSV("h\nsvc\to/svc\tabc\t.\t\t\ttags:postgres,tags:mysql,placeholder:x\n")
	require.NoError(t, err)
	assert.Equal(t, "postgres,mysql", buildTags(es[0].prepare))
	assert.Equal(t, "", buildTags([]string{"rm:x"}))
	for _, bad := range []string{"tags:", "tags:a b", "tags:../x"} {
		_, err := parseTSV("h\nsvc\to/svc\tabc\t.\t\t\t" + bad + "\n")
		assert.Error(t, err, "%q", bad)
	}
}
