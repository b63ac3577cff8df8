#!/usr/bin/env node
// Runs RongCloud's Web SDK 5.x (a fetched copy, unmodified) against `rongwire peer` and reports
// which IM API calls agree: tools/sdk5x/README.md says how to fetch the SDK and what each check
// means. Usage:
//   node tools/sdk5x/run.mjs --sdk PATH [--rongwire PATH | --url ws://…] [--out DIR]
//        [--fixture FILE] [--shim-navigation] [--slow] [--only REGEX] [--suites a,b]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckContext, Disagreement, NotApplicable, NotSupported, Recorder, SdkUser, short } from './harness.mjs';
import { NavigationShim, Peer } from './peer.mjs';
import { suites } from './checks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

// Navigation switches a suite may need, and how the harness asks the peer for them: the
// fixture's `app.navigation` mapping (spec/peer.md PEER-NAVI-003: `app: {navigation: {openAnti:
// 1, ugMsg: 1, grpRRVer: 1}}`, each 0 or 1 as navigation carries it). The peer's /navi.js then
// answers the switch; `rongwire peer --open-anti` (--peer-arg) turns openAnti on for every suite.
const FEATURES = {
  openAnti: { value: 1, why: 'protocol version 4 (CONNACK with flags)' },
  ugMsg: { value: 1, why: 'ultra groups' },
  grpRRVer: { value: 1, why: 'group read receipts v2' },
};

function parseArgs(argv) {
  const o = { peerArgs: [], sdkLog: 3, out: path.join(os.tmpdir(), 'sdk5x-out'), shim: false, slow: false, only: null, suites: null, appKey: 'rongwire-demo', checkTimeout: 45000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => { if (i + 1 >= argv.length) throw new Error(`${a} needs a value`); return argv[++i]; };
    switch (a) {
      case '--sdk': o.sdk = path.resolve(v()); break;
      case '--rongwire': o.rongwire = path.resolve(v()); break;
      case '--url': o.url = v(); break;
      case '--out': o.out = v(); break;
      case '--fixture': o.fixture = path.resolve(v()); break;
      case '--app-key': o.appKey = v(); break;
      case '--shim-navigation': o.shim = true; break;
      case '--slow': o.slow = true; break;
      case '--interpose': o.interpose = path.resolve(v()); break;
      case '--peer-arg': o.peerArgs.push(v()); break;
      case '--only': o.only = new RegExp(v()); break;
      case '--suites': o.suites = v().split(','); break;
      case '--sdk-log': o.sdkLog = { error: 1, warn: 2, info: 3, debug: 4 }[v()] ?? 3; break;
      case '--check-timeout': o.checkTimeout = Number(v()) * 1000; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown argument ${a} (see --help)`);
    }
  }
  return o;
}

const HELP = `usage: node tools/sdk5x/run.mjs --sdk PATH [options]
  --sdk PATH           RongIMLib-5.7.2.prod.js, or @rongcloud/imlib-next/dist/index.js (5.2.1)
  --rongwire PATH      the rongwire binary (default: .build/debug/rongwire, then PATH)
  --url WS_URL         use a running peer (ws://127.0.0.1:PORT/websocket) instead of starting one
  --fixture FILE       peer fixture (default: tools/peer/fixture.yaml)
  --peer-arg ARG       one more argument for the rongwire peer the script starts (repeatable),
                       e.g. an option that turns on a navigation switch for every suite
  --out DIR            report.md, report.json, frames.jsonl, logs/ (default: $TMPDIR/sdk5x-out)
  --shim-navigation    add the navigation switches a suite needs (openAnti, ugMsg, grpRRVer)
                       in a navigation proxy when the peer's own navigation lacks them
  --slow               include slow checks (connect.ping idles 47 s)
  --only REGEX         run the checks whose id matches
  --suites a,b         run these suites (${suites.map((s) => s.id).join(', ')})
  --check-timeout S    seconds one check may take (default 45)
  --sdk-log LEVEL      the SDK's own console output in logs/: error, warn, info (default), debug
  --interpose MODULE   experiments: a module whose default export (({user, log}) => interposer)
                       answers or rewrites frames inside each SDK process (see README)`;

function findRongwire() {
  for (const c of [path.join(repo, '.build/debug/rongwire'), path.join(repo, '.build/release/rongwire')]) {
    if (fs.existsSync(c)) return c;
  }
  try { return execFileSync('sh', ['-c', 'command -v rongwire'], { encoding: 'utf8' }).trim() || null; } catch { return null; }
}

/** The fixture with navigation switches added as `app.navigation` (PEER-NAVI-003). */
function fixtureWith(base, switches) {
  if (!Object.keys(switches).length) return base;
  const lines = [`  navigation:`, ...Object.entries(switches).map(([k, v]) => `    ${k}: ${v}`)];
  if (/^app:\s*$/m.test(base)) return base.replace(/^app:\s*$/m, `app:\n${lines.join('\n')}`);
  return `app:\n${lines.join('\n')}\n${base}`;
}

const nodeArgs = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket', '--no-warnings'] : [];

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help || !o.sdk) { console.log(HELP); process.exit(o.help ? 0 : 2); }
  if (!fs.existsSync(o.sdk)) throw new Error(`no SDK at ${o.sdk}: fetch it first (tools/sdk5x/README.md)`);
  o.rongwire ??= findRongwire();
  if (!o.url && !o.rongwire) throw new Error('no rongwire binary: swift build --product rongwire, or --rongwire PATH');
  o.fixture ??= path.join(repo, 'tools/peer/fixture.yaml');
  fs.mkdirSync(path.join(o.out, 'logs'), { recursive: true });
  const baseFixture = fs.readFileSync(o.fixture, 'utf8');

  const recorder = new Recorder(path.join(o.out, 'frames.jsonl'), path.join(o.out, 'events.jsonl'));
  const peer = new Peer({ rongwire: o.rongwire, url: o.url, fixturePath: o.fixture });
  await peer.start(o.peerArgs);
  const shim = new NavigationShim(peer);
  await shim.start();
  const sdkVersion = await probeVersion(o.sdk);
  console.log(`SDK ${sdkVersion} (${o.sdk})\npeer ${peer.wsURL}${o.url ? '' : ` (${o.rongwire})`}${o.interpose ? `\ninterposer ${o.interpose} (an experiment: results are not the peer's alone)` : ''}\n`);

  const results = [];
  const suiteNotes = [];
  try {
    for (const s of suites) {
      if (o.suites && !o.suites.includes(s.id)) continue;
      const checks = s.checks.filter((c) => !o.only || o.only.test(c.id));
      if (!checks.length) continue;
      recorder.suite = s.id;
      recorder.check = '(setup)';
      const setup = await prepareSuite(s, { peer, shim, baseFixture, o });
      suiteNotes.push({ suite: s.id, note: setup.note });
      console.log(`== ${s.id}: ${s.title}${setup.note ? ` [${setup.note}]` : ''}`);
      if (setup.unsupported) {
        for (const c of checks) results.push(record(s, c, 'not supported by peer', setup.unsupported));
        continue;
      }
      const users = {};
      const extra = [];
      const shared = { connectResults: {}, disconnectsAtStart: {} };
      const spawn = async (name, token, { connect = true } = {}) => {
        const u = new SdkUser({ name, token, sdkPath: o.sdk, recorder, logDir: path.join(o.out, 'logs'), nodeArgs, interpose: o.interpose });
        await u.start();
        const init = await u.run((R, c, a) => {
          // 5.7.2 reads logOutputLevel on its LogL scale (1 error … 4 debug); 5.2.1 reads logLevel (0 debug … 3 error).
          R.init({ appkey: a.appKey, navigators: [a.navigator], logOutputLevel: a.logLevel, logLevel: R.LogL ? undefined : 4 - a.logLevel });
          return true;
        }, { appKey: o.appKey, navigator: setup.navigator, logLevel: o.sdkLog });
        if (!init) throw new Error('init failed');
        await u.listen();
        if (connect) {
          try { u.connectResult = await u.run((R, c, a) => R.connect(a), token, 25000); } catch (e) { u.connectResult = { error: e.message }; }
        }
        return u;
      };
      try {
        for (const name of s.users) {
          const u = await spawn(name, `${name}-token`);
          users[name] = u;
          shared.connectResults[name] = u.connectResult;
        }
        for (const [n, u] of Object.entries(users)) shared.disconnectsAtStart[n] = u.events.filter((e) => ['DISCONNECT', 'SUSPEND', 'CONNECTING'].includes(e.name)).length;
        const notConnected = Object.values(users).filter((u) => u.connectResult?.code !== 0);
        for (const c of checks) {
          recorder.check = c.id;
          for (const u of Object.values(users)) u.mark = u.events.length;
          const t = new CheckContext({ users, peer, recorder, sdkVersion, shared });
          t.slow = o.slow;
          t.spawnUser = async (name, token, opts) => { const u = await spawn(name, token, opts); extra.push(u); return u; };
          t.skip = (why) => { throw new NotApplicable(why); };
          let status; let detail = '';
          const seq = recorder.seq;
          try {
            if (notConnected.length && !c.id.startsWith('connect.') && !c.id.startsWith('v4.')) {
              throw new Disagreement(`not connected: ${notConnected.map((u) => `${u.name} ${short(u.connectResult, 120)}`).join('; ')}`);
            }
            await withTimeout(c.run(t), c.slow ? 90000 : o.checkTimeout);
            status = 'agree';
          } catch (e) {
            if (e instanceof NotApplicable) status = 'n/a';
            else if (e instanceof NotSupported) status = 'not supported by peer';
            else if (e instanceof Disagreement) status = 'disagree';
            else { status = 'disagree'; detail = `harness error: `; }
            detail += e.message;
          }
          const wire = [...new Set(Object.values(users).concat(extra).flatMap((u) => t.wireSummary(u, seq)))].filter((x) => !/→0$/.test(x));
          const parts = [detail, ...t.details];
          if (status !== 'agree' && wire.length) parts.push(`wire: ${wire.slice(0, 8).join(' ')}`);
          if (setup.shimmed && status !== 'n/a') parts.push(`navigation shimmed: ${setup.shimmed}`);
          results.push(record(s, c, status, parts.filter(Boolean).join('; ')));
        }
      } finally {
        recorder.check = '(teardown)';
        // The peer's own account of the suite (its log lines, counters) before the next reset.
        const state = await peer.state().catch(() => null);
        if (state) fs.writeFileSync(path.join(o.out, 'logs', `peer-state-${s.id}.json`), JSON.stringify(state, null, 1));
        await Promise.all([...Object.values(users), ...extra].map((u) => u.stop().catch(() => {})));
        const blocked = [...Object.values(users), ...extra].flatMap((u) => u.blocked);
        if (blocked.length) console.log(`   (blocked requests to the outside: ${[...new Set(blocked)].join(', ')})`);
      }
    }
  } finally {
    recorder.close();
    await shim.stop();
    fs.writeFileSync(path.join(o.out, 'logs', 'peer-output.log'), `${peer.stdout ?? ''}${peer.stderr}`);
    await peer.stop();
  }
  writeReport(o, sdkVersion, results, suiteNotes);
}

function record(s, c, status, detail) {
  const line = `${status === 'agree' ? 'ok  ' : status === 'n/a' ? 'n/a ' : status === 'disagree' ? 'FAIL' : 'NS  '} ${c.id}${detail ? `: ${short(detail, 220)}` : ''}`;
  console.log(`   ${line}`);
  return { suite: s.id, check: c.id, topics: c.topics, result: status, detail };
}

async function withTimeout(promise, ms) {
  let timer;
  try {
    return await Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Disagreement(`check timed out after ${ms / 1000} s`)), ms); })]);
  } finally { clearTimeout(timer); }
}

/** Resets the peer for a suite and settles its navigation: the peer's own, shimmed, or unsupported. */
async function prepareSuite(s, { peer, shim, baseFixture, o }) {
  const want = Object.fromEntries(s.needs.map((n) => [n, FEATURES[n].value]));
  const reset = await peer.reset(baseFixture);
  if (!reset.ok) throw new Error(`the peer refused the fixture (${reset.status}): ${reset.text}`);
  let navi = (await peer.navigation(o.appKey, 'alice-token')).value ?? {};
  const missing = () => Object.keys(want).filter((k) => navi[k] !== want[k]);
  const refusals = [];
  if (missing().length) {
    const r = await peer.reset(fixtureWith(baseFixture, want));
    if (!r.ok) {
      const key = r.text.match(/unknown key `([^`]+)`/)?.[1];
      refusals.push(`app.navigation.${Object.keys(want).join('/')} (${key ? `unknown key ${key}` : short(r.text.trim(), 80)})`);
    } else {
      navi = (await peer.navigation(o.appKey, 'alice-token')).value ?? {};
    }
    if (missing().length) {
      const ok = await peer.reset(baseFixture);
      if (!ok.ok) throw new Error('the peer refused its fixture back');
    }
  }
  const still = missing();
  if (!still.length) return { navigator: peer.navigatorURL, note: s.needs.length ? `peer navigation has ${s.needs.join(', ')}` : '' };
  const why = `the peer's navigation has no ${still.map((k) => `${k}: ${want[k]}`).join(', ')} (${still.map((k) => FEATURES[k].why).join('; ')})`;
  if (!o.shim) return { unsupported: `${why}; fixture refused ${refusals.join(', ') || 'nothing'}${o.peerArgs.length ? `; peer started with ${o.peerArgs.join(' ')}` : ''}`, note: 'not supported by peer' };
  shim.overrides = Object.fromEntries(still.map((k) => [k, want[k]]));
  return { navigator: shim.url, shimmed: still.map((k) => `${k}=${want[k]}`).join(','), note: `navigation shimmed: ${still.join(', ')}` };
}

async function probeVersion(sdk) {
  const text = fs.readFileSync(sdk, 'utf8');
  const m = text.match(/"5\.\d+\.\d+"/g) ?? [];
  const pkg = path.join(path.dirname(sdk), '..', 'package.json');
  if (fs.existsSync(pkg)) { try { const p = JSON.parse(fs.readFileSync(pkg, 'utf8')); return `${p.name} ${p.version}`; } catch { /* fall through */ } }
  const named = path.basename(sdk).match(/(\d+\.\d+\.\d+)/);
  return named ? `RongIMLib ${named[1]}` : (m[0] ?? 'unknown');
}

function writeReport(o, sdkVersion, results, suiteNotes) {
  const counted = results.filter((r) => r.result !== 'n/a');
  const agree = counted.filter((r) => r.result === 'agree').length;
  const ns = counted.filter((r) => r.result === 'not supported by peer').length;
  const dis = counted.filter((r) => r.result === 'disagree').length;
  const na = results.length - counted.length;
  const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const summary = `${agree} of ${counted.length} checks agree (${dis} disagree, ${ns} not supported by peer${na ? `, ${na} n/a not counted` : ''})`;
  const md = [
    `# ${sdkVersion} against rongwire peer`, '',
    `Run ${new Date().toISOString()}; suites: ${suiteNotes.map((n) => `${n.suite}${n.note ? ` (${n.note})` : ''}`).join(', ')}.`, '',
    '| check | topic(s) | result | detail |', '|---|---|---|---|',
    ...results.map((r) => `| ${r.check} | ${esc(r.topics)} | ${r.result} | ${esc(short(r.detail ?? '', 400))} |`),
    '', summary, '',
  ].join('\n');
  fs.writeFileSync(path.join(o.out, 'report.md'), md);
  fs.writeFileSync(path.join(o.out, 'report.json'), JSON.stringify({ sdk: sdkVersion, summary, suites: suiteNotes, results }, null, 2));
  console.log(`\n${summary}\nreport: ${path.join(o.out, 'report.md')}; frames: ${path.join(o.out, 'frames.jsonl')}`);
}

main().catch((e) => { console.error(`error: ${e.stack ?? e.message}`); process.exit(2); });
