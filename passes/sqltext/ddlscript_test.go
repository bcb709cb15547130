package sqltext

import (
	"strings"
	"testing"
)

// scriptTests pairs whole schema files with describe's rendering of each
// statement ParseAll finds, in order: dumps with client command lines and
// COPY data, migrations with function and trigger bodies.
var scriptTests = []struct {
	name, script string
	want         []string
}{
	{"pg_dump", `--
-- PostgreSQL database dump
--

\restrict Zq8xYb

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);

CREATE FUNCTION public.touch_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

SET default_tablespace = '';

CREATE TABLE public.events (
    id bigint NOT NULL,
    event text NOT NULL,
    begin timestamp with time zone,
    "end" timestamp with time zone
);

CREATE SEQUENCE public.events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.events_id_seq OWNED BY public.events.id;
ALTER TABLE ONLY public.events ALTER COLUMN id SET DEFAULT nextval('public.events_id_seq'::regclass);

COPY public.events (id, event, begin, "end") FROM stdin;
1	signup; "quoted	\N	\N
2	CREATE TABLE not_a_table (x int);	\N	\N
\.

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX events_one_open ON public.events USING btree (event) WHERE ("end" IS NULL);

CREATE TRIGGER events_touch BEFORE UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

\unrestrict Zq8xYb
`, []string{
		"other",
		"other",
		"select cols=[pg_catalog.set_config('search_path', '', false)]",
		"ddl",
		"other",
		"ddl {create-table public.events cols=[id:bigint nn; event:text nn; begin:timestamp with time zone; end:timestamp with time zone]}",
		"ddl",
		"ddl",
		"ddl {alter-table public.events actions=[alter-column id def{nextval('public.events_id_seq'::regclass)}]}",
		"other",
		"ddl {alter-table public.events actions=[add-constraint primary-key:events_pkey(id)]}",
		"ddl {create-index public.events index=events_one_open unique using=btree (event) where=[end IS NULL] wtext{(\"end\" IS NULL)}}",
		"ddl",
	}},
	{"mysqldump", "-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n" +
		"/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n" +
		"/*!50503 SET NAMES utf8mb4 */;\n" +
		"DROP TABLE IF EXISTS `users`;\n" +
		"/*!40101 SET @saved_cs_client     = @@character_set_client */;\n" +
		"CREATE TABLE `users` (\n" +
		"  `id` int NOT NULL AUTO_INCREMENT,\n" +
		"  `email` varchar(255) NOT NULL,\n" +
		"  `event` varchar(20) DEFAULT NULL,\n" +
		"  PRIMARY KEY (`id`),\n" +
		"  UNIQUE KEY `users_email_unique` (`email`)\n" +
		") ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;\n" +
		"LOCK TABLES `users` WRITE;\n" +
		"/*!40000 ALTER TABLE `users` DISABLE KEYS */;\n" +
		"INSERT INTO `users` VALUES (1,'a@x.io','it\\'s; fine'),(2,'b@x.io',NULL);\n" +
		"/*!40000 ALTER TABLE `users` ENABLE KEYS */;\n" +
		"UNLOCK TABLES;\n" +
		"DELIMITER ;;\n" +
		"/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`%`*/ /*!50003 TRIGGER `users_bi` BEFORE INSERT ON `users` FOR EACH ROW BEGIN\n" +
		"  SET NEW.event = 'created';\n" +
		"END */;;\n" +
		"DELIMITER ;\n" +
		"DELIMITER $$\n" +
		"CREATE DEFINER=`root`@`localhost` PROCEDURE `purge`(IN days INT)\n" +
		"BEGIN\n" +
		"  IF days > 0 THEN\n" +
		"    DELETE FROM users WHERE id < days;\n" +
		"  END IF;\n" +
		"END$$\n" +
		"DELIMITER ;\n" +
		"delimiter //\n" +
		"CREATE FUNCTION one() RETURNS INT DETERMINISTIC RETURN 1//\n" +
		"CREATE TABLE after_fn (id int)//\n" +
		"delimiter ;\n" +
		"ALTER TABLE `users` ADD COLUMN `version` int NOT NULL DEFAULT 0;\n", []string{
		"ddl {drop-table users ie}",
		"ddl {create-table users cols=[id:int nn ident; email:varchar(255) nn; event:varchar(20) def{NULL}] cons=[primary-key(id); unique:users_email_unique(email)]}",
		"lock table table=users",
		"insert table=users values=[const,const,const]",
		"other",
		"ddl",
		"ddl",
		"ddl {create-table after_fn cols=[id:int]}",
		"ddl {alter-table users actions=[add-column version:int nn def{0}]}",
	}},
	{"goose", `-- +goose Up
-- +goose StatementBegin
CREATE TABLE IF NOT EXISTS rides (
    id BIGSERIAL PRIMARY KEY,
    driver_id BIGINT NOT NULL REFERENCES drivers (id),
    status TEXT NOT NULL DEFAULT 'requested'
);
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rides_notify() RETURNS trigger AS $body$
BEGIN
    PERFORM pg_notify('rides', NEW.id::text);
    RETURN NEW;
END;
$body$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE UNIQUE INDEX rides_one_active ON rides (driver_id) WHERE status IN ('requested', 'accepted');

-- +goose Down
DROP INDEX rides_one_active;
DROP TABLE rides;
`, []string{
		"ddl {create-table rides ine cols=[id:bigserial pk; driver_id:bigint nn ref=drivers(id); status:text nn def{'requested'}]}",
		"ddl",
		"ddl {create-index rides index=rides_one_active unique (driver_id) where=[status IN const] wtext{status IN ('requested', 'accepted')}}",
		"ddl {drop-index indexes=[rides_one_active]}",
		"ddl {drop-table rides}",
	}},
	{"golang-migrate", `-- 000003_accounts.up.sql
BEGIN;
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  version int NOT NULL DEFAULT 0
);
CREATE INDEX accounts_owner_idx ON accounts (owner_id);
ALTER TABLE accounts ADD CONSTRAINT accounts_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id);
COMMIT;
`, []string{
		"begin",
		"ddl {create-table accounts cols=[id:uuid pk; owner_id:uuid nn; balance:bigint nn def{0} check{balance >= 0}; version:int nn def{0}]}",
		"ddl {create-index accounts index=accounts_owner_idx (owner_id)}",
		"ddl {alter-table accounts actions=[add-constraint foreign-key:accounts_owner_fk(owner_id)->users(id)]}",
		"commit",
	}},
	{"dbmate", `-- migrate:up
create table if not exists "Users" (
  "Id" serial primary key,
  "Email" text not null
);
create unique index "Users_Email_lower" on "Users" (lower("Email"));

-- migrate:down
drop table "Users";
`, []string{
		"ddl {create-table Users ine cols=[Id:serial pk; Email:text nn]}",
		"ddl {create-index Users index=Users_Email_lower unique (expr{lower(\"Email\")})}",
		"ddl {drop-table Users}",
	}},
	{"sqlite", `PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL DEFAULT 'draft',
  updated_at INTEGER
) STRICT;
CREATE TRIGGER notes_touch AFTER UPDATE ON notes
BEGIN
  UPDATE notes SET updated_at = CASE WHEN NEW.state = 'draft' THEN NULL ELSE unixepoch() END WHERE id = NEW.id;
  SELECT CASE WHEN NEW.title = '' THEN RAISE(ABORT, 'empty; title') END;
END;
CREATE UNIQUE INDEX IF NOT EXISTS notes_title ON notes (title) WHERE state <> 'deleted';
`, []string{
		"other",
		"ddl {create-table notes ine cols=[id:integer pk ident; title:text nn collate=nocase; state:text nn def{'draft'}; updated_at:integer]}",
		"ddl",
		"ddl {create-index notes ine index=notes_title unique (title) where=[state <> const] wtext{state <> 'deleted'}}",
	}},
	{"psql-meta", "\\set ON_ERROR_STOP on\n\\echo creating\nCREATE TABLE a (id int);\n  \\i more.sql\n\\connect other\nCREATE TABLE b (id int);\n", []string{
		"ddl {create-table a cols=[id:int]}",
		"ddl {create-table b cols=[id:int]}",
	}},
	{"copy-unterminated", "CREATE TABLE a (id int);\nCOPY a FROM STDIN;\n1\n2\n", []string{
		"ddl {create-table a cols=[id:int]}",
		"other",
	}},
	{"copy-from-file", "COPY a FROM '/tmp/a.csv' WITH (FORMAT csv);\nCREATE TABLE b (id int);\n", []string{
		"other",
		"ddl {create-table b cols=[id:int]}",
	}},
	{"delimiter-unterminated", "DELIMITER //\nCREATE TABLE a (id int)\nDELIMITER ;\nCREATE TABLE b (id int);\n", []string{
		"ddl {create-table a cols=[id:int]}",
		"ddl {create-table b cols=[id:int]}",
	}},
	{"event-column", "CREATE TABLE audit (id int, event text, function text, begin int);\nCREATE TABLE next_one (id int);\n" +
		"CREATE INDEX ON event (begin);\nCREATE UNIQUE INDEX trigger ON t (a);\nCREATE TABLE last_one (id int);\n", []string{
		"ddl {create-table audit cols=[id:int; event:text; function:text; begin:int]}",
		"ddl {create-table next_one cols=[id:int]}",
		"ddl {create-index event index=_ (begin)}",
		"ddl {create-index t index=trigger unique (a)}",
		"ddl {create-table last_one cols=[id:int]}",
	}},
}

func TestParseAllScripts(t *testing.T) {
	for _, tt := range scriptTests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			spans := SplitScript(tt.script)
			for i, st := range ParseAll(tt.script) {
				if i >= len(spans) || tt.script[spans[i].Start:spans[i].End] != st.Text {
					t.Errorf("SplitScript does not cover statement %d, %q", i, st.Text)
				}
				got = append(got, describe(st))
				if !strings.Contains(tt.script, st.Text) {
					t.Errorf("statement text %q is not in the script", st.Text)
				}
				checkSpans(t, tt.name, st.Text, st)
			}
			if len(spans) != len(got) {
				t.Errorf("SplitScript: %d spans for %d statements", len(spans), len(got))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("ParseAll\n got: %q\nwant: %q", got, tt.want)
			}
		})
	}
}
