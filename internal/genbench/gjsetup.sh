# gjsetup.sh: sourced by bench-gen.sh (with $GO, $work
# and $schemas set). It installs go-jsonschema v0.24.1 into $work, makes the
# relative-$ref copies of every version it reads in $work/rel, and writes
# $work/gjloop.sh, which runs it once per version; it runs the loop once, so
# that a version go-jsonschema refuses stops the benchmark before any timing.
#
# go-jsonschema cannot resolve the schemas' absolute $refs offline (it fetches
# them over https): "/schemas/V/" and "https://adcontextprotocol.org/schemas/V/"
# become "../".
(cd "$work" && GOWORK=off GOFLAGS= GOBIN="$work" $GO install github.com/atombender/go-jsonschema@v0.24.1)
mkdir -p "$work/rel" "$work/gj"
for dir in "$schemas"/*/; do
	v=$(basename "$dir")
	[ -f "$dir/core/error.json" ] || continue
	cp -R "$dir" "$work/rel/$v"
	find "$work/rel/$v" -name '*.json' -exec sed -i -E \
		's#"\$ref": *"(https://adcontextprotocol\.org)?/schemas/[^/"]+/#"$ref": "../#' {} +
done

# gjargs VERSION: the files go-jsonschema reads for a version, one a line:
# the error schemas adcp-gen reads (the files they $ref are followed).
gjargs() {
	d=$work/rel/$1
	echo "$d/core/error.json"
	for f in "$d/enums/error-code.json" "$d/enums/error-scope.json" "$d"/error-details/*.json; do
		[ -f "$f" ] && echo "$f"
	done
	return 0
}
{
	echo "#!/bin/sh"
	echo "set -e"
	for d in "$work"/rel/*/; do
		v=$(basename "$d")
		echo "$work/go-jsonschema -p p -o $work/gj/$v.go $(gjargs "$v" | tr '\n' ' ') 2>/dev/null"
	done
} > "$work/gjloop.sh"
sh "$work/gjloop.sh"
