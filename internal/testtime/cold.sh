#!/bin/sh
# cold.sh: `make test` as a newcomer and CI run it (a fresh clone, an empty Go
# build cache, modules already downloaded), ROUNDS rounds; with BASE=REV,
# the clone of REV runs beside HEAD's in each round, alternated, so the two
# see the same load. Prints each run's wall and CPU time (user + system, of
# make and everything it starts) and load average, then the medians.
#
# With FLOOR=1 it builds every module's test binaries and runs no test
# (make test with -run=^$): the compiling that any run of the tests from an
# empty cache pays before the first test starts.
#
# The clones go in a temporary folder; ADCP_SHARED points the tests at the
# shared folder beside this repository. make bench-test runs it.
set -eu
GO=${GO:-go}
ROUNDS=${ROUNDS:-1}
BASE=${BASE:-}
FLOOR=${FLOOR:-}
case $ROUNDS in
  ''|*[!0-9]*|0) echo "cold.sh: ROUNDS (make's TESTROUNDS) must be a positive whole number, not '$ROUNDS'" >&2; exit 2 ;;
esac
run='-timeout=40m'
[ -n "$FLOOR" ] && run='-run=^$$'
repo=$(git rev-parse --show-toplevel)
shared=${ADCP_SHARED:-$(dirname "$repo")/shared}
[ -d "$shared" ] || { echo "cold.sh: no shared folder at $shared (set ADCP_SHARED): the corpus tests would skip" >&2; exit 1; }
command -v /usr/bin/time >/dev/null || { echo "cold.sh: needs /usr/bin/time" >&2; exit 1; }
head=$(git -C "$repo" rev-parse --short HEAD)
revs=$head
if [ -n "$BASE" ]; then
  base=$(git -C "$repo" rev-parse --short --verify --end-of-options "$BASE^{commit}") ||
    { echo "cold.sh: BASE=$BASE names no commit" >&2; exit 2; }
  revs="$base $head"
fi
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
results=$work/results
: > "$results"
i=1
while [ "$i" -le "$ROUNDS" ]; do
  for rev in $revs; do
    rm -rf "$work/clone" "$work/gocache"
    git clone -q "$repo" "$work/clone"
    git -C "$work/clone" checkout -q "$rev"
    mkdir "$work/gocache"
    load0=$(cut -d' ' -f1 /proc/loadavg)
    if ! (cd "$work/clone" && ADCP_SHARED=$shared GOCACHE=$work/gocache GO=$GO \
        /usr/bin/time -f '%e %U %S' -o "$work/time" make test "SHORT=$run" > "$work/log" 2>&1); then
      tail -40 "$work/log"; echo "cold.sh: make test failed at $rev" >&2; exit 1
    fi
    read -r wall user sys < "$work/time"
    cpu=$(echo "$user $sys" | awk '{printf "%.0f", $1 + $2}')
    echo "round $i $rev: $wall s wall, $cpu CPU-s, load $load0 -> $(cut -d' ' -f1 /proc/loadavg)"
    echo "$rev $wall $cpu" >> "$results"
  done
  i=$((i + 1))
done
for rev in $revs; do
  awk -v r="$rev" '$1 == r { w[++n] = $2; c[n] = $3 }
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    END { printf "%s: median of %d: %.1f s wall, %.0f CPU-s\n", r, n, median(w, n), median(c, n) }' "$results"
done
