# ratios.awk prints, from `go test -bench` output of the extraction
# benchmarks (sub-benchmarks named in=<input>/impl=<implementation>, as
# many runs of each as there were rounds), the median ns/op of each
# implementation, the allocs/op of impl=fast, and the speed-up of impl=fast
# over each other implementation (its median ns/op over fast's), per input.
# Implementations are listed in the order they first appear; "-" where an
# input has no such implementation.
#
#   awk -f testdata/perf/ratios.awk bench.txt
#
# POSIX awk (no gawk extensions).

/^Benchmark.*\/in=.*\/impl=/ {
	n = split($1, part, "/")
	input = part[1] "/"; impl = ""
	for (i = 1; i <= n; i++) {
		if (part[i] ~ /^in=/) input = input substr(part[i], 4)
		if (part[i] ~ /^impl=/) { impl = substr(part[i], 6); sub(/-[0-9]+$/, "", impl) }
	}
	ns = ""; allocs = ""
	for (i = 2; i < NF; i++) {
		if ($(i+1) == "ns/op") ns = $i
		if ($(i+1) == "allocs/op") allocs = $i
	}
	if (input ~ /\/$/ || impl == "" || ns == "") next
	if (!(impl in implSeen)) { implSeen[impl] = 1; if (impl != "fast") impls[++nimpls] = impl }
	key = input SUBSEP impl
	if (!(key in count)) {
		count[key] = 0
		if (!(input in seen)) { seen[input] = 1; inputs[++ninputs] = input }
	}
	c = ++count[key]
	val[key, c] = ns + 0
	alloc[key] = allocs
}

# median of the values of key
function median(key,    c, i, j, t, a) {
	c = count[key]
	for (i = 1; i <= c; i++) a[i] = val[key, i]
	for (i = 2; i <= c; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]
		a[j+1] = t
	}
	if (c % 2) return a[(c+1)/2]
	return (a[c/2] + a[c/2+1]) / 2
}

END {
	# Only the implementations set beside a fast one.
	m = 0
	for (k = 1; k <= nimpls; k++) {
		for (i = 1; i <= ninputs; i++) {
			if (((inputs[i] SUBSEP "fast") in count) && ((inputs[i] SUBSEP impls[k]) in count)) { cols[++m] = impls[k]; break }
		}
	}
	nimpls = m
	for (k = 1; k <= nimpls; k++) impls[k] = cols[k]
	printf "%-52s", "median ns/op"
	for (k = 1; k <= nimpls; k++) printf " %12s", impls[k]
	printf " %12s %5s %6s", "fast", "runs", "allocs"
	for (k = 1; k <= nimpls; k++) printf " %11s", "×" impls[k]
	printf "\n"
	for (i = 1; i <= ninputs; i++) {
		input = inputs[i]
		if (!((input SUBSEP "fast") in count)) continue
		f = median(input SUBSEP "fast")
		printf "%-52s", input
		for (k = 1; k <= nimpls; k++) {
			key = input SUBSEP impls[k]
			if (key in count) printf " %12.0f", median(key); else printf " %12s", "-"
		}
		printf " %12.0f %5d %6s", f, count[input SUBSEP "fast"], alloc[input SUBSEP "fast"]
		for (k = 1; k <= nimpls; k++) {
			key = input SUBSEP impls[k]
			if ((key in count) && f > 0) printf " %11.1f", median(key) / f; else printf " %11s", "-"
		}
		printf "\n"
	}
}
