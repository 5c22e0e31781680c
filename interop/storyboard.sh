#!/usr/bin/env bash
# Runs the spec's error_compliance storyboard, with @adcp/sdk's own CLI (from
# this folder's package-lock.json), against the example seller
# (examples/seller) on a random loopback port. Fails unless every step passes.
# The seller stops by itself after 120 s; the CLI is given 90 s.
set -euo pipefail
cd "$(dirname "$0")"
export GOWORK=off
tmp=$(mktemp -d)
seller=""
trap '[ -n "$seller" ] && kill "$seller" 2>/dev/null; rm -rf "$tmp"' EXIT

(cd ../examples/seller && go build -o "$tmp/seller" .)
"$tmp/seller" -addr 127.0.0.1:0 -exit-after 120s > "$tmp/seller.log" 2>&1 &
seller=$!
url=""
for _ in $(seq 1 50); do
  url=$(sed -n 's/^AdCP seller listening on //p' "$tmp/seller.log")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "storyboard: the example seller did not start"; cat "$tmp/seller.log"; exit 1; }

echo "== npx adcp storyboard run $url error_compliance --allow-http"
start=$(date +%s%N)
timeout 90 npx --no-install adcp storyboard run "$url" error_compliance --allow-http --json \
  > "$tmp/result.json" 2> "$tmp/stderr" || true
took=$(( ($(date +%s%N) - start) / 1000000 ))
node - "$tmp/result.json" "$took" <<'EOF'
const fs = require('fs');
const [file, took] = process.argv.slice(2);
let r;
try { r = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) { console.log('storyboard: no JSON result'); process.exit(1); }
let n = 0;
for (const t of r.tested_tracks || []) for (const s of t.scenarios || []) for (const st of s.steps || []) {
  n++;
  console.log(`  ${st.passed ? 'pass' : 'FAIL'}  ${s.scenario.padEnd(42)} ${st.step}${st.passed ? '' : ': ' + st.details}`);
}
const sum = r.summary || {};
console.log(`storyboard error_compliance (@adcp/sdk CLI): ${sum.steps_passed} of ${sum.total_steps} steps passed, ` +
  `${sum.steps_failed} failed, ${sum.steps_skipped} skipped; overall_status ${r.overall_status}; ${(Number(took) / 1000).toFixed(1)}s`);
const ok = sum.total_steps > 0 && sum.steps_passed === sum.total_steps && n === sum.total_steps;
console.log(`storyboard: ${sum.steps_passed ?? 0} passed, ${(sum.total_steps ?? 0) - (sum.steps_passed ?? 0)} failed`);
process.exit(ok ? 0 : 1);
EOF
