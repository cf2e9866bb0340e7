/** What `npm test` does first on a machine without Chromium. Run: node --test scripts/*.test.mjs */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureChromium, ensureStressNg, INSTALL_COMMAND, STRESS_INSTALL_COMMAND } from './machine-tools.mjs';

function machine({ files = [], isRoot = false, env = {}, installs = true } = {}) {
  const present = new Set(files);
  const runs = [];
  const said = { log: [], error: [] };
  const io = {
    env,
    isRoot,
    executable: (file) => present.has(file),
    run: (command, args) => {
      runs.push([command, ...args].join(' '));
      if (installs && args.includes('install')) present.add(env.CHROMIUM_PATH || `/usr/bin/${args.at(-1)}`);
      return installs ? 0 : 100;
    },
    log: (line) => said.log.push(line),
    error: (line) => said.error.push(line),
  };
  return { io, runs, said };
}

test('uses the system Chromium when it is there, installing nothing', () => {
  const { io, runs } = machine({ files: ['/usr/bin/chromium', '/usr/bin/apt-get'], isRoot: true });
  assert.equal(ensureChromium(io), '/usr/bin/chromium');
  assert.deepEqual(runs, []);
});

test('as root on Debian, installs Debian’s chromium and goes on', () => {
  const { io, runs, said } = machine({ files: ['/usr/bin/apt-get'], isRoot: true });
  assert.equal(ensureChromium(io), '/usr/bin/chromium');
  assert.deepEqual(runs, ['apt-get update', 'apt-get install -y --no-install-recommends chromium']);
  assert.match(said.log[0], /installing it from Debian packages/);
});

test('without root, stops with the one command that fixes it', () => {
  const { io, runs, said } = machine({ files: ['/usr/bin/apt-get'] });
  assert.equal(ensureChromium(io), null);
  assert.deepEqual(runs, []);
  assert.ok(said.error[0].includes(INSTALL_COMMAND));
});

test('a failed install says so, with the command', () => {
  const { io, said } = machine({ files: ['/usr/bin/apt-get'], isRoot: true, installs: false });
  assert.equal(ensureChromium(io), null);
  assert.match(said.error[0], /Installing Chromium failed/);
});

test('a CHROMIUM_PATH that is not there is named, never silently replaced', () => {
  const { io, runs, said } = machine({ files: ['/usr/bin/chromium', '/usr/bin/apt-get'], isRoot: true, env: { CHROMIUM_PATH: '/opt/none/chrome' } });
  assert.equal(ensureChromium(io), null);
  assert.deepEqual(runs, []);
  assert.match(said.error[0], /CHROMIUM_PATH is \/opt\/none\/chrome/);
});

test('the busy run uses the system stress-ng, or installs Debian’s as root', () => {
  const present = machine({ files: ['/usr/bin/stress-ng', '/usr/bin/apt-get'], isRoot: true });
  assert.equal(ensureStressNg(present.io), '/usr/bin/stress-ng');
  assert.deepEqual(present.runs, []);
  const missing = machine({ files: ['/usr/bin/apt-get'], isRoot: true });
  assert.equal(ensureStressNg(missing.io), '/usr/bin/stress-ng');
  assert.deepEqual(missing.runs, ['apt-get update', 'apt-get install -y --no-install-recommends stress-ng']);
});

test('the busy run without root or with a failed install stops with the command that fixes it', () => {
  const user = machine({ files: ['/usr/bin/apt-get'] });
  assert.equal(ensureStressNg(user.io), null);
  assert.deepEqual(user.runs, []);
  assert.ok(user.said.error[0].includes(STRESS_INSTALL_COMMAND));
  const failing = machine({ files: ['/usr/bin/apt-get'], isRoot: true, installs: false });
  assert.equal(ensureStressNg(failing.io), null);
  assert.match(failing.said.error[0], /Installing stress-ng failed/);
});
