#!/bin/sh
# fuzz.sh: run every fuzz target of every module for FUZZTIME each (make fuzz).
# A target that fails, or a package whose targets cannot be listed, does not
# stop the others: every failure is listed at the end, and then the script
# fails.
#
# Go 1.26 has a race in its fuzzing coordinator (golang/go#75804): when
# -fuzztime runs out while a worker is busy, which a loaded machine makes
# likely, the target fails with "context deadline exceeded" alone, having found
# nothing (no failing input is written). Such a run is run once more; the
# target fails only when that run fails too. A run that found something says
# "Failing input written to" and fails at once.
#
# Run from the repository root. Environment: GO (default go), FUZZTIME
# (default 60s), MODULES (the module folders, default ".").
set -u
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-60s}
MODULES=${MODULES:-.}
root=$(pwd)
failed=$(mktemp)
log=$(mktemp)
trap 'rm -f "$failed" "$log"' EXIT

# fuzz_one MODULE PKG TARGET: 0 when the target passed, 1 when it failed, 2
# when it failed with the coordinator race's signature only.
fuzz_one() {
	(cd "$root/$1" && "$GO" test -run '^$' -fuzz "^$3\$" -fuzztime "$FUZZTIME" "$2") >"$log" 2>&1
	status=$?
	cat "$log"
	[ $status -eq 0 ] && return 0
	if grep -qx '    context deadline exceeded' "$log" && ! grep -q 'Failing input written to' "$log"; then
		return 2
	fi
	return 1
}

for m in $MODULES; do
	for pkg in $(cd "$root/$m" && "$GO" list -e ./...); do
		if ! fs=$(cd "$root/$m" && "$GO" test -list '^Fuzz' "$pkg" 2>&1); then
			echo "$pkg: cannot list its fuzz targets"
			echo "$fs" | tail -3
			echo "$pkg (cannot list its fuzz targets)" >>"$failed"
			continue
		fi
		for f in $(echo "$fs" | grep '^Fuzz'); do
			echo "== $pkg $f"
			fuzz_one "$m" "$pkg" "$f"
			case $? in
			0) ;;
			2)
				echo "== $pkg $f: failed with \"context deadline exceeded\" alone and no failing input" \
					"(the Go fuzz coordinator's race, golang/go#75804): once more"
				fuzz_one "$m" "$pkg" "$f" || echo "$pkg $f" >>"$failed"
				;;
			*) echo "$pkg $f" >>"$failed" ;;
			esac
		done
	done
done
if [ -s "$failed" ]; then
	echo "== fuzz: $(wc -l <"$failed") failed:"
	cat "$failed"
	exit 1
fi
echo "== fuzz: every target passed"
