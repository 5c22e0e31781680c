// make bench-js: adcp.ExtractValue (Go) beside the spec's JavaScript
// reference extractor and @adcp/sdk 6.11.0 (Node), on the same official
// transport vectors, already parsed, in one run that alternates the two
// languages round by round.
//
//   node bench.mjs [-rounds N] [-ms M]   the whole comparison (what make bench-js runs)
//   node bench.mjs -node-round [-ms M]   one Node round (the driver's child)
//
// The vectors are ../shared/test-vectors/transport-error-mapping.json; the
// reference extractor, extractAdcpError of the spec repository's
// tests/transport-error-mapping.test.cjs, is read at run time from
// ../shared/spec-reference/ and compiled as a function in this realm with
// its require stubbed (its describe/it blocks are registered with no-op
// stubs and never run). Nothing of it is copied into this repository. When
// either file is absent the comparison is skipped with a message.
//
// Each round runs the Go benchmark binary once (-test.count 1, built once
// beforehand), then a fresh Node process that warms up and times each
// extractor on each vector; rounds alternate, and the table reports the
// median of the rounds, in ns per vector, with the ratios to the reference
// and to @adcp/sdk. The Go side is ExtractValue (BenchmarkExtractValueJS).
// Both sides time the same vectors, parsed once before timing (Go:
// json.Unmarshal into any; Node: JSON.parse), each call warm and on the
// same value. Two tables: elapsed time, and the CPU time of the whole
// process per vector (getrusage in Go, process.cpuUsage in Node: the
// collectors' and helper threads' time included), which the other
// processes of a shared machine disturb far less.

import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const shared = process.env.ADCP_SHARED || path.resolve(repo, '..', 'shared');
const vectorsFile = path.join(shared, 'test-vectors', 'transport-error-mapping.json');
const referenceFile = path.join(shared, 'spec-reference', 'transport-error-mapping.test.cjs');

// The three common paths the target is set on, by vector id.
const common = [
  ['mcp-structured-content', 'MCP structuredContent'],
  ['a2a-failed-task', 'A2A failed-task artifact'],
  ['mcp-jsonrpc-rate-limit', 'JSON-RPC error'],
];

function arg(name, def) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

// loadReference compiles the spec's test file as a CommonJS function body
// in this realm and returns its extractAdcpError. Its require is stubbed:
// fs reads the vectors from shared/, node:test registers nothing.
function loadReference() {
  const src = readFileSync(referenceFile, 'utf8');
  const realRequire = createRequire(import.meta.url);
  const fakeRequire = (id) => {
    switch (id) {
      case 'fs':
        return { readFileSync: () => readFileSync(vectorsFile, 'utf8') };
      case 'node:test':
        return { describe() {}, it() {} };
      default:
        return realRequire(id);
    }
  };
  const body = `${src}\n;return typeof extractAdcpError === 'function' ? extractAdcpError : null;`;
  const fn = vm.compileFunction(body, ['require', 'module', 'exports', '__filename', '__dirname'], {
    filename: referenceFile,
  });
  const extract = fn(fakeRequire, { exports: {} }, {}, referenceFile, path.join(shared, 'spec-reference'));
  if (typeof extract !== 'function') throw new Error(`${referenceFile}: no extractAdcpError function`);
  return extract;
}

// sdkExtract is @adcp/sdk's extraction as a buyer calls it on each
// transport: extractAdcpErrorFromTransport on a JSON-RPC error,
// extractAdcpErrorInfo on each A2A data part (artifacts, then the status
// message), extractAdcpErrorFromMcp on an MCP tool result.
function sdkExtractor(sdk) {
  const a2aParts = (parts) => {
    if (!Array.isArray(parts)) return null;
    for (const p of parts) {
      if (p && p.kind === 'data') {
        const info = sdk.extractAdcpErrorInfo(p.data);
        if (info) return info;
      }
    }
    return null;
  };
  return (v) => {
    const r = v.response;
    if (r.error) return sdk.extractAdcpErrorFromTransport(r.error);
    if (v.transport === 'a2a') {
      if (Array.isArray(r.artifacts)) {
        for (const a of r.artifacts) {
          const x = a2aParts(a && a.parts);
          if (x) return x;
        }
      }
      return a2aParts(r.status?.message?.parts);
    }
    return sdk.extractAdcpErrorFromMcp(r);
  };
}

// timeOne returns the ns per call of f on each of inputs, timed over at
// least ms milliseconds after a warm-up.
// least ms milliseconds after a warm-up, and the CPU time of the whole
// process (user and system, V8's helper threads included) per call.
function timeOne(f, inputs, ms) {
  let sink = 0;
  const run = (n) => {
    for (let i = 0; i < n; i++) for (const x of inputs) if (f(x) !== null) sink++;
  };
  run(20000); // warm up: optimized code
  let n = 1000;
  for (;;) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    run(n);
    const dt = Number(process.hrtime.bigint() - t0);
    const c = process.cpuUsage(c0);
    const calls = n * inputs.length;
    if (dt >= ms * 1e6) return { ns: dt / calls, cpu: ((c.user + c.system) * 1e3) / calls, sink };
    n = Math.min(n * 10, Math.ceil((n * ms * 1.2e6) / Math.max(dt, 1)));
  }
}

// nodeRound prints one line per (input, impl): "in impl ns cpu-ns".
function nodeRound(ms) {
  const doc = JSON.parse(readFileSync(vectorsFile, 'utf8'));
  const vectors = doc.vectors;
  const reference = loadReference();
  const sdk = createRequire(import.meta.url)('@adcp/sdk');
  const sdkExtract = sdkExtractor(sdk);
  const impls = [
    ['reference', (v) => reference(v.response)],
    ['sdk', sdkExtract],
  ];
  const inputs = common.map(([id]) => [id, [vectors.find((v) => v.id === id)]]);
  inputs.push(['all-32', vectors]);
  for (const [name, vs] of inputs) {
    if (vs.some((v) => !v)) throw new Error(`${vectorsFile}: vector ${name} missing`);
    for (const [impl, f] of impls) {
      // Check before timing: the common vectors all hold an error.
      if (name !== 'all-32' && f(vs[0]) === null) throw new Error(`${impl} finds no error in ${name}`);
      const t = timeOne(f, vs, ms);
      console.log(`${name} ${impl} ${t.ns.toFixed(1)} ${t.cpu.toFixed(1)}`);
    }
  }
}

// The Go APIs timed (BenchmarkExtractValueJS's api=…), as the table names them.
const goApis = [['ExtractValue', 'Go ExtractValue']];

// goRound runs the Go benchmark binary once and returns "in api ns cpu-ns" lines.
function goRound(bin) {
  const out = execFileSync(bin, ['-test.run', '^$', '-test.bench', '^BenchmarkExtractValueJS$', '-test.count', '1', '-test.benchmem'], {
    cwd: path.join(repo, 'adcp'),
    encoding: 'utf8',
  });
  const lines = [];
  for (const l of out.split('\n')) {
    const m = l.match(/^BenchmarkExtractValueJS\/in=(\S+?)\/api=(\w+?)(-\d+)?\s+\d+\s+([\d.]+) ns\/op\s+([\d.]+) cpu-ns\/vector\s+([\d.]+) ns\/vector/);
    if (m) lines.push(`${m[1]} ${m[2]} ${m[6]} ${m[5]}`);
  }
  if (lines.length !== (common.length + 1) * goApis.length) throw new Error(`unexpected Go benchmark output:\n${out}`);
  return lines;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function drive(rounds, ms) {
  for (const f of [vectorsFile, referenceFile]) {
    if (!existsSync(f)) {
      console.log(`bench-js: skipped: ${f} is absent (the shared corpus is not beside the repository)`);
      return;
    }
  }
  if (!existsSync(path.join(here, 'node_modules', '@adcp', 'sdk'))) {
    console.error('bench-js: @adcp/sdk is not installed: run npm ci in bench/js (make bench-js does)');
    process.exit(1);
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-js-'));
  try {
    const bin = path.join(tmp, 'adcp.test');
    execFileSync('go', ['test', '-c', '-o', bin, '.'], {
      cwd: path.join(repo, 'adcp'),
      stdio: 'inherit',
      env: { ...process.env, GOWORK: 'off' },
    });
    const samples = new Map(); // "in impl" -> [ns]
    const add = (line) => {
      const [name, impl, ns, cpu] = line.split(' ');
      for (const [k, v] of [
        [`${name} ${impl}`, ns],
        [`${name} ${impl} cpu`, cpu],
      ]) {
        if (!samples.has(k)) samples.set(k, []);
        samples.get(k).push(Number(v));
      }
    };
    for (let r = 1; r <= rounds; r++) {
      goRound(bin).forEach(add);
      const node = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '-node-round', '-ms', String(ms)], {
        encoding: 'utf8',
      });
      if (node.status !== 0) throw new Error(`node round failed:\n${node.stderr}`);
      node.stdout.trim().split('\n').forEach(add);
      process.stderr.write(`round ${r}/${rounds} done\n`);
    }
    const rows = [...common, ['all-32', 'all 32 vectors (mean per vector)']];
    const x = (a, b) => `${(a / b).toFixed(2)}×`;
    const table = (suffix, what) => {
      const med = (name, impl) => median(samples.get(`${name} ${impl}${suffix}`) || [NaN]);
      console.log(`\nExtractValue (Go ${goVersion()}) vs Node ${process.version}: ${what}, median of ${rounds} alternated rounds`);
      console.log(
        `| vector | path | ${goApis.map(([, label]) => label).join(' | ')} | JS reference | @adcp/sdk 6.11.0 | ` +
          goApis.map(([api]) => `${api} / reference | ${api} / @adcp/sdk`).join(' | ') +
          ' |',
      );
      console.log(`| --- | --- | ${Array(goApis.length * 3 + 2).fill('---:').join(' | ')} |`);
      for (const [name, label] of rows) {
        const go = goApis.map(([api]) => med(name, api));
        const ref = med(name, 'reference');
        const sdk = med(name, 'sdk');
        console.log(
          `| ${name} | ${label} | ${go.map((g) => g.toFixed(0)).join(' | ')} | ${ref.toFixed(0)} | ${sdk.toFixed(0)} | ` +
            go.map((g) => `${x(g, ref)} | ${x(g, sdk)}`).join(' | ') +
            ' |',
        );
      }
    };
    table('', 'elapsed ns per vector');
    // Other processes on the machine lengthen elapsed time far more than
    // CPU time: the process's own (collector and helper threads included).
    table(' cpu', 'process CPU ns per vector');
    console.log('\nEvery round (ns/vector; cpu: process CPU ns/vector):');
    for (const [k, xs] of samples) console.log(`${k.padEnd(34)} ${xs.map((x) => x.toFixed(0)).join(' ')}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function goVersion() {
  try {
    return execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

if (process.argv.includes('-node-round')) {
  nodeRound(arg('-ms', 300));
} else {
  drive(arg('-rounds', 7), arg('-ms', 300));
}
