#!/usr/bin/env bash
# Runs the spec's error_compliance storyboards with @adcp/sdk's own CLI (from
# this folder's package-lock.json) against the example seller
# (examples/seller) on a random loopback port: the storyboard the SDK ships
# (AdCP 3.0.6, from its compliance cache), then every storyboard in
# ../shared/storyboards/ ($ADCP_SHARED/storyboards when set; skipped, with a
# line saying so, when the folder is absent). Each is run as
#   npx --no-install adcp storyboard run URL --file FILE --allow-http --json
# The seller stops by itself after 600 s; each run is given 90 s.
#
# It gates on the steps, not on the CLI's verdict, which does not mean
# "every step passed":
#   - run by storyboard id (`adcp storyboard run URL error_compliance`), the
#     CLI reports overall_status "partial" when every step passes: it calls
#     the error_handling track "silent" because the track's lifecycle
#     invariant (resource statuses move only along the spec's edges)
#     observed no resource, and none exists here: this seller refuses every
#     create_media_buy by design. "partial" is not a failed step.
#   - run with --file, overall_passed is true for a storyboard skipped
#     because the agent lacks a required tool, where no step ran.
# So a run passes when its result lists every step of its file, each passed
# (passed_count equal to the number of steps, none failed or skipped), and
# the error steps were answered for the reason they probe, read from the
# step's adcp_error: nonexistent_product with PRODUCT_NOT_FOUND,
# negative_budget with a budget error (a code the step allows, on
# packages[0].budget), reversed dates with VALIDATION_ERROR on end_time, an
# unsupported adcp_major_version or adcp_version with VERSION_UNSUPPORTED on
# that member and a non-empty details.supported_versions. A step that passes
# with another code (say INVALID_REQUEST about start_time) fails here.
set -euo pipefail
cd "$(dirname "$0")"
export GOWORK=off
tmp=$(mktemp -d)
seller=""
trap '[ -n "$seller" ] && kill "$seller" 2>/dev/null; rm -rf "$tmp"' EXIT

files=("node_modules/@adcp/sdk/compliance/cache/$(cat node_modules/@adcp/sdk/ADCP_VERSION)/universal/error-compliance.yaml")
shared="${ADCP_SHARED:-../../shared}/storyboards"
if [ -d "$shared" ]; then
  files+=("$shared"/*.yaml)
else
  echo "storyboard: $shared is absent: only the storyboard @adcp/sdk ships runs"
fi

(cd ../examples/seller && go build -o "$tmp/seller" .)
"$tmp/seller" -addr 127.0.0.1:0 -exit-after 600s > "$tmp/seller.log" 2>&1 &
seller=$!
url=""
for _ in $(seq 1 50); do
  url=$(sed -n 's/^AdCP seller listening on //p' "$tmp/seller.log")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "storyboard: the example seller did not start"; cat "$tmp/seller.log"; exit 1; }

args=()
for i in "${!files[@]}"; do
  f=${files[$i]}
  echo "== npx adcp storyboard run $url --file $f --allow-http"
  start=$(date +%s%N)
  timeout 90 npx --no-install adcp storyboard run "$url" --file "$f" --allow-http --json \
    > "$tmp/result$i.json" 2> "$tmp/stderr$i" || true
  args+=("$f" "$tmp/result$i.json" $(( ($(date +%s%N) - start) / 1000000 )))
done

node - "${args[@]}" <<'EOF'
const fs = require('fs');
const YAML = require('yaml'); // the parser the CLI reads storyboards with
// Why each error step must fail: the codes it is about, the field it names.
const reasons = {
  negative_budget: { codes: ['VALIDATION_ERROR', 'INVALID_REQUEST', 'BUDGET_TOO_LOW'], field: 'packages[0].budget' },
  nonexistent_product: { codes: ['PRODUCT_NOT_FOUND'], field: 'packages[0].product_id' },
  reversed_dates_error: { codes: ['VALIDATION_ERROR'], field: 'end_time' },
  unsupported_major_version: { codes: ['VERSION_UNSUPPORTED'], field: 'adcp_major_version', versions: true },
  unsupported_release_version: { codes: ['VERSION_UNSUPPORTED'], field: 'adcp_version', versions: true },
};
const required = ['negative_budget', 'nonexistent_product'];
const args = process.argv.slice(2);
let failed = 0;
for (let i = 0; i < args.length; i += 3) {
  const [file, resultFile, took] = args.slice(i, i + 3);
  const want = YAML.parse(fs.readFileSync(file, 'utf8')).phases.flatMap(p => (p.steps || []).map(s => s.id));
  const problems = [];
  let r;
  try { r = JSON.parse(fs.readFileSync(resultFile, 'utf8')); } catch (e) { r = null; problems.push('no JSON result'); }
  const seen = new Set();
  for (const p of r?.phases || []) for (const st of p.steps || []) {
    seen.add(st.step_id);
    const e = st.response?.adcp_error;
    const why = reasons[st.step_id];
    let bad = st.passed ? '' : (st.validations || []).filter(v => !v.passed).map(v => v.error || v.description).join('; ') || st.error || 'failed';
    if (st.passed && why) {
      if (!e || !why.codes.includes(e.code) || e.field !== why.field) {
        bad = `answered ${e ? `${e.code} on ${e.field}` : 'without adcp_error'}; want ${why.codes.join(' or ')} on ${why.field}`;
      } else if (why.versions && !(Array.isArray(e.details?.supported_versions) && e.details.supported_versions.length > 0)) {
        bad = 'VERSION_UNSUPPORTED without details.supported_versions';
      }
    }
    if (bad) problems.push(`${st.step_id}: ${bad}`);
    console.log(`  ${bad ? 'FAIL' : 'pass'}  ${(p.phase_id + '/' + st.step_id).padEnd(48)} ${e ? e.code + (e.field ? ' ' + e.field : '') : 'success'}${bad ? ': ' + bad : ''}`);
  }
  for (const id of want) if (!seen.has(id)) problems.push(`${id}: not run`);
  for (const id of required) if (!want.includes(id)) problems.push(`${id}: not in the storyboard`);
  const n = want.length;
  if (r && (r.passed_count !== n || r.failed_count !== 0 || r.skipped_count !== 0)) {
    problems.push(`passed_count ${r.passed_count}, failed_count ${r.failed_count}, skipped_count ${r.skipped_count}, of ${n} steps`);
  }
  console.log(`storyboard ${file}: ${r?.passed_count ?? 0} of ${n} steps passed, ${problems.length ? 'FAIL' : 'each for the reason it probes'}; ` +
    `overall_passed ${r?.overall_passed}; ${(Number(took) / 1000).toFixed(1)}s`);
  for (const p of problems) console.log(`  problem: ${p}`);
  if (problems.length) failed++;
}
console.log(`storyboard: ${args.length / 3 - failed} of ${args.length / 3} storyboards passed every step`);
process.exit(failed ? 1 : 0);
EOF
