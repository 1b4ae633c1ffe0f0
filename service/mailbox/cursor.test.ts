/** The reader's turn and cursor (cursor.ts) on both stores: one instance reads at a time, and a dead one's turn runs out. */
import { describe, expect, it } from 'vitest';
import { useStoreBackends } from '../test-support/store-backends';
import { endTurn, LEASE_MS, moveCursor, takeTurn } from './cursor';

const KEY = 'firm@imap.example.com:993/INBOX';
const backends = useStoreBackends();

describe.each(backends)('on $name', (backend) => {
  it('gives the turn to one instance until it ends it or its lease runs out, and keeps the cursor across turns', async () => {
    const [first, second] = await backend.openPair();
    const start = new Date('2026-11-29T04:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await takeTurn(first, KEY, 'a', start)).toMatchObject({ holder: 'a', lastUid: 0, uidValidity: null });
    await first.atomically((tx) => moveCursor(tx, KEY, { uidValidity: '7', lastUid: 12, skipped: 1 }, at(1000)));
    expect(await takeTurn(second, KEY, 'b', at(60_000))).toBeNull();
    // a renews its turn; b still waits.
    expect(await takeTurn(first, KEY, 'a', at(120_000))).toMatchObject({ holder: 'a', lastUid: 12 });
    expect(await takeTurn(second, KEY, 'b', at(120_000 + LEASE_MS - 1))).toBeNull();
    // a died without ending its turn: b takes it once it runs out, where a got to.
    expect(await takeTurn(second, KEY, 'b', at(120_000 + LEASE_MS + 1))).toMatchObject({
      holder: 'b',
      uidValidity: '7',
      lastUid: 12,
      skipped: 1,
    });
    await endTurn(second, KEY, 'b');
    expect(await takeTurn(first, KEY, 'a', at(120_000 + LEASE_MS + 2))).toMatchObject({ holder: 'a' });
  });

  it('never moves the cursor back within a folder, and starts again in a folder with a new UIDVALIDITY', async () => {
    const [store] = await backend.openPair();
    await store.atomically((tx) => moveCursor(tx, KEY, { uidValidity: '7', lastUid: 12 }));
    await store.atomically((tx) => moveCursor(tx, KEY, { uidValidity: '7', lastUid: 5 }));
    expect(await store.get('mailboxCursors', KEY)).toMatchObject({ uidValidity: '7', lastUid: 12 });
    await store.atomically((tx) => moveCursor(tx, KEY, { uidValidity: '9', lastUid: 3 }));
    expect(await store.get('mailboxCursors', KEY)).toMatchObject({ uidValidity: '9', lastUid: 3 });
  });
});
