#!/bin/sh
# run.sh runs the differential tests of passes/sqltext against pg_query and
# TiDB's parser. The first run builds pg_query with cgo (a few minutes);
# later runs take seconds. Set ORACLE_VERBOSE=1 to list every disagreement
# and every input the real parsers reject.
set -eu
cd "$(dirname "$0")"
go mod download
exec go test -count=1 "$@" ./...
