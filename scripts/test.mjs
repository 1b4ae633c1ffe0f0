/**
 * `npm test`: the checks and the builds side by side, then Vitest, then
 * Playwright on what was built.
 *
 * Type checking, ESLint, Prettier's check and the builds do not depend on one
 * another, and most of them keep one core busy at most, so on two cores they
 * finish sooner together than one after another. Each one's output is printed
 * whole when it ends, never interleaved; when one fails, the rest still finish
 * (so one run names every problem) and nothing after them runs.
 *
 * The builds are the production site (dist/, for Playwright's main server)
 * and the development site (build/dist-development/, where React reports
 * hydration mismatches), one after the other: the second copies the icons the
 * first makes. Either is skipped when it is newer than every source of the
 * site (the rule `npm start` uses), which never happens on CI's fresh clone.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEV_BUILD_DIR, root, siteBuildStaleness } from './site-staleness.mjs';

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command with its output kept; resolves with its exit code and output. */
function quietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A command that cannot start (npm missing) fails its step rather than hanging the run.
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs a command with its output shown as it comes; resolves with its exit code. */
function loudly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      process.stderr.write(`${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A step of the first phase: its commands one after another, stopping at the first that fails; prints its output when done. */
async function step(name, commands) {
  const started = performance.now();
  let output = '';
  for (const { command, args, upToDate } of commands) {
    if (upToDate?.()) {
      output += `(${args.at(-1)} skipped: newer than every source of the site)\n`;
      continue;
    }
    const result = await quietly(command, args);
    output += result.output;
    if (result.code !== 0) {
      process.stdout.write(`\n✘ ${name} failed (${seconds(started)}):\n${output}\n`);
      return false;
    }
  }
  process.stdout.write(`\n✔ ${name} (${seconds(started)})\n${output}`);
  return true;
}

const npmRun = (script) => ({ command: 'npm', args: ['run', '--silent', script] });

/** Asked when the build's turn comes: the production build makes the icons, which the development build copies. */
const upToDate = (dir) => () => siteBuildStaleness(dir) === null;

const started = performance.now();
const checks = await Promise.all([
  step('npm run typecheck', [npmRun('typecheck')]),
  step('npm run lint', [npmRun('lint')]),
  step('npm run format:check', [npmRun('format:check')]),
  step('npm run build, then the development build', [
    { ...npmRun('build'), upToDate: upToDate(path.join(root, 'dist')) },
    { ...npmRun('build:development'), upToDate: upToDate(DEV_BUILD_DIR) },
  ]),
]);
process.stdout.write(`\nChecks and builds: ${seconds(started)}\n\n`);
if (checks.includes(false)) process.exit(1);

const unit = await loudly('npm', ['run', '--silent', 'test:unit']);
if (unit !== 0) process.exit(unit);

// Playwright serves both builds made above; it makes the development one only when it is missing or stale.
process.exit(await loudly('npm', ['run', '--silent', 'test:e2e']));
