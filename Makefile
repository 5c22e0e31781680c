# adcp-gen: the developer entry points. `make check` must pass before a change lands.

GO      ?= go
# Each module is built on its own: the core never sees the SDK adapters' dependencies
# (go.work is for editors and local hacking only).
export GOWORK = off
SHORT   ?=
FUZZTIME ?= 60s
BENCHCOUNT ?= 6
BENCHSTAT = $(GO) run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da

# Every Go module in the repository (the core module and the nested SDK adapters).
MODULES := $(shell find . -name go.mod -not -path './.git/*' -exec dirname {} \; | sort)

.PHONY: all generate test check fmt vet coredeps drift bench bench-extract bench-js bench-gen fuzz interop

all: check

## generate: rebuild every generated file (go generate in the core module):
## the package and the catalogue from schemas/, and the runtime's test
## vocabulary (adcp/internal/testvocab) from its fixture schemas.
generate:
	$(GO) generate ./...

## test: run the tests of every module. -vet=off: go test's own vet pass
## (a subset of go vet's analyzers, compiled and run per test package) is
## left out because `make vet`, which runs every analyzer over every module
## including its test files, runs right before it in `make check` and in CI.
test:
	@set -e; for m in $(MODULES); do echo "== go test $$m"; (cd $$m && $(GO) test -vet=off -timeout 40m $(SHORT) ./...); done

## fmt: fail when a Go file is not gofmt-clean.
fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' ; git ls-files -o --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## vet: go vet (including stdversion: nothing newer than the go line) and nilness, every module.
vet:
	@set -e; for m in $(MODULES); do echo "== go vet $$m"; (cd $$m && $(GO) vet ./...); done
	$(GO) run golang.org/x/tools/go/analysis/passes/nilness/cmd/nilness ./...

## coredeps: the core module's dependency graph holds no SDK module, the
## runtime module's holds nothing but itself (standard library only), and
## nothing on the buyer path links net/http. Each adapter module selects the
## versions the core module does of the modules the generator links, so that
## a module with the generator and the adapters (TestConsumer's, a user's)
## compiles the generator's dependencies once, not once per version; and
## the modules that build on an adapter (interop, examples/seller) select
## the versions it does of what its tests link (gRPC, the SDKs), so that
## make test compiles those once. Not golang.org/x/sync: the version go-sdk
## needs requires Go 1.25, and adapters/a2ago supports Go 1.24.4 (what
## differs for it is a2a-go's task executor and what imports it, compiled
## twice).
coredeps:
	@if $(GO) list -m all | grep -E 'modelcontextprotocol|a2aproject|mark3labs'; then \
	  echo "the core module must not depend on an SDK module"; exit 1; fi
	@if [ "$$(cd adcp && $(GO) list -m all)" != "github.com/adcp-gen/adcp-gen/adcp" ]; then \
	  echo "the runtime module must have no requirements"; (cd adcp && $(GO) list -m all); exit 1; fi
	@if (cd adcp && $(GO) list -deps . ./adcpimpl ./adcptest) | grep -qx net/http; then \
	  echo "the buyer path (package adcp) must not import net/http: use package adcphttp"; exit 1; fi
	@gen=$$($(GO) list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}' ./cmd/adcp-gen | sort -u | grep -v '^github.com/adcp-gen/'); \
	want=$$($(GO) list -m $$gen); \
	for a in adapters/a2ago adapters/mcpsdk; do \
	  got=$$(cd $$a && $(GO) list -m $$gen); \
	  if [ "$$got" != "$$want" ]; then \
	    printf '%s selects other versions of the modules the generator links than the core module:\n%s\ncore module:\n%s\nrequire the newer versions in both go.mod files\n' "$$a" "$$got" "$$want"; exit 1; fi; \
	done
	@for pair in adapters/a2ago:interop adapters/mcpsdk:interop adapters/mcpsdk:examples/seller; do \
	  a=$${pair%%:*}; c=$${pair#*:}; \
	  mods=$$(cd $$a && $(GO) list -deps -test -f '{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}' ./... | sort -u | grep -v -e '^github.com/adcp-gen/' -e '^golang.org/x/sync$$'); \
	  want=$$(cd $$a && $(GO) list -m $$mods); got=$$(cd $$c && $(GO) list -m $$mods); \
	  if [ "$$got" != "$$want" ]; then \
	    printf '%s selects other versions of the modules %s links than %s does, so make test compiles them twice:\n%s\n%s:\n%s\nrequire the newer versions in both go.mod files\n' "$$c" "$$a" "$$a" "$$got" "$$a" "$$want"; exit 1; fi; \
	done

## drift: fail when a generated file is stale, or does not compile and vet
## (the generator does not type-check its own output: compiling it does).
drift:
	$(GO) run ./cmd/adcp-gen generate -schemas schemas -out generated/adcperr -package adcperr -check
	$(GO) run ./cmd/adcp-gen docs -schemas schemas -out generated/adcperr/CATALOGUE.md -check
	$(GO) vet ./generated/...
	$(GO) run ./cmd/adcp-gen generate -schemas adcp/internal/testvocab/testdata/schemas -out adcp/internal/testvocab -package testvocab -check
	cd adcp && $(GO) vet ./internal/testvocab

## check: everything CI checks, the fast checks first.
check: fmt vet coredeps drift test

## bench: the extraction benchmarks beside their baselines (decoding into
## any, decoding into narrow structs, the reference), in BENCHCOUNT rounds of one run of each benchmark binary
## (-test.count 1), so that the implementations alternate run by run;
## benchstat tables, then the medians and speed-ups (ratios.awk). Then the
## core module's other benchmarks. `make bench-extract` is the first part
## alone; BENCHTIME is each run's -benchtime.
BENCHEXTRACT = ^Benchmark(Extract|ExtractVectors|ExtractValueVectors|ExtractValueCommon|ExtractData|ScanValid)$$
BENCHTIME ?= 1s
bench: bench-extract
	$(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) ./... | tee bench.txt
	$(BENCHSTAT) bench.txt

bench-extract:
	@set -e; dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; \
	(cd adcp && $(GO) test -c -o "$$dir/adcp.test" . && $(GO) test -c -o "$$dir/jsonwire.test" ./internal/jsonwire); \
	: > bench-extract.txt; \
	for i in $$(seq $(BENCHCOUNT)); do \
	  echo "== round $$i of $(BENCHCOUNT)"; \
	  (cd adcp && "$$dir/adcp.test" -test.run '^$$' -test.bench '$(BENCHEXTRACT)' -test.benchtime $(BENCHTIME) -test.benchmem -test.count 1) >> bench-extract.txt; \
	  (cd adcp/internal/jsonwire && "$$dir/jsonwire.test" -test.run '^$$' -test.bench '$(BENCHEXTRACT)' -test.benchtime $(BENCHTIME) -test.benchmem -test.count 1) >> bench-extract.txt; \
	done
	$(BENCHSTAT) -table .name -col /impl -row /in bench-extract.txt
	awk -f adcp/testdata/perf/ratios.awk bench-extract.txt

## bench-js: ExtractValue beside the spec's
## JavaScript reference extractor (read at run time from
## ../shared/spec-reference; skipped when absent) and @adcp/sdk 6.11.0
## (pinned in bench/js/package-lock.json, installed with npm ci), on the same
## official transport vectors already parsed: ROUNDS rounds alternate one Go
## benchmark run and one Node process; medians and ratios of elapsed time
## and of process CPU time. Needs node >= 20 and npm.
ROUNDS ?= 7
bench-js:
	cd bench/js && npm ci --no-audit --no-fund --loglevel=error
	cd bench/js && node bench.mjs -rounds $(ROUNDS)

## bench-gen: generation speed, whole process, against go-jsonschema v0.24.1
## on the same files in one hyperfine -N run (one version, and generate -all
## against a go-jsonschema loop over every version), with the ratios (the
## guard: one version at most 3x go-jsonschema's time). Skips when hyperfine
## or ../shared is absent.
bench-gen:
	GO=$(GO) sh internal/genbench/bench-gen.sh

## bench-base: one package's benchmarks (BENCH, a -test.bench pattern; PKG,
## its folder, default adcp) in the working tree against the same package at
## the git revision BASE, the two test binaries alternated run by run,
## BASEROUNDS (8) rounds of -test.benchtime BASETIME (0.3s); benchstat old
## against new (internal/benchbase/bench-base.sh).
.PHONY: bench-base
bench-base:
	GO=$(GO) BENCHSTAT="$(BENCHSTAT)" BASE=$(BASE) BENCH='$(value BENCH)' PKG=$(or $(PKG),adcp) \
	  ROUNDS=$(or $(BASEROUNDS),8) BENCHTIME=$(or $(BASETIME),0.3s) sh internal/benchbase/bench-base.sh

## bench-test: `make test` from a fresh clone with an empty Go build cache
## (what CI and a newcomer see), TESTROUNDS times; BASE=REV runs REV's clone
## beside HEAD's in each round, alternated; wall and CPU time, medians
## (internal/testtime/cold.sh). FLOOR=1: build the test binaries, run no
## test. Needs ../shared (or ADCP_SHARED).
.PHONY: bench-test
TESTROUNDS ?= 1
bench-test:
	GO=$(GO) ROUNDS=$(TESTROUNDS) BASE=$(BASE) FLOOR=$(FLOOR) sh internal/testtime/cold.sh

## fuzz: run every fuzz target for FUZZTIME each (internal/fuzzall/fuzz.sh).
## A target that fails (or a package whose targets cannot be listed) does not
## stop the others: every failure is listed at the end, and then fuzz fails. A
## run that ends on the Go fuzz coordinator's race (golang/go#75804: "context
## deadline exceeded", no failing input) is run once more.
fuzz:
	@GO=$(GO) FUZZTIME=$(FUZZTIME) MODULES="$(MODULES)" sh internal/fuzzall/fuzz.sh

## interop: the cross-language interop suite (interop/: the Go adapters against
## the TypeScript MCP SDK, @adcp/sdk and @a2a-js/sdk 0.3 and 1.x on 127.0.0.1),
## then the spec's error_compliance storyboards (the one @adcp/sdk ships and
## every one in ../shared/storyboards/), run by @adcp/sdk's CLI against the
## example seller (examples/seller): every step must pass, each for the
## reason it probes. Needs node >= 20 and npm; installs the pinned packages
## with npm ci.
interop:
	cd interop && npm ci --no-audit --no-fund --loglevel=error
	cd interop && $(GO) run .
	interop/storyboard.sh
