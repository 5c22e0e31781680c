// The Node half of the interop suite, driven by the Go orchestrator (main.go):
//
//   1. It starts the Node sellers on 127.0.0.1, random ports: a TypeScript MCP
//      server (@modelcontextprotocol/sdk, with a gateway in front of it), an
//      @a2a-js/sdk 0.3 agent and an @a2a-js/sdk 1.x agent (default mode).
//      It prints {"ready": {urls}} on one line.
//   2. It runs the Node buyers against the Go sellers named in the environment
//      (GO_MCP_URL, GO_A2A_URL, GO_A2A_V1_URL) and prints {"results": [...]}.
//   3. It serves until its standard input closes, and never longer than
//      SUITE_MAX_SECONDS (default 150): every server stops by itself.
//
// Each result is one cell of the matrix: the row (who sent, who received),
// the case, and what the buyer extracted and decided, in the suite's terms.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import express from 'express';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import * as a2a03server from '@a2a-js/sdk/server';
import { A2AExpressApp } from '@a2a-js/sdk/server/express';
import { A2AClient } from '@a2a-js/sdk/client';
import * as a2a10server from 'a2a-js-v1/server';
import { jsonRpcHandler, UserBuilder } from 'a2a-js-v1/server/express';
import { JsonRpcTransportFactory } from 'a2a-js-v1/client';
import { Task as Task10, SendMessageRequest } from 'a2a-js-v1';

const require = createRequire(import.meta.url);
const adcp = require('@adcp/sdk');
const versionOf = (dir) => JSON.parse(readFileSync(new URL(`./node_modules/${dir}/package.json`, import.meta.url))).version;
const versions = {
  mcp: versionOf('@modelcontextprotocol/sdk'),
  adcp: versionOf('@adcp/sdk'),
  a2a03: versionOf('@a2a-js/sdk'),
  a2a10: versionOf('a2a-js-v1'),
};

const maxSeconds = Number(process.env.SUITE_MAX_SECONDS || 150);
setTimeout(() => {
  console.error(`suite.mjs: stopping after ${maxSeconds} s`);
  process.exit(3);
}, maxSeconds * 1000);

const { cases } = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url)));
const byId = Object.fromEntries(cases.map((c) => [c.id, c]));

// wireError is the case's adcp_error as a seller sends it (padding expanded).
function wireError(c) {
  const e = structuredClone(c.error);
  if (e.details?.pad === 'PAD4200') e.details.pad = 'x'.repeat(4200);
  delete e.severity;
  return e;
}

function advisoryPayload(c) {
  return { products: [], errors: [structuredClone(c.error)] };
}

// ---- Sellers ---------------------------------------------------------------

function mcpResult(c) {
  const e = wireError(c);
  const text = { type: 'text', text: JSON.stringify({ adcp_error: e }) };
  switch (c.mode) {
    case 'advisory': {
      const payload = advisoryPayload(c);
      return { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload };
    }
    case 'text_only':
      return { content: [text], isError: true };
    case 'rpc':
      throw new McpError(c.rpc_code, e.message, { adcp_error: e });
    default:
      return { content: [text], isError: true, structuredContent: { adcp_error: e } };
  }
}

function mcpServer() {
  const server = new McpServer({ name: 'interop-ts-seller', version: '1.0.0' });
  server.registerTool('adcp_case', { description: 'Fails as the case says.', inputSchema: { case: z.string() } },
    async (args) => mcpResult(byId[args.case]));
  return server;
}

function startMCP(app) {
  // The gateway: rejects before the MCP server with the reserved JSON-RPC code.
  app.post('/mcp', express.json(), (req, res, next) => {
    const c = byId[req.body?.params?.arguments?.case];
    if (req.body?.method !== 'tools/call' || c?.mode !== 'gateway') return next();
    res.status(c.http_status).json({ jsonrpc: '2.0', id: req.body.id ?? null,
      error: { code: c.rpc_code, message: c.error.message, data: { adcp_error: wireError(c) } } });
  });
  app.post('/mcp', async (req, res) => {
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => { transport.close(); server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
}

const card = (url, version) => ({
  name: 'interop-js-seller', description: 'Fails as the case says.', protocolVersion: version, version: '1.0.0',
  url, preferredTransport: 'JSONRPC', capabilities: {}, defaultInputModes: ['text'], defaultOutputModes: ['text'], skills: [],
});

// a2aTask returns the task an A2A seller sends for a case, in 0.3's spelling
// (v1: 1.0's: no kind, TASK_STATE_*, ROLE_*).
function a2aTask(c, taskId, contextId, v1) {
  const e = wireError(c);
  const kind = (k) => (v1 ? {} : { kind: k });
  const state = (s) => (v1 ? `TASK_STATE_${s.toUpperCase()}` : s);
  const text = (t) => ({ ...kind('text'), text: t });
  const data = (d) => ({ ...kind('data'), data: d });
  const task = { ...kind('task'), id: taskId, contextId, status: { state: state('failed'), timestamp: new Date().toISOString() } };
  if (c.mode === 'advisory') {
    task.status.state = state('completed');
    task.artifacts = [{ artifactId: 'result', parts: [text('0 products.'), data(advisoryPayload(c))] }];
  } else if (c.mode === 'text_only') {
    task.status.message = { ...kind('message'), messageId: randomUUID(), role: v1 ? 'ROLE_AGENT' : 'agent', taskId, contextId,
      parts: [text(e.message), data({ adcp_error: e })] };
  } else {
    task.artifacts = [{ artifactId: 'error-result', parts: [text(e.message), data({ adcp_error: e })] }];
  }
  return task;
}

function textOf(parts) {
  for (const p of parts || []) {
    if (typeof p.text === 'string') return p.text;
    if (p.content?.$case === 'text') return p.content.value;
  }
  return '';
}

function startA2A03(app, base) {
  const executor = {
    async execute(ctx, bus) {
      const c = byId[textOf(ctx.userMessage.parts)];
      bus.publish(a2aTask(c, ctx.taskId, ctx.contextId, false));
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new a2a03server.DefaultRequestHandler(card(`${base}/a2a03`, '0.3.0'), new a2a03server.InMemoryTaskStore(), executor);
  const sub = express();
  new A2AExpressApp(handler).setupRoutes(sub);
  app.use('/a2a03', sub);
}

function startA2A10(app, base) {
  const executor = {
    async execute(ctx, bus) {
      const c = byId[textOf(ctx.userMessage.parts)];
      bus.publish(a2a10server.AgentEvent.task(Task10.fromJSON(a2aTask(c, ctx.taskId, ctx.contextId, true))));
      bus.finished();
    },
    async cancelTask() {},
  };
  const v1card = {
    name: 'interop-js-seller', description: 'Fails as the case says.', version: '1.0.0',
    supportedInterfaces: [{ url: `${base}/a2a10`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: {}, defaultInputModes: ['text'], defaultOutputModes: ['text'], skills: [],
  };
  const handler = new a2a10server.DefaultRequestHandler(v1card, new a2a10server.InMemoryTaskStore(), executor);
  app.use('/a2a10', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
}

// ---- Buyers ----------------------------------------------------------------

// decide is @adcp/sdk's buyer decision (decideRetry) in the suite's terms.
function decide(x) {
  if (!x) return { action: 'generic_error' };
  const d = adcp.decideRetry({ ...x, recovery: adcp.resolveRecovery(x) });
  const action = { retry: 'retry', 'mutate-and-retry': 'surface_to_caller', escalate: 'escalate_to_human' }[d.action];
  const out = { action };
  if (action === 'retry') out.delay = typeof x.retry_after === 'number' ? d.delayMs / 1000 : 0;
  if (x.field) out.field = x.field;
  return out;
}

const sourcePath = { structuredContent: 'structured', text_json: 'fallback', text_pattern: 'text_pattern' };

async function mcpBuyer(url) {
  const client = new Client({ name: 'interop-ts-buyer', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await client.listTools(); // a strict client: output schemas are checked from now on
  const out = [];
  for (const c of cases.filter((c) => c.transports.includes('mcp'))) {
    let cell;
    try {
      const res = await client.callTool({ name: 'adcp_case', arguments: { case: c.id } });
      const x = adcp.extractAdcpErrorFromMcp(res);
      if (x) {
        cell = { code: x.code, path: sourcePath[x.source] || x.source, ...decide(x) };
      } else if (!res.isError) {
        const payload = res.structuredContent?.errors?.[0];
        cell = { code: payload?.code ?? null, path: payload ? 'payload' : 'none', action: 'success' };
      } else {
        cell = { code: null, path: 'none', action: 'generic_error' };
      }
    } catch (err) {
      const x = adcp.extractAdcpErrorFromTransport(err);
      const note = `${err.constructor?.name} ${err.code ?? ''} ${String(err.message).slice(0, 100)}`.trim();
      if (x) {
        const path = x.source === 'text_pattern' ? 'text_pattern' : 'jsonrpc_error';
        cell = { code: x.code, path, ...decide(x), note };
      } else {
        cell = { code: null, path: 'none', action: 'generic_error', note };
      }
    }
    out.push({ row: 'go-mcp>ts', case: c.id, got: cell });
  }
  await client.close();
  return out;
}

// a2aCell reads a task as an A2A client returned it (JSON), the error found
// in the spec's detection order, decided by @adcp/sdk.
function a2aCell(task) {
  const dataParts = (parts) => (parts || []).filter((p) => p && typeof p === 'object' && 'data' in p).map((p) => p.data);
  const state = String(task?.status?.state || '').replace(/^TASK_STATE_/, '').toLowerCase();
  for (const [path, parts] of [['structured', (task?.artifacts || []).flatMap((a) => a.parts)], ['fallback', task?.status?.message?.parts]]) {
    for (const d of dataParts(parts)) {
      const info = adcp.extractAdcpErrorInfo(d);
      if (d?.adcp_error && info) {
        const x = { ...d.adcp_error, recovery: info.recovery };
        return { code: info.code, path, ...decide(x), note: `state ${state}` };
      }
      if (state === 'completed' && info) return { code: info.code, path: 'payload', action: 'success', note: `state ${state}` };
    }
  }
  return { code: null, path: 'none', action: state === 'completed' ? 'success' : 'generic_error', note: `state ${state}` };
}

async function a2a03Buyer(base) {
  const client = await A2AClient.fromCardUrl(`${base}/.well-known/agent-card.json`);
  const out = [];
  for (const c of cases.filter((c) => c.transports.includes('a2a'))) {
    let cell;
    try {
      const res = await client.sendMessage({ message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: c.id }] } });
      cell = res.error ? { code: null, path: 'none', action: 'generic_error', note: `JSON-RPC ${res.error.code}` } : a2aCell(res.result);
    } catch (err) {
      cell = { code: null, path: 'none', action: 'generic_error', note: String(err.message).slice(0, 120) };
    }
    out.push({ row: 'go-a2a>js-0.3', case: c.id, got: cell });
  }
  return out;
}

async function a2a10Buyer(url) {
  const transport = await new JsonRpcTransportFactory().create(url, {});
  const out = [];
  for (const c of cases.filter((c) => c.transports.includes('a2a'))) {
    let cell;
    try {
      const req = SendMessageRequest.fromJSON({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: c.id }] } });
      const res = await transport.sendMessage(req);
      cell = a2aCell(Task10.toJSON(res));
    } catch (err) {
      cell = { code: null, path: 'none', action: 'generic_error', note: String(err.message).slice(0, 120) };
    }
    out.push({ row: 'go-a2a-1.0>js-1.x', case: c.id, got: cell });
  }
  return out;
}

// ---- Main ------------------------------------------------------------------

function listen(app) {
  return new Promise((resolve) => {
    const srv = app.listen(0, '127.0.0.1', () => resolve(srv));
  });
}

const app = express();
const srv = await listen(app);
const base = `http://127.0.0.1:${srv.address().port}`;
startMCP(app);
startA2A03(app, base);
startA2A10(app, base);
console.log(JSON.stringify({ ready: { mcp: `${base}/mcp`, a2a03: `${base}/a2a03`, a2a10: `${base}/a2a10` }, versions }));

const results = [];
const buyers = [
  ['go-mcp>ts', () => mcpBuyer(process.env.GO_MCP_URL)],
  ['go-a2a>js-0.3', () => a2a03Buyer(process.env.GO_A2A_URL)],
  ['go-a2a-1.0>js-1.x', () => a2a10Buyer(process.env.GO_A2A_V1_URL)],
];
for (const [row, run] of buyers) {
  try {
    results.push(...(await run()));
  } catch (err) {
    results.push({ row, case: '*', got: { code: null, path: 'none', action: 'generic_error', note: `buyer failed: ${err.message}` } });
  }
}
console.log(JSON.stringify({ results }));

process.stdin.resume();
process.stdin.on('end', () => {
  srv.close();
  process.exit(0);
});
