#!/usr/bin/env node
// Compares the protobuf schema a Web SDK 5.x build embeds with spec/rongcloud.proto: the SDK is
// loaded unmodified and the schema is taken from what it hands its protobuf parser during init
// (the bundle assembles the text at run time, so reading the file would miss the names it fills
// in). Lists messages and field numbers the SDK has that the spec lacks, and fields whose type,
// label or name differ. Usage:
//   node tools/sdk5x/schema-diff.mjs --sdk PATH [--proto spec/rongcloud.proto] [--out DIR]
// With --out, the report goes to DIR/schema-diff.md and the captured schema text(s) to
// DIR/sdk-schema-N.proto (RongCloud's text: keep it out of the repository).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installBrowserGlobals } from './browser-env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

function parseArgs(argv) {
  const o = { proto: path.join(repo, 'spec/rongcloud.proto') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--sdk') o.sdk = path.resolve(argv[++i]);
    else if (a === '--proto') o.proto = argv[++i];
    else if (a === '--out') o.out = argv[++i];
    else if (a === '-h' || a === '--help') o.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

/** Loads the SDK and returns every schema text (starting `package Modules`) its init parses. */
function captureSchemas(sdk) {
  installBrowserGlobals({ record() {}, onRequest() {}, onResponse() {}, onBlocked() {}, onSocketOpen() {}, requireWebSocket: false });
  const seen = new Set();
  let busy = false;
  const grab = (s) => {
    if (busy || typeof s !== 'string' || s.length < 500) return;
    busy = true;
    try { const k = s.indexOf('package Modules'); if (k >= 0 && k < 16) seen.add(s); } finally { busy = false; }
  };
  // ProtoBuf.js tokenizes its source with RegExp#exec and String methods: watch those while the
  // SDK loads and initialises, then put them back.
  const saved = { exec: RegExp.prototype.exec };
  RegExp.prototype.exec = function exec(s) { grab(s); return saved.exec.call(this, s); };
  const methods = ['replace', 'split', 'match', 'trim', 'charAt', 'substring', 'substr'];
  for (const m of methods) {
    saved[m] = String.prototype[m];
    String.prototype[m] = function hooked(...args) { grab(String(this)); return saved[m].apply(this, args); };
  }
  try {
    const R = createRequire(import.meta.url)(sdk);
    const noop = () => {};
    const quiet = console.warn; console.warn = noop; const info = console.info; console.info = noop; const log = console.log; console.log = noop;
    try { R.init({ appkey: 'schema-diff', navigators: ['http://127.0.0.1:9'] }); } finally { console.warn = quiet; console.info = info; console.log = log; }
  } finally {
    RegExp.prototype.exec = saved.exec;
    for (const m of methods) String.prototype[m] = saved[m];
  }
  return [...seen];
}

/** A small proto2 reader: messages (nested ones flattened by name), their fields, enums. */
export function parseProto(text) {
  const src = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  const tokens = src.match(/0x[0-9A-Fa-f]+|[A-Za-z_][\w.]*|-?\d+|[{}=;[\]<>,()]|"[^"]*"/g) ?? [];
  const messages = new Map();
  const enums = new Map();
  let i = 0;
  const skipTo = (t) => { while (i < tokens.length && tokens[i] !== t) i++; i++; };
  const block = (kind, name) => {
    // at '{'
    i++;
    const fields = [];
    const values = [];
    while (i < tokens.length && tokens[i] !== '}') {
      const t = tokens[i];
      if (t === 'message' || t === 'enum') { const n = tokens[i + 1]; i += 2; block(t, n); continue; }
      if (t === 'option' || t === 'reserved' || t === 'extensions') { skipTo(';'); continue; }
      if (kind === 'message' && (t === 'required' || t === 'optional' || t === 'repeated')) {
        const type = tokens[i + 1]; const fname = tokens[i + 2]; const num = Number(tokens[i + 4]);
        fields.push({ label: t, type, name: fname, number: num });
        skipTo(';');
        continue;
      }
      if (kind === 'enum' && /^[A-Za-z_]/.test(t) && tokens[i + 1] === '=') {
        values.push({ name: t, number: Number(tokens[i + 2]) });
        skipTo(';');
        continue;
      }
      i++;
    }
    i++; // '}'
    if (kind === 'message' && name !== 'probuf') messages.set(name, fields);
    if (kind === 'enum') enums.set(name, values);
  };
  while (i < tokens.length) {
    if ((tokens[i] === 'message' || tokens[i] === 'enum') && tokens[i + 2] === '{') { const k = tokens[i]; const n = tokens[i + 1]; i += 2; block(k, n); } else i++;
  }
  return { messages, enums };
}

const base = (t) => t.split('.').pop();

function diff(sdk, spec) {
  const newMessages = [];
  const newFields = [];
  const changed = [];
  const specOnly = [];
  for (const [name, fields] of sdk.messages) {
    const theirs = spec.messages.get(name);
    if (!theirs) { newMessages.push({ name, fields }); continue; }
    const byNum = new Map(theirs.map((f) => [f.number, f]));
    for (const f of fields) {
      const s = byNum.get(f.number);
      if (!s) { newFields.push({ message: name, ...f }); continue; }
      const d = [];
      if (base(s.type) !== base(f.type)) d.push(`type ${f.type} (spec ${s.type})`);
      if (s.label !== f.label) d.push(`label ${f.label} (spec ${s.label})`);
      if (s.name !== f.name) d.push(`name ${f.name} (spec ${s.name})`);
      if (d.length) changed.push({ message: name, number: f.number, what: d.join(', ') });
    }
    const mine = new Set(fields.map((f) => f.number));
    for (const s of theirs) if (!mine.has(s.number)) specOnly.push({ message: name, ...s });
  }
  const enumDiffs = [];
  for (const [name, values] of sdk.enums) {
    const theirs = spec.enums.get(name);
    if (!theirs) { enumDiffs.push(`enum ${name} { ${values.map((v) => `${v.name} = ${v.number}`).join('; ')} } not in the spec`); continue; }
    for (const v of values) {
      const s = theirs.find((x) => x.number === v.number);
      if (!s) enumDiffs.push(`${name}.${v.name} = ${v.number} not in the spec`);
      else if (s.name !== v.name) enumDiffs.push(`${name} ${v.number}: ${v.name} (spec ${s.name})`);
    }
  }
  return { newMessages, newFields, changed, specOnly, enumDiffs };
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help || !o.sdk) { console.log('usage: node tools/sdk5x/schema-diff.mjs --sdk PATH [--proto spec/rongcloud.proto] [--out DIR]'); process.exit(o.help ? 0 : 2); }
  const texts = captureSchemas(o.sdk);
  if (!texts.length) throw new Error('the SDK parsed no schema text during init (is this a 5.x build?)');
  const spec = parseProto(fs.readFileSync(o.proto, 'utf8'));
  const lines = [`# Schema of ${path.basename(o.sdk)} against ${path.relative(repo, path.resolve(o.proto))}`, ''];
  texts.forEach((text, n) => {
    const sdk = parseProto(text);
    const d = diff(sdk, spec);
    const fieldsTotal = [...sdk.messages.values()].reduce((a, f) => a + f.length, 0);
    lines.push(`## Schema ${n + 1}: ${sdk.messages.size} messages, ${fieldsTotal} fields, ${sdk.enums.size} enums`, '');
    lines.push(`Messages not in the spec (${d.newMessages.length}):`, '');
    for (const m of d.newMessages) lines.push(`- \`${m.name}\` { ${m.fields.map((f) => `${f.number} ${f.label} ${f.type} ${f.name}`).join('; ')} }`);
    lines.push('', `Fields not in the spec (${d.newFields.length}):`, '');
    for (const f of d.newFields) lines.push(`- \`${f.message}\` ${f.number}: ${f.label} ${f.type} ${f.name}`);
    lines.push('', `Fields that differ (${d.changed.length}):`, '');
    for (const c of d.changed) lines.push(`- \`${c.message}\` ${c.number}: ${c.what}`);
    lines.push('', `Enum values (${d.enumDiffs.length}):`, '');
    for (const e of d.enumDiffs) lines.push(`- ${e}`);
    lines.push('', `Spec fields this build lacks (${d.specOnly.length}; older or newer builds' fields, informational):`, '');
    for (const f of d.specOnly) lines.push(`- \`${f.message}\` ${f.number}: ${f.label} ${f.type} ${f.name}`);
    lines.push('');
    if (o.out) fs.writeFileSync(path.join(o.out, `sdk-schema-${n + 1}.proto`), text);
  });
  const md = lines.join('\n');
  if (o.out) { fs.mkdirSync(o.out, { recursive: true }); fs.writeFileSync(path.join(o.out, 'schema-diff.md'), md); }
  console.log(md);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try { main(); } catch (e) { console.error(`error: ${e.message}`); process.exit(2); }
}
