import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { enquiryRecord } from '../test-support/fixtures';
import { journalLineProblem, recordProblem, snapshotRecordProblem } from './record-checks';
import { alertRecordSchema, journalLineSchema, recordSchemas, shortSentAlertSchema, type CollectionName } from './schema';
import { snapshotAlert } from './sent-alerts';

const enquiry = { ...enquiryRecord(1), locale: 'ms' };
const pending = newAlert(enquiry, 'email');
const sent = afterAttempt(pending, { kind: 'sent', response: '250 OK' }, new Date('2025-01-01T00:00:01Z'), DEFAULT_RETRY_POLICY);
const retrying = afterAttempt(pending, { kind: 'temporary', error: '421 busy' }, new Date('2025-01-01T00:00:01Z'), DEFAULT_RETRY_POLICY);
const failed = afterAttempt(pending, { kind: 'permanent', error: '550 no such user' }, new Date(), DEFAULT_RETRY_POLICY);

const valid: Record<Exclude<CollectionName, 'users'>, Record<string, unknown>[]> = {
  enquiries: [enquiry, enquiryRecord(2), { ...enquiryRecord(3), idempotencyKey: null, message: '' }],
  spam: [{ ...enquiryRecord(4), website: 'https://cheap-pills.example' }, { ...enquiry, website: '' }],
  alerts: [pending, sent, retrying, failed, { ...pending, channel: 'webhook' }],
};

/** Values a field may hold in a file of another shape, right or wrong for it. */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  '',
  'text',
  0,
  -0,
  1.5,
  -1,
  2 ** 53,
  Number.NaN,
  true,
  [],
  {},
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0b6f6c0e-2f9a-4a53-9d55-8d4f0c1d2b7e',
  '0B6F6C0E-2F9A-4A53-9D55-8D4F0C1D2B7E',
  '0b6f6c0e-2f9a-9a53-9d55-8d4f0c1d2b7e', // version 9
  '0b6f6c0e-2f9a-0a53-9d55-8d4f0c1d2b7e', // version 0
  '0b6f6c0e-2f9a-4a53-Ad55-8d4f0c1d2b7e',
  '0b6f6c0e-2f9a-4a53-cd55-8d4f0c1d2b7e', // variant c
  '0b6f6c0e-2f9a-4a53-9d55-8d4f0c1d2b7g',
  '0b6f6c0e-2f9a-4a53-9d55-8d4f0c1d2b7é',
  '0b6f6c0e-2f9a-4a53-9d55_8d4f0c1d2b7e',
  ' 0b6f6c0e-2f9a-4a53-9d55-8d4f0c1d2b7e',
  '0b6f6c0e2f9a4a539d558d4f0c1d2b7e',
  '2025-06-02T09:14:03.118Z',
  '2025-06-02T09:14:03Z',
  '2024-02-29T00:00:00.000Z',
  '2025-02-29T00:00:00.000Z',
  '2025-06-02T24:00:00.000Z',
  '2025-06-02T09:14:03.118+08:00',
  '2025-06-02',
  'a'.repeat(64),
  'A'.repeat(64),
  'a'.repeat(63),
  `${'a'.repeat(63)}g`,
  `${'a'.repeat(63)}é`,
  'en',
  'zh',
  'fr',
  'email',
  'webhook',
  'sms',
  'pending',
  'sent',
  'failed',
  'scrypt$16384$8$5$salt$hash',
];

/** Each record with each field set to each candidate, removed, and an unknown field added. */
function* variants(record: Record<string, unknown>): Generator<unknown> {
  yield record;
  for (const key of Object.keys(record)) {
    for (const value of CANDIDATES) yield { ...record, [key]: value };
    const { [key]: _removed, ...without } = record;
    yield without;
  }
  yield { ...record, extra: 'x' };
  yield JSON.parse(JSON.stringify(record).replace('{', '{"__proto__":{"admin":true},'));
  yield [record];
  yield* CANDIDATES;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recordProblem', () => {
  it('says what zod says of every record, right or wrong', () => {
    for (const collection of ['enquiries', 'spam', 'users', 'alerts'] as const) {
      const records = [...Object.values(valid).flat(), { id: enquiry.id, username: 'operator', passwordHash: 'scrypt$x', createdAt: enquiry.createdAt }];
      for (const record of records) {
        for (const variant of variants(record)) {
          const problem = recordProblem(collection, variant);
          const checked = recordSchemas[collection].safeParse(variant);
          expect(problem === null, JSON.stringify(variant)).toBe(checked.success);
          if (problem) expect(problem.issues).toEqual(checked.error!.issues);
        }
      }
    }
  });

  it('leaves zod out for the records the service writes', () => {
    for (const [collection, records] of Object.entries(valid) as [keyof typeof valid, Record<string, unknown>[]][]) {
      const zod = vi.spyOn(recordSchemas[collection], 'safeParse');
      for (const record of records) expect(recordProblem(collection, JSON.parse(JSON.stringify(record)))).toBeNull();
      expect(zod).not.toHaveBeenCalled();
    }
  });
});

describe('snapshotRecordProblem', () => {
  const short = snapshotAlert(sent);

  it('takes an alert whole or a sent one in short, and says what zod says of the form it looks like', () => {
    expect(Object.keys(short)).toHaveLength(7);
    for (const record of [short, ...valid.alerts]) {
      for (const variant of variants(record)) {
        const problem = snapshotRecordProblem('alerts', variant);
        const whole = alertRecordSchema.safeParse(variant);
        const inShort = shortSentAlertSchema.safeParse(variant);
        expect(problem === null, JSON.stringify(variant)).toBe(whole.success || inShort.success);
        const looksShort = typeof variant === 'object' && variant !== null && !('lastAttemptAt' in variant) && (variant as { status?: unknown }).status === 'sent';
        if (problem) expect(problem.issues).toEqual((looksShort ? inShort : whole).error!.issues);
      }
    }
  });

  it('leaves zod out for a sent alert in short, and is recordProblem for the other collections', () => {
    const zod = vi.spyOn(shortSentAlertSchema, 'safeParse');
    expect(snapshotRecordProblem('alerts', JSON.parse(JSON.stringify(short)))).toBeNull();
    expect(zod).not.toHaveBeenCalled();
    expect(snapshotRecordProblem('enquiries', short)).toEqual(recordProblem('enquiries', short));
  });
});

describe('journalLineProblem', () => {
  const add = (collection: string, record: unknown) => ({ op: 'add', collection, record });
  const lines: unknown[] = [
    add('enquiries', enquiry),
    add('spam', valid.spam[0]),
    add('alerts', pending),
    { op: 'put', collection: 'alerts', record: sent },
    { op: 'batch', entries: [add('enquiries', enquiry), add('alerts', pending)] },
    add('users', { id: enquiry.id, username: 'operator', passwordHash: 'scrypt$x', createdAt: enquiry.createdAt }),
  ];

  it('says what zod says of every line, right or wrong', () => {
    const wrong: unknown[] = [
      { op: 'put', collection: 'enquiries', record: enquiry },
      { op: 'add', collection: 'alerts', record: enquiry },
      { op: 'add', collection: 'toString', record: enquiry },
      { op: 'add', collection: 'enquiries', record: enquiry, extra: 1 },
      { op: 'add', collection: 'enquiries' },
      { op: 'remove', collection: 'enquiries', record: enquiry },
      { op: 'batch', entries: [add('enquiries', enquiry)] },
      { op: 'batch', entries: [add('enquiries', enquiry), add('alerts', enquiry)] },
      { op: 'batch', entries: [add('enquiries', enquiry), add('alerts', pending)], extra: 1 },
      { op: 'batch', entries: {} },
      ...variants(add('enquiries', enquiry)),
    ];
    for (const line of [...lines, ...wrong]) {
      const problem = journalLineProblem(line);
      const checked = journalLineSchema.safeParse(line);
      expect(problem === null, JSON.stringify(line)).toBe(checked.success);
      if (problem) expect(problem.issues).toEqual(checked.error!.issues);
    }
  });

  it('leaves zod out for the lines the service writes, but for users', () => {
    const zod = vi.spyOn(journalLineSchema, 'safeParse');
    for (const line of lines.slice(0, -1)) expect(journalLineProblem(JSON.parse(JSON.stringify(line)))).toBeNull();
    expect(zod).not.toHaveBeenCalled();
  });
});
