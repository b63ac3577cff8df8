#!/usr/bin/env node
// Runs every frame of a recording (frames.jsonl from run.mjs) through `rongwire frame decode` and
// reports which decode with a typed body, which only as hex (bodyHex: the topic or reply has no
// type in the codec), and which fail. A QUERYACK is decoded with --query-topic, the topic of the
// QUERY with its message id on the same connection; a frame of a protocol-4 connection with
// --protocol 4 when the CLI has that option. Usage:
//   node tools/sdk5x/decode-frames.mjs --frames DIR/frames.jsonl [--rongwire PATH] [--out DIR]
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFrame } from './rmtp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

function parseArgs(argv) {
  const o = { jobs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === '--frames') o.frames = v();
    else if (a === '--rongwire') o.rongwire = v();
    else if (a === '--out') o.out = v();
    else if (a === '--jobs') o.jobs = Number(v());
    else if (a === '-h' || a === '--help') o.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function findRongwire() {
  for (const c of [path.join(repo, '.build/debug/rongwire'), path.join(repo, '.build/release/rongwire')]) if (fs.existsSync(c)) return c;
  return 'rongwire';
}

function decode(rongwire, args) {
  return new Promise((resolve) => {
    execFile(rongwire, ['frame', 'decode', ...args], { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ ok: !error, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

const NO_BODY = new Set(['CONNACK', 'PINGREQ', 'PINGRESP', 'QUERYCON', 'DISCONNECT']);

/** typed | no body | empty body | hex only | error, from the CLI's answer. */
function classify(type, r) {
  if (!r.ok) return { kind: 'error', why: (r.stderr.match(/error\[[^\]]+\][^\n]*/) ?? [r.stderr])[0] };
  let v;
  try { v = JSON.parse(r.stdout); } catch { return { kind: 'error', why: 'output is not JSON' }; }
  if (v.bodyType) return { kind: 'typed', bodyType: v.bodyType, value: v };
  if (v.bodyHex !== undefined) return { kind: 'hex only', value: v };
  if (NO_BODY.has(type) || (type === 'PUBACK')) return { kind: 'no body', value: v };
  if ('body' in v && v.body === null) return { kind: 'empty body', value: v };
  return { kind: 'no body', value: v };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help || !o.frames) { console.log('usage: node tools/sdk5x/decode-frames.mjs --frames FILE [--rongwire PATH] [--out DIR] [--jobs N]'); process.exit(o.help ? 0 : 2); }
  o.rongwire ??= findRongwire();
  o.out ??= path.dirname(o.frames);
  const help = execFileSync(o.rongwire, ['frame', 'decode', '--help'], { encoding: 'utf8' });
  const hasProtocol = /--protocol\b/.test(help);
  const hasQueryTopic = /--query-topic\b/.test(help);

  const frames = fs.readFileSync(o.frames, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((f) => f.dir === 'client' || f.dir === 'server');
  // QUERY (and client PUBLISH) topics by connection and message id, for the QUERYACKs (in
  // recording order).
  const queries = new Map();
  const work = [];
  for (const f of frames) {
    const bytes = Buffer.from(f.b64, 'base64');
    let p = null;
    try { p = readFrame(bytes, f.dir, f.protocol ?? 3); } catch { /* the CLI will say */ }
    const connKey = `${f.suite}/${f.user}/${f.conn}`;
    // A QUERYACK answers a QUERY, or (engine 5.2.1's `qryMsgChange` PUBLISH) a client PUBLISH
    // with the same id; the SDK keeps one pending request per id.
    if (p?.type === 'QUERY' || (p?.type === 'PUBLISH' && f.dir === 'client')) queries.set(`${connKey}/${p.messageId}`, p.topic);
    let queryTopic = null;
    if (p?.type === 'QUERYACK') queryTopic = queries.get(`${connKey}/${p.messageId}`) ?? null;
    const args = ['--from', f.dir, '--hex', bytes.toString('hex')];
    if (queryTopic && hasQueryTopic) args.push('--query-topic', queryTopic);
    if (hasProtocol && f.protocol === 4) args.push('--protocol', '4');
    work.push({ f, p, queryTopic, args, key: args.join(' ') });
  }

  const cache = new Map();
  let next = 0;
  const runOne = async () => {
    while (next < work.length) {
      const w = work[next++];
      if (!cache.has(w.key)) cache.set(w.key, decode(o.rongwire, w.args));
      w.result = classify(w.p?.type ?? '?', await cache.get(w.key));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, runOne));

  // One row per kind of frame: direction, packet type, topic (the QUERY's for a QUERYACK).
  const rows = new Map();
  const out = fs.openSync(path.join(o.out, 'decoded.jsonl'), 'w');
  for (const w of work) {
    const type = w.p?.type ?? '?';
    const topic = w.p?.topic ?? (w.queryTopic ? `${w.queryTopic} (reply)` : '');
    const v4 = w.f.protocol === 4 && type === 'CONNACK' ? ' (protocol-4 connection)' : '';
    const key = `${w.f.dir}|${type}${v4}|${topic}`;
    const row = rows.get(key) ?? { dir: w.f.dir, type: `${type}${v4}`, topic, count: 0, kinds: {}, bodyTypes: new Set(), example: null, why: new Set(), statuses: new Set() };
    row.count++;
    if (w.p?.status !== undefined && w.p.status !== null) row.statuses.add(w.p.status);
    row.kinds[w.result.kind] = (row.kinds[w.result.kind] ?? 0) + 1;
    if (w.result.bodyType) row.bodyTypes.add(w.result.bodyType);
    if (w.result.why) row.why.add(w.result.why);
    if (!row.example || (w.result.kind !== 'typed' && row.exampleKind === 'typed')) { row.example = Buffer.from(w.f.b64, 'base64').toString('hex').slice(0, 120); row.exampleKind = w.result.kind; }
    rows.set(key, row);
    fs.writeSync(out, `${JSON.stringify({ seq: w.f.seq, suite: w.f.suite, check: w.f.check, user: w.f.user, conn: w.f.conn, dir: w.f.dir, protocol: w.f.protocol, type, topic: w.p?.topic, queryTopic: w.queryTopic, kind: w.result.kind, why: w.result.why, decoded: w.result.value, hex: Buffer.from(w.f.b64, 'base64').toString('hex') })}\n`);
  }
  fs.closeSync(out);

  const all = work.length;
  const typed = work.filter((w) => w.result.kind === 'typed').length;
  const bodiless = work.filter((w) => w.result.kind === 'no body' || w.result.kind === 'empty body').length;
  const hex = work.filter((w) => w.result.kind === 'hex only').length;
  const errors = work.filter((w) => w.result.kind === 'error').length;
  const sorted = [...rows.values()].sort((a, b) => (a.dir + a.type + a.topic).localeCompare(b.dir + b.type + b.topic));
  const esc = (s) => String(s).replace(/\|/g, '\\|');
  const md = [
    `# ${o.frames}: every frame through \`rongwire frame decode\``, '',
    `Options used: --from, --hex${hasQueryTopic ? ', --query-topic (QUERYACK)' : ''}${hasProtocol ? ', --protocol 4 (protocol-4 connections)' : ' (the CLI has no --protocol: every frame read with the version-3 layout)'}.`, '',
    '| from | packet | topic | frames | status | result | body type | example (hex, first 60 bytes) |', '|---|---|---|---|---|---|---|---|',
    ...sorted.map((r) => `| ${r.dir} | ${r.type} | ${esc(r.topic)} | ${r.count} | ${[...r.statuses].join(', ')} | ${Object.entries(r.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}${r.why.size ? ` (${esc([...r.why].join('; '))})` : ''} | ${[...r.bodyTypes].join(', ')} | \`${r.example}\` |`),
    '', `${typed + bodiless} of ${all} frames decode (${typed} with a typed body, ${bodiless} with no body to type); ${hex} only as hex; ${errors} errors.`, '',
  ].join('\n');
  fs.writeFileSync(path.join(o.out, 'decode-report.md'), md);
  console.log(md);
}

main().catch((e) => { console.error(`error: ${e.message}`); process.exit(2); });
