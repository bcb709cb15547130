module github.com/idemvet/idemvet/passes/sqltext/oracle

go 1.26.0

require (
	github.com/idemvet/idemvet v0.0.0-00010101000000-000000000000
	github.com/pganalyze/pg_query_go/v6 v6.2.2
	github.com/pingcap/tidb/pkg/parser v0.0.0-20260418072757-ce92298d1124
	github.com/sqlc-dev/sqlc v1.31.1
	google.golang.org/protobuf v1.36.11
)

require (
	github.com/coreos/go-semver v0.3.1 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/pgx/v5 v5.10.0 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	github.com/pingcap/errors v0.11.5-0.20250523034308-74f78ae071ee // indirect
	github.com/pingcap/failpoint v0.0.0-20240528011301-b51a646c7c86 // indirect
	github.com/pingcap/log v1.1.0 // indirect
	github.com/riverqueue/river/riverdriver v0.43.0 // indirect
	github.com/riverqueue/river/riverdriver/riverpgxv5 v0.43.0 // indirect
	github.com/riverqueue/river/rivershared v0.43.0 // indirect
	github.com/riverqueue/river/rivertype v0.43.0 // indirect
	go.uber.org/atomic v1.11.0 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	go.uber.org/zap v1.27.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.40.0 // indirect
	gopkg.in/natefinch/lumberjack.v2 v2.2.1 // indirect
)

replace github.com/idemvet/idemvet => ../../..
