# ratios.awk prints, from `go test -bench` output of the extraction
# benchmarks (sub-benchmarks named in=<input>/impl=<implementation>), the
# median ns/op and allocs/op of each implementation and the speed-up of
# impl=fast over impl=baseline and impl=reference, per input.
#
#   cd adcp && go test -run '^$' -bench '^BenchmarkExtract' -benchmem -count 6 . > bench.txt
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
	printf "%-45s %14s %14s %14s %12s %10s %10s\n", "benchmark/input", "baseline ns/op", "fast ns/op", "reference", "fast allocs", "×baseline", "×reference"
	for (k = 1; k <= ninputs; k++) {
		input = inputs[k]
		b = (input SUBSEP "baseline") in count ? median(input SUBSEP "baseline") : 0
		f = (input SUBSEP "fast") in count ? median(input SUBSEP "fast") : 0
		r = (input SUBSEP "reference") in count ? median(input SUBSEP "reference") : 0
		if (f == 0) continue
		printf "%-45s %14.0f %14.0f %14.0f %12s %10s %10s\n", input, b, f, r, alloc[input SUBSEP "fast"], \
			(b ? sprintf("%.1f", b / f) : "-"), (r ? sprintf("%.1f", r / f) : "-")
	}
}
