#!/bin/sh
# bench-gen-all.sh: generate -all CPU and wall time, alternated run by run:
# adcp-gen built from this tree, optionally adcp-gen built from the git
# revision BASE, and a loop running go-jsonschema v0.24.1 once per version
# folder (the same commands as bench-gen.sh's second half), ROUNDS rounds
# of one run of each, each under perf stat -e task-clock (CPU: user and
# system time of the process and its children) with its wall time. It
# prints the median of each and the ratios of the medians, and the load
# average (the machine is shared: ratios of alternated runs are what to
# compare).
#
# Run from the repository root (make bench-gen-all). Skips, exit 0, when
# perf or ../shared/adcp-schemas is absent. Environment: SHARED (default
# ../shared), ROUNDS (default 8), BASE (a git revision, default none), GO
# (default go).
set -eu

GO=${GO:-go}
schemas=${SHARED:-../shared}/adcp-schemas
rounds=${ROUNDS:-8}
if ! command -v perf >/dev/null 2>&1; then
	echo "bench-gen-all: skipped: perf is not installed (apt-get install -y linux-perf)"
	exit 0
fi
if [ ! -d "$schemas" ]; then
	echo "bench-gen-all: skipped: $schemas is absent (the shared schema corpus)"
	exit 0
fi
schemas=$(cd "$schemas" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
echo "== building adcp-gen${BASE:+ and adcp-gen at $BASE} and installing go-jsonschema v0.24.1 into $work"
GOWORK=off $GO build -o "$work/new" ./cmd/adcp-gen
sides="new gj"
if [ -n "${BASE:-}" ]; then
	mkdir "$work/base"
	git archive "$BASE" | tar -x -C "$work/base"
	(cd "$work/base" && GOWORK=off $GO build -o "$work/base-bin" ./cmd/adcp-gen)
	sides="base new gj"
fi
. "$(dirname "$0")/gjsetup.sh"

echo "== $rounds rounds of: $sides"
for i in $(seq "$rounds"); do
	for s in $sides; do
		rm -rf "$work/out"
		case $s in
		gj) set -- sh "$work/gjloop.sh" ;;
		base) set -- "$work/base-bin" generate -all "$schemas" -out "$work/out" -cache=false ;;
		new) set -- "$work/new" generate -all "$schemas" -out "$work/out" -cache=false ;;
		esac
		t0=$(date +%s%N)
		perf stat -x, -e task-clock -o "$work/stat" "$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000000)) >>"$work/wall-$s"
		grep task-clock "$work/stat" | cut -d, -f1 | cut -d. -f1 >>"$work/cpu-$s"
	done
done
median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for s in $sides; do
	printf "%-4s CPU median %5d ms, wall median %5d ms (%d runs)\n" "$s" "$(median "$work/cpu-$s")" "$(median "$work/wall-$s")" "$rounds"
done
for s in $sides; do
	[ "$s" = gj ] && continue
	awk -v s="$s" -v c="$(median "$work/cpu-$s")" -v w="$(median "$work/wall-$s")" \
		-v gc="$(median "$work/cpu-gj")" -v gw="$(median "$work/wall-gj")" \
		'BEGIN { printf "%s / go-jsonschema loop: wall %.2fx, CPU %.2fx (target: wall <= 0.5x)\n", s, w / gw, c / gc }'
done
uptime
