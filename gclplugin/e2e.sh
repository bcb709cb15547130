#!/usr/bin/env bash
# End-to-end test of the golangci-lint plugin: builds golangci-lint v2.15.0
# with the idemvet plugin exactly as `golangci-lint custom` does with the
# repository's .custom-gcl.yml (module source of golangci-lint, a
# plugins.go importing the plugins, replace directives for their paths,
# go mod tidy, go build ./cmd/golangci-lint), then runs
# TestGolangciLint, which lints testdata/e2e with it and compares the
# findings with the standalone command's.
#
# golangci-lint custom itself clones golangci-lint from GitHub; this script
# takes the same source from the Go module proxy instead, so it needs only
# the proxy. Cold, it takes about 4 minutes on 2 cores and ~800 MB of build
# cache; .ci/run calls it only when IDEMVET_CI_GOLANGCI=1.
#
# Usage: gclplugin/e2e.sh [output dir for the binary]   (default: a temp dir)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^version: *//p' "$root/.custom-gcl.yml")
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
out=${1:-$work/bin}
mkdir -p "$out"

echo "golangci-lint $version: module source from the proxy"
go mod download -json "github.com/golangci/golangci-lint/v2@$version" >"$work/dl.json"
src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' "$work/dl.json")
cp -R "$src" "$work/golangci-lint"
chmod -R u+w "$work/golangci-lint"
cd "$work/golangci-lint"

echo "plugins.go and replace directives, from .custom-gcl.yml"
imports=""
replaces=()
module=""
while IFS= read -r line; do
	case "$line" in
	*"- module: "*) module=${line##*- module: } ;;
	*"path: "*)
		path=${line##*path: }
		imports+=$'\t_ "'"$module"$'"\n'
		replaces+=(-replace "$module=$root/${path#./}")
		;;
	esac
done < <(sed -n '/^plugins:/,$p' "$root/.custom-gcl.yml")
printf 'package main\n\nimport (\n%s)\n' "$imports" >cmd/golangci-lint/plugins.go
gofmt -w cmd/golangci-lint/plugins.go
cat cmd/golangci-lint/plugins.go
go mod edit "${replaces[@]}"
go mod tidy

echo "go build ./cmd/golangci-lint"
start=$SECONDS
go build -o "$out/custom-gcl" ./cmd/golangci-lint
echo "built $out/custom-gcl in $((SECONDS - start))s"
"$out/custom-gcl" version

cd "$root/gclplugin"
IDEMVET_GOLANGCI_LINT="$out/custom-gcl" go test -count=1 -run "TestGolangciLint" -v .
