// The few browser globals RongCloud's Web SDK 5.x reads, for running it unmodified in Node:
// window, localStorage/sessionStorage (taken when the bundle loads), navigator (user agent,
// network type), XMLHttpRequest (navigation; it must have `withCredentials`, or the SDK looks
// for XDomainRequest) and a WebSocket that records every frame both ways.
//
// Nothing here leaves the machine: requests to hosts other than loopback fail at once (status 0),
// as if offline, so an SDK that falls back to RongCloud's public navigators gets no answer.

import http from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** A Storage (the Web API) kept in memory. */
export function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
    setItem: (k, v) => { items.set(String(k), String(v)); },
    removeItem: (k) => { items.delete(String(k)); },
    clear: () => { items.clear(); },
    key: (i) => [...items.keys()][i] ?? null,
    get length() { return items.size; },
  };
}

/** XMLHttpRequest over node:http, loopback only; `onBlocked(url)` hears about the rest. */
export function makeXMLHttpRequest({ onRequest = () => {}, onResponse = () => {}, onBlocked = () => {} } = {}) {
  return class XMLHttpRequest {
    constructor() {
      this.readyState = 0;
      this.status = 0;
      this.responseText = '';
      this.response = '';
      this.withCredentials = false;
      this.timeout = 0;
      this.upload = null;
      this._headers = {};
      this._responseHeaders = {};
      this._done = false;
    }
    open(method, url) {
      this._method = String(method || 'GET').toUpperCase();
      this._url = String(url);
      this.readyState = 1;
    }
    setRequestHeader(name, value) { this._headers[name] = String(value); }
    getResponseHeader(name) { return this._responseHeaders[String(name).toLowerCase()] ?? null; }
    getAllResponseHeaders() {
      return Object.entries(this._responseHeaders).map(([k, v]) => `${k}: ${v}`).join('\r\n');
    }
    _finish(status, text) {
      if (this._done) return;
      this._done = true;
      this.status = status;
      this.responseText = text;
      this.response = text;
      this.readyState = 4;
      try { this.onreadystatechange?.(); } catch (e) { console.error(e); }
      try { (status ? this.onload : this.onerror)?.call(this, { type: status ? 'load' : 'error' }); } catch (e) { console.error(e); }
    }
    send(body) {
      let url;
      try { url = new URL(this._url); } catch { setImmediate(() => this._finish(0, '')); return; }
      if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) {
        onBlocked(this._url);
        setImmediate(() => this._finish(0, ''));
        return;
      }
      onRequest(this._method, this._url);
      const payload = body == null ? null : (typeof body === 'string' ? body : JSON.stringify(body));
      const req = http.request(url, { method: this._method, headers: this._headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          this._responseHeaders = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          onResponse(this._method, this._url, res.statusCode || 0);
          this._finish(res.statusCode || 0, Buffer.concat(chunks).toString('utf8'));
        });
        res.on('error', () => this._finish(0, ''));
      });
      req.on('error', () => this._finish(0, ''));
      if (this.timeout > 0) req.setTimeout(this.timeout, () => { req.destroy(); this._finish(0, ''); });
      if (payload != null) req.write(payload);
      req.end();
      this._req = req;
    }
    abort() {
      if (this._done) return;
      this._req?.destroy();
      this._finish(0, '');
    }
  };
}

/**
 * A WebSocket class that records frames: `record(direction, bytes, connection, note)` with
 * direction `client` (written by the SDK) or `server` (read by it). Built on Node's own WebSocket
 * (Node 22, or Node 20 with --experimental-websocket). Non-loopback URLs fail like an unreachable
 * host. An `interposer` (run.mjs --interpose, for experiments) may answer a client frame itself
 * (`onClient` → {forward, replies}), replace or drop a server frame (`onServer` → bytes | null),
 * and push frames of its own (`inject`); what the SDK then reads is recorded with note
 * `interposed`.
 */
export function makeRecordingWebSocket(NativeWebSocket, { record, onOpen = () => {}, onBlocked = () => {}, interposer = null }) {
  let connections = 0;
  const sockets = new Map();
  const deliver = (socket, bytes) => {
    const data = new Uint8Array(bytes).buffer;
    socket._synthetic = true;
    try { socket.dispatchEvent(new MessageEvent('message', { data })); } finally { socket._synthetic = false; }
  };
  if (interposer) {
    interposer.inject = (connection, bytes) => {
      const socket = sockets.get(connection);
      if (socket && socket.readyState === 1) deliver(socket, bytes);
    };
  }
  return class RecordingWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      const u = new URL(String(url));
      const blocked = !LOOPBACK.has(u.hostname);
      // A blocked URL is redirected to a closed loopback port so the SDK sees a normal failure.
      super(blocked ? 'ws://127.0.0.1:9/blocked' : url, protocols);
      if (blocked) onBlocked(String(url));
      const connection = ++connections;
      this._connection = connection;
      this._info = { conn: connection, url: String(url), protocol: u.searchParams.get('protocolVer') === '4' ? 4 : 3 };
      sockets.set(connection, this);
      onOpen(String(url), connection);
      // Registered before the SDK sets onmessage, so recording sees each frame first.
      this.addEventListener('message', (event) => {
        const bytes = toBytes(event.data);
        if (this._synthetic || !interposer?.onServer) {
          record('server', bytes, connection, this._synthetic ? 'interposed' : undefined);
          return;
        }
        const replaced = interposer.onServer(bytes, this._info);
        if (replaced === undefined) { record('server', bytes, connection); return; }
        event.stopImmediatePropagation();
        record('dropped', bytes, connection, 'interposed');
        if (replaced) deliver(this, replaced);
      });
      this.addEventListener('close', (event) => {
        sockets.delete(connection);
        record('close', Buffer.from(`${event.code} ${event.reason || ''}`), connection);
      });
    }
    send(data) {
      const bytes = toBytes(data);
      const answer = interposer?.onClient?.(bytes, this._info);
      record('client', bytes, this._connection, answer && !answer.forward ? 'interposed' : undefined);
      if (!answer || answer.forward) super.send(data);
      for (const reply of answer?.replies ?? []) setTimeout(() => { if (this.readyState === 1) deliver(this, reply); }, 0);
    }
  };
}

function toBytes(data) {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data));
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(String(data));
}

/** Installs the globals on globalThis; returns them. */
export function installBrowserGlobals({ record, onRequest, onResponse, onBlocked, onSocketOpen, requireWebSocket = true, interposer = null }) {
  if (requireWebSocket && typeof globalThis.WebSocket !== 'function') {
    throw new Error('this Node has no WebSocket: use Node 22, or Node 20 with --experimental-websocket');
  }
  const g = globalThis;
  g.window = g;
  g.self = g;
  g.localStorage = memoryStorage();
  g.sessionStorage = memoryStorage();
  const nav = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    language: 'en-US',
    platform: 'Linux x86_64',
    onLine: true,
    connection: { type: 'wifi', effectiveType: '4g' },
  };
  Object.defineProperty(g, 'navigator', { value: nav, configurable: true, writable: true });
  g.XMLHttpRequest = makeXMLHttpRequest({ onRequest, onResponse, onBlocked });
  if (typeof g.WebSocket === 'function') g.WebSocket = makeRecordingWebSocket(g.WebSocket, { record, onOpen: onSocketOpen, onBlocked, interposer });
  return g;
}
