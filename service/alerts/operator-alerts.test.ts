/**
 * raiseOperatorNotice, the rule every notice raised on a request's way
 * follows (the held queue's, the daily ceiling's, the guessing notice): a
 * notice queued is logged once as a warning, and a store that cannot queue
 * it is logged as an error and never fails the request. On both stores.
 */
import { describe, expect, it } from 'vitest';
import type { LogFields } from '../log';
import { useStoreBackends } from '../test-support/store-backends';
import { raiseOperatorNotice } from './operator-alerts';

const backends = useStoreBackends();
const alertChannels = ['email', 'webhook'] as const;
const alert = { key: 'held-80pct-2026-11-29T04', event: 'held.nearly-full', subject: 'Nearly full', text: 'Held: 800.\n' };
const logged = {
  queued: { msg: 'the held queue is nearly full' },
  failed: { msg: 'the notice could not be queued', notice: 'held-80pct' },
};

describe.each(backends)('raiseOperatorNotice on the $name store', (backend) => {
  it('queues a notice once per key, on every channel, and logs a warning only for the call that queued it', async () => {
    const [a, b] = await backend.openPair();
    const lines: LogFields[] = [];
    const log = (fields: LogFields) => lines.push(fields);
    expect(await raiseOperatorNotice({ store: a, alertChannels, log }, alert, logged)).toBe(true);
    expect(await raiseOperatorNotice({ store: b, alertChannels, log }, alert, logged)).toBe(true);
    expect(lines).toEqual([{ level: 'warn', msg: 'the held queue is nearly full' }]);
    expect((await a.find('operatorAlerts', { key: alert.key })).map((queued) => queued.channel).sort()).toEqual(['email', 'webhook']);
  });

  it('logs a store that cannot queue as an error, with what failed, and resolves false instead of throwing', async () => {
    const data = await backend.fresh();
    const store = await data.open();
    await data.close(store);
    const lines: LogFields[] = [];
    const raised = raiseOperatorNotice({ store, alertChannels, log: (fields) => lines.push(fields) }, alert, logged);
    await expect(raised).resolves.toBe(false);
    expect(lines).toEqual([{ level: 'error', msg: 'the notice could not be queued', notice: 'held-80pct', error: expect.any(String) }]);
  });
});
