/**
 * Waits for a condition the code under test makes true in its own time (a
 * mail received, a record written): looks every 50 ms and resolves with the
 * first value that is not undefined, null or false; fails naming `what`
 * after `timeoutMs`.
 */
export async function until<T>(
  look: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
