package sqltext

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// stmtTests pairs statements with describe's rendering of their summary.
// The rendering covers every field but Text and the spans, which
// TestParseInvariants checks.
var stmtTests = []struct {
	name, sql, want string
}{
	{"pg/select-basic", "SELECT id, email, name, created_at FROM users WHERE email = $1",
		"select table=users cols=[id,email,name,created_at] where=[email = $1] params=[$1]"},
	{"pg/select-sqlc-header", "-- name: GetUser :one\nSELECT id FROM users WHERE id = $1",
		"select table=users cols=[id] where=[id = $1] params=[$1] name=GetUser:one"},
	{"pg/select-sqlc-header-block", "/* name: ListUsers :many */ SELECT id FROM users ORDER BY id LIMIT $1 OFFSET $2",
		"select table=users cols=[id] params=[$1,$2] name=ListUsers:many"},
	{"pg/select-sqlc-header-multi", "-- GetUser returns a user.\n-- name: GetUser :one\n-- more text\nSELECT 1 FROM users WHERE id = $1",
		"select table=users cols=[1] where=[id = $1] exists params=[$1] name=GetUser:one"},
	{"pg/select-alias-join", "SELECT u.id, u.email AS e, o.name org FROM users u JOIN orgs o ON o.id = u.org_id WHERE u.email = $1",
		"select table=users/u from=[users/u,orgs/o] cols=[id,e,org] where=[u.email = $1] params=[$1]"},
	{"pg/select-reversed-cond", "SELECT * FROM users WHERE $1 = email AND 10 < age AND $2 >= score",
		"select table=users cols=[*] where=[email = $1; age > const; score <= $2] params=[$1,$2]"},
	{"pg/select-schema", "SELECT a FROM public.accounts WHERE id = $1",
		"select table=public.accounts cols=[a] where=[id = $1] params=[$1]"},
	{"pg/select-quoted", "SELECT \"Id\", \"userName\" FROM \"Public\".\"Users\" AS \"U\" WHERE \"U\".\"Email\" = $1",
		"select table=Public.Users/U cols=[Id,userName] where=[U.Email = $1] params=[$1]"},
	{"pg/select-star-qualified", "SELECT u.*, o.id FROM users AS u, orgs AS o WHERE u.org_id = o.id",
		"select table=users/u from=[users/u,orgs/o] cols=[*,id] where=[u.org_id = col(id)]"},
	{"pg/select-distinct", "SELECT DISTINCT email FROM users WHERE org_id = $1",
		"select table=users cols=[email] where=[org_id = $1] params=[$1]"},
	{"pg/select-distinct-on", "SELECT DISTINCT ON (user_id) user_id, created_at FROM events ORDER BY user_id, created_at DESC",
		"select table=events cols=[user_id,created_at]"},
	{"pg/select-count", "SELECT count(*) FROM users WHERE org_id = $1",
		"select table=users cols=[count] where=[org_id = $1] count params=[$1]"},
	{"pg/select-sum", "SELECT COALESCE(SUM(amount), 0) AS balance FROM ledger WHERE account_id = $1",
		"select table=ledger cols=[balance] where=[account_id = $1] sum params=[$1]"},
	{"mysql/select-sum", "SELECT SUM(amount_msat + fee_msat) as sum FROM transactions WHERE app_id = ?",
		"select table=transactions cols=[sum] where=[app_id = ?1] sum params=[?1]"},
	{"pg/select-count-alias", "SELECT COUNT(DISTINCT email) AS n FROM users",
		"select table=users cols=[n] count"},
	{"pg/select-count-expr", "SELECT count(*) > 0 FROM users WHERE email = $1",
		"select table=users cols=[count(*) > 0] where=[email = $1] params=[$1]"},
	{"pg/select-exists", "SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)",
		"select cols=[exists] exists params=[$1]"},
	{"pg/select-exists-alias", "SELECT EXISTS(SELECT 1 FROM users WHERE email = $1) AS found",
		"select cols=[found] exists params=[$1]"},
	{"pg/select-one", "SELECT 1 FROM users WHERE email = $1 LIMIT 1",
		"select table=users cols=[1] where=[email = $1] exists limit=1 params=[$1]"},
	{"pg/select-ping", "SELECT 1",
		"select cols=[1]"},
	{"pg/select-in-list", "SELECT * FROM t WHERE status IN ('a', 'b') AND kind NOT IN ($1, $2)",
		"select table=t cols=[*] where=[status IN const; kind NOT IN other] params=[$1,$2]"},
	{"pg/select-any", "SELECT * FROM users WHERE id = ANY($1::bigint[])",
		"select table=users cols=[*] where=[id = ANY $1] params=[$1]"},
	{"pg/select-all", "SELECT * FROM users WHERE id <> ALL($1)",
		"select table=users cols=[*] where=[id <> ALL $1] params=[$1]"},
	{"pg/select-between", "SELECT * FROM events WHERE at BETWEEN $1 AND $2 AND kind = $3",
		"select table=events cols=[*] where=[at BETWEEN other; kind = $3] params=[$1,$2,$3]"},
	{"pg/select-not-between", "SELECT * FROM events WHERE at NOT BETWEEN $1 AND $2",
		"select table=events cols=[*] where=[at NOT BETWEEN other] params=[$1,$2]"},
	{"pg/select-is-null", "SELECT * FROM users WHERE deleted_at IS NULL AND banned_at IS NOT NULL",
		"select table=users cols=[*] where=[deleted_at IS NULL; banned_at IS NOT NULL]"},
	{"pg/select-isnull-kw", "SELECT * FROM users WHERE deleted_at ISNULL AND x NOTNULL",
		"select table=users cols=[*] where=[deleted_at IS NULL; x IS NOT NULL]"},
	{"pg/select-like", "SELECT * FROM users WHERE name ILIKE $1 AND email LIKE '%@x.com' AND nick NOT LIKE 'a%'",
		"select table=users cols=[*] where=[name ILIKE $1; email LIKE const; nick NOT LIKE const] params=[$1]"},
	{"pg/select-distinct-from", "SELECT * FROM t WHERE a IS DISTINCT FROM $1 AND b IS NOT DISTINCT FROM $2",
		"select table=t cols=[*] where=[a IS DISTINCT FROM $1; b IS NOT DISTINCT FROM $2] params=[$1,$2]"},
	{"pg/select-or", "SELECT * FROM users WHERE email = $1 OR name = $2",
		"select table=users cols=[*] where=[~email = $1 OR name = $2~] params=[$1,$2]"},
	{"pg/select-and-or-prec", "SELECT * FROM t WHERE a = 1 AND b = 2 OR c = 3",
		"select table=t cols=[*] where=[~a = 1 AND b = 2 OR c = 3~]"},
	{"pg/select-paren-or", "SELECT * FROM t WHERE tenant = $1 AND (a = $2 OR b = $3)",
		"select table=t cols=[*] where=[tenant = $1; ~a = $2 OR b = $3~] params=[$1,$2,$3]"},
	{"pg/select-paren-and", "SELECT * FROM t WHERE (a = $1 AND (b = $2 AND c = $3))",
		"select table=t cols=[*] where=[a = $1; b = $2; c = $3] params=[$1,$2,$3]"},
	{"pg/select-paren-single", "SELECT * FROM t WHERE (a = $1) AND ((b = $2))",
		"select table=t cols=[*] where=[a = $1; b = $2] params=[$1,$2]"},
	{"pg/select-tuple-eq", "SELECT * FROM t WHERE (a, b) = ($1, $2)",
		"select table=t cols=[*] where=[a = $1; b = $2] params=[$1,$2]"},
	{"pg/select-tuple-gt", "SELECT * FROM t WHERE (created_at, id) > ($1, $2) ORDER BY created_at, id LIMIT 50",
		"select table=t cols=[*] where=[~(created_at, id) > ($1, $2)~] limit=50 params=[$1,$2]"},
	{"pg/select-cast-col", "SELECT * FROM t WHERE id::text = $1 AND CAST(n AS int) = $2",
		"select table=t cols=[*] where=[id = $1; n = $2] params=[$1,$2]"},
	{"pg/select-json", "SELECT data->>'name' AS name FROM t WHERE data->>'k' = $1 AND tags @> $2",
		"select table=t cols=[name] where=[~data->>'k' = $1~; ~tags @> $2~] params=[$1,$2]"},
	{"pg/select-func-cond", "SELECT * FROM users WHERE lower(email) = lower($1)",
		"select table=users cols=[*] where=[lower(email) = lower($1)] params=[$1]"},
	{"pg/select-fold-forms", "SELECT * FROM users u WHERE UPPER(u.code::text) = $1 AND (lower(email)) = LOWER($2::text) AND $3 = lower(name) AND lower(a || b) = $4 AND username = lower($5) AND trim(x) = $6",
		"select table=users/u cols=[*] where=[upper(u.code) = $1; lower(email) = lower($2); lower(name) = $3; ~lower(a || b) = $4~; username = lower($5); ~trim(x) = $6~] params=[$1,$2,$3,$4,$5,$6]"},
	{"pg/select-interval", "SELECT * FROM jobs WHERE run_at < now() - interval '5 minutes'",
		"select table=jobs cols=[*] where=[run_at < const]"},
	{"pg/select-exists-cond", "SELECT * FROM t WHERE a = $1 AND EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id AND u.x = $2)",
		"select table=t cols=[*] where=[a = $1; ~EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id AND u.x = $2)~] params=[$1,$2]"},
	{"pg/select-not-exists-cond", "SELECT * FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id)",
		"select table=t cols=[*] where=[~NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id)~]"},
	{"pg/select-subquery-from", "SELECT x FROM (SELECT a AS x FROM inner_t WHERE q = $1) sub WHERE x > $2",
		"select table=_/sub cols=[x] where=[x > $2] params=[$1,$2]"},
	{"pg/select-derived-rows", "SELECT b.id, b.meta, i.name FROM (SELECT * FROM balances WHERE balance_id = $1) AS b LEFT JOIN identity i ON b.identity_id = i.id",
		"select table=balances/b from=[balances/b,identity/i] cols=[id,meta,name] where=[b.balance_id = $1] params=[$1]"},
	{"pg/select-derived-rows-locked", "SELECT w2.id FROM (SELECT * FROM wallets w WHERE w.owner = $1 AND currency = $2 FOR UPDATE) w2 WHERE w2.state = 'open'",
		"select table=wallets/w2 cols=[id] where=[w2.owner = $1; w2.currency = $2; w2.state = const] lock=FOR_UPDATE params=[$1,$2]"},
	{"pg/select-derived-grouped", "SELECT t.n FROM (SELECT * FROM pockets WHERE holder = $1 GROUP BY id) t",
		"select table=_/t cols=[n] params=[$1]"},
	{"pg/select-derived-renamed", "SELECT x FROM (SELECT * FROM pockets WHERE holder = $1) AS t(x, y)",
		"select table=_/t cols=[x] params=[$1]"},
	{"pg/select-derived-second", "SELECT a.id FROM accounts a, (SELECT * FROM pockets WHERE holder = $1) t WHERE a.id = $2",
		"select table=accounts/a from=[accounts/a,_/t] cols=[id] where=[a.id = $2] params=[$1,$2]"},
	{"pg/select-subquery-in", "SELECT * FROM orders WHERE user_id IN (SELECT id FROM users WHERE org = $1) AND status = $2",
		"select table=orders cols=[*] where=[user_id IN other; status = $2] params=[$1,$2]"},
	{"pg/select-lateral", "SELECT * FROM users u, LATERAL (SELECT * FROM orders o WHERE o.user_id = u.id LIMIT 1) last WHERE u.id = $1",
		"select table=users/u from=[users/u,_/last] cols=[*] where=[u.id = $1] params=[$1]"},
	{"pg/select-func-from", "SELECT g FROM generate_series(1, 10) AS g WHERE g > $1",
		"select table=_/g cols=[g] where=[g > $1] params=[$1]"},
	{"pg/select-unnest", "SELECT * FROM unnest($1::int[]) AS u(id)",
		"select table=_/u cols=[*] params=[$1]"},
	{"pg/select-joins", "SELECT * FROM a LEFT OUTER JOIN b ON a.id = b.aid INNER JOIN c USING (id) CROSS JOIN d NATURAL JOIN e, f AS ff RIGHT JOIN g ON true FULL JOIN h ON h.x = a.x",
		"select table=a from=[a,b,c,d,e,f/ff,g,h] cols=[*]"},
	{"pg/select-paren-join", "SELECT * FROM (a JOIN b ON a.id = b.id) JOIN c ON c.id = a.id",
		"select table=a from=[a,b,c] cols=[*]"},
	{"pg/select-union", "SELECT a, b FROM t1 WHERE x = $1 UNION SELECT a, b FROM t2 WHERE y = $2",
		"select table=t1 cols=[a,b] where=[x = $1] params=[$1,$2]"},
	{"pg/select-union-paren", "(SELECT a FROM t1 WHERE x = 1) UNION ALL (SELECT a FROM t2)",
		"select table=t1 cols=[a] where=[x = const]"},
	{"pg/select-intersect", "SELECT a FROM t1 INTERSECT SELECT a FROM t2",
		"select table=t1 cols=[a]"},
	{"pg/select-group-having", "SELECT org_id, count(*) FROM users WHERE active GROUP BY org_id HAVING count(*) > $1 ORDER BY 2 DESC",
		"select table=users cols=[org_id,count] where=[active = const] params=[$1]"},
	{"pg/select-window", "SELECT id, row_number() OVER w FROM t WHERE a = 1 WINDOW w AS (PARTITION BY b ORDER BY c)",
		"select table=t cols=[id,row_number() OVER w] where=[a = const]"},
	{"pg/select-limit-offset", "SELECT * FROM t ORDER BY id LIMIT 10 OFFSET 20",
		"select table=t cols=[*] limit=10"},
	{"pg/select-limit-all", "SELECT * FROM t LIMIT ALL",
		"select table=t cols=[*]"},
	{"pg/select-limit-param", "SELECT * FROM t LIMIT $1",
		"select table=t cols=[*] params=[$1]"},
	{"pg/select-fetch", "SELECT * FROM t ORDER BY id OFFSET 5 ROWS FETCH FIRST 3 ROWS ONLY",
		"select table=t cols=[*] limit=3"},
	{"pg/select-for-update", "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE",
		"select table=accounts cols=[balance] where=[id = $1] lock=FOR_UPDATE params=[$1]"},
	{"pg/select-for-no-key-update", "SELECT * FROM t WHERE id = $1 FOR NO KEY UPDATE NOWAIT",
		"select table=t cols=[*] where=[id = $1] lock=FOR_NO_KEY_UPDATE,nowait params=[$1]"},
	{"pg/select-for-share", "SELECT * FROM t WHERE id = $1 FOR SHARE",
		"select table=t cols=[*] where=[id = $1] lock=FOR_SHARE params=[$1]"},
	{"pg/select-for-key-share", "SELECT * FROM t WHERE id = $1 FOR KEY SHARE SKIP LOCKED",
		"select table=t cols=[*] where=[id = $1] lock=FOR_KEY_SHARE,skiplocked params=[$1]"},
	{"pg/select-for-update-of", "SELECT * FROM t1 JOIN t2 ON t1.id = t2.id WHERE t1.id = $1 FOR UPDATE OF t1, t2 NOWAIT",
		"select table=t1 from=[t1,t2] cols=[*] where=[t1.id = $1] lock=FOR_UPDATE(t1,t2),nowait params=[$1]"},
	{"pg/select-for-multi", "SELECT * FROM a JOIN b ON a.id = b.id FOR SHARE OF b FOR UPDATE OF a",
		"select table=a from=[a,b] cols=[*] lock=FOR_UPDATE(b,a)"},
	{"pg/select-queue", "SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED",
		"select table=jobs cols=[id] where=[status = const] lock=FOR_UPDATE,skiplocked limit=10"},
	{"pg/select-strings", "SELECT 'it''s', E'a\\'b', $$ x ; $$, $tag$ y $$ $tag$ FROM t WHERE a = $1",
		"select table=t cols=['it''s',E'a\\'b',$$ x ; $$,$tag$ y $$ $tag$] where=[a = $1] params=[$1]"},
	{"pg/select-comments", "SELECT a -- a comment ; here\nFROM t /* block /* nested */ ; still */ WHERE id = $1",
		"select table=t cols=[a] where=[id = $1] params=[$1]"},
	{"pg/select-cast-param", "SELECT * FROM t WHERE id = $1::uuid AND n = CAST($2 AS int) AND d = $3::timestamp with time zone",
		"select table=t cols=[*] where=[id = $1; n = $2; d = $3] params=[$1,$2,$3]"},
	{"pg/select-advisory-xact", "SELECT pg_advisory_xact_lock($1)",
		"select cols=[pg_advisory_xact_lock($1)] adv=pg_advisory_xact_lock,xact($1) params=[$1]"},
	{"pg/select-advisory-try", "SELECT pg_try_advisory_lock(hashtext($1))",
		"select cols=[pg_try_advisory_lock(hashtext($1))] adv=pg_try_advisory_lock,try(other) params=[$1]"},
	{"pg/select-advisory-shared", "SELECT pg_advisory_lock_shared(1, 2), pg_try_advisory_xact_lock_shared(3)",
		"select cols=[pg_advisory_lock_shared(1, 2),pg_try_advisory_xact_lock_shared(3)] adv=pg_advisory_lock_shared(const,const) adv=pg_try_advisory_xact_lock_shared,xact,try(const)"},
	{"pg/select-advisory-qualified", "SELECT pg_catalog.pg_advisory_lock(42)",
		"select cols=[pg_catalog.pg_advisory_lock(42)] adv=pg_advisory_lock(const)"},
	{"pg/select-advisory-unlock", "SELECT pg_advisory_unlock(42)",
		"select cols=[pg_advisory_unlock(42)]"},
	{"pg/select-jsonb-question", "SELECT data ? 'k' FROM t WHERE id = $1 AND data ?| $2",
		"select table=t cols=[data ? 'k'] where=[id = $1; ~data ?| $2~] params=[$1,$2]"},
	{"pg/select-array-subscript", "SELECT tags[1] FROM t WHERE tags[2] = $1",
		"select table=t cols=[tags[1]] where=[~tags[2] = $1~] params=[$1]"},
	{"pg/select-array-ctor", "SELECT ARRAY[1, 2] AS a FROM t WHERE x = ANY(ARRAY[$1, $2])",
		"select table=t cols=[a] where=[x = ANY other] params=[$1,$2]"},
	{"pg/select-case", "SELECT CASE WHEN a = 1 AND b = 2 THEN 'x' ELSE 'y' END AS c FROM t WHERE CASE WHEN a THEN b END = 1 AND d = 2",
		"select table=t cols=[c] where=[~CASE WHEN a THEN b END = 1~; d = const]"},
	{"pg/select-into", "SELECT id INTO tmp FROM t WHERE a = $1",
		"select table=t cols=[id] where=[a = $1] params=[$1]"},
	{"pg/select-values", "VALUES (1, 2), (3, 4)",
		"select"},
	{"pg/select-table", "TABLE users",
		"select table=users"},
	{"pg/select-show", "SHOW transaction_isolation",
		"select"},
	{"pg/with-select", "WITH recent AS (SELECT * FROM orders WHERE created_at > $1) SELECT user_id FROM recent WHERE total > $2",
		"select table=recent cols=[user_id] where=[total > $2] with{select table=orders cols=[*] where=[created_at > $1] params=[$1]} params=[$1,$2]"},
	{"pg/with-recursive", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < $1), x AS MATERIALIZED (SELECT * FROM t WHERE id = $2) SELECT * FROM r JOIN x ON true",
		"select table=r from=[r,x] cols=[*] with{select cols=[1] params=[$1]} with{select table=t cols=[*] where=[id = $2] params=[$2]} params=[$1,$2]"},
	{"pg/with-update", "WITH upd AS (UPDATE t SET a = $1 WHERE id = $2 RETURNING id) SELECT count(*) FROM upd",
		"select table=upd cols=[count] count with{update table=t set=[a=param:$1] where=[id = $2] returning=[id] params=[$1,$2]} params=[$1,$2]"},
	{"pg/with-delete-insert", "WITH moved AS (DELETE FROM queue WHERE id = $1 RETURNING *) INSERT INTO done SELECT * FROM moved",
		"insert table=done values=[other] with{delete table=queue where=[id = $1] returning=[*] params=[$1]} source{select table=moved cols=[*]} params=[$1]"},
	{"pg/with-not-materialized", "WITH a AS NOT MATERIALIZED (SELECT 1) UPDATE t SET x = 1 FROM a WHERE t.id = a.id",
		"update table=t from=[t,a] set=[x=const:const] where=[t.id = col(id)] with{select cols=[1]}"},
	{"pg/insert-basic", "INSERT INTO users (email, name) VALUES ($1, $2)",
		"insert table=users cols=[email,name] values=[$1,$2] params=[$1,$2]"},
	{"pg/insert-returning", "INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id, email, created_at",
		"insert table=users cols=[email,name,password_hash] values=[$1,$2,$3] returning=[id,email,created_at] params=[$1,$2,$3]"},
	{"pg/insert-returning-star", "INSERT INTO t (a) VALUES ($1) RETURNING *",
		"insert table=t cols=[a] values=[$1] returning=[*] params=[$1]"},
	{"pg/insert-multirow", "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)",
		"insert table=t cols=[a,b] values=[$1,$2] params=[$1,$2,$3,$4]"},
	{"pg/insert-no-columns", "INSERT INTO t VALUES ($1, $2)",
		"insert table=t values=[$1,$2] params=[$1,$2]"},
	{"pg/insert-default-values", "INSERT INTO t DEFAULT VALUES RETURNING id",
		"insert table=t defaultvalues returning=[id]"},
	{"pg/insert-values-kinds", "INSERT INTO t (a, b, c, d, e, f) VALUES ($1::int, 'x', now(), DEFAULT, NULL, lower($2))",
		"insert table=t cols=[a,b,c,d,e,f] values=[$1,const,const,default,const,lower($2)] params=[$1,$2]"},
	{"pg/insert-select", "INSERT INTO archive (id, body) SELECT id, body FROM posts WHERE created_at < $1",
		"insert table=archive cols=[id,body] values=[col(id),col(body)] source{select table=posts cols=[id,body] where=[created_at < $1] params=[$1]} params=[$1]"},
	{"pg/insert-select-params", "INSERT INTO t (a, b) SELECT x, $1 FROM u WHERE y = $2 ON CONFLICT DO NOTHING",
		"insert table=t cols=[a,b] values=[col(x),$1] conflict=do_nothing source{select table=u cols=[x,$1] where=[y = $2] params=[$1,$2]} params=[$1,$2]"},
	{"pg/insert-select-not-exists", "INSERT INTO t (email) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM t WHERE email = $1)",
		"insert table=t cols=[email] values=[$1] source{select cols=[$1] where=[~NOT EXISTS (SELECT 1 FROM t WHERE email = $1)~] params=[$1,$1]} params=[$1,$1]"},
	{"pg/insert-on-conflict-nothing", "INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id",
		"insert table=users cols=[email,name] values=[$1,$2] conflict=do_nothing(email) returning=[id] params=[$1,$2]"},
	{"pg/insert-on-conflict-bare", "INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING",
		"insert table=t cols=[a] values=[$1] conflict=do_nothing params=[$1]"},
	{"pg/insert-on-constraint", "INSERT INTO t (a) VALUES ($1) ON CONFLICT ON CONSTRAINT t_a_key DO NOTHING",
		"insert table=t cols=[a] values=[$1] conflict=do_nothingconstraint:t_a_key params=[$1]"},
	{"pg/insert-on-conflict-update", "INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, hits = users.hits + 1, seen_at = now() RETURNING id",
		"insert table=users cols=[email,name] values=[$1,$2] conflict=do_update(email) cset=[name=other:excl(name)/proposed, hits=atomic:arith(hits+_)/other, seen_at=const:const/const] returning=[id] params=[$1,$2]"},
	{"pg/insert-on-conflict-where", "INSERT INTO t AS tt (a, n) VALUES ($1, 1) ON CONFLICT (a) WHERE deleted_at IS NULL DO UPDATE SET n = tt.n + EXCLUDED.n, m = EXCLUDED.m + 1 WHERE tt.v < EXCLUDED.v",
		"insert table=t/tt cols=[a,n] values=[$1,const] conflict=do_update(a) twhere=[deleted_at IS NULL] cset=[n=atomic:arith(n+_)/accumulate, m=other:other/other] cwhere=[tt.v < excl(v)] params=[$1]"},
	{"pg/insert-on-conflict-multi", "INSERT INTO t (a, b, c) VALUES ($1, $2, $3) ON CONFLICT (a, b) DO UPDATE SET c = $3",
		"insert table=t cols=[a,b,c] values=[$1,$2,$3] conflict=do_update(a,b) cset=[c=param:$3/param] params=[$1,$2,$3,$3]"},
	{"pg/insert-on-conflict-expr", "INSERT INTO t (email) VALUES ($1) ON CONFLICT (lower(email)) DO NOTHING",
		"insert table=t cols=[email] values=[$1] conflict=do_nothing(lower(email)) params=[$1]"},
	{"pg/insert-on-conflict-opclass", "INSERT INTO t (email) VALUES ($1) ON CONFLICT (email text_pattern_ops) DO NOTHING",
		"insert table=t cols=[email] values=[$1] conflict=do_nothing(email) params=[$1]"},
	{"pg/insert-on-conflict-tuple-set", "INSERT INTO t (a, b, c) VALUES ($1, $2, $3) ON CONFLICT (a) DO UPDATE SET (b, c) = (EXCLUDED.b, t.c + 1)",
		"insert table=t cols=[a,b,c] values=[$1,$2,$3] conflict=do_update(a) cset=[b=other:excl(b)/proposed, c=atomic:arith(c+_)/other] params=[$1,$2,$3]"},
	{"pg/insert-overriding", "INSERT INTO t (id, a) OVERRIDING SYSTEM VALUE VALUES (1, $1)",
		"insert table=t cols=[id,a] values=[const,$1] params=[$1]"},
	{"pg/insert-quoted", "INSERT INTO \"T\" (\"A\", \"bB\") VALUES ($1, $2)",
		"insert table=T cols=[A,bB] values=[$1,$2] params=[$1,$2]"},
	{"pg/insert-schema", "INSERT INTO app.users (email) VALUES ($1)",
		"insert table=app.users cols=[email] values=[$1] params=[$1]"},
	{"pg/insert-with-select", "INSERT INTO t (a) WITH x AS (SELECT 1 AS a) SELECT a FROM x",
		"insert table=t cols=[a] source{select table=x cols=[a] with{select cols=[a]}}"},
	{"pg/update-basic", "UPDATE users SET name = $2 WHERE id = $1",
		"update table=users set=[name=param:$2] where=[id = $1] params=[$2,$1]"},
	{"pg/update-atomic", "UPDATE accounts SET balance = balance - $1, updated_at = now() WHERE id = $2 AND balance >= $1",
		"update table=accounts set=[balance=atomic:arith(balance-$1), updated_at=const:const] where=[id = $2; balance >= $1] params=[$1,$2,$1]"},
	{"pg/update-classes", "UPDATE t SET a = $1, b = 'x', c = c + 1, d = DEFAULT, e = NULL, f = now(), g = other_col, h = lower($2), i = CURRENT_TIMESTAMP WHERE id = $3",
		"update table=t set=[a=param:$1, b=const:const, c=atomic:arith(c+_), d=const:default, e=const:const, f=const:const, g=other:col(other_col), h=other:lower($2), i=const:const] where=[id = $3] params=[$1,$2,$3]"},
	{"pg/update-atomic-forms", "UPDATE t SET tags = array_append(tags, $1), data = data || $2, n = COALESCE(n, 0) + 1, m = t.m * 2, j = jsonb_set(j, '{a}', $3) WHERE id = $4",
		"update table=t set=[tags=atomic:other, data=atomic:arith(data||$2), n=atomic:other, m=atomic:arith(m*_), j=atomic:other] where=[id = $4] params=[$1,$2,$3,$4]"},
	{"pg/update-version", "UPDATE documents SET title = $2, version = version + 1 WHERE id = $1 AND version = $3",
		"update table=documents set=[title=param:$2, version=atomic:arith(version+_)] where=[id = $1; version = $3] params=[$2,$1,$3]"},
	{"pg/update-from", "UPDATE accounts a SET balance = a.balance - t.amount, note = t.note FROM transfers t WHERE a.id = t.account_id AND t.id = $1",
		"update table=accounts/a from=[accounts/a,transfers/t] set=[balance=atomic:arith(balance-_), note=other:col(note)] where=[a.id = col(account_id); t.id = $1] params=[$1]"},
	{"pg/update-tuple", "UPDATE t SET (a, b) = ($1, $2) WHERE id = $3",
		"update table=t set=[a=param:$1, b=param:$2] where=[id = $3] params=[$1,$2,$3]"},
	{"pg/update-tuple-row", "UPDATE t SET (a, b) = ROW($1, b + 1) WHERE id = $3",
		"update table=t set=[a=param:$1, b=atomic:arith(b+_)] where=[id = $3] params=[$1,$3]"},
	{"pg/update-tuple-subquery", "UPDATE t SET (a, b) = (SELECT x, y FROM u WHERE u.id = t.uid) WHERE id = $1",
		"update table=t set=[a=other:other, b=other:other] where=[id = $1] params=[$1]"},
	{"pg/update-subquery", "UPDATE t SET a = (SELECT max(a) FROM u WHERE u.id = t.id) WHERE id = $1",
		"update table=t set=[a=other:other] where=[id = $1] params=[$1]"},
	{"pg/update-returning", "UPDATE t SET a = $1 WHERE id = $2 RETURNING id, a AS new_a",
		"update table=t set=[a=param:$1] where=[id = $2] returning=[id,new_a] params=[$1,$2]"},
	{"pg/update-only", "UPDATE ONLY t SET a = $1 WHERE id = $2",
		"update table=t set=[a=param:$1] where=[id = $2] params=[$1,$2]"},
	{"pg/update-current-of", "UPDATE t SET a = $1 WHERE CURRENT OF c",
		"update table=t set=[a=param:$1] where=[~CURRENT OF c~] params=[$1]"},
	{"pg/update-cast", "UPDATE t SET a = $1::text, b = $2::int[], c = CAST($3 AS numeric) WHERE id = $4",
		"update table=t set=[a=param:$1, b=param:$2, c=param:$3] where=[id = $4] params=[$1,$2,$3,$4]"},
	{"pg/update-self", "UPDATE t SET c = c WHERE id = 1",
		"update table=t set=[c=atomic:col(c)] where=[id = const]"},
	{"pg/update-other-col-arith", "UPDATE t SET x = y + 1 WHERE id = $1",
		"update table=t set=[x=other:arith(y+_)] where=[id = $1] params=[$1]"},
	{"pg/update-paren-arith", "UPDATE t SET n = (n + 1) WHERE id = $1",
		"update table=t set=[n=atomic:arith(n+_)] where=[id = $1] params=[$1]"},
	{"pg/update-queue-subselect", "UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id",
		"update table=jobs set=[status=const:const] where=[id = other] returning=[id]"},
	{"pg/update-no-where", "UPDATE t SET a = 1",
		"update table=t set=[a=const:const]"},
	{"pg/delete-basic", "DELETE FROM sessions WHERE expires_at < now() RETURNING id",
		"delete table=sessions where=[expires_at < const] returning=[id]"},
	{"pg/delete-using", "DELETE FROM t USING u WHERE t.uid = u.id AND u.x = $1",
		"delete table=t from=[t,u] where=[t.uid = col(id); u.x = $1] params=[$1]"},
	{"pg/delete-no-where", "DELETE FROM t",
		"delete table=t"},
	{"pg/delete-alias", "DELETE FROM users AS u WHERE u.id = $1",
		"delete table=users/u where=[u.id = $1] params=[$1]"},
	{"pg/begin", "BEGIN",
		"begin"},
	{"pg/begin-iso", "BEGIN ISOLATION LEVEL SERIALIZABLE",
		"begin iso=SERIALIZABLE"},
	{"pg/begin-tx-iso-ro", "BEGIN TRANSACTION ISOLATION LEVEL READ COMMITTED, READ ONLY",
		"begin iso=READ_COMMITTED"},
	{"pg/begin-work", "BEGIN WORK",
		"begin"},
	{"pg/start-tx-iso", "START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ WRITE",
		"begin iso=REPEATABLE_READ"},
	{"pg/set-tx", "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
		"set transaction iso=REPEATABLE_READ"},
	{"pg/set-tx-ro", "SET TRANSACTION READ ONLY",
		"set transaction"},
	{"pg/set-session-char", "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
		"set transaction iso=READ_COMMITTED"},
	{"pg/set-tx-isolation-var", "SET transaction_isolation = 'serializable'",
		"set transaction iso=SERIALIZABLE"},
	{"pg/set-default-iso", "SET default_transaction_isolation TO 'read committed'",
		"set transaction iso=READ_COMMITTED"},
	{"pg/set-other", "SET search_path = public",
		"other"},
	{"pg/set-local", "SET LOCAL statement_timeout = '5s'",
		"other"},
	{"pg/commit", "COMMIT",
		"commit"},
	{"pg/commit-work", "COMMIT WORK",
		"commit"},
	{"pg/end", "END",
		"commit"},
	{"pg/rollback", "ROLLBACK",
		"rollback"},
	{"pg/abort", "ABORT",
		"rollback"},
	{"pg/rollback-to", "ROLLBACK TO SAVEPOINT sp1",
		"other"},
	{"pg/savepoint", "SAVEPOINT sp1",
		"other"},
	{"pg/release", "RELEASE SAVEPOINT sp1",
		"other"},
	{"pg/commit-prepared", "COMMIT PREPARED 'x'",
		"other"},
	{"pg/lock-table", "LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE",
		"lock table table=accounts"},
	{"pg/lock-multi", "LOCK accounts, ledger IN SHARE ROW EXCLUSIVE MODE NOWAIT",
		"lock table table=accounts from=[accounts,ledger]"},
	{"pg/lock-only", "LOCK TABLE ONLY app.accounts",
		"lock table table=app.accounts"},
	{"pg/ddl-create", "CREATE TABLE t (id int PRIMARY KEY, email text UNIQUE)",
		"ddl {create-table t cols=[id:int pk; email:text uq]}"},
	{"pg/ddl-alter", "ALTER TABLE t ADD COLUMN x int",
		"ddl {alter-table t actions=[add-column x:int]}"},
	{"pg/ddl-drop", "DROP INDEX IF EXISTS i",
		"ddl {drop-index ie indexes=[i]}"},
	{"pg/ddl-truncate", "TRUNCATE t CASCADE",
		"ddl"},
	{"pg/ddl-comment", "COMMENT ON TABLE t IS 'x'",
		"ddl"},
	{"pg/ddl-grant", "GRANT SELECT ON t TO u",
		"ddl"},
	{"pg/ddl-function", "CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN UPDATE x SET a = 1; RETURN NEW; END $$ LANGUAGE plpgsql",
		"ddl"},
	{"pg/other-explain", "EXPLAIN ANALYZE SELECT * FROM t",
		"other"},
	{"pg/other-vacuum", "VACUUM ANALYZE t",
		"other"},
	{"pg/other-copy", "COPY t FROM STDIN",
		"other"},
	{"pg/other-notify", "NOTIFY chan, 'payload'",
		"other"},
	{"pg/other-do-advisory", "DO $$ BEGIN PERFORM pg_advisory_xact_lock(42); END $$",
		"other adv=pg_advisory_xact_lock,xact(const)"},
	{"pg/other-prepare", "PREPARE q AS SELECT 1",
		"other"},
	{"pg/unknown-words", "hello world",
		"unknown"},
	{"pg/unknown-empty", "",
		"unknown"},
	{"pg/unknown-semicolon", ";",
		"unknown"},
	{"pg/unknown-comment", "   -- just a comment",
		"unknown"},
	{"pg/first-of-two", "SELECT a FROM t1; DELETE FROM t2",
		"select table=t1 cols=[a]"},
	{"pg/named-colon", "SELECT * FROM t WHERE id = :id AND x = :user.name AND y::text = :y",
		"select table=t cols=[*] where=[id = :id; x = :user.name; y = :y] params=[:id,:user.name,:y]"},
	{"pg/named-at", "SELECT * FROM t WHERE id = @id AND org = @org_id",
		"select table=t cols=[*] where=[id = @id; org = @org_id] params=[@id,@org_id]"},
	{"pg/sqlc-arg", "UPDATE accounts SET balance = balance + sqlc.arg(amount) WHERE id = sqlc.arg(id) AND org = sqlc.narg('org') AND tag = ANY(sqlc.slice(tags))",
		"update table=accounts set=[balance=atomic:arith(balance+@amount)] where=[id = @id; org = @org; tag = ANY @tags] params=[@amount,@id,@org,@tags]"},
	{"pg/dollar-repeat", "SELECT * FROM t WHERE a = $1 OR b = $1",
		"select table=t cols=[*] where=[~a = $1 OR b = $1~] params=[$1,$1]"},
	{"pg/dollar-out-of-order", "UPDATE t SET a = $3 WHERE id = $1 AND v = $2",
		"update table=t set=[a=param:$3] where=[id = $1; v = $2] params=[$3,$1,$2]"},
	{"mysql/select-backticks", "SELECT `id`, `Name` FROM `app`.`users` WHERE `email` = ?",
		"select table=app.users cols=[id,Name] where=[email = ?1] params=[?1]"},
	{"mysql/select-placeholders", "SELECT * FROM t WHERE a = ? AND b = ? AND c IN (?, ?)",
		"select table=t cols=[*] where=[a = ?1; b = ?2; c IN other] params=[?1,?2,?3,?4]"},
	{"mysql/select-limit-comma", "SELECT * FROM t LIMIT 20, 10",
		"select table=t cols=[*] limit=10"},
	{"mysql/select-limit-offset", "SELECT * FROM t LIMIT 10 OFFSET ?",
		"select table=t cols=[*] limit=10 params=[?1]"},
	{"mysql/select-for-update", "SELECT * FROM accounts WHERE id = ? FOR UPDATE",
		"select table=accounts cols=[*] where=[id = ?1] lock=FOR_UPDATE params=[?1]"},
	{"mysql/select-lock-share", "SELECT * FROM t WHERE a = ? LOCK IN SHARE MODE",
		"select table=t cols=[*] where=[a = ?1] lock=FOR_SHARE params=[?1]"},
	{"mysql/select-for-share-nowait", "SELECT * FROM t WHERE a = ? FOR SHARE NOWAIT",
		"select table=t cols=[*] where=[a = ?1] lock=FOR_SHARE,nowait params=[?1]"},
	{"mysql/select-index-hint", "SELECT * FROM t FORCE INDEX (idx_a) WHERE a = ?",
		"select table=t cols=[*] where=[a = ?1] params=[?1]"},
	{"mysql/select-index-hints", "SELECT * FROM t AS x USE INDEX (i) JOIN u IGNORE INDEX FOR JOIN (j) ON x.id = u.id WHERE u.k = ?",
		"select table=t/x from=[t/x,u] cols=[*] where=[u.k = ?1] params=[?1]"},
	{"mysql/select-modifiers", "SELECT SQL_CALC_FOUND_ROWS DISTINCT id FROM t WHERE a = ?",
		"select table=t cols=[id] where=[a = ?1] params=[?1]"},
	{"mysql/select-straight-join", "SELECT * FROM a STRAIGHT_JOIN b ON a.id = b.id",
		"select table=a from=[a,b] cols=[*]"},
	{"mysql/select-interval", "SELECT * FROM t WHERE created_at > NOW() - INTERVAL 1 DAY AND updated_at < DATE_SUB(NOW(), INTERVAL ? HOUR)",
		"select table=t cols=[*] where=[created_at > const; updated_at < other] params=[?1]"},
	{"mysql/select-backslash", "SELECT 'a\\'b' AS s FROM t WHERE a = ?",
		"select table=t cols=[s] where=[a = ?1] params=[?1]"},
	{"mysql/select-hash-comment", "# leading comment\nSELECT a FROM t\n# another ; comment\nWHERE id = ?",
		"select table=t cols=[a] where=[id = ?1] params=[?1]"},
	{"mysql/select-sysvar", "SELECT @@transaction_isolation, @@session.autocommit",
		"select cols=[@@transaction_isolation,@@session.autocommit]"},
	{"mysql/select-get-lock", "SELECT GET_LOCK('job', 10)",
		"select cols=[GET_LOCK('job', 10)] adv=get_lock,try(const,const)"},
	{"mysql/select-get-lock-forever", "SELECT GET_LOCK(?, -1)",
		"select cols=[GET_LOCK(?, -1)] adv=get_lock(?1,const) params=[?1]"},
	{"mysql/select-null-safe", "SELECT * FROM t WHERE a <=> ?",
		"select table=t cols=[*] where=[a <=> ?1] params=[?1]"},
	{"mysql/select-double-quoted", "SELECT * FROM t WHERE status = \"active\"",
		"select table=t cols=[*] where=[status = col(active)]"},
	{"mysql/insert-basic", "INSERT INTO users (email, name) VALUES (?, ?)",
		"insert table=users cols=[email,name] values=[?1,?2] params=[?1,?2]"},
	{"mysql/insert-ignore", "INSERT IGNORE INTO t (a, b) VALUES (?, ?)",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=ignore params=[?1,?2]"},
	{"mysql/insert-odku-values", "INSERT INTO t (a, b) VALUES (?, ?) ON DUPLICATE KEY UPDATE b = VALUES(b), n = n + 1, c = VALUES(b) + c",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=duplicate_key_update cset=[b=other:excl(b)/proposed, n=atomic:arith(n+_)/other, c=atomic:arith(c+_)/accumulate] params=[?1,?2]"},
	{"mysql/insert-odku-alias", "INSERT INTO t (a, b) VALUES (?, ?) AS new ON DUPLICATE KEY UPDATE b = new.b, c = c + new.b",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=duplicate_key_update cset=[b=other:excl(b)/proposed, c=atomic:arith(c+_)/accumulate] params=[?1,?2]"},
	{"mysql/insert-odku-alias-cols", "INSERT INTO t (a, b) VALUES (?, ?) AS new(m, n) ON DUPLICATE KEY UPDATE b = n, a = a + m",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=duplicate_key_update cset=[b=other:excl(b)/proposed, a=atomic:arith(a+_)/accumulate] params=[?1,?2]"},
	{"mysql/insert-odku-param", "INSERT INTO counters (k, v) VALUES (?, 1) ON DUPLICATE KEY UPDATE v = v + 1, updated_at = ?",
		"insert table=counters cols=[k,v] values=[?1,const] conflict=duplicate_key_update cset=[v=atomic:arith(v+_)/other, updated_at=param:?2/param] params=[?1,?2]"},
	{"mysql/insert-set", "INSERT INTO t SET a = ?, b = NOW()",
		"insert table=t cols=[a,b] values=[?1,const] params=[?1]"},
	{"mysql/insert-select-odku", "INSERT INTO t (a, b) SELECT x, y FROM u WHERE z = ? ON DUPLICATE KEY UPDATE b = VALUES(b)",
		"insert table=t cols=[a,b] values=[col(x),col(y)] conflict=duplicate_key_update cset=[b=other:excl(b)/proposed] source{select table=u cols=[x,y] where=[z = ?1] params=[?1]} params=[?1]"},
	{"mysql/insert-value-kw", "INSERT INTO t (a) VALUE (?)",
		"insert table=t cols=[a] values=[?1] params=[?1]"},
	{"mysql/insert-modifiers", "INSERT LOW_PRIORITY IGNORE INTO t (a) VALUES (?)",
		"insert table=t cols=[a] values=[?1] conflict=ignore params=[?1]"},
	{"mysql/replace", "REPLACE INTO t (a, b) VALUES (?, ?)",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=replace params=[?1,?2]"},
	{"mysql/replace-set", "REPLACE t SET a = ?",
		"insert table=t cols=[a] values=[?1] conflict=replace params=[?1]"},
	{"mysql/update-basic", "UPDATE users SET name = ? WHERE id = ?",
		"update table=users set=[name=param:?1] where=[id = ?2] params=[?1,?2]"},
	{"mysql/update-order-limit", "UPDATE t SET a = ? WHERE b = ? ORDER BY id LIMIT 10",
		"update table=t set=[a=param:?1] where=[b = ?2] limit=10 params=[?1,?2]"},
	{"mysql/update-multi", "UPDATE items, month SET items.price = month.price WHERE items.id = month.id",
		"update table=items from=[items,month] set=[price=other:col(price)] where=[items.id = col(id)]"},
	{"mysql/update-join", "UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.a = t1.a + t2.b, t2.c = ? WHERE t2.d = ?",
		"update table=t1 from=[t1,t2] set=[a=atomic:arith(a+_), c=param:?1] where=[t2.d = ?2] params=[?1,?2]"},
	{"mysql/update-ignore", "UPDATE LOW_PRIORITY IGNORE t SET a = ? WHERE id = ?",
		"update table=t set=[a=param:?1] where=[id = ?2] params=[?1,?2]"},
	{"mysql/delete-basic", "DELETE FROM t WHERE id = ?",
		"delete table=t where=[id = ?1] params=[?1]"},
	{"mysql/delete-order-limit", "DELETE FROM t WHERE id = ? ORDER BY id LIMIT 1",
		"delete table=t where=[id = ?1] limit=1 params=[?1]"},
	{"mysql/delete-multi", "DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = ?",
		"delete table=t1 from=[t1,t2] where=[t2.x = ?1] params=[?1]"},
	{"mysql/delete-multi-alias", "DELETE a FROM t AS a JOIN u AS b ON a.id = b.id WHERE b.x = ?",
		"delete table=t/a from=[t/a,u/b] where=[b.x = ?1] params=[?1]"},
	{"mysql/delete-multi-using", "DELETE FROM t1, t2 USING t1 JOIN t2 ON t1.id = t2.id WHERE t1.x = ?",
		"delete table=t1 from=[t1,t2] where=[t1.x = ?1] params=[?1]"},
	{"mysql/delete-quick", "DELETE QUICK IGNORE FROM t WHERE id = ?",
		"delete table=t where=[id = ?1] params=[?1]"},
	{"mysql/start-tx", "START TRANSACTION",
		"begin"},
	{"mysql/start-tx-snapshot", "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY",
		"begin"},
	{"mysql/set-tx", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
		"set transaction iso=READ_COMMITTED"},
	{"mysql/set-session-tx", "SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
		"set transaction iso=READ_UNCOMMITTED"},
	{"mysql/set-global-tx", "SET GLOBAL TRANSACTION ISOLATION LEVEL SERIALIZABLE",
		"set transaction iso=SERIALIZABLE"},
	{"mysql/set-sysvar-iso", "SET @@SESSION.transaction_isolation = 'READ-COMMITTED'",
		"set transaction iso=READ_COMMITTED"},
	{"mysql/set-tx-isolation", "SET SESSION tx_isolation = 'REPEATABLE-READ'",
		"set transaction iso=REPEATABLE_READ"},
	{"mysql/set-names", "SET NAMES utf8mb4",
		"other"},
	{"mysql/set-autocommit", "SET autocommit = 0",
		"other"},
	{"mysql/lock-tables", "LOCK TABLES t1 READ, t2 AS x WRITE",
		"lock table table=t1 from=[t1,t2/x]"},
	{"mysql/unlock-tables", "UNLOCK TABLES",
		"other"},
	{"mysql/commit", "COMMIT",
		"commit"},
	{"mysql/rollback", "ROLLBACK",
		"rollback"},
	{"mysql/show", "SHOW TABLES",
		"select"},
	{"mysql/ddl", "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB",
		"ddl {create-table t cols=[id:int pk ident]}"},
	{"mysql/select-dual", "SELECT NOW() FROM DUAL",
		"select cols=[NOW()]"},
	{"mysql/digit-names", "SELECT * FROM 1db.1table WHERE 2col = ?",
		"select table=1db.1table cols=[*] where=[2col = ?1] params=[?1]"},
	{"mysql/reserved-schema", "SELECT a FROM select.desc",
		"select table=select.desc cols=[a]"},
	{"mysql/odku-if-values", "INSERT INTO t (a, b) VALUES (?, ?) ON DUPLICATE KEY UPDATE b = IF(VALUES(b) > b, VALUES(b), b)",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=duplicate_key_update cset=[b=atomic:other/other] params=[?1,?2]"},
	{"mysql/update-high-priority", "UPDATE HIGH_PRIORITY t SET a = ?",
		"update table=t set=[a=param:?1] params=[?1]"},
	{"mysql/from-first-over", "SELECT NTH_VALUE(v, 2) FROM FIRST OVER w FROM t",
		"select table=t cols=[NTH_VALUE(v, 2) FROM FIRST OVER w]"},
	{"mysql/backslash-bit-string", "SELECT 'a\\'b' AS s FROM t WHERE a = ?",
		"select table=t cols=[s] where=[a = ?1] params=[?1]"},
	{"pg/backslash-literal", "SELECT 'C:\\' AS p FROM t WHERE a = $1",
		"select table=t cols=[p] where=[a = $1] params=[$1]"},
	{"pg/values-subquery", "SELECT * FROM (VALUES (1), (2)) AS v(x) WHERE x > $1",
		"select table=_/v cols=[*] where=[x > $1] params=[$1]"},
	{"pg/tablesample", "SELECT * FROM t TABLESAMPLE SYSTEM (10) REPEATABLE (1) WHERE x = 1",
		"select table=t cols=[*] where=[x = const]"},
	{"sqlite/select-brackets", "SELECT [id], [User Name] FROM [users] WHERE [email] = ?",
		"select table=users cols=[id,User Name] where=[email = ?1] params=[?1]"},
	{"sqlite/select-numbered", "SELECT * FROM t WHERE a = ?1 AND b = ?2 AND c = ?1",
		"select table=t cols=[*] where=[a = ?1; b = ?2; c = ?1] params=[?1,?2,?1]"},
	{"sqlite/select-mixed-numbered", "SELECT * FROM t WHERE a = ? AND b = ?5 AND c = ?",
		"select table=t cols=[*] where=[a = ?1; b = ?5; c = ?6] params=[?1,?5,?6]"},
	{"sqlite/select-named", "SELECT * FROM t WHERE a = :a AND b = @b AND c = $c",
		"select table=t cols=[*] where=[a = :a; b = @b; c = $c] params=[:a,@b,$c]"},
	{"sqlite/select-indexed-by", "SELECT * FROM t INDEXED BY i WHERE a = ?",
		"select table=t cols=[*] where=[a = ?1] params=[?1]"},
	{"sqlite/select-not-indexed", "SELECT * FROM t NOT INDEXED WHERE a = ?",
		"select table=t cols=[*] where=[a = ?1] params=[?1]"},
	{"sqlite/select-glob", "SELECT * FROM t WHERE name GLOB ?",
		"select table=t cols=[*] where=[~name GLOB ?~] params=[?1]"},
	{"sqlite/insert-or-ignore", "INSERT OR IGNORE INTO t (a) VALUES (?)",
		"insert table=t cols=[a] values=[?1] conflict=ignore params=[?1]"},
	{"sqlite/insert-or-replace", "INSERT OR REPLACE INTO t (a, b) VALUES (?, ?)",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=replace params=[?1,?2]"},
	{"sqlite/insert-or-rollback", "INSERT OR ROLLBACK INTO t (a) VALUES (?)",
		"insert table=t cols=[a] values=[?1] params=[?1]"},
	{"sqlite/upsert", "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = excluded.b WHERE b <> excluded.b",
		"insert table=t cols=[a,b] values=[?1,?2] conflict=do_update(a) cset=[b=other:excl(b)/proposed] cwhere=[b <> excl(b)] params=[?1,?2]"},
	{"sqlite/insert-returning", "INSERT INTO t (a) VALUES (?) RETURNING id",
		"insert table=t cols=[a] values=[?1] returning=[id] params=[?1]"},
	{"sqlite/update-or", "UPDATE OR IGNORE t SET a = ? WHERE id = ?",
		"update table=t set=[a=param:?1] where=[id = ?2] params=[?1,?2]"},
	{"sqlite/update-limit", "UPDATE t SET a = ? WHERE b = ? ORDER BY c LIMIT 5",
		"update table=t set=[a=param:?1] where=[b = ?2] limit=5 params=[?1,?2]"},
	{"sqlite/delete-returning", "DELETE FROM t WHERE id = ? RETURNING *",
		"delete table=t where=[id = ?1] returning=[*] params=[?1]"},
	{"sqlite/begin-immediate", "BEGIN IMMEDIATE TRANSACTION",
		"begin writelock"},
	{"sqlite/begin-exclusive", "BEGIN EXCLUSIVE",
		"begin writelock"},
	{"sqlite/pragma", "PRAGMA foreign_keys = ON",
		"other"},
	{"sqlite/create-trigger", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE x SET a = 1; END",
		"ddl"},
	{"sqlite/double-equals", "SELECT * FROM t WHERE a == ? AND b IS NOT ?",
		"select table=t cols=[*] where=[a = ?1; ~b IS NOT ?~] params=[?1,?2]"},
	{"sqlite/backticks", "SELECT `id` FROM `Users` WHERE `Email` = :email",
		"select table=Users cols=[id] where=[Email = :email] params=[:email]"},
	{"sqlite/upsert-nothing", "INSERT INTO kv (k, v) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
		"insert table=kv cols=[k,v] values=[?1,?2] conflict=do_nothing params=[?1,?2]"},
	{"sqlite/upsert-atomic", "INSERT INTO counters (k, n) VALUES (:k, 1) ON CONFLICT (k) DO UPDATE SET n = n + excluded.n RETURNING n",
		"insert table=counters cols=[k,n] values=[:k,const] conflict=do_update(k) cset=[n=atomic:arith(n+_)/accumulate] returning=[n] params=[:k]"},
	{"sqlite/insert-or-fail", "INSERT OR FAIL INTO t (a) VALUES ($a)",
		"insert table=t cols=[a] values=[$a] params=[$a]"},
	{"sqlite/insert-or-abort", "INSERT OR ABORT INTO t (a) VALUES (@a)",
		"insert table=t cols=[a] values=[@a] params=[@a]"},
	{"sqlite/replace", "REPLACE INTO t (a) VALUES (?)",
		"insert table=t cols=[a] values=[?1] conflict=replace params=[?1]"},
	{"sqlite/default-values", "INSERT INTO t DEFAULT VALUES",
		"insert table=t defaultvalues"},
	{"sqlite/update-from", "UPDATE inventory SET qty = qty - d.n FROM (SELECT item, sum(n) AS n FROM sales GROUP BY item) AS d WHERE inventory.item = d.item",
		"update table=inventory from=[inventory,_/d] set=[qty=atomic:arith(qty-_)] where=[inventory.item = col(item)]"},
	{"sqlite/delete-limit", "DELETE FROM log WHERE at < ? ORDER BY at LIMIT 1000",
		"delete table=log where=[at < ?1] limit=1000 params=[?1]"},
	{"sqlite/limit-offset", "SELECT * FROM t ORDER BY id LIMIT ? OFFSET ?",
		"select table=t cols=[*] params=[?1,?2]"},
	{"sqlite/with-recursive", "WITH RECURSIVE c(x) AS (VALUES (1) UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT x FROM c",
		"select table=c cols=[x] with{select params=[?1]} params=[?1]"},
	{"sqlite/begin-deferred", "BEGIN DEFERRED TRANSACTION",
		"begin"},
	{"sqlite/commit-transaction", "COMMIT TRANSACTION",
		"commit"},
	{"sqlite/end-transaction", "END TRANSACTION",
		"commit"},
	{"sqlite/rollback-to", "ROLLBACK TRANSACTION TO SAVEPOINT sp",
		"other"},
	{"sqlite/explain-query-plan", "EXPLAIN QUERY PLAN SELECT * FROM t",
		"other"},
	{"sqlite/attach", "ATTACH DATABASE 'x.db' AS x",
		"other"},
	{"sqlite/vacuum", "VACUUM",
		"other"},
	{"sqlite/create-table", "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT UNIQUE)",
		"ddl {create-table t ine cols=[id:integer pk ident; email:text uq]}"},
	{"mysql/select-json", "SELECT doc->>'$.name' AS name FROM t WHERE doc->'$.id' = ?",
		"select table=t cols=[name] where=[~doc->'$.id' = ?~] params=[?1]"},
	{"mysql/select-user-var", "SELECT @rownum := @rownum + 1 AS n, id FROM t",
		"select table=t cols=[n,id] params=[@rownum,@rownum]"},
	{"mysql/update-case", "UPDATE t SET n = CASE WHEN n > ? THEN n - ? ELSE 0 END WHERE id = ?",
		"update table=t set=[n=atomic:other] where=[id = ?3] params=[?1,?2,?3]"},
	{"mysql/insert-select-union", "INSERT INTO t (a) SELECT a FROM u UNION SELECT a FROM v",
		"insert table=t cols=[a] values=[col(a)] source{select table=u cols=[a]}"},
	{"mysql/update-limit-param", "UPDATE t SET a = ? WHERE b = ? LIMIT ?",
		"update table=t set=[a=param:?1] where=[b = ?2] params=[?1,?2,?3]"},
	{"mysql/delete-join-using-alias", "DELETE t FROM users AS t INNER JOIN bans AS b ON b.uid = t.id WHERE b.at < NOW()",
		"delete table=users/t from=[users/t,bans/b] where=[b.at < const]"},
	{"mysql/begin-work", "BEGIN WORK",
		"begin"},
	{"mysql/rollback-work", "ROLLBACK WORK",
		"rollback"},
	{"mysql/set-tx-isolation-level-global", "SET GLOBAL TRANSACTION ISOLATION LEVEL REPEATABLE READ",
		"set transaction iso=REPEATABLE_READ"},
	{"mysql/do", "DO SLEEP(1)",
		"other"},
	{"hole/select-trailing-cond", "SELECT id FROM users WHERE email = $1 AND \x00",
		"select table=users cols=[id] where=[email = $1; ~HOLE~] params=[$1] partial"},
	{"hole/select-table", "SELECT * FROM \x00 WHERE id = ?",
		"select cols=[*] where=[id = ?1] params=[?1] partial"},
	{"hole/select-columns", "SELECT \x00 FROM users WHERE id = ?",
		"select table=users cols=[\x00] where=[id = ?1] params=[?1] partial"},
	{"hole/select-where", "SELECT id FROM users WHERE \x00",
		"select table=users cols=[id] where=[~HOLE~] partial"},
	{"hole/select-order", "SELECT id FROM users ORDER BY \x00 LIMIT 5",
		"select table=users cols=[id] limit=5 partial"},
	{"hole/select-clause", "SELECT id FROM users WHERE email = $1 \x00",
		"select table=users cols=[id] where=[email = $1] params=[$1] partial"},
	{"hole/select-in", "SELECT * FROM users WHERE id = ? AND status IN (\x00)",
		"select table=users cols=[*] where=[id = ?1; status IN hole] params=[?1] partial"},
	{"hole/select-value", "SELECT * FROM users WHERE id = \x00",
		"select table=users cols=[*] where=[id = hole] partial"},
	{"hole/select-schema", "SELECT * FROM \x00.users WHERE id = ?",
		"select table=users cols=[*] where=[id = ?1] params=[?1] partial"},
	{"hole/update-table", "UPDATE \x00 SET a = $1",
		"update set=[a=param:$1] params=[$1] partial"},
	{"hole/update-set", "UPDATE users SET \x00 WHERE id = ?",
		"update table=users where=[id = ?1] params=[?1] partial"},
	{"hole/update-set-partial", "UPDATE users SET name = ?, \x00 WHERE id = ?",
		"update table=users set=[name=param:?1] where=[id = ?2] params=[?1,?2] partial"},
	{"hole/insert-table", "INSERT INTO \x00 (a, b) VALUES (?, ?)",
		"insert cols=[a,b] values=[?1,?2] params=[?1,?2] partial"},
	{"hole/insert-columns", "INSERT INTO t (\x00) VALUES (\x00)",
		"insert table=t cols=[\x00] values=[hole] partial"},
	{"hole/insert-after-table", "INSERT INTO t \x00 VALUES (?)",
		"insert table=t values=[?1] params=[?1] partial"},
	{"hole/delete-table", "DELETE FROM \x00 WHERE id = ?",
		"delete where=[id = ?1] params=[?1] partial"},
	{"hole/table-suffix", "SELECT * FROM users_\x00 WHERE id = ?",
		"select cols=[*] where=[id = ?1] params=[?1] partial"},
	{"hole/table-prefix", "DELETE FROM \x00_users WHERE id = ?",
		"delete where=[id = ?1] params=[?1] partial"},
	{"hole/table-middle-alias", "SELECT * FROM app.users_\x00_x u WHERE u.id = ?",
		"select table=app._/u cols=[*] where=[u.id = ?1] params=[?1] partial"},
	{"hole/update-set-column", "UPDATE users SET \x00 = ? WHERE id = ?",
		"update table=users set=[=param:?1] where=[id = ?2] params=[?1,?2] partial"},
	{"hole/only", "\x00",
		"unknown partial"},
	{"hole/leading", "\x00 WHERE id = ?",
		"unknown params=[?1] partial"},
	{"upsert/pg-constraint", "INSERT INTO orders (id, status) VALUES ($1, 'pending') ON CONFLICT ON CONSTRAINT orders_pkey DO UPDATE SET status = EXCLUDED.status",
		"insert table=orders cols=[id,status] values=[$1,const] conflict=do_updateconstraint:orders_pkey cset=[status=other:excl(status)/proposed] params=[$1]"},
	{"upsert/pg-cast-proposed", "INSERT INTO t (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v::jsonb, w = CAST(excluded.w AS text)",
		"insert table=t cols=[k,v] values=[$1,$2] conflict=do_update(k) cset=[v=other:excl(v)/proposed, w=other:excl(w)/proposed] params=[$1,$2]"},
	{"upsert/pg-accumulate-qualified", "INSERT INTO daily (user_id, day, n) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET n = daily.n + EXCLUDED.n, m = EXCLUDED.m + daily.m, o = daily.n + 1",
		"insert table=daily cols=[user_id,day,n] values=[$1,const,const] conflict=do_update(user_id,day) cset=[n=atomic:arith(n+_)/accumulate, m=atomic:arith(m+_)/accumulate, o=other:arith(n+_)/other] params=[$1]"},
	{"upsert/pg-accumulate-other-column", "INSERT INTO t (k, a) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET a = t.b + EXCLUDED.a",
		"insert table=t cols=[k,a] values=[$1,const] conflict=do_update(k) cset=[a=other:arith(b+_)/other] params=[$1]"},
	{"upsert/pg-const-param", "INSERT INTO jobs (k, status, attempts) VALUES ($1, 'pending', 0) ON CONFLICT (k) DO UPDATE SET status = 'pending', attempts = 0, payload = $2, run_at = DEFAULT, note = NULL",
		"insert table=jobs cols=[k,status,attempts] values=[$1,const,const] conflict=do_update(k) cset=[status=const:const/const, attempts=const:const/const, payload=param:$2/param, run_at=const:default/const, note=const:const/const] params=[$1,$2]"},
	{"upsert/pg-coalesce", "INSERT INTO t (k, a) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET a = COALESCE(EXCLUDED.a, t.a), b = GREATEST(t.b, EXCLUDED.b)",
		"insert table=t cols=[k,a] values=[$1,$2] conflict=do_update(k) cset=[a=atomic:other/other, b=atomic:other/other] params=[$1,$2]"},
	{"upsert/pg-tuple-select", "INSERT INTO t (k, a, b) VALUES ($1, $2, $3) ON CONFLICT (k) DO UPDATE SET (a, b) = (SELECT x, y FROM u WHERE u.k = EXCLUDED.k)",
		"insert table=t cols=[k,a,b] values=[$1,$2,$3] conflict=do_update(k) cset=[a=other:other/other, b=other:other/other] params=[$1,$2,$3]"},
	{"upsert/pg-default-in-values", "INSERT INTO t (k, status) VALUES ($1, DEFAULT) ON CONFLICT (k) DO UPDATE SET status = EXCLUDED.status",
		"insert table=t cols=[k,status] values=[$1,default] conflict=do_update(k) cset=[status=other:excl(status)/proposed] params=[$1]"},
	{"upsert/mysql-replace-set", "REPLACE INTO sessions SET id = ?, data = ?",
		"insert table=sessions cols=[id,data] values=[?1,?2] conflict=replace params=[?1,?2]"},
	{"upsert/mysql-odku-const", "INSERT INTO t (k, state, n) VALUES (?, 'new', 0) ON DUPLICATE KEY UPDATE state = VALUES(state), n = 0",
		"insert table=t cols=[k,state,n] values=[?1,const,const] conflict=duplicate_key_update cset=[state=other:excl(state)/proposed, n=const:const/const] params=[?1]"},
	{"upsert/mysql-odku-accumulate", "INSERT INTO t (k, n) VALUES (?, ?) ON DUPLICATE KEY UPDATE n = t.n + VALUES(n)",
		"insert table=t cols=[k,n] values=[?1,?2] conflict=duplicate_key_update cset=[n=atomic:arith(n+_)/accumulate] params=[?1,?2]"},
	{"upsert/sqlite-or-replace", "INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)",
		"insert table=kv cols=[k,v] values=[?1,?2] conflict=replace params=[?1,?2]"},
	{"upsert/sqlite-do-nothing", "INSERT INTO t (a) VALUES (?) ON CONFLICT DO NOTHING",
		"insert table=t cols=[a] values=[?1] conflict=do_nothing params=[?1]"},
	{"malformed/unterminated-string", "SELECT * FROM t WHERE a = 'abc",
		"select table=t cols=[*] where=[a = const] partial"},
	{"malformed/unterminated-quote-ident", "SELECT \"abc FROM t",
		"select cols=[abc FROM t] partial"},
	{"malformed/unterminated-comment", "SELECT * FROM t /* never closed",
		"select table=t cols=[*] partial"},
	{"malformed/unterminated-dollar", "SELECT $$abc FROM t",
		"select cols=[$$abc FROM t] partial"},
	{"malformed/unbalanced-open", "SELECT * FROM t WHERE (a = $1 AND b = $2",
		"select table=t cols=[*] where=[~(a = $1 AND b = $2~] params=[$1,$2] partial"},
	{"malformed/unbalanced-close", "SELECT * FROM t WHERE a = $1) AND b = $2",
		"select table=t cols=[*] where=[a = other; b = $2] params=[$1,$2] partial"},
	{"malformed/update-no-set", "UPDATE t WHERE id = $1",
		"update table=t where=[id = $1] params=[$1] partial"},
	{"malformed/insert-nothing", "INSERT INTO",
		"insert partial"},
	{"malformed/select-from-nothing", "SELECT * FROM WHERE a = 1",
		"select cols=[*] where=[a = const] partial"},
	{"malformed/for-garbage", "SELECT * FROM t FOR GARBAGE",
		"select table=t cols=[*] partial"},
}

func TestParse(t *testing.T) {
	for _, tt := range stmtTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(Parse(tt.sql)); got != tt.want {
				t.Errorf("Parse(%q)\n got: %s\nwant: %s", tt.sql, got, tt.want)
			}
		})
	}
}

var condTests = []struct {
	name, sql, want string
}{
	{"gorm/email-deleted", "email = ? AND deleted_at IS NULL",
		"conds=[email = ?1; deleted_at IS NULL] params=[?1]"},
	{"gorm/in-param", "id IN ?",
		"conds=[id IN ?1] params=[?1]"},
	{"gorm/in-paren", "id IN (?)",
		"conds=[id IN ?1] params=[?1]"},
	{"gorm/named-at", "name = @name",
		"conds=[name = @name] params=[@name]"},
	{"gorm/func", "lower(email) = lower(?)",
		"conds=[lower(email) = lower(?1)] params=[?1]"},
	{"gorm/or", "age > ? OR vip = true",
		"conds=[~age > ? OR vip = true~] params=[?1]"},
	{"gorm/between", "created_at BETWEEN ? AND ?",
		"conds=[created_at BETWEEN other] params=[?1,?2]"},
	{"gorm/paren-and", "(a = ? AND b = ?)",
		"conds=[a = ?1; b = ?2] params=[?1,?2]"},
	{"gorm/reversed", "? = user_id",
		"conds=[user_id = ?1] params=[?1]"},
	{"gorm/const-and-param", "status <> 'done' AND tenant_id = ?",
		"conds=[status <> const; tenant_id = ?1] params=[?1]"},
	{"gorm/qualified", "users.email = ? AND users.org_id IN (?)",
		"conds=[users.email = ?1; users.org_id IN ?2] params=[?1,?2]"},
	{"gorm/like", "name LIKE ?",
		"conds=[name LIKE ?1] params=[?1]"},
	{"gorm/not-in-null", "id NOT IN (?) AND x IS NOT NULL",
		"conds=[id NOT IN ?1; x IS NOT NULL] params=[?1]"},
	{"gorm/bare-column", "active",
		"conds=[active = const]"},
	{"gorm/not", "NOT deleted",
		"conds=[deleted = const]"},
	{"bool/not-call", "NOT lower(x) AND NOT EXISTS (SELECT 1) AND t.on",
		"conds=[~NOT lower(x)~; ~NOT EXISTS (SELECT 1)~; t.on = const]"},
	{"gorm/ne", "state != ?",
		"conds=[state <> ?1] params=[?1]"},
	{"gorm/quoted", "\"users\".\"email\" = ? AND `name` = ?",
		"conds=[users.email = ?1; name = ?2] params=[?1,?2]"},
	{"gorm/hole", "tenant_id = ? AND \x00",
		"conds=[tenant_id = ?1; ~HOLE~] params=[?1] partial"},
	{"gorm/empty", "",
		""},
	{"gorm/version", "id = ? AND version = ?",
		"conds=[id = ?1; version = ?2] params=[?1,?2]"},
	{"gorm/exists", "EXISTS (SELECT 1 FROM t WHERE t.a = ?)",
		"conds=[~EXISTS (SELECT 1 FROM t WHERE t.a = ?)~] params=[?1]"},
	{"gorm/tuple", "(a, b) IN ?",
		"conds=[~(a, b) IN ?~] params=[?1]"},
	{"sqlx/colon", "id = :id AND org = :org",
		"conds=[id = :id; org = :org] params=[:id,:org]"},
}

func TestParseCondition(t *testing.T) {
	for _, tt := range condTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describeFragment(ParseCondition(tt.sql)); got != tt.want {
				t.Errorf("ParseCondition(%q)\n got: %s\nwant: %s", tt.sql, got, tt.want)
			}
		})
	}
}

var exprTests = []struct {
	name, sql, want string
}{
	{"gorm/stock-minus", "stock - ?",
		"expr=arith(stock-?1) refs=[stock] params=[?1]"},
	{"gorm/view-count", "view_count + 1",
		"expr=arith(view_count+_) refs=[view_count]"},
	{"gorm/now", "NOW()",
		"expr=const"},
	{"gorm/param-plus-col", "? + count",
		"expr=arith(count+?1) refs=[count] params=[?1]"},
	{"gorm/two-ops", "price * ? + ?",
		"expr=other refs=[price] params=[?1,?2]"},
	{"gorm/coalesce", "COALESCE(n, 0) + 1",
		"expr=other refs=[n]"},
	{"gorm/current-ts", "CURRENT_TIMESTAMP",
		"expr=const"},
	{"gorm/excluded", "t.c + EXCLUDED.c",
		"expr=arith(c+_) refs=[c]"},
	{"gorm/concat", "data || ?",
		"expr=arith(data||?1) refs=[data] params=[?1]"},
	{"gorm/string", "'x'",
		"expr=const"},
	{"gorm/param", "?",
		"expr=?1 params=[?1]"},
	{"gorm/cast-param", "CAST(? AS INT)",
		"expr=?1 params=[?1]"},
	{"gorm/pg-cast-param", "$1::int",
		"expr=$1 params=[$1]"},
	{"gorm/column", "col",
		"expr=col(col) refs=[col]"},
	{"gorm/qualified-column", "t.col",
		"expr=col(col) refs=[col]"},
	{"gorm/uuid", "gen_random_uuid()",
		"expr=const"},
	{"gorm/hole", "\x00",
		"expr=hole partial"},
	{"gorm/col-plus-hole", "count + \x00",
		"expr=other refs=[count] partial"},
	{"gorm/paren-arith", "(stock - ?)",
		"expr=arith(stock-?1) refs=[stock] params=[?1]"},
	{"gorm/negate", "-stock",
		"expr=other refs=[stock]"},
	{"gorm/two-cols", "a - b",
		"expr=arith(a-_) refs=[a,b]"},
	{"gorm/array-append", "array_append(tags, ?)",
		"expr=other refs=[tags] params=[?1]"},
	{"gorm/case", "CASE WHEN a > ? THEN a ELSE b END",
		"expr=other refs=[a,b] params=[?1]"},
	{"gorm/subquery", "(SELECT max(v) FROM t)",
		"expr=other"},
	{"gorm/negative", "-1",
		"expr=const"},
	{"gorm/null", "NULL",
		"expr=const"},
	{"gorm/mul", "balance * 1.05",
		"expr=arith(balance*_) refs=[balance]"},
	{"gorm/div-param", "? / total",
		"expr=arith(total/?1) refs=[total] params=[?1]"},
	{"gorm/named", "score + @delta",
		"expr=arith(score+@delta) refs=[score] params=[@delta]"},
	{"gorm/interval", "now() + interval '1 hour'",
		"expr=const"},
	{"gorm/json", "data->>'k'",
		"expr=other refs=[data]"},
	{"gorm/empty", "",
		""},
}

func TestParseExpr(t *testing.T) {
	for _, tt := range exprTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describeFragment(ParseExpr(tt.sql)); got != tt.want {
				t.Errorf("ParseExpr(%q)\n got: %s\nwant: %s", tt.sql, got, tt.want)
			}
		})
	}
}

// TestParseInvariants checks, for every test statement, what describe
// leaves out: Text is the input, every span covers its placeholder or
// expression, and the summary of a parse equals that of a fresh parse.
func TestParseInvariants(t *testing.T) {
	for _, tt := range stmtTests {
		st := Parse(tt.sql)
		if st.Text != tt.sql {
			t.Errorf("%s: Text = %q, want the input", tt.name, st.Text)
		}
		if again := parse(tt.sql); !reflect.DeepEqual(st, again) {
			t.Errorf("%s: two parses differ", tt.name)
		}
		checkSpans(t, tt.name, st.Text, st)
	}
}

func checkSpans(t *testing.T, name, text string, st *Stmt) {
	t.Helper()
	for _, p := range st.Params {
		checkParamSpan(t, name, text, p)
	}
	exprs := append([]Expr(nil), st.Values...)
	for _, a := range append(append([]Assign(nil), st.Set...), st.Conflict.Set...) {
		exprs = append(exprs, a.Value)
	}
	for _, c := range append(append(append([]Cond(nil), st.Where...), st.Conflict.Where...), st.Conflict.TargetWhere...) {
		exprs = append(exprs, c.Value)
		if !strings.Contains(text, c.Text) {
			t.Errorf("%s: cond text %q not in the statement", name, c.Text)
		}
	}
	for _, a := range st.Advisory {
		exprs = append(exprs, a.Args...)
	}
	if st.DDL != nil && st.DDL.Index != nil {
		x := st.DDL.Index
		if !strings.Contains(text, x.WhereText) {
			t.Errorf("%s: index predicate %q not in the statement", name, x.WhereText)
		}
		for _, c := range x.Where {
			exprs = append(exprs, c.Value)
			if !strings.Contains(x.WhereText, c.Text) {
				t.Errorf("%s: index predicate conjunct %q not in the predicate", name, c.Text)
			}
		}
	}
	for _, e := range exprs {
		if e.Kind == ExprConst && e.Span == (Span{}) && (e.Text == "true" || e.Text == "false") {
			continue // the value a bare boolean test implies (WHERE NOT used)
		}
		if e.Span.End > len(text) || e.Span.Start > e.Span.End || text[e.Span.Start:e.Span.End] != e.Text {
			t.Errorf("%s: expression span %v does not cover %q", name, e.Span, e.Text)
		}
		for _, p := range e.Params {
			checkParamSpan(t, name, text, p)
		}
		if e.Kind == ExprParam || e.Kind == ExprArith && e.Param.Style != 0 {
			checkParamSpan(t, name, text, e.Param)
		}
	}
	for _, w := range st.With {
		checkSpans(t, name+"/with", text, w)
	}
	if st.Source != nil {
		checkSpans(t, name+"/source", text, st.Source)
	}
}

func checkParamSpan(t *testing.T, name, text string, p Param) {
	t.Helper()
	if p.Span.End > len(text) || p.Span.Start >= p.Span.End {
		t.Errorf("%s: bad span %v for %v", name, p.Span, p)
		return
	}
	s := text[p.Span.Start:p.Span.End]
	var ok bool
	switch p.Style {
	case ParamDollar:
		ok = s[0] == '$' && (p.Name == "" || s[1:] == p.Name)
	case ParamQuestion:
		ok = s[0] == '?'
	case ParamColon:
		ok = s == ":"+p.Name
	case ParamAt:
		ok = s == "@"+p.Name || strings.HasPrefix(strings.ToLower(s), "sqlc.")
	case ParamBrace:
		ok = s == "{:"+p.Name+"}"
	}
	if !ok {
		t.Errorf("%s: span %v covers %q, not %v", name, p.Span, s, p)
	}
}

func TestParams(t *testing.T) {
	tests := []struct {
		sql  string
		want []Param
	}{
		{"SELECT * FROM t WHERE a = $2 AND b = $1", []Param{
			{Style: ParamDollar, Index: 1, Span: Span{26, 28}},
			{Style: ParamDollar, Index: 0, Span: Span{37, 39}},
		}},
		{"UPDATE t SET a = ? WHERE b = ? AND c = ?", []Param{
			{Style: ParamQuestion, Index: 0, Span: Span{17, 18}},
			{Style: ParamQuestion, Index: 1, Span: Span{29, 30}},
			{Style: ParamQuestion, Index: 2, Span: Span{39, 40}},
		}},
		{"WITH x AS (SELECT ? AS a) SELECT * FROM x WHERE a = ?", []Param{
			{Style: ParamQuestion, Index: 0, Span: Span{18, 19}},
			{Style: ParamQuestion, Index: 1, Span: Span{52, 53}},
		}},
		{"SELECT :name, @id, sqlc.arg(user_id), sqlc.narg( 'x' ), $n", []Param{
			{Style: ParamColon, Index: -1, Name: "name", Span: Span{7, 12}},
			{Style: ParamAt, Index: -1, Name: "id", Span: Span{14, 17}},
			{Style: ParamAt, Index: -1, Name: "user_id", Span: Span{19, 36}},
			{Style: ParamAt, Index: -1, Name: "x", Span: Span{38, 54}},
			{Style: ParamDollar, Index: -1, Name: "n", Span: Span{56, 58}},
		}},
		// pocketbase/dbx: {:name}; an ODBC escape and a brace with no name
		// are no placeholders.
		{"DELETE FROM plugin WHERE user_id = {:userID} AND x < {fn NOW()} AND y = {:}", []Param{
			{Style: ParamBrace, Index: -1, Name: "userID", Span: Span{35, 44}},
		}},
		// Not placeholders: casts, assignments, system variables, quotes,
		// comments, dollar quotes.
		{"SELECT a::int, @@x, ':y', \"?\", $$ $1 $$ /* ? */ -- ?\n FROM t WHERE b := 1", nil},
		// ? next to $n is PostgreSQL's jsonb operator.
		{"SELECT * FROM t WHERE d ? 'k' AND id = $1", []Param{
			{Style: ParamDollar, Index: 0, Span: Span{39, 41}},
		}},
	}
	for _, tt := range tests {
		if got := Parse(tt.sql).Params; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Params\n got: %#v\nwant: %#v", tt.sql, got, tt.want)
		}
	}
}

func TestExprDetails(t *testing.T) {
	st := Parse("UPDATE t SET n = COALESCE(n, 0) + $1, m = t.m || x.y, tags = array_append(tags, $2::text) WHERE id = $3")
	want := []struct {
		col, text string
		refs      []string
		nparams   int
	}{
		{"n", "COALESCE(n, 0) + $1", []string{"n"}, 1},
		{"m", "t.m || x.y", []string{"m", "y"}, 0},
		{"tags", "array_append(tags, $2::text)", []string{"tags"}, 1},
	}
	if len(st.Set) != len(want) {
		t.Fatalf("Set = %v", st.Set)
	}
	for i, w := range want {
		a := st.Set[i]
		if a.Column != w.col || a.Value.Text != w.text || !reflect.DeepEqual(a.Value.Refs, w.refs) || len(a.Value.Params) != w.nparams {
			t.Errorf("Set[%d] = %s %q refs %v params %v, want %s %q refs %v with %d params",
				i, a.Column, a.Value.Text, a.Value.Refs, a.Value.Params, w.col, w.text, w.refs, w.nparams)
		}
		if a.Class != AssignAtomic {
			t.Errorf("Set[%d].Class = %v, want atomic", i, a.Class)
		}
	}
	c, ok := st.Cond("ID")
	if !ok || c.Op != "=" || c.Value.Kind != ExprParam || c.Value.Param.Index != 2 || c.Text != "id = $3" {
		t.Errorf("Cond(ID) = %+v, %v", c, ok)
	}
	if _, ok := st.Cond("nope"); ok {
		t.Errorf("Cond(nope) found")
	}
	if a, ok := st.Assign("TAGS"); !ok || a.Column != "tags" {
		t.Errorf("Assign(TAGS) = %+v, %v", a, ok)
	}
	up := Parse("INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET n = t.n + 1")
	if a, ok := up.Assign("n"); !ok || a.Class != AssignAtomic {
		t.Errorf("upsert Assign(n) = %+v, %v", a, ok)
	}
	if !up.Writes() || Parse("SELECT 1").Writes() || !Parse("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d").Writes() {
		t.Errorf("Writes is wrong")
	}
	ex := Parse("INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO UPDATE SET b = EXCLUDED.b").Conflict.Set[0]
	if ex.Value.Kind != ExprExcluded || ex.Value.Column != "b" || ex.Value.Refs != nil || ex.Class != AssignOther {
		t.Errorf("EXCLUDED.b = %+v", ex)
	}
}

func TestFallbackAssign(t *testing.T) {
	st := Parse("UPDATE users SET name = COALESCE(NULLIF($1, ''), name), bio = COALESCE($2, bio), visits = COALESCE(visits, 0) + 1 WHERE id = $3")
	want := map[string]AssignClass{"name": AssignParam, "bio": AssignParam, "visits": AssignAtomic}
	for col, class := range want {
		if a, ok := st.Assign(col); !ok || a.Class != class {
			t.Errorf("Assign(%s) = %+v, want class %v", col, a, class)
		}
	}
}

func TestExprClass(t *testing.T) {
	tests := []struct {
		expr, col string
		want      AssignClass
	}{
		{"stock - ?", "stock", AssignAtomic},
		{"COALESCE(Stock, 0) + ?", "stock", AssignAtomic},
		{"?", "stock", AssignParam},
		{"$1::int", "stock", AssignParam},
		{"NOW()", "updated_at", AssignConst},
		{"'x'", "name", AssignConst},
		{"other + 1", "stock", AssignOther},
		{"(SELECT max(stock) FROM t)", "stock", AssignOther},
		// A value that keeps the column when missing is the value.
		{"COALESCE(NULLIF(?, ''), name)", "name", AssignParam},
		{"COALESCE(?, t.name)", "name", AssignParam},
		{"IFNULL(?, `name`)", "name", AssignParam},
		{"COALESCE(name, ?)", "name", AssignAtomic},
		{"COALESCE(name + ?, name)", "name", AssignAtomic},
		{"COALESCE(?, ?, name)", "name", AssignAtomic},
	}
	for _, tt := range tests {
		if got := ParseExpr(tt.expr).Expr.Class(tt.col); got != tt.want {
			t.Errorf("ParseExpr(%q).Expr.Class(%q) = %v, want %v", tt.expr, tt.col, got, tt.want)
		}
	}
}

func TestNormalization(t *testing.T) {
	tests := []struct {
		sql  string
		want TableRef
		col  string
	}{
		{`SELECT Id FROM Users U`, TableRef{Name: "users", Alias: "u"}, "id"},
		{`SELECT "Id" FROM "My""Table" AS "T"`, TableRef{Name: `My"Table`, Alias: "T"}, "Id"},
		{"SELECT `Id` FROM `Sch`.`My``T`", TableRef{Schema: "Sch", Name: "My`T"}, "Id"},
		{`SELECT [Id] FROM [dbo].[My T]`, TableRef{Schema: "dbo", Name: "My T"}, "Id"},
		{`SELECT ÉTÉ FROM Ünïcode`, TableRef{Name: "ünïcode"}, "été"},
		{`SELECT x FROM Cat.Sch.Tbl`, TableRef{Schema: "sch", Name: "tbl"}, "x"},
		{`SELECT U&"d\0061t" FROM t`, TableRef{Name: "t"}, `d\0061t`},
	}
	for _, tt := range tests {
		st := Parse(tt.sql)
		if st.Table != tt.want || len(st.Columns) != 1 || st.Columns[0] != tt.col {
			t.Errorf("Parse(%q) = %+v %q, want %+v %q", tt.sql, st.Table, st.Columns, tt.want, tt.col)
		}
	}
}

func TestParseAll(t *testing.T) {
	script := `-- name: GetUser :one
SELECT id FROM users WHERE id = $1;

-- name: CreateUser :exec
INSERT INTO users (email) VALUES ($1);
;  ;
/* name: Bump :execrows */ UPDATE t SET n = n + 1 WHERE id = $1 ; -- trailing
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
CREATE TRIGGER tr AFTER INSERT ON t BEGIN
  UPDATE x SET a = CASE WHEN new.b THEN 1 ELSE 2 END;
  INSERT INTO y VALUES (1);
END;
CREATE PROCEDURE p() BEGIN IF 1 THEN SELECT 1; END IF; END;
SELECT 'a;b', "c;d" FROM t -- last; no semicolon`
	var got []string
	for _, st := range ParseAll(script) {
		got = append(got, st.Kind.String()+":"+st.Name+":"+st.Table.Name)
	}
	want := []string{"select:GetUser:users", "insert:CreateUser:users", "update:Bump:t",
		"ddl::", "ddl::", "ddl::", "select::t"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseAll\n got: %q\nwant: %q", got, want)
	}
	sts := ParseAll(script)
	if sts[0].Text != "-- name: GetUser :one\nSELECT id FROM users WHERE id = $1" {
		t.Errorf("Text = %q", sts[0].Text)
	}
	if p := sts[2].Params[0]; sts[2].Text[p.Span.Start:p.Span.End] != "$1" {
		t.Errorf("span %v in %q", p.Span, sts[2].Text)
	}
	// MySQL's backslash escape must not hide the semicolon after it.
	if n := len(ParseAll("SELECT 'it\\'s; no' FROM t; SELECT 2")); n != 2 {
		t.Errorf("backslash-escaped script: %d statements, want 2", n)
	}
	if ParseAll("") != nil || ParseAll(" ; -- x\n;") != nil {
		t.Errorf("empty scripts yield statements")
	}
}

func TestCache(t *testing.T) {
	const q = "SELECT id FROM cache_test WHERE a = $1"
	if Parse(q) != Parse(q) {
		t.Errorf("Parse does not cache")
	}
	if ParseCondition("a = ?") != ParseCondition("a = ?") || ParseExpr("a + ?") != ParseExpr("a + ?") {
		t.Errorf("fragments are not cached")
	}
	var wg sync.WaitGroup
	res := make([]*Stmt, 16)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tt := range stmtTests {
				Parse(tt.sql)
				ParseCondition(tt.sql)
				ParseExpr(tt.sql)
			}
			res[i] = Parse("SELECT concurrent FROM t")
		}()
	}
	wg.Wait()
	for _, r := range res {
		if r != res[0] {
			t.Fatalf("concurrent Parse calls returned different summaries")
		}
	}
}

// TestNoPanic feeds hostile text to every entry point.
func TestNoPanic(t *testing.T) {
	inputs := []string{
		"\xff\xfe\x00SELECT", "SELECT '\xff", "((((((((((", "))))))))", "[[[[", "]]]]",
		"SELECT * FROM t WHERE " + strings.Repeat("(", 5000) + "a = 1" + strings.Repeat(")", 5000),
		"SELECT " + strings.Repeat("-", 3000) + "1",
		"SELECT " + strings.Repeat("CASE WHEN ", 2000),
		strings.Repeat("WITH a AS (", 1000),
		"INSERT INTO t (" + strings.Repeat("a,", 10000) + "a) VALUES (" + strings.Repeat("?,", 10000) + "?)",
		"SELECT $99999999999999999999, ?99999999999999999999",
		"UPDATE t SET (a, b) = (1) WHERE", "UPDATE t SET = 1", "UPDATE SET", "INSERT INTO t (a) VALUES", "DELETE",
		"SELECT * FROM t FOR", "SELECT * FROM t LIMIT", "SELECT * FROM t LIMIT ,", "LOCK", "SET", "SET x =",
		"INSERT INTO t ON CONFLICT (", "INSERT INTO t VALUES (1) ON CONFLICT ON CONSTRAINT",
		"INSERT INTO t VALUES (1) ON DUPLICATE", "INSERT INTO t VALUES (1) AS", "WITH", "WITH a", "WITH a AS",
		"sqlc.arg(", "sqlc.arg(x", "$", "$a$", "?", ":", "@", "@@", "[a", "`a", "\"a", "'a", "/*", "--", "#",
		"E'\\", "U&'", "x'", "\x00\x00\x00", "SELECT CAST(", "SELECT a::", "SELECT interval", "SELECT EXTRACT(",
		"DELETE a, FROM", "DELETE FROM t USING", "UPDATE t JOIN", "SELECT * FROM a JOIN", "SELECT * FROM (",
		// Once hung: a cast at the end of a range right before a [.
		"SELECT a::int[", "SELECT x FROM t WHERE a = (b::)[1]", "(0::[", "SELECT (a::)[", "CAST(a AS int[",
		"SELECT ANY(a::)[1]",
	}
	for _, in := range inputs {
		parse(in)
		ParseAll(in)
		parseCondition(in)
		parseExpr(in)
	}
	big := strings.Repeat("SELECT a, b FROM t WHERE c = ? AND d IN (1, 2, 3);\n", 20000)
	if n := len(ParseAll(big)); n != 20000 {
		t.Errorf("ParseAll of a big script: %d statements", n)
	}
}

func TestStrings(t *testing.T) {
	got := []string{KindSetTransaction.String(), ParamAt.String(), ExprArith.String(),
		AssignAtomic.String(), LockNoKeyUpdate.String(), ConflictDuplicateKeyUpdate.String(),
		IsolationRepeatableRead.String(), Kind(99).String(),
		TableRef{Schema: "s", Name: "t", Alias: "a"}.String(),
		Param{Style: ParamDollar, Index: 2}.String(), Param{Style: ParamQuestion, Index: 0}.String()}
	want := []string{"set transaction", "@name", "arith", "atomic", "FOR NO KEY UPDATE",
		"duplicate key update", "REPEATABLE READ", "Kind(99)", "s.t a", "$3", "?1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestInserted(t *testing.T) {
	for _, tt := range []struct {
		sql, col, want string
	}{
		{"INSERT INTO orders (id, status, n) VALUES ($1, 'pending', 0)", "status", "value const 'pending'"},
		{"INSERT INTO orders (id, status, n) VALUES ($1, 'pending', 0)", "ID", "value param $1"},
		{"INSERT INTO orders (id, status) VALUES ($1, DEFAULT)", "status", "value default DEFAULT"},
		{"INSERT INTO orders (id) VALUES ($1)", "status", "default"},
		{"INSERT INTO orders DEFAULT VALUES", "id", "default"},
		{"INSERT INTO orders VALUES ($1, 'pending')", "status", "unknown"},
		{"INSERT INTO orders (id, \x00) VALUES ($1, $2)", "status", "unknown"},
		{"INSERT INTO orders (id, \x00) VALUES ($1, $2)", "id", "value param $1"},
		{"INSERT INTO orders (id, status) SELECT id, 'new' FROM drafts", "status", "value const 'new'"},
		{"INSERT INTO orders (id, status) SELECT * FROM drafts", "status", "unknown"},
		{"INSERT INTO kv SET k = ?, v = 0", "v", "value const 0"},
		{"UPDATE orders SET status = 'x'", "status", "unknown"},
	} {
		e, from := Parse(tt.sql).Inserted(tt.col)
		got := from.String()
		if from == InsertedValue {
			got += " " + e.Kind.String() + " " + e.Text
		}
		if got != tt.want {
			t.Errorf("Parse(%q).Inserted(%q) = %s, want %s", tt.sql, tt.col, got, tt.want)
		}
	}
}

func TestWithNames(t *testing.T) {
	st := Parse(`WITH Recent AS (SELECT * FROM orders WHERE created_at > $1), paid (id) AS (SELECT id FROM payments) SELECT id FROM recent`)
	if got, want := st.WithNames, []string{"recent", "paid"}; !slices.Equal(got, want) {
		t.Errorf("WithNames = %q, want %q", got, want)
	}
	if len(st.With) != len(st.WithNames) {
		t.Errorf("%d CTEs, %d names", len(st.With), len(st.WithNames))
	}
	if st := Parse(`SELECT id FROM orders`); st.WithNames != nil {
		t.Errorf("no WITH: WithNames = %q", st.WithNames)
	}
}

func TestOrderBy(t *testing.T) {
	for _, tc := range []struct{ sql, want string }{
		{`SELECT pos FROM cards WHERE lane = $1 ORDER BY pos DESC LIMIT 1`, "pos"},
		{`SELECT c.pos FROM cards c ORDER BY c.pos DESC NULLS LAST, c.id LIMIT 1`, "pos"},
		{"SELECT `rank` FROM items ORDER BY `rank` ASC LIMIT 1", "rank"},
		{`SELECT pos FROM cards ORDER BY pos + 1 DESC LIMIT 1`, ""},
		{`SELECT pos FROM cards ORDER BY lower(name) LIMIT 1`, ""},
		{`SELECT pos FROM cards WHERE lane = $1`, ""},
	} {
		if got := Parse(tc.sql).OrderBy; got != tc.want {
			t.Errorf("Parse(%q).OrderBy = %q, want %q", tc.sql, got, tc.want)
		}
	}
}
