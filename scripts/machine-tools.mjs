/**
 * First step of `npm test`: makes sure the machine has what the browser tests run on.
 * Chromium comes from the system (CHROMIUM_PATH, else /usr/bin/chromium); when it is
 * missing and we are root on Debian, it is installed from Debian's packages; otherwise the
 * run stops with the one command that fixes it. No browser is ever downloaded by a test
 * runner. (ffmpeg needs nothing here: the server takes the system's, else the one its npm
 * package ships; see server/src/media/ffmpeg.ts.)
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Decides and does what the machine needs. Everything it touches comes in `io`, so the
 * decision is tested without a package manager. Returns the Chromium path, or null when
 * the tests cannot run (after saying why).
 */
export function ensureChromium(io) {
  const wanted = io.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (io.executable(wanted)) return wanted;
  if (io.env.CHROMIUM_PATH) {
    io.error(`CHROMIUM_PATH is ${io.env.CHROMIUM_PATH}, which is not an executable file. Point it at Chromium, or unset it and run: ${INSTALL_COMMAND}`);
    return null;
  }
  if (aptInstall(io, 'chromium', 'Browser tests need Chromium') && io.executable(wanted)) return wanted;
  if (canApt(io)) io.error(`Installing Chromium failed. Install it yourself with: ${INSTALL_COMMAND}`);
  else io.error(`Browser tests need Chromium, and it is not installed. Run: ${INSTALL_COMMAND}\n(or set CHROMIUM_PATH to a Chromium binary), then npm test again.`);
  return null;
}

export const STRESS_INSTALL_COMMAND = 'sudo apt-get install -y stress-ng';
export const STRESS_NG = '/usr/bin/stress-ng';

/** `npm run test:busy`'s load: Debian's stress-ng, installed as Chromium is. Returns its path, or null after saying why. */
export function ensureStressNg(io) {
  if (io.executable(STRESS_NG)) return STRESS_NG;
  if (aptInstall(io, 'stress-ng', 'The busy run keeps the cores busy with stress-ng') && io.executable(STRESS_NG)) return STRESS_NG;
  io.error(canApt(io) ? `Installing stress-ng failed. Install it yourself with: ${STRESS_INSTALL_COMMAND}` : `The busy run needs stress-ng. Run: ${STRESS_INSTALL_COMMAND}, then npm run test:busy again.`);
  return null;
}

const canApt = (io) => io.isRoot && io.executable('/usr/bin/apt-get');

/** Installs one Debian package when we are root on Debian; true when apt-get said it did. */
function aptInstall(io, name, why) {
  if (!canApt(io)) return false;
  io.log(`${why}: installing it from Debian packages (apt-get install -y ${name})…`);
  const env = { ...io.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The package lists may be stale or absent on a fresh machine.
  io.run('apt-get', ['update'], env);
  return io.run('apt-get', ['install', '-y', '--no-install-recommends', name], env) === 0;
}

/** The real machine, for the command-line entry points. */
export const machineIo = () => ({
  env: process.env,
  isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
  executable,
  run: (command, args, env) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = ensureChromium(machineIo());
  process.exit(found ? 0 : 1);
}
