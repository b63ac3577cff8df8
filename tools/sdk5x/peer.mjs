// The mock peer as the harness uses it: start `rongwire peer --port 0` (or take the URL of a
// running one), reset it to a fixture before each suite, read its navigation and /state, and an
// optional navigation shim that adds fields (openAnti, ugMsg, grpRRVer) the peer's own
// navigation does not give yet, so that what the SDK then does on the wire can be seen.
import { spawn } from 'node:child_process';
import http from 'node:http';

function request(url, { method = 'GET', body = null, timeoutMs = 10000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: body ? { 'content-type': 'application/yaml' } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    if (body != null) req.write(body);
    req.end();
  });
}

/** The first `{…}` object in a navigation answer (JSONP or JSON), as 5.7.2 reads it. */
export function parseNavigation(text) {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try { return JSON.parse(text.slice(start, end + 1)); } catch { return null; }
}

export class Peer {
  constructor({ rongwire, url = null, fixturePath, logFile = null }) {
    this.rongwire = rongwire;
    this.wsURL = url;
    this.fixturePath = fixturePath;
    this.logFile = logFile;
    this.process = null;
    this.stderr = '';
  }

  /** Starts `rongwire peer --port 0` unless a URL was given; resolves with the WebSocket URL. */
  async start(extraArgs = []) {
    if (this.wsURL) { this.base = this.wsURL.replace(/^ws:/, 'http:').replace(/\/websocket.*$/, ''); return this.wsURL; }
    const args = ['peer', '--port', '0', '--log-level', 'info', '--fixture', this.fixturePath, ...extraArgs];
    this.process = spawn(this.rongwire, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process.stderr.on('data', (c) => { this.stderr += c.toString(); if (this.stderr.length > 4e6) this.stderr = this.stderr.slice(-2e6); });
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`rongwire peer printed no URL in 30 s: ${out}${this.stderr}`)), 30000);
      this.process.stdout.on('data', (c) => {
        out += c.toString();
        this.stdout = out.length > 4e6 ? out.slice(-2e6) : out;
        const m = out.match(/listening on (ws:\/\/\S+)/);
        if (m) { clearTimeout(timer); resolve(m[1]); }
      });
      this.process.on('exit', (code) => { clearTimeout(timer); reject(new Error(`rongwire peer exited ${code}: ${this.stderr}`)); });
    });
    this.wsURL = url;
    this.base = url.replace(/^ws:/, 'http:').replace(/\/websocket.*$/, '');
    return url;
  }

  get navigatorURL() { return this.base; }

  /** POST /control/reset with a fixture; resolves {ok, status, text}. */
  async reset(fixtureText) {
    const res = await request(`${this.base}/control/reset`, { method: 'POST', body: fixtureText });
    return { ok: res.status === 200, status: res.status, text: res.text };
  }

  async state(user = null) {
    const res = await request(`${this.base}/state${user ? `?user=${encodeURIComponent(user)}` : ''}`);
    try { return JSON.parse(res.text); } catch { return null; }
  }

  /** The peer's own navigation answer for a token (what 5.7.2 asks for), parsed. */
  async navigation(appKey, token) {
    const q = `appId=${encodeURIComponent(appKey)}&token=${encodeURIComponent(token)}&callBack=x&v=5.7.2&r=${Date.now()}`;
    const res = await request(`${this.base}/navi.js?${q}`);
    return { status: res.status, text: res.text, value: parseNavigation(res.text) };
  }

  async help() {
    return new Promise((resolve) => {
      const p = spawn(this.rongwire, ['peer', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      p.stdout.on('data', (c) => { out += c; });
      p.stderr.on('data', (c) => { out += c; });
      p.on('exit', () => resolve(out));
      p.on('error', () => resolve(''));
    });
  }

  async stop() {
    if (!this.process) return;
    const p = this.process;
    this.process = null;
    await new Promise((resolve) => { p.on('exit', resolve); p.kill('SIGTERM'); setTimeout(resolve, 3000); });
  }
}

/**
 * A navigator in front of the peer: answers /navi.js (and /navi.json) with the peer's own answer
 * plus `overrides` (e.g. {ugMsg: 1}). Everything else is the peer's. Loopback only.
 */
export class NavigationShim {
  constructor(peer) { this.peer = peer; this.overrides = {}; this.requests = []; }

  async start() {
    this.server = http.createServer(async (req, res) => {
      const url = new URL(req.url, 'http://shim');
      this.requests.push(req.url);
      if (!/^\/(navi\.js|navi\.json|cometnavi\.js)$/.test(url.pathname)) {
        const upstream = await request(`${this.peer.base}${req.url}`).catch(() => null);
        res.writeHead(upstream?.status ?? 502, { 'access-control-allow-origin': '*' });
        res.end(upstream?.text ?? '');
        return;
      }
      const upstream = await request(`${this.peer.base}${req.url}`).catch(() => null);
      if (!upstream || upstream.status !== 200) {
        res.writeHead(upstream?.status ?? 502, { 'access-control-allow-origin': '*' });
        res.end(upstream?.text ?? '');
        return;
      }
      const value = { ...(parseNavigation(upstream.text) ?? {}), ...this.overrides };
      const callback = url.searchParams.get('callBack') || url.searchParams.get('callback') || 'getServerEndpoint';
      const body = url.pathname === '/navi.json' ? JSON.stringify(value)
        : `${/^[A-Za-z_$][\w$]*$/.test(callback) ? callback : 'getServerEndpoint'}(${JSON.stringify(value)});`;
      res.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' });
      res.end(body);
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this.url;
  }

  async stop() { if (this.server) await new Promise((resolve) => this.server.close(resolve)); }
}
