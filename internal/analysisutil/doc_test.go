package analysisutil

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestLineCommentSection holds the one-pass extraction of an analyzer's
// documentation to the parser's on every doc.go of the module and on odd
// shapes.
func TestLineCommentSection(t *testing.T) {
	files, err := filepath.Glob("../../*/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../passes/*/doc.go")
	files = append(files, more...)
	if len(files) < 8 {
		t.Fatalf("found %d doc.go files", len(files))
	}
	heading := regexp.MustCompile(`(?m)^// *# Analyzer (\w+)`)
	type source struct{ name, src string }
	var srcs []source
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range heading.FindAllStringSubmatch(string(data), -1) {
			srcs = append(srcs, source{m[1], string(data)})
		}
	}
	if len(srcs) < 8 {
		t.Fatalf("found %d analyzer headings", len(srcs))
	}
	odd := "//go:build ignore\n\n// Package p is\n//\n// # Analyzer a\n//\n//\n// a: title  \n//\n//\n//\n//   indented\n//\tcode\r\n//nolint:all\n//line x\n// last\n// # Analyzer b\n//\n// b: other\npackage p\n"
	srcs = append(srcs,
		source{"a", odd}, source{"b", odd},
		source{"a", "// Not the doc.\n// # Analyzer a\n\n// Package p.\n//\n// # Analyzer a\n// a: the doc\npackage p\n"},
	)
	for i, s := range srcs {
		want, ok := parsedSection(s.src, s.name)
		if !ok {
			t.Fatalf("source %d (%s): no heading for the parser", i, s.name)
		}
		got, ok := lineCommentSection(s.src, s.name)
		if !ok {
			t.Errorf("source %d (%s): lineCommentSection gave up", i, s.name)
			continue
		}
		if got != want {
			t.Errorf("source %d (%s): lineCommentSection = %q, parser's %q", i, s.name, got, want)
		}
	}
	for _, src := range []string{"/* Package p.\n# Analyzer a\n*/\npackage p\n", "package p\n", "// # Analyzer a\n", "// # Analyzer b\npackage p\n"} {
		if _, ok := lineCommentSection(src, "a"); ok {
			t.Errorf("lineCommentSection(%q) did not give up", src)
		}
	}
}

func BenchmarkMustExtractDoc(b *testing.B) {
	data, err := os.ReadFile("../../checkfindinsert/doc.go")
	if err != nil {
		b.Fatal(err)
	}
	src := string(data)
	b.Run("lines", func(b *testing.B) {
		for b.Loop() {
			lineCommentSection(src, "checkfindinsert")
		}
	})
	b.Run("parser", func(b *testing.B) {
		for b.Loop() {
			parsedSection(src, "checkfindinsert")
		}
	})
}
