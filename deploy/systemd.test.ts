/**
 * The systemd unit as systemd reads it: `systemd-analyze verify` prints a
 * line for each setting it cannot parse (and ignores it, so a typo would
 * quietly drop a protection), and nothing for a clean unit; `systemd-analyze
 * security` scores its exposure, which must stay at the score deploy/README.md
 * records or better; its limits stay above what was measured. Machines
 * without systemd-analyze (many containers) skip it, except under
 * REQUIRE_ALL_TESTS=1 (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../service/test-support/fixtures';
import { skipUnless } from '../service/test-support/skip-unless';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const UNIT = fileURLToPath(new URL('./systemd/teratai-wealth.service', import.meta.url));
const PRODUCTION_NODE = '/usr/bin/node';
/** `systemd-analyze security`'s exposure for the unit, as deploy/README.md records it (0 best, 10 worst). */
const RECORDED_EXPOSURE = 1.5;
/** The most the service used under load on a 50,000-enquiry store (scripts/measure-unit-limits.ts, deploy/README.md). */
const MEASURED = { memoryBytes: 710 * 1024 * 1024, tasks: 11 };
/** The room the limits leave above the measurement, at least. */
const HEADROOM = { memory: 1.3, tasks: 4 };

const BYTES_PER_SUFFIX: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** The unit's copy with this machine's Node (verify checks that ExecStart's program exists). */
async function unitHere(): Promise<string> {
  const unit = (await readFile(UNIT, 'utf8')).replace(`ExecStart=${PRODUCTION_NODE} `, `ExecStart=${process.execPath} `);
  expect(unit).toContain(`ExecStart=${process.execPath} `);
  const copy = path.join(temp.dir, path.basename(UNIT));
  await writeFile(copy, unit);
  return copy;
}

/** A setting's one value in the unit. */
function setting(unit: string, name: string): string {
  const values = unit.split('\n').filter((line) => line.startsWith(`${name}=`));
  expect(values, name).toHaveLength(1);
  return values[0]!.slice(name.length + 1);
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(() => temp.remove());

describe('the systemd unit', () => {
  const withSystemdAnalyze = skipUnless(existsSync(SYSTEMD_ANALYZE), `${SYSTEMD_ANALYZE} (Debian package systemd)`);

  withSystemdAnalyze('is read by systemd without a complaint', async () => {
    const { stdout, stderr } = await promisify(execFile)(SYSTEMD_ANALYZE, ['verify', await unitHere()]);
    expect(stdout + stderr).toBe('');
  });

  withSystemdAnalyze(`scores ${RECORDED_EXPOSURE} or better in systemd-analyze security`, async () => {
    const { stdout } = await promisify(execFile)(SYSTEMD_ANALYZE, ['security', '--offline=true', '--no-pager', await unitHere()]);
    const exposure = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(stdout)?.[1]);
    expect(exposure).toBeLessThanOrEqual(RECORDED_EXPOSURE);
    expect(stdout).toMatch(/✓ SystemCallFilter=~@swap/);
  });

  it('filters system calls to a service’s, and caps memory and tasks above what the service was measured to use', async () => {
    const unit = await readFile(UNIT, 'utf8');
    expect(setting(unit, 'SystemCallFilter')).toBe('@system-service');
    const [, amount, suffix = ''] = /^(\d+)([KMG]?)$/.exec(setting(unit, 'MemoryMax'))!;
    expect(Number(amount) * BYTES_PER_SUFFIX[suffix]!).toBeGreaterThanOrEqual(MEASURED.memoryBytes * HEADROOM.memory);
    expect(Number(setting(unit, 'TasksMax'))).toBeGreaterThanOrEqual(MEASURED.tasks * HEADROOM.tasks);
  });
});
