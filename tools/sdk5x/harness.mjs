// The harness's moving parts: an SDK user in a child process (SdkUser), the frame recorder, and
// what a check sees (CheckContext: the users, the peer, expectations).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFrame } from './rmtp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A check that did not hold: the report's `disagree`. */
export class Disagreement extends Error {}
/** Something the peer cannot be asked for yet: the report's `not supported by peer`. */
export class NotSupported extends Error {}
/** An API this SDK build does not have: the report's `n/a` (not counted). */
export class NotApplicable extends Error {}

/** Every WebSocket frame of a run, one JSON line each: who, which check, direction, bytes. */
export class Recorder {
  constructor(file, eventsFile) {
    this.file = file;
    this.fd = fs.openSync(file, 'w');
    this.eventsFd = fs.openSync(eventsFile, 'w');
    this.seq = 0;
    this.suite = '';
    this.check = '';
    this.frames = []; // kept in memory for checks that read the wire (small runs)
  }
  write(user, message, protocol) {
    const entry = {
      seq: ++this.seq, ts: message.ts, suite: this.suite, check: this.check, user,
      conn: message.conn, protocol, dir: message.dir, b64: message.b64,
    };
    if (message.note) entry.note = message.note;
    this.frames.push(entry);
    fs.writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }
  /** SDK events go to a file of their own, with the check that was running. */
  event(user, event) {
    fs.writeSync(this.eventsFd, `${JSON.stringify({ ts: event.ts, suite: this.suite, check: this.check, user, name: event.name, data: event.data })}\n`);
  }
  close() { fs.closeSync(this.fd); fs.closeSync(this.eventsFd); }
}

/** One SDK instance (one user) in its own Node process, loaded with the SDK file unmodified. */
export class SdkUser {
  constructor({ name, token, sdkPath, recorder, logDir, nodeArgs = [], interpose = null }) {
    Object.assign(this, { name, token, sdkPath, recorder, logDir, nodeArgs, interpose });
    this.events = [];
    this.mark = 0;
    this.pending = new Map();
    this.nextId = 0;
    this.protocols = new Map(); // connection number → protocolVer in its URL
    this.sockets = [];
    this.http = [];
    this.httpStatus = [];
    this.blocked = [];
    this.sdkErrors = [];
    this.waiters = new Set();
    this.exited = false;
  }

  async start() {
    // Frames are kept by user name; a name comes back in later suites, so this instance reads
    // only what was recorded after it started.
    this.startSeq = this.recorder?.seq ?? 0;
    const log = fs.createWriteStream(path.join(this.logDir, `${this.name}-${Date.now()}.log`));
    this.log = log;
    this.child = fork(path.join(here, 'sdk-host.mjs'), [], {
      execArgv: this.nodeArgs, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json',
      env: { ...process.env, SDK5X_USER: this.name, ...(this.interpose ? { SDK5X_INTERPOSE: this.interpose } : {}) },
    });
    this.child.stdout.pipe(log);
    this.child.stderr.pipe(log);
    this.child.on('exit', (code) => {
      this.exited = true;
      for (const [, p] of this.pending) p.reject(new Error(`SDK process of ${this.name} exited (${code})`));
      this.pending.clear();
    });
    this.child.on('message', (m) => this.onMessage(m));
    await new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('SDK host did not start')), 15000);
      this.helloWaiter = () => { clearTimeout(t); resolve(); };
    });
    const loaded = await this.request({ type: 'load', sdk: this.sdkPath });
    this.exports = new Set(loaded.exports);
    return loaded;
  }

  onMessage(m) {
    switch (m?.type) {
      case 'hello': this.helloWaiter?.(); break;
      case 'result': {
        const p = this.pending.get(m.id);
        if (!p) break;
        this.pending.delete(m.id);
        if (m.ok) p.resolve(m.value);
        else p.reject(Object.assign(new Error(m.error?.error ?? JSON.stringify(m.error)), { sdkStack: m.error?.stack }));
        break;
      }
      case 'event':
        this.events.push({ name: m.name, data: m.data, ts: m.ts });
        this.recorder?.event(this.name, m);
        for (const w of this.waiters) w();
        break;
      case 'frame':
        this.recorder?.write(this.name, m, this.protocols.get(m.conn) ?? 3);
        if (m.dir === 'close') this.log.write(`[harness] socket ${m.conn} closed: ${Buffer.from(m.b64, 'base64')}\n`);
        for (const w of this.waiters) w();
        break;
      case 'socket': {
        const v = new URL(m.url).searchParams.get('protocolVer');
        this.protocols.set(m.conn, v === '4' ? 4 : 3);
        this.sockets.push(m);
        break;
      }
      case 'http': this.http.push(m); break;
      case 'httpStatus': this.httpStatus.push(m); break;
      case 'blocked': this.blocked.push(m.url); break;
      case 'sdkError': this.sdkErrors.push(m.error); this.log.write(`[harness] unhandled in SDK: ${JSON.stringify(m.error)}\n`); break;
      default: break;
    }
  }

  request(message, timeoutMs = 20000) {
    if (this.exited) return Promise.reject(new Error(`SDK process of ${this.name} is gone`));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(id); reject(new Disagreement(`no answer in ${timeoutMs} ms (the SDK call is still pending)`)); }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => { clearTimeout(timer); resolve(v); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      this.child.send({ ...message, id });
    });
  }

  /** Runs `fn(R, ctx, arg)` inside the SDK process; `fn` must not close over anything. */
  run(fn, arg = null, timeoutMs = 20000) {
    return this.request({ type: 'run', src: fn.toString(), arg }, timeoutMs);
  }

  /** Starts forwarding SDK events (after init). */
  listen() { return this.request({ type: 'listen' }); }

  has(api) { return this.exports.has(api); }

  /** Resolves with the first event named `name` since the mark matching `pred`, or null. */
  waitEvent(name, pred = () => true, timeoutMs = 8000, since = this.mark) {
    const find = () => this.events.slice(since).find((e) => e.name === name && safe(() => pred(e.data)));
    return this.waitFor(find, timeoutMs);
  }

  waitFor(find, timeoutMs) {
    const hit = find();
    if (hit) return Promise.resolve(hit);
    return new Promise((resolve) => {
      const waiter = () => { const h = find(); if (h) { cleanup(); resolve(h); } };
      const timer = setTimeout(() => { cleanup(); resolve(null); }, timeoutMs);
      const cleanup = () => { clearTimeout(timer); this.waiters.delete(waiter); };
      this.waiters.add(waiter);
    });
  }

  /** Every message the SDK raised in MESSAGES events since the mark. */
  messagesSince(since = this.mark) {
    return this.events.slice(since).filter((e) => e.name === 'MESSAGES').flatMap((e) => e.data?.messages ?? []);
  }

  /** Frames of this user since recorder sequence `seq`, read with rmtp.mjs. */
  framesSince(seq) {
    const from = Math.max(seq, this.startSeq ?? 0);
    return (this.recorder?.frames ?? []).filter((f) => f.user === this.name && f.seq > from && (f.dir === 'client' || f.dir === 'server'))
      .map((f) => ({ ...f, packet: safe(() => readFrame(Buffer.from(f.b64, 'base64'), f.dir, f.protocol)) }));
  }

  async stop() {
    if (this.exited || !this.child) return;
    try { await this.run((R) => R.disconnect && R.disconnect(), null, 5000); } catch { /* gone already */ }
    this.child.send({ type: 'exit' });
    await new Promise((resolve) => { const t = setTimeout(() => { this.child.kill('SIGKILL'); resolve(); }, 3000); this.child.on('exit', () => { clearTimeout(t); resolve(); }); });
    this.log.end();
  }
}

function safe(fn) { try { return fn(); } catch { return undefined; } }

/** What a check's body gets: users by name, the peer, the recorder, and expectations. */
export class CheckContext {
  constructor({ users, peer, recorder, sdkVersion, notes, shared }) {
    Object.assign(this, { users, peer, recorder, sdkVersion, notes, shared });
    this.details = [];
    for (const [name, user] of Object.entries(users)) this[name] = user;
  }
  detail(text) { this.details.push(text); }
  /** Throws NotApplicable when the SDK lacks an API (the check then does not count). */
  needsApi(...apis) {
    const user = Object.values(this.users)[0];
    const missing = apis.filter((a) => !user.has(a));
    if (missing.length) throw new NotApplicable(`${this.sdkVersion} has no ${missing.join(', ')}`);
  }
  fail(text) { throw new Disagreement(text); }
  expect(cond, text) { if (!cond) throw new Disagreement(text); }
  /** Expects an SDK result `{code}` to be `code` (default 0); returns its data. */
  code(result, what, code = 0) {
    if (!result || typeof result !== 'object' || !('code' in result)) throw new Disagreement(`${what}: no {code} result: ${short(result)}`);
    if (result.code !== code) throw new Disagreement(`${what}: code ${result.code}${result.msg ? ` (${result.msg})` : ''}, expected ${code}`);
    return result.data;
  }
  /** Expects the event; returns its data. */
  async event(user, name, pred, what, timeoutMs = 8000) {
    const e = await user.waitEvent(name, pred, timeoutMs);
    if (!e) throw new Disagreement(`${what}: no ${name} event at ${user.name} in ${timeoutMs} ms`);
    return e.data;
  }
  /** Expects a message (in a MESSAGES event) at `user` matching pred; returns it. */
  async message(user, pred, what, timeoutMs = 8000) {
    const e = await user.waitEvent('MESSAGES', (d) => (d?.messages ?? []).some((m) => safe(() => pred(m))), timeoutMs);
    if (!e) throw new Disagreement(`${what}: not received by ${user.name} in ${timeoutMs} ms`);
    return e.data.messages.find((m) => safe(() => pred(m)));
  }
  /** QUERY/PUBLISH → ack statuses a user's SDK saw since `seq`, as "topic:status" strings. */
  wireSummary(user, seq) {
    const frames = user.framesSince(seq);
    const sent = new Map();
    const out = [];
    for (const f of frames) {
      const p = f.packet;
      if (!p) continue;
      if (f.dir === 'client' && (p.type === 'QUERY' || p.type === 'PUBLISH') && p.messageId != null) sent.set(`${p.type}:${p.messageId}`, p.topic);
      if (f.dir === 'server' && (p.type === 'QUERYACK' || p.type === 'PUBACK')) {
        const topic = sent.get(`${p.type === 'QUERYACK' ? 'QUERY' : 'PUBLISH'}:${p.messageId}`) ?? '?';
        out.push(`${topic}→${p.status}`);
      }
      if (f.dir === 'server' && p.type === 'DISCONNECT') out.push(`DISCONNECT ${p.status}`);
    }
    return out;
  }
}

export function short(v, n = 300) {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s && s.length > n ? `${s.slice(0, n)}…` : s;
}
