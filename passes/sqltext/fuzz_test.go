package sqltext

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParse checks that no text makes the scanner panic, that summaries are
// deterministic, and that every span covers the text it claims.
func FuzzParse(f *testing.F) {
	for _, tt := range stmtTests {
		f.Add(tt.sql)
	}
	for _, tt := range condTests {
		f.Add(tt.sql)
	}
	for _, tt := range exprTests {
		f.Add(tt.sql)
	}
	for _, tt := range ddlTests {
		f.Add(tt.sql)
	}
	for _, tt := range scriptTests {
		f.Add(tt.script)
	}
	for _, tt := range doBlockTests {
		f.Add(tt.sql)
	}
	f.Fuzz(func(t *testing.T, text string) {
		st := parse(text)
		if again := parse(text); !reflect.DeepEqual(st, again) {
			t.Fatalf("two parses of %q differ:\n%s\n%s", text, describe(st), describe(again))
		}
		if st.Text != text {
			t.Fatalf("Text = %q, want %q", st.Text, text)
		}
		checkSpans(t, "fuzz", text, st)
		if c, again := parseCondition(text), parseCondition(text); !reflect.DeepEqual(c, again) {
			t.Fatalf("two condition parses of %q differ", text)
		}
		if e, again := parseExpr(text), parseExpr(text); !reflect.DeepEqual(e, again) {
			t.Fatalf("two expression parses of %q differ", text)
		}
		all := split(text)
		for _, s := range all {
			checkSpans(t, "fuzz/all", s, parse(s))
			if !strings.Contains(text, s) {
				t.Fatalf("statement %q is not in the script %q", s, text)
			}
		}
		if again := split(text); !reflect.DeepEqual(all, again) {
			t.Fatalf("two splits of %q differ", text)
		}
		for _, b := range DoBlockDDL(text) {
			if b.Offset < 0 || b.Offset >= len(text) {
				t.Fatalf("DO block statement %q of %q at offset %d, outside the text", b.Text, text, b.Offset)
			}
		}
	})
}
