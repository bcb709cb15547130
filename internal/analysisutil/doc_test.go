package analysisutil

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestLineCommentDoc holds the text extraction of package comments to
// go/parser's on every doc.go of the module and on odd shapes.
func TestLineCommentDoc(t *testing.T) {
	files, err := filepath.Glob("../../*/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../passes/*/doc.go")
	files = append(files, more...)
	if len(files) < 8 {
		t.Fatalf("found %d doc.go files", len(files))
	}
	var srcs []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(data))
	}
	srcs = append(srcs,
		"//go:build ignore\n\n// Package p is\n// documented.\n//\n//\n//   indented\npackage p\n",
		"// Not the doc.\n\n// Package p.\npackage p\n",
		"// Package p. \r\n// trailing\t\r\npackage p\r\n",
	)
	for i, src := range srcs {
		want := ""
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil {
			want = f.Doc.Text()
		}
		got, ok := lineCommentDoc(src)
		if !ok {
			t.Errorf("source %d: lineCommentDoc gave up", i)
			continue
		}
		if got != want {
			t.Errorf("source %d: lineCommentDoc = %q, parser's %q", i, got, want)
		}
	}
	for _, src := range []string{"/* Package p. */\npackage p\n", "package p\n", "// no clause\n"} {
		if _, ok := lineCommentDoc(src); ok {
			t.Errorf("lineCommentDoc(%q) did not give up", src)
		}
	}
}
