package oracle

import "strings"

// generated returns statements built from parts, so that every WHERE shape,
// SET shape, locking clause and conflict clause meets every target.
func generated() []input {
	var out []input
	for _, d := range []dialect{postgres, mysql} {
		p := func(s string) string {
			if d == mysql {
				return strings.NewReplacer("$1", "?", "$2", "?", "$3", "?").Replace(s)
			}
			return s
		}
		targets := []string{"users", "app.accounts", "t AS x"}
		wheres := []string{
			"id = $1", "$1 = id", "a = $1 AND b IS NULL", "a IN ($1, $2) AND c NOT IN (1, 2)",
			"(a = $1 OR b = $2)", "a = $1 AND (b = $2 OR c = 3)", "((a = $1) AND (b = $2 AND c <> 3))",
			"a BETWEEN $1 AND $2 AND b LIKE $3", "a IS NOT NULL AND b NOT LIKE 'x%'",
			"a >= $1 AND b < 10 AND c <= $2 AND d > 'x'", "lower(a) = $1 AND b = $2",
			"a = (SELECT max(a) FROM u) AND b = $1", "EXISTS (SELECT 1 FROM u WHERE u.id = $1) AND c = 1",
			"a = b AND c = $1", "version = $1 AND id = $2", "a = 1 OR b = 2 AND c = 3",
		}
		sets := []string{
			"a = $1", "a = a + $1", "a = a - 1, b = $2", "a = 'x', b = NULL, c = DEFAULT",
			"a = now(), b = CURRENT_TIMESTAMP", "a = b", "a = COALESCE(a, 0) + 1", "a = (SELECT max(a) FROM u)",
			"a = $1 + $2", "a = CASE WHEN a > 0 THEN a ELSE 0 END", "a = lower($1), b = b * 2",
		}
		for _, tg := range targets {
			alias := "x"
			name := strings.Fields(tg)[0]
			for _, w := range wheres {
				out = append(out, input{d, p("SELECT * FROM " + tg + " WHERE " + w)})
				out = append(out, input{d, p("DELETE FROM " + name + " WHERE " + w)})
			}
			for _, s := range sets {
				out = append(out, input{d, p("UPDATE " + tg + " SET " + s + " WHERE id = $1")})
			}
			_ = alias
		}
		locks := []string{"FOR UPDATE", "FOR SHARE", "FOR UPDATE NOWAIT", "FOR UPDATE SKIP LOCKED",
			"FOR SHARE NOWAIT", "FOR SHARE SKIP LOCKED"}
		if d == postgres {
			locks = append(locks, "FOR NO KEY UPDATE", "FOR KEY SHARE", "FOR UPDATE OF t", "FOR NO KEY UPDATE SKIP LOCKED")
		} else {
			locks = append(locks, "LOCK IN SHARE MODE")
		}
		for _, l := range locks {
			out = append(out, input{d, p("SELECT a FROM t WHERE id = $1 " + l)})
			out = append(out, input{d, p("SELECT a FROM t JOIN u ON u.id = t.uid WHERE t.id = $1 ORDER BY a LIMIT 1 " + l)})
		}
		inserts := []string{"INSERT INTO t (a, b) VALUES ($1, $2)", "INSERT INTO app.t (a, b) VALUES ($1, 'x')",
			"INSERT INTO t (a, b) SELECT a, b FROM u WHERE c = $1"}
		var conflicts []string
		if d == postgres {
			conflicts = []string{"", " ON CONFLICT DO NOTHING", " ON CONFLICT (a) DO NOTHING",
				" ON CONFLICT (a, b) DO UPDATE SET b = EXCLUDED.b", " ON CONFLICT (a) DO UPDATE SET n = t.n + 1, b = $3",
				" ON CONFLICT ON CONSTRAINT t_a DO NOTHING", " ON CONFLICT (a) WHERE b IS NULL DO UPDATE SET b = now()",
				" ON CONFLICT (a) DO NOTHING RETURNING id", " RETURNING *"}
		} else {
			conflicts = []string{"", " ON DUPLICATE KEY UPDATE b = VALUES(b)", " ON DUPLICATE KEY UPDATE n = n + 1, b = $3",
				" ON DUPLICATE KEY UPDATE b = 'x'"}
		}
		for _, ins := range inserts {
			for _, c := range conflicts {
				if strings.Contains(ins, "SELECT") && strings.HasPrefix(c, " ON CONFLICT (a) WHERE") {
					continue
				}
				out = append(out, input{d, p(ins + c)})
				if d == mysql && c == "" {
					out = append(out, input{d, p(strings.Replace(ins, "INSERT", "INSERT IGNORE", 1))})
					out = append(out, input{d, p(strings.Replace(ins, "INSERT", "REPLACE", 1))})
				}
			}
		}
		for _, lvl := range []string{"READ UNCOMMITTED", "READ COMMITTED", "REPEATABLE READ", "SERIALIZABLE"} {
			out = append(out, input{d, "SET TRANSACTION ISOLATION LEVEL " + lvl})
			out = append(out, input{d, "SET SESSION TRANSACTION ISOLATION LEVEL " + lvl})
			if d == postgres {
				out = append(out, input{d, "BEGIN ISOLATION LEVEL " + lvl})
				out = append(out, input{d, "START TRANSACTION ISOLATION LEVEL " + lvl + ", READ ONLY"})
				out = append(out, input{d, "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + lvl})
				out = append(out, input{d, "SET default_transaction_isolation = '" + strings.ToLower(lvl) + "'"})
			} else {
				out = append(out, input{d, "SET GLOBAL TRANSACTION ISOLATION LEVEL " + lvl})
				out = append(out, input{d, "SET @@transaction_isolation = '" + strings.ReplaceAll(lvl, " ", "-") + "'"})
			}
		}
	}
	return out
}
