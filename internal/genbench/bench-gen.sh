#!/bin/sh
# bench-gen.sh: generation speed, whole process, adcp-gen against
# go-jsonschema v0.24.1 on the same files, both in one hyperfine -N run
# (hyperfine alternates nothing, so the two commands run back to back in one
# invocation; rerun it to see the spread on a loaded machine).
#
#  1. one version (3.2.0-beta.5), first run: adcp-gen generate -cache=false
#     into a folder emptied before every run, against go-jsonschema with its
#     default flags on the error schemas (core/error.json, enums/error-code.json,
#     enums/error-scope.json, error-details/*.json; it follows their $refs);
#  2. every published version: adcp-gen generate -all (one process) against a
#     loop running go-jsonschema once per version folder.
#
# go-jsonschema cannot resolve the schemas' absolute $refs offline (it fetches
# them over https), so it reads temporary copies whose $refs are made relative
# ("/schemas/V/" and "https://adcontextprotocol.org/schemas/V/" become "../").
# The copies live in a temporary folder removed on exit.
#
# Run from the repository root (make bench-gen). Skips, exit 0, when hyperfine
# or ../shared/adcp-schemas is absent. Environment: SHARED (default ../shared),
# RUNS_ONE (default 20), RUNS_ALL (default 5), GO (default go).
set -eu

GO=${GO:-go}
schemas=${SHARED:-../shared}/adcp-schemas
one=3.2.0-beta.5
if ! command -v hyperfine >/dev/null 2>&1; then
	echo "bench-gen: skipped: hyperfine is not installed (apt-get install -y hyperfine)"
	exit 0
fi
if [ ! -d "$schemas/$one" ]; then
	echo "bench-gen: skipped: $schemas/$one is absent (the shared schema corpus)"
	exit 0
fi
schemas=$(cd "$schemas" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
echo "== building adcp-gen and installing go-jsonschema v0.24.1 into $work"
GOWORK=off $GO build -o "$work/adcp-gen" ./cmd/adcp-gen
. "$(dirname "$0")/gjsetup.sh"
gjone="$work/go-jsonschema -p p -o $work/gj/one.go $(gjargs $one | tr '\n' ' ')"
versions=$(ls "$work/rel" | wc -l)

ratio() { # ratio CSV: the first command's mean, median and CPU time (user + system, children included) over the second's
	awk -F, 'NR == 2 { m1 = $2; d1 = $4; c1 = $5 + $6 } NR == 3 { m2 = $2; d2 = $4; c2 = $5 + $6 }
		END { printf "%s: adcp-gen / go-jsonschema = %.2fx (means), %.2fx (medians); CPU time %.0f ms / %.0f ms = %.2fx\n",
			LABEL, m1 / m2, d1 / d2, c1 * 1000, c2 * 1000, c1 / c2 }' LABEL="$2" "$1"
}

echo "== one version ($one), first run, whole process"
hyperfine -N -w 3 -r "${RUNS_ONE:-20}" --export-csv "$work/one.csv" \
	--prepare "rm -rf $work/out-one" \
	"$work/adcp-gen generate -schemas $schemas/$one -out $work/out-one -package p -cache=false" \
	"$gjone"

echo "== all $versions published versions: adcp-gen generate -all (one process) against a go-jsonschema loop"
hyperfine -N -w 1 -r "${RUNS_ALL:-5}" --export-csv "$work/all.csv" \
	--prepare "rm -rf $work/out-all" \
	"$work/adcp-gen generate -all $schemas -out $work/out-all -cache=false" \
	"sh $work/gjloop.sh"

echo "== ratios (targets: one version <= 1.0x, all versions <= 0.5x)"
ratio "$work/one.csv" "one version ($one)"
ratio "$work/all.csv" "all $versions versions"
uptime
