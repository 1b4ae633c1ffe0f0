/**
 * The systemd unit as systemd reads it: `systemd-analyze verify` prints a
 * line for each setting it cannot parse (and ignores it, so a typo would
 * quietly drop a protection), and nothing for a clean unit. Machines without
 * systemd (many containers) skip it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../service/test-support/fixtures';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const UNIT = fileURLToPath(new URL('./systemd/teratai-wealth.service', import.meta.url));
const PRODUCTION_NODE = '/usr/bin/node';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(() => temp.remove());

describe('the systemd unit', () => {
  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('is read by systemd without a complaint', async () => {
    // verify also checks that ExecStart's program exists: this machine's Node may live elsewhere.
    const unit = (await readFile(UNIT, 'utf8')).replace(`ExecStart=${PRODUCTION_NODE} `, `ExecStart=${process.execPath} `);
    expect(unit).toContain(`ExecStart=${process.execPath} `);
    const copy = path.join(temp.dir, path.basename(UNIT));
    await writeFile(copy, unit);
    const { stdout, stderr } = await promisify(execFile)(SYSTEMD_ANALYZE, ['verify', copy]);
    expect(stdout + stderr).toBe('');
  });
});
