#!/bin/sh
# bench-gen-floor.sh: what a one-version run (3.2.0-beta.5, first run, whole
# process) costs without the steps that follow jennifer's rendering, against
# go-jsonschema v0.24.1 on the same files: issue 14's target 3a (one version
# at most 1.0x go-jsonschema) asks how far formatting could take it.
#
# It builds adcp-gen from HEAD twice in a temporary worktree: as it is, and
# with floor.patch applied, which leaves out the type check, the parse and
# go/printer (its output is unformatted and unchecked: a measuring build,
# never a generator). Each round runs one hyperfine -N with four commands:
# both builds, go-jsonschema (bench-gen.sh's command) and `adcp-gen explain
# -h` (the process start: package initialisation, no work), in the opposite
# order every other round. It prints each command's median of the rounds'
# means and its ratio to go-jsonschema's.
#
# Run from the repository root (make bench-gen-floor). Skips, exit 0, when
# hyperfine or ../shared/adcp-schemas is absent; fails when floor.patch no
# longer applies (emit/emit.go changed: make the patch again). Environment:
# SHARED (default ../shared), ROUNDS (default 4), RUNS (default 15), GO.
set -eu

GO=${GO:-go}
schemas=${SHARED:-../shared}/adcp-schemas
one=3.2.0-beta.5
rounds=${ROUNDS:-4}
runs=${RUNS:-15}
if ! command -v hyperfine >/dev/null 2>&1; then
	echo "bench-gen-floor: skipped: hyperfine is not installed (apt-get install -y hyperfine)"
	exit 0
fi
if [ ! -d "$schemas/$one" ]; then
	echo "bench-gen-floor: skipped: $schemas/$one is absent (the shared schema corpus)"
	exit 0
fi
schemas=$(cd "$schemas" && pwd)
patch=$(cd "$(dirname "$0")" && pwd)/floor.patch

work=$(mktemp -d)
trap 'git worktree remove --force "$work/tree" 2>/dev/null; rm -rf "$work"' EXIT INT TERM
git worktree add -q --detach "$work/tree" HEAD
echo "== building adcp-gen at $(git rev-parse --short HEAD), as it is and with floor.patch"
(cd "$work/tree" && GOWORK=off $GO build -o "$work/adcp-gen" ./cmd/adcp-gen)
(cd "$work/tree" && git apply "$patch" && GOWORK=off $GO build -o "$work/adcp-gen-floor" ./cmd/adcp-gen)
. "$(dirname "$0")/gjsetup.sh"

gen() { echo "$1 generate -schemas $schemas/$one -out $work/out -package p -cache=false"; }
full=$(gen "$work/adcp-gen")
floor=$(gen "$work/adcp-gen-floor")
gj="$work/go-jsonschema -p p -o $work/gj/one.go $(gjargs $one | tr '\n' ' ')"
start="$work/adcp-gen explain -h"

: > "$work/means"
i=1
while [ "$i" -le "$rounds" ]; do
	if [ $((i % 2)) -eq 1 ]; then
		set -- "$full" "$floor" "$gj" "$start"
	else
		set -- "$start" "$gj" "$floor" "$full"
	fi
	hyperfine -N -w 3 -r "$runs" --style none --export-csv "$work/round.csv" --prepare "rm -rf $work/out" "$@" > /dev/null
	# The command column is the command as given: name each row by it.
	awk -F, -v full="$full" -v floor="$floor" -v gj="$gj" -v start="$start" 'NR > 1 {
		n = ($1 == full) ? "full" : ($1 == floor) ? "floor" : ($1 == gj) ? "go-jsonschema" : ($1 == start) ? "start" : "?"
		print n, $2 * 1000
	}' "$work/round.csv" >> "$work/means"
	echo "round $i of $rounds (load $(cut -d' ' -f1 /proc/loadavg)): $(awk -v r="$i" 'NR > (r - 1) * 4 { printf "%s %.1f ms  ", $1, $2 }' "$work/means")"
	i=$((i + 1))
done
sort -k1,1 -k2,2n "$work/means" | awk '
	{ v[$1, ++n[$1]] = $2 }
	END {
		for (k in n) { m = n[k]; med[k] = (m % 2) ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2 }
		g = med["go-jsonschema"]
		printf "medians of %d rounds (ms), and / go-jsonschema:\n", n["full"]
		printf "  adcp-gen as it is                          %6.1f  %.2fx\n", med["full"], med["full"] / g
		printf "  without type check, parse and go/printer   %6.1f  %.2fx\n", med["floor"], med["floor"] / g
		printf "  go-jsonschema v0.24.1                      %6.1f\n", g
		printf "  adcp-gen explain -h (process start)        %6.1f  %.2fx\n", med["start"], med["start"] / g
	}'
