// One SDK user in a process of its own (the Web SDK is a singleton per page), driven by run.mjs
// over IPC. It installs the browser globals, loads the SDK file it is given, unmodified, and then:
//   parent → {type: 'load', sdk}, then {type: 'listen'} after the SDK's init
//   parent → {type: 'run', id, src, arg}   evaluates `src` (a function's source) as f(R, ctx, arg)
//   child  → {type: 'result', id, ok, value|error}
//   child  → {type: 'event', name, data}   every SDK event (R.Events), as it is raised
//   child  → {type: 'frame', dir, b64, conn, ts}   every WebSocket frame, both ways
//   child  → {type: 'http' | 'blocked' | 'socket', ...}
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { installBrowserGlobals } from './browser-env.mjs';

const send = (message) => { try { process.send(message); } catch { /* parent gone */ } };

// An experiment module (run.mjs --interpose) is named by the environment, since the globals
// (and the WebSocket class with it) must exist before the SDK loads.
const interposer = process.env.SDK5X_INTERPOSE
  ? (await import(pathToFileURL(process.env.SDK5X_INTERPOSE).href)).default({ user: process.env.SDK5X_USER, log: (...a) => console.log('[interpose]', ...a) })
  : null;

installBrowserGlobals({
  interposer,
  record: (dir, bytes, conn, note) => send({ type: 'frame', dir, b64: bytes.toString('base64'), conn, note, ts: Date.now() }),
  onRequest: (method, url) => send({ type: 'http', method, url }),
  onResponse: (method, url, status) => send({ type: 'httpStatus', method, url, status }),
  onBlocked: (url) => send({ type: 'blocked', url }),
  onSocketOpen: (url, conn) => send({ type: 'socket', url, conn }),
});

/** JSON-safe copy of an SDK value: no cycles, functions or BigInts, bytes as base64. */
export function plain(value, depth = 0, seen = new WeakSet()) {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth > 12) return '[depth]';
  if (value instanceof Error) return { error: value.message, stack: String(value.stack || '').split('\n').slice(0, 6).join('\n') };
  if (value instanceof ArrayBuffer) return { base64: Buffer.from(value).toString('base64') };
  if (ArrayBuffer.isView(value)) return { base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (typeof value !== 'object') return String(value);
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  let out;
  if (Array.isArray(value)) {
    out = value.map((v) => { const p = plain(v, depth + 1, seen); return p === undefined ? null : p; });
  } else {
    out = {};
    for (const key of Object.keys(value)) {
      const p = plain(value[key], depth + 1, seen);
      if (p !== undefined) out[key] = p;
    }
  }
  seen.delete(value);
  return out;
}

let R = null;
const ctx = { state: {} };

async function load({ sdk }) {
  const require = createRequire(import.meta.url);
  R = require(sdk);
  ctx.R = R;
  return { exports: Object.keys(R), events: R.Events ? Object.values(R.Events) : [] };
}

/** Forwards every SDK event; 5.2.1 takes listeners only after init. */
function listen() {
  const events = R.Events ? Object.values(R.Events) : [];
  for (const name of events) {
    if (typeof name !== 'string') continue;
    R.addEventListener(name, (data) => send({ type: 'event', name, data: plain(data), ts: Date.now() }));
  }
  return events;
}

process.on('message', async (message) => {
  if (message?.type === 'load') {
    try {
      send({ type: 'result', id: message.id, ok: true, value: await load(message) });
    } catch (error) {
      send({ type: 'result', id: message.id, ok: false, error: plain(error) });
    }
    return;
  }
  if (message?.type === 'listen') {
    try { send({ type: 'result', id: message.id, ok: true, value: listen() }); } catch (error) { send({ type: 'result', id: message.id, ok: false, error: plain(error) }); }
    return;
  }
  if (message?.type === 'run') {
    try {
      // The check's source text comes from run.mjs (the same repository), not from outside.
      const fn = (0, eval)(`(${message.src})`);
      const value = await fn(R, ctx, message.arg);
      send({ type: 'result', id: message.id, ok: true, value: plain(value) });
    } catch (error) {
      send({ type: 'result', id: message.id, ok: false, error: plain(error) });
    }
    return;
  }
  if (message?.type === 'exit') process.exit(0);
});

process.on('unhandledRejection', (reason) => send({ type: 'sdkError', error: plain(reason) }));
process.on('uncaughtException', (error) => send({ type: 'sdkError', error: plain(error) }));
process.on('disconnect', () => process.exit(0));
send({ type: 'hello', pid: process.pid });
