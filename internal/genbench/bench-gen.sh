#!/bin/sh
# bench-gen.sh: generation speed, whole process, adcp-gen against
# go-jsonschema v0.24.1 on the same files, both in one hyperfine -N run,
# then again in the other order (hyperfine alternates nothing: each
# command's runs go back to back; rerun it to see the spread on a loaded
# machine).
#
#  1. one version (3.2.0-beta.5): adcp-gen generate into a folder emptied
#     before every run, against go-jsonschema with its
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

# Each comparison runs twice, adcp-gen first and then go-jsonschema first:
# hyperfine runs all of one command's runs before the other's, and which
# command goes first has moved a one-version mean by up to 7 ms; the
# figures are the averages of the two orders.

ratio() { # ratio A.csv B.csv LABEL: A ran adcp-gen first, B go-jsonschema first
	awk -F, 'FNR == 1 { f++ }
		FNR == 2 || FNR == 3 {
			t = ((f == 1) == (FNR == 2)) ? "a" : "g" # A: adcp-gen on row 2; B: on row 3
			m[t, f] = $2; d[t] += $4; c[t] += $5 + $6
		}
		END {
			ma = (m["a", 1] + m["a", 2]) / 2; mg = (m["g", 1] + m["g", 2]) / 2
			printf "%s: adcp-gen / go-jsonschema = %.2fx (means of both orders: %.1f / %.1f ms), %.2fx (medians); CPU time %.0f ms / %.0f ms = %.2fx; adcp-gen first %.2fx, go-jsonschema first %.2fx\n",
				LABEL, ma / mg, ma * 1000, mg * 1000, d["a"] / d["g"], c["a"] / 2 * 1000, c["g"] / 2 * 1000, c["a"] / c["g"],
				m["a", 1] / m["g", 1], m["a", 2] / m["g", 2]
		}' LABEL="$3" "$1" "$2"
}

adcpone="$work/adcp-gen generate -schemas $schemas/$one -out $work/out-one -package p"
echo "== one version ($one), first run, whole process (adcp-gen first, then go-jsonschema first)"
hyperfine -N -w 3 -r "${RUNS_ONE:-20}" --export-csv "$work/one-a.csv" --prepare "rm -rf $work/out-one" "$adcpone" "$gjone"
hyperfine -N -w 3 -r "${RUNS_ONE:-20}" --export-csv "$work/one-b.csv" --prepare "rm -rf $work/out-one" "$gjone" "$adcpone"

adcpall="$work/adcp-gen generate -all $schemas -out $work/out-all"
echo "== all $versions published versions: adcp-gen generate -all (one process) against a go-jsonschema loop (both orders)"
hyperfine -N -w 1 -r "${RUNS_ALL:-5}" --export-csv "$work/all-a.csv" --prepare "rm -rf $work/out-all" "$adcpall" "sh $work/gjloop.sh"
hyperfine -N -w 1 -r "${RUNS_ALL:-5}" --export-csv "$work/all-b.csv" --prepare "rm -rf $work/out-all" "sh $work/gjloop.sh" "$adcpall"

echo "== ratios (guard: one version <= 3x)"
ratio "$work/one-a.csv" "$work/one-b.csv" "one version ($one)"
ratio "$work/all-a.csv" "$work/all-b.csv" "all $versions versions"
uptime
