package sqltext

import (
	"strings"
	"testing"
)

var doBlockTests = []struct {
	name string
	sql  string
	want string // the statements, joined by " | "
}{
	{"not a DO block", "ALTER TABLE t ADD CONSTRAINT t_a UNIQUE (a)", ""},
	{"top level and handler",
		"DO $$ BEGIN ALTER TABLE t DROP CONSTRAINT t_a_key; EXCEPTION WHEN undefined_object THEN ALTER TABLE t ADD COLUMN b int; END $$",
		"ALTER TABLE t DROP CONSTRAINT t_a_key"},
	{"existence guards",
		"do $x$ begin if not exists (select 1 from pg_constraint where conname = 'k') and exists (select 1 from pg_tables where tablename = 't') then alter table t add constraint k unique (a); end if; end $x$ language plpgsql",
		"alter table t add constraint k unique (a)"},
	{"other tests and arms",
		"DO $$ BEGIN IF (SELECT count(*) FROM t) = 0 THEN DROP TABLE t; ELSIF EXISTS (SELECT 1) THEN DROP TABLE u; END IF; IF EXISTS (SELECT 1) THEN NULL; ELSE DROP TABLE v; END IF; END $$",
		""},
	{"literal execute, built execute, loop",
		"DO $$ DECLARE r record; BEGIN EXECUTE 'ALTER INDEX a RENAME TO b'; EXECUTE 'DROP INDEX ' || 'c'; FOR r IN SELECT * FROM x LOOP DROP TABLE y; END LOOP; CREATE UNIQUE INDEX d ON t (a); END $$",
		"ALTER INDEX a RENAME TO b | CREATE UNIQUE INDEX d ON t (a)"},
	{"nested block and case",
		"DO $$ BEGIN BEGIN DROP INDEX e; END; CASE WHEN true THEN DROP INDEX f; ELSE NULL; END CASE; END $$",
		"DROP INDEX e"},
	{"another language", "DO LANGUAGE plperl $$ DROP TABLE t; $$", ""},
	{"blocks that do not nest", "DO $$ BEGIN IF EXISTS (SELECT 1) THEN DROP INDEX g; END LOOP; END $$", ""},
}

func TestDoBlockDDL(t *testing.T) {
	for _, tt := range doBlockTests {
		var got []string
		for _, b := range DoBlockDDL(tt.sql) {
			got = append(got, b.Text)
			if !strings.HasPrefix(b.Text, "EXECUTE") && !strings.HasPrefix(tt.sql[b.Offset:], b.Text) && !strings.HasPrefix(tt.sql[b.Offset:], "'"+b.Text) {
				t.Errorf("%s: %q not at offset %d", tt.name, b.Text, b.Offset)
			}
		}
		if s := strings.Join(got, " | "); s != tt.want {
			t.Errorf("%s: DoBlockDDL = %q, want %q", tt.name, s, tt.want)
		}
	}
}
