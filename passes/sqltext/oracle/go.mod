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
	github.com/pingcap/errors v0.11.5-0.20250523034308-74f78ae071ee // indirect
	github.com/pingcap/failpoint v0.0.0-20240528011301-b51a646c7c86 // indirect
	github.com/pingcap/log v1.1.0 // indirect
	go.uber.org/atomic v1.11.0 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	go.uber.org/zap v1.27.0 // indirect
	golang.org/x/text v0.36.0 // indirect
	gopkg.in/natefinch/lumberjack.v2 v2.2.1 // indirect
)

replace github.com/idemvet/idemvet => ../../..
