/**
 * The one way a test may depend on the machine (a program installed, root):
 * `skipUnless(available, reason)('title', fn)`. Where the part is missing the
 * test is skipped, so that a developer's machine still runs the rest; with REQUIRE_ALL_TESTS=1 (`.ci/run` sets it)
 * a missing part fails the file instead, so that CI's skipped count is 0 and
 * a new skip cannot pass unnoticed.
 */
import { it } from 'vitest';

export const REQUIRE_ALL_TESTS = 'REQUIRE_ALL_TESTS';

/** Vitest's `it` where `available`, else `it.skip`; under REQUIRE_ALL_TESTS=1 the missing part is an error, naming `reason`. */
export function skipUnless(available: boolean, reason: string): typeof it.skip {
  if (available) return it;
  if (process.env[REQUIRE_ALL_TESTS] === '1') {
    throw new Error(`${REQUIRE_ALL_TESTS}=1 and a test cannot run here: ${reason}. Install what it needs (see .ci/run).`);
  }
  return it.skip;
}
