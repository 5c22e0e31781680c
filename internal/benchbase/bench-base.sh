#!/bin/sh
# bench-base.sh: one package's benchmarks as they are in the working tree
# against the same package at the git revision BASE, alternated run by run:
# both test binaries are built first, then ROUNDS rounds run each once
# (-test.count 1), so that the two see the same load; benchstat then sets
# BASE (old) beside the working tree (new). Both run in the working tree's
# package folder, on its testdata.
#
# Run from the repository root (make bench-base). Environment: BASE (a git
# revision, required), BENCH (the -test.bench pattern, required), PKG (the
# package's folder, default adcp), ROUNDS (default 8), BENCHTIME (default
# 0.3s), GO, BENCHSTAT (the benchstat command).
set -eu
GO=${GO:-go}
PKG=${PKG:-adcp}
ROUNDS=${ROUNDS:-8}
BENCHTIME=${BENCHTIME:-0.3s}
: "${BASE:?set BASE to the git revision to compare with}"
: "${BENCH:?set BENCH to a -test.bench pattern}"
: "${BENCHSTAT:?set BENCHSTAT to the benchstat command}"
case $ROUNDS in
  ''|*[!0-9]*|0) echo "bench-base: ROUNDS must be a positive whole number, not '$ROUNDS'" >&2; exit 2 ;;
esac
repo=$(git rev-parse --show-toplevel)
base=$(git -C "$repo" rev-parse --short --verify --end-of-options "$BASE^{commit}") ||
	{ echo "bench-base: BASE=$BASE names no commit" >&2; exit 2; }
[ -d "$repo/$PKG" ] || { echo "bench-base: no folder $PKG" >&2; exit 2; }
# Both binaries read the repository's ../shared: the base's tree is checked
# out in a temporary folder, beside which there is none.
if [ -z "${ADCP_SHARED:-}" ] && [ -d "$repo/../shared" ]; then
	ADCP_SHARED=$(cd "$repo/../shared" && pwd)
	export ADCP_SHARED
fi
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT INT TERM
git -C "$repo" worktree add -q --detach "$work/tree" "$base"
[ -d "$work/tree/$PKG" ] || { echo "bench-base: $base has no folder $PKG" >&2; exit 2; }
echo "== building $PKG's test binaries at $base and in the working tree"
(cd "$work/tree/$PKG" && GOWORK=off $GO test -c -o "$work/old.test" .)
(cd "$repo/$PKG" && GOWORK=off $GO test -c -o "$work/new.test" .)
: > "$work/old.txt"
: > "$work/new.txt"
i=1
while [ "$i" -le "$ROUNDS" ]; do
	echo "== round $i of $ROUNDS (load $(cut -d' ' -f1-3 /proc/loadavg))"
	for side in old new; do
		(cd "$repo/$PKG" && "$work/$side.test" -test.run '^$' -test.bench "$BENCH" \
			-test.benchtime "$BENCHTIME" -test.benchmem -test.count 1) >> "$work/$side.txt"
	done
	i=$((i + 1))
done
cp "$work/old.txt" "$repo/bench-base-old.txt"
cp "$work/new.txt" "$repo/bench-base-new.txt"
echo "== $base (old) against the working tree (new); raw results in bench-base-old.txt and bench-base-new.txt"
$BENCHSTAT "$repo/bench-base-old.txt" "$repo/bench-base-new.txt"
