/**
 * The inbox's rules (InboxStore), run against both stores: the lowdb files
 * and a real PostgreSQL server started for this file. Where PostgreSQL is
 * shared by several instances, the cases about racing run across two Store
 * objects on one database; lowdb (one writer per file) runs them within one.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { enquiryReference } from '../contract/reference';
import { auditCutDetail, firstBrokenEntry } from './audit-chain';
import type { AlertChannel, AlertRecord, EnquiryRecord, NoteRecord, SpamRecord } from './records';
import { UserInputError, type Store } from './store-interface';
import { validSubmission } from './test-support/fixtures';
import { auditEntry, sessionRecord, userRecord } from './test-support/inbox-records';
import { queueReminders } from './reminders';
import { useStoreBackends } from './test-support/store-backends';
import { addUser, changeUser, deleteExpiredSessions, deleteSessionsOf, findUser, removeUser, touchSession } from './auth/staff-records';
import { advanceTotpStep, enrolUser, spendRecoveryCode } from './auth/second-factor-claims';
import { appendAudit, auditLog, deleteAuditBefore } from './audit-append';
import { deleteSpam, findEnquiry, findSpam, heldRecords, releaseSpam, updateEnquiry } from './enquiry-records';

const backends = useStoreBackends();

const T0 = Date.parse('2026-03-02T01:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();
/** queueReminders' `since` where a test sets no lower bound. */
const EPOCH = at(0);

/** Stores one submission at the given time (the store's clock is the process's). */
async function submitAt(store: Store, time: number, fields: Parameters<typeof validSubmission>[0] = {}, key?: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  try {
    const result = await store.submitEnquiry(validSubmission(fields), key);
    if (result.outcome === 'conflict') throw new Error('unexpected conflict');
    return result.record;
  } finally {
    vi.useRealTimers();
  }
}

/** `count` enquiries a minute apart from T0, First0... oldest first. */
async function seed(store: Store, count: number): Promise<EnquiryRecord[]> {
  const records: EnquiryRecord[] = [];
  for (let index = 0; index < count; index += 1) records.push(await submitAt(store, T0 + index * MINUTE, { firstName: `First${index}` }));
  return records;
}

const namesOf = (records: readonly EnquiryRecord[]) => records.map((record) => record.firstName);

function noteFor(enquiryId: string, userId: string, text: string, time: number): NoteRecord {
  return { id: randomUUID(), enquiryId, userId, text, createdAt: iso(time) };
}

describe.each(backends)('the $name inbox store', (backend) => {
  const open = async (alertChannels: readonly AlertChannel[] = []) => (await backend.openPair({ alertChannels }))[0];

  describe('users', () => {
    it('are added, then found by username in any case and by id, and listed', async () => {
      const store = await open();
      const ann = userRecord('Advisor.Ann', { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 7, recoveryCodeHashes: ['a'.repeat(64)] });
      const ben = userRecord('ben');
      await addUser(store, ann);
      await addUser(store, ben);
      expect(await findUser(store, 'advisor.ann')).toEqual(ann);
      expect(await findUser(store, 'ADVISOR.ANN')).toEqual(ann);
      expect(await store.get('users', ben.id)).toEqual(ben);
      expect(await findUser(store, 'advisor')).toBeNull();
      expect(await store.get('users', randomUUID())).toBeNull();
      expect((await store.find('users')).map((user) => user.username).sort()).toEqual(['Advisor.Ann', 'ben']);
    });

    it('keep usernames unique whatever their case, on every instance at once', async () => {
      const [a, b] = await backend.openPair();
      await addUser(a, userRecord('Advisor.Ann'));
      await expect(addUser(b, userRecord('advisor.ann'))).rejects.toThrow(new UserInputError('The username advisor.ann is taken.'));
      const racing = await Promise.allSettled([addUser(a, userRecord('ben')), addUser(b, userRecord('BEN'))]);
      expect(racing.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(racing.find((result) => result.status === 'rejected')).toMatchObject({ reason: expect.any(UserInputError) });
      expect((await a.find('users')).map((user) => user.username.toLowerCase()).sort()).toEqual(['advisor.ann', 'ben']);
    });

    it('change only the fields named (password, second factor, recovery codes), on every instance', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann');
      await addUser(a, ann);
      const secondFactor = {
        totpSecret: 'JBSWY3DPEHPK3PXP',
        totpLastStep: 59_000_001,
        recoveryCodeHashes: ['b'.repeat(64), 'c'.repeat(64)],
      };
      await changeUser(a, ann.id, secondFactor);
      expect(await b.get('users', ann.id)).toEqual({ ...ann, ...secondFactor });
      // A recovery code spent and a step used elsewhere while a new password was hashed stay so.
      expect(await spendRecoveryCode(b, ann.id, 'b'.repeat(64))).toBe(true);
      expect(await advanceTotpStep(b, ann.id, 59_000_002)).toBe(true);
      // Named and undefined, or not a field a change may name: left as it is.
      const carried = { passwordHash: `${ann.passwordHash}x`, totpSecret: undefined, username: 'mallory' };
      await changeUser(a, ann.id, carried);
      const changed = {
        ...ann,
        ...secondFactor,
        passwordHash: `${ann.passwordHash}x`,
        totpLastStep: 59_000_002,
        recoveryCodeHashes: ['c'.repeat(64)],
      };
      expect(await b.get('users', ann.id)).toEqual(changed);
      expect(await findUser(b, 'ANN')).toEqual(changed);
    });

    it('are not brought back by a change after their removal', async () => {
      const store = await open();
      const ann = userRecord('ann');
      await addUser(store, ann);
      expect(await removeUser(store, ann.id)).toBe(true);
      await changeUser(store, ann.id, { totpLastStep: 1 });
      expect(await store.get('users', ann.id)).toBeNull();
      expect(await store.find('users')).toEqual([]);
    });

    it('are removed with their sessions, and no one else’s; the name is free again', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann');
      const ben = userRecord('ben');
      await addUser(a, ann);
      await addUser(a, ben);
      const annSessions = [sessionRecord(ann.id), sessionRecord(ann.id, { stage: 'enrol', pendingTotpSecret: 'JBSWY3DPEHPK3PXP' })];
      const benSession = sessionRecord(ben.id);
      for (const session of [...annSessions, benSession]) await a.atomically((tx) => tx.put('sessions', session));
      expect(await removeUser(b, ann.id)).toBe(true);
      expect(await removeUser(a, ann.id)).toBe(false);
      expect(await a.get('users', ann.id)).toBeNull();
      expect(await findUser(a, 'ann')).toBeNull();
      for (const session of annSessions) expect(await a.get('sessions', session.id)).toBeNull();
      expect(await a.get('sessions', benSession.id)).toEqual(benSession);
      await addUser(a, userRecord('Ann'));
      expect((await a.find('users')).map((user) => user.username).sort()).toEqual(['Ann', 'ben']);
    });

    it('leave their enquiries unassigned when removed, and no one else’s', async () => {
      const [a, b] = await backend.openPair();
      const [ann, ben] = [userRecord('ann'), userRecord('ben')];
      for (const user of [ann, ben]) await addUser(a, user);
      const [first, second, third] = await seed(a, 3);
      await updateEnquiry(a, first!.id, { assigneeId: ann.id, status: 'replied' });
      await updateEnquiry(a, second!.id, { assigneeId: ann.id });
      await updateEnquiry(a, third!.id, { assigneeId: ben.id });
      expect(await removeUser(b, ann.id)).toBe(true);
      for (const store of [a, b]) {
        expect(await store.find('enquiries', { assigneeId: ann.id })).toEqual([]);
        expect((await store.listEnquiries({ assigneeId: ben.id, limit: 10 })).enquiries.map((record) => record.id)).toEqual([third!.id]);
      }
      const unassigned = await findEnquiry(a, first!.id);
      expect(unassigned).toMatchObject({ id: first!.id, status: 'replied' });
      expect(unassigned?.assigneeId ?? null).toBeNull();
    });
  });

  describe('sessions', () => {
    it('are put, read on every instance, replaced (last seen), and deleted', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann');
      await addUser(a, ann);
      const session = sessionRecord(ann.id, { stage: 'enrol', pendingTotpSecret: 'JBSWY3DPEHPK3PXP' });
      await a.atomically((tx) => tx.put('sessions', session));
      expect(await b.get('sessions', session.id)).toEqual(session);
      const signedIn = { ...session, stage: 'signed-in' as const, pendingTotpSecret: null, lastSeenAt: iso(Date.now() + MINUTE) };
      await b.atomically((tx) => tx.put('sessions', signedIn));
      expect(await a.get('sessions', session.id)).toEqual(signedIn);
      await a.atomically((tx) => tx.delete('sessions', session.id));
      expect(await b.get('sessions', session.id)).toBeNull();
      await a.atomically((tx) => tx.delete('sessions', session.id)); // already gone: nothing to do
      expect(await a.get('sessions', 'f'.repeat(64))).toBeNull();
    });

    it('of one user all end together (sign out everywhere), and only theirs', async () => {
      const store = await open();
      const [ann, ben] = [userRecord('ann'), userRecord('ben')];
      await addUser(store, ann);
      await addUser(store, ben);
      const sessions = [sessionRecord(ann.id), sessionRecord(ann.id), sessionRecord(ben.id)];
      for (const session of sessions) await store.atomically((tx) => tx.put('sessions', session));
      await deleteSessionsOf(store, ann.id);
      expect(await Promise.all(sessions.map((session) => store.get('sessions', session.id)))).toEqual([null, null, sessions[2]]);
    });

    it('expire when idle too long or made too long ago; one at the cutoffs stays', async () => {
      const store = await open();
      const ann = userRecord('ann');
      await addUser(store, ann);
      const now = Date.now();
      const idleCutoff = now - 30 * MINUTE;
      const absoluteCutoff = now - 12 * HOUR;
      const fresh = sessionRecord(ann.id, { createdAt: iso(now - HOUR), lastSeenAt: iso(now) });
      const idle = sessionRecord(ann.id, { createdAt: iso(now - HOUR), lastSeenAt: iso(idleCutoff - 1) });
      const old = sessionRecord(ann.id, { createdAt: iso(absoluteCutoff - 1), lastSeenAt: iso(now) });
      const atCutoffs = sessionRecord(ann.id, { createdAt: iso(absoluteCutoff), lastSeenAt: iso(idleCutoff) });
      for (const session of [fresh, idle, old, atCutoffs]) await store.atomically((tx) => tx.put('sessions', session));
      await deleteExpiredSessions(store, at(idleCutoff), at(absoluteCutoff));
      const left = await Promise.all([fresh, idle, old, atCutoffs].map((session) => store.get('sessions', session.id)));
      expect(left).toEqual([fresh, null, null, atCutoffs]);
    });
  });

  describe('listing enquiries', () => {
    it('goes newest first, a page at a time after the last one shown, with the total and whether more follow', async () => {
      const store = await open();
      const records = await seed(store, 5);
      await submitAt(store, T0 + 10 * MINUTE, { website: 'https://spam.example' }); // held: never listed
      const first = await store.listEnquiries({ limit: 2 });
      expect(first).toEqual({ enquiries: [records[4], records[3]], more: true, total: 5 });
      const after = (record: EnquiryRecord) => ({ createdAt: record.createdAt, id: record.id });
      const second = await store.listEnquiries({ limit: 2, after: after(records[3]!) });
      expect(second).toEqual({ enquiries: [records[2], records[1]], more: true, total: 5 });
      const last = await store.listEnquiries({ limit: 2, after: after(records[1]!) });
      expect(last).toEqual({ enquiries: [records[0]], more: false, total: 5 });
      expect(await store.listEnquiries({ limit: 1, after: after(records[1]!) })).toEqual({
        enquiries: [records[0]],
        more: false,
        total: 5,
      });
      expect(await store.listEnquiries({ limit: 5 })).toMatchObject({ more: false, total: 5 });
      expect(await store.listEnquiries({ limit: 2, after: after(records[0]!) })).toEqual({ enquiries: [], more: false, total: 5 });
    });

    it('pages through many enquiries that came in the same millisecond, each once', async () => {
      const store = await open();
      const records: EnquiryRecord[] = [];
      for (let index = 0; index < 7; index += 1) records.push(await submitAt(store, T0, { firstName: `Same${index}` }));
      const seen: string[] = [];
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const page = await store.listEnquiries({ limit: 3, after });
        seen.push(...page.enquiries.map((record) => record.id));
        if (!page.more) break;
        const last = page.enquiries.at(-1)!;
        after = { createdAt: last.createdAt, id: last.id };
      }
      expect(seen.sort()).toEqual(records.map((record) => record.id).sort());
    });

    it('filters by status (New when never changed) and by assignee, the total counting only what matches', async () => {
      const store = await open();
      const records = await seed(store, 5);
      const ann = userRecord('ann');
      await addUser(store, ann);
      await updateEnquiry(store, records[1]!.id, { status: 'replied' });
      await updateEnquiry(store, records[2]!.id, { status: 'closed', assigneeId: ann.id });
      await updateEnquiry(store, records[3]!.id, { assigneeId: ann.id });
      const list = async (query: Parameters<Store['listEnquiries']>[0]) => {
        const page = await store.listEnquiries(query);
        return { names: namesOf(page.enquiries), total: page.total, more: page.more };
      };
      expect(await list({ status: 'new', limit: 10 })).toEqual({ names: ['First4', 'First3', 'First0'], total: 3, more: false });
      expect(await list({ status: 'replied', limit: 10 })).toEqual({ names: ['First1'], total: 1, more: false });
      expect(await list({ assigneeId: ann.id, limit: 1 })).toEqual({ names: ['First3'], total: 2, more: true });
      expect(await list({ assigneeId: ann.id, status: 'closed', limit: 10 })).toEqual({ names: ['First2'], total: 1, more: false });
      expect(await list({ assigneeId: randomUUID(), limit: 10 })).toEqual({ names: [], total: 0, more: false });
    });

    it('searches names, e-mail, phone and message, in any case, as plain text', async () => {
      const store = await open();
      await submitAt(store, T0, { firstName: 'Siti', lastName: 'Hassan', email: 'siti@example.org', phone: '+60 19-111 2222' });
      await submitAt(store, T0 + MINUTE, {
        firstName: 'Wei Ming',
        lastName: 'Tan',
        email: 'wm@example.com',
        message: 'Retirement planning, please.',
      });
      await submitAt(store, T0 + 2 * MINUTE, {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.com',
        message: 'Is 100% of it in bonds?',
      });
      await submitAt(store, T0 + 3 * MINUTE, { firstName: 'Aisyah', lastName: 'Hassanal', message: 'Is 1000 enough? A_B' });
      const search = async (text: string, limit = 10) => {
        const page = await store.listEnquiries({ search: text, limit });
        return [namesOf(page.enquiries), page.total];
      };
      expect(await search('siti')).toEqual([['Siti'], 1]);
      expect(await search('HASSAN')).toEqual([['Aisyah', 'Siti'], 2]);
      expect(await search('Example.ORG')).toEqual([['Siti'], 1]);
      expect(await search('19-111')).toEqual([['Siti'], 1]);
      expect(await search('RETIREMENT')).toEqual([['Wei Ming'], 1]);
      expect(await search('tan')).toEqual([['Wei Ming'], 1]);
      // Wildcards of SQL are plain characters here.
      expect(await search('100%')).toEqual([['Ravi'], 1]);
      expect(await search('a_b')).toEqual([['Aisyah'], 1]);
      expect(await search('1_0')).toEqual([[], 0]);
      expect(await search('nobody at all')).toEqual([[], 0]);
      expect(await search('is', 1)).toEqual([['Aisyah'], 2]);
    });
  });

  describe('one enquiry', () => {
    it('is found by id, or by its reference in any case', async () => {
      const store = await open();
      const [record] = await seed(store, 2);
      const reference = enquiryReference(record!.id);
      expect(await findEnquiry(store, record!.id)).toEqual(record);
      expect(await findEnquiry(store, reference)).toEqual(record);
      expect(await findEnquiry(store, reference.toLowerCase())).toEqual(record);
      expect(await findEnquiry(store, randomUUID())).toBeNull();
      expect(await findEnquiry(store, 'TW-00000000')).toBeNull();
      const spam = await submitAt(store, T0, { website: 'x' });
      expect(await findEnquiry(store, spam.id)).toBeNull();
    });

    it('changes status and assignee, each alone, on every instance; an unknown id, or a reference, is null', async () => {
      const [a, b] = await backend.openPair();
      const [record] = await seed(a, 1);
      const ann = userRecord('ann');
      await addUser(a, ann);
      const replied = await updateEnquiry(a, record!.id, { status: 'replied' });
      expect(replied).toMatchObject({ ...record, status: 'replied' });
      expect(replied?.assigneeId ?? null).toBeNull();
      const assigned = await updateEnquiry(b, record!.id, { assigneeId: ann.id });
      expect(assigned).toMatchObject({ ...record, status: 'replied', assigneeId: ann.id });
      expect(await findEnquiry(a, record!.id)).toEqual(assigned);
      const unassigned = await updateEnquiry(a, record!.id, { assigneeId: null, status: 'closed' });
      expect(unassigned).toMatchObject({ id: record!.id, status: 'closed' });
      expect(unassigned?.assigneeId ?? null).toBeNull();
      expect(await findEnquiry(b, record!.id)).toEqual(unassigned);
      expect(await updateEnquiry(a, randomUUID(), { status: 'replied' })).toBeNull();
      expect(await updateEnquiry(a, enquiryReference(record!.id), { status: 'new' })).toBeNull();
    });

    it('has its alerts, both kinds, oldest first, and no other enquiry’s', async () => {
      const store = await open(['email', 'webhook']);
      const [first, second] = await seed(store, 2);
      await queueReminders(store, EPOCH, at(T0 + 30 * MINUTE), ['email']);
      const alerts = await store.find('alerts', { enquiryId: first!.id });
      expect(alerts.map((alert) => [alert.enquiryId, alert.channel, alert.kind ?? 'enquiry'])).toEqual([
        [first!.id, 'email', 'enquiry'],
        [first!.id, 'webhook', 'enquiry'],
        [first!.id, 'email', 'reminder'],
      ]);
      expect((await store.find('alerts', { enquiryId: second!.id })).map((alert) => alert.enquiryId)).toEqual([
        second!.id,
        second!.id,
        second!.id,
      ]);
      expect(await store.find('alerts', { enquiryId: randomUUID() })).toEqual([]);
    });

    it('has notes, in the order they were written', async () => {
      const [a, b] = await backend.openPair();
      const [first, second] = await seed(a, 2);
      const ann = userRecord('ann');
      await addUser(a, ann);
      const notes = ['Called back', 'Sent the brochure', 'Meeting on Monday'].map((text, index) =>
        noteFor(first!.id, ann.id, text, T0 + HOUR + index),
      );
      const other = noteFor(second!.id, ann.id, 'Wrong number', T0 + HOUR);
      for (const note of [notes[0]!, other, notes[1]!, notes[2]!]) await a.atomically((tx) => tx.put('notes', note));
      expect(await b.find('notes', { enquiryId: first!.id })).toEqual(notes);
      expect(await b.find('notes', { enquiryId: second!.id })).toEqual([other]);
      expect(await b.find('notes', { enquiryId: randomUUID() })).toEqual([]);
    });

    it('takes its notes with it when deleted by e-mail or by retention', async () => {
      const store = await open();
      const ann = userRecord('ann');
      await addUser(store, ann);
      const old = await submitAt(store, T0, { email: 'old@example.com' });
      const gone = await submitAt(store, T0 + HOUR, { email: 'Gone@example.com' });
      const kept = await submitAt(store, T0 + 2 * HOUR, { email: 'kept@example.com' });
      for (const record of [old, gone, kept])
        await store.atomically((tx) => tx.put('notes', noteFor(record.id, ann.id, `About ${record.email}`, T0 + 3 * HOUR)));
      expect(await store.deleteByEmail('gone@EXAMPLE.com')).toEqual({ enquiries: 1, spam: 0 });
      expect(await store.find('notes', { enquiryId: gone.id })).toEqual([]);
      expect(await store.deleteOlderThan(at(T0 + MINUTE))).toEqual({ enquiries: 1, spam: 0 });
      expect(await store.find('notes', { enquiryId: old.id })).toEqual([]);
      expect((await store.find('notes', { enquiryId: kept.id })).map((note) => note.text)).toEqual(['About kept@example.com']);
      expect((await store.recordsByEmail('kept@example.com')).notes).toHaveLength(1);
    });
  });

  describe('the 24-hour promise', () => {
    it('counts the enquiries still New that came before a time', async () => {
      const store = await open();
      const records = await seed(store, 4);
      await updateEnquiry(store, records[0]!.id, { status: 'replied' });
      await updateEnquiry(store, records[1]!.id, { status: 'closed' });
      await updateEnquiry(store, records[2]!.id, { assigneeId: null });
      expect(await store.countNewBefore(at(T0 + 3 * MINUTE))).toBe(1);
      expect(await store.countNewBefore(at(T0 + 3 * MINUTE + 1))).toBe(2);
      expect(await store.countNewBefore(at(T0))).toBe(0);
    });

    it('queues one reminder per channel for each enquiry still New, once however often it runs; none for replied or closed', async () => {
      const store = await open(['email']);
      const records = await seed(store, 5);
      await updateEnquiry(store, records[0]!.id, { status: 'replied' });
      await updateEnquiry(store, records[1]!.id, { status: 'closed' });
      const added = vi.fn();
      store.onAlertsAdded(added);
      const cutoff = at(T0 + 3 * MINUTE + 1); // records 0 to 3 came before it
      expect(await queueReminders(store, EPOCH, cutoff, ['email', 'webhook'])).toBe(2);
      expect(added).toHaveBeenCalled();
      expect(await queueReminders(store, EPOCH, cutoff, ['email', 'webhook'])).toBe(0);
      const reminders = (await store.records()).alerts.filter((alert) => alert.kind === 'reminder');
      expect(reminders.map((alert) => [alert.enquiryId, alert.channel, alert.status, alert.attempts]).sort()).toEqual(
        [
          [records[2]!.id, 'email', 'pending', 0],
          [records[2]!.id, 'webhook', 'pending', 0],
          [records[3]!.id, 'email', 'pending', 0],
          [records[3]!.id, 'webhook', 'pending', 0],
        ].sort(),
      );
      // Later, the last one is due too, and only it.
      expect(await queueReminders(store, EPOCH, at(T0 + HOUR), ['email', 'webhook'])).toBe(1);
    });

    it('queues each reminder once when several instances run it at once', async () => {
      const [a, b] = await backend.openPair();
      await seed(a, 6);
      const counts = await Promise.all([a, b, a, b].map((store) => queueReminders(store, EPOCH, at(T0 + HOUR), ['email', 'webhook'])));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);
      const reminders = (await b.records()).alerts.filter((alert) => alert.kind === 'reminder');
      expect(new Set(reminders.map((alert) => `${alert.enquiryId} ${alert.channel}`)).size).toBe(12);
      expect(reminders).toHaveLength(12);
    });

    it('hands reminders to senders as any other alert, with their enquiry', async () => {
      const store = await open();
      const [record] = await seed(store, 1);
      expect(await queueReminders(store, EPOCH, at(T0 + HOUR), ['webhook'])).toBe(1);
      const now = new Date();
      const claimed = await store.claimDueAlerts(now, now, 10);
      expect(claimed.map(({ alert, enquiry }) => [(alert as AlertRecord).kind, alert.channel, enquiry?.id])).toEqual([
        ['reminder', 'webhook', record!.id],
      ]);
      expect(await store.claimDueAlerts(now, now, 10)).toEqual([]);
    });
  });

  describe('held for review', () => {
    it('is found by id; released, it becomes an enquiry with the same id and time, in its place, with its alerts', async () => {
      const [a, b] = await backend.openPair();
      const before = await submitAt(a, T0, { firstName: 'Before' });
      const key = randomUUID();
      const held = (await submitAt(a, T0 + MINUTE, { firstName: 'Held', website: 'https://spam.example' }, key)) as SpamRecord;
      const after = await submitAt(a, T0 + 2 * MINUTE, { firstName: 'After' });
      expect(await findSpam(b, held.id)).toEqual(held);
      expect(await findSpam(b, before.id)).toBeNull();
      const added = vi.fn();
      a.onAlertsAdded(added);
      const released = await releaseSpam(a, held.id, ['email', 'webhook']);
      const { website: _website, reason: _reason, ...fields } = held;
      expect(released).toMatchObject(fields);
      expect(released).not.toHaveProperty('website');
      expect(released).not.toHaveProperty('reason');
      expect(added).toHaveBeenCalled();
      expect(await findSpam(b, held.id)).toBeNull();
      expect(await findEnquiry(b, held.id)).toEqual(released);
      expect(namesOf((await b.listEnquiries({ limit: 10 })).enquiries)).toEqual(['After', 'Held', 'Before']);
      const alerts = await b.find('alerts', { enquiryId: held.id });
      expect(alerts.map((alert) => [alert.channel, alert.status, alert.kind ?? 'enquiry'])).toEqual([
        ['email', 'pending', 'enquiry'],
        ['webhook', 'pending', 'enquiry'],
      ]);
      const now = new Date();
      const claimed = await b.claimDueAlerts(now, now, 10);
      expect(claimed.map(({ enquiry }) => enquiry?.id)).toEqual([held.id, held.id]);
      expect(await releaseSpam(a, held.id, ['email'])).toBeNull();
      expect((await b.records()).spam).toEqual([]);
      // Its key goes with it: the same submission again is that enquiry.
      expect((await a.submitEnquiry(validSubmission({ firstName: 'Held', website: 'https://spam.example' }), key)).outcome).toBe(
        'replayed',
      );
      expect(after.id).not.toBe(held.id);
    });

    it('is deleted by id, once', async () => {
      const [a, b] = await backend.openPair();
      const held = await submitAt(a, T0, { website: 'x' });
      const kept = await submitAt(a, T0 + MINUTE, { website: 'y' });
      expect(await deleteSpam(a, held.id)).toBe(true);
      expect(await deleteSpam(b, held.id)).toBe(false);
      expect(await findSpam(b, held.id)).toBeNull();
      expect((await b.records()).spam).toEqual([kept]);
      expect(await releaseSpam(a, held.id, ['email'])).toBeNull();
    });
  });

  it('finds everything for one e-mail address, in any case: enquiries, held records, their alerts and notes', async () => {
    const store = await open(['email']);
    const ann = userRecord('ann');
    await addUser(store, ann);
    const first = await submitAt(store, T0, { email: 'Siti@Example.com' });
    const other = await submitAt(store, T0 + MINUTE, { email: 'ben@example.com' });
    const held = await submitAt(store, T0 + 2 * MINUTE, { email: 'siti@example.com', website: 'x' });
    const second = await submitAt(store, T0 + 3 * MINUTE, { email: 'siti@example.com' });
    const note = noteFor(first.id, ann.id, 'Asked for a call', T0 + HOUR);
    await store.atomically((tx) => tx.put('notes', note));
    await store.atomically((tx) => tx.put('notes', noteFor(other.id, ann.id, 'Not hers', T0 + HOUR)));
    const found = await store.recordsByEmail(' SITI@example.COM ');
    expect(found.enquiries).toEqual([first, second]);
    expect(found.spam).toEqual([held]);
    expect(found.alerts.map((alert) => alert.enquiryId)).toEqual([first.id, second.id]);
    expect(found.notes).toEqual([note]);
    expect(await store.recordsByEmail('nobody@example.com')).toEqual({ enquiries: [], spam: [], alerts: [], notes: [], messages: [] });
  });

  describe('the audit log', () => {
    it('numbers and chains each entry, and lists them all or those about one enquiry', async () => {
      const store = await open();
      const entries = [
        auditEntry({ action: 'sign-in', at: iso(T0) }),
        auditEntry({ action: 'view', reference: 'TW-1FB19480', at: iso(T0 + 1) }),
        auditEntry({ action: 'status', reference: 'TW-1FB19480', detail: 'new → replied', at: iso(T0 + 2) }),
        auditEntry({ action: 'sign-in-failed', actor: null, at: iso(T0 + 3) }),
      ];
      const appended = [];
      for (const entry of entries) appended.push(await appendAudit(store, entry));
      expect(appended.map((record) => record.seq)).toEqual([1, 2, 3, 4]);
      expect(appended.map(({ seq: _seq, prevHash: _prev, hash: _hash, ...entry }) => entry)).toEqual(entries);
      const log = await auditLog(store);
      expect(log).toEqual(appended);
      expect(firstBrokenEntry(log)).toBeNull();
      expect(log[1]!.prevHash).toBe(log[0]!.hash);
      expect((await auditLog(store, { reference: 'TW-1FB19480' })).map((record) => record.seq)).toEqual([2, 3]);
      expect(await auditLog(store, { reference: 'TW-00000000' })).toEqual([]);
    });

    it('stays one intact chain when several instances append at once', async () => {
      const [a, b] = await backend.openPair();
      const appended = await Promise.all(
        Array.from({ length: 24 }, (_, index) => appendAudit(index % 2 ? a : b, auditEntry({ detail: `#${index}` }))),
      );
      expect(appended.map((record) => record.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
      const log = await auditLog(b);
      expect(log.map((record) => record.seq)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
      expect(firstBrokenEntry(log)).toBeNull();
    });

    it('loses entries older than retention’s cutoff with the chain still verifying, says where it now starts, and goes on from there', async () => {
      const store = await open();
      for (let index = 0; index < 5; index += 1) await appendAudit(store, auditEntry({ at: iso(T0 + index * HOUR) }));
      expect(await deleteAuditBefore(store, at(T0 + 2 * HOUR))).toBe(2);
      expect(await deleteAuditBefore(store, at(T0 + 2 * HOUR))).toBe(0);
      const appended = await appendAudit(store, auditEntry({ detail: 'after' }));
      expect(appended.seq).toBe(7);
      const log = await auditLog(store);
      expect(log.map((record) => record.seq)).toEqual([3, 4, 5, 6, 7]);
      expect(log[3]).toMatchObject({ actor: null, action: 'retention-delete', detail: auditCutDetail(2, 3) });
      expect(firstBrokenEntry(log)).toBeNull();
      // Without that entry, the same start is a cut one.
      expect(firstBrokenEntry(log.slice(0, 3))).toMatchObject({ seq: 3 });
    });

    it('loses every entry older than the cutoff, the newest too, and goes on from it on every instance', async () => {
      const [a, b] = await backend.openPair();
      await appendAudit(a, auditEntry({ at: iso(T0) }));
      const last = await appendAudit(a, auditEntry({ at: iso(T0 + HOUR) }));
      expect(await deleteAuditBefore(b, at(T0 + 2 * HOUR))).toBe(2);
      const [cut, ...rest] = await auditLog(a);
      expect(rest).toEqual([]);
      expect(cut).toMatchObject({ seq: 3, prevHash: last.hash, action: 'retention-delete', detail: auditCutDetail(2, 3) });
      expect(await appendAudit(b, auditEntry({ detail: 'next' }))).toMatchObject({ seq: 4, prevHash: cut!.hash });
      expect(firstBrokenEntry(await auditLog(b))).toBeNull();
    });
  });

  it('keeps all of it across a close and a reopen', async () => {
    const data = await backend.fresh();
    let store = await data.open({ alertChannels: ['email'] });
    const ann = userRecord('ann');
    await addUser(store, ann);
    await changeUser(store, ann.id, { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 3 });
    const removed = userRecord('ben');
    await addUser(store, removed);
    await removeUser(store, removed.id);
    const session = sessionRecord(ann.id);
    await store.atomically((tx) => tx.put('sessions', session));
    await store.atomically((tx) => tx.put('sessions', { ...session, lastSeenAt: iso(Date.now() + MINUTE) }));
    const ended = sessionRecord(ann.id);
    await store.atomically((tx) => tx.put('sessions', ended));
    await store.atomically((tx) => tx.delete('sessions', ended.id));
    const [first, second] = await seed(store, 2);
    const held = await submitAt(store, T0 + HOUR, { firstName: 'Held', website: 'x' });
    const dropped = await submitAt(store, T0 + HOUR, { firstName: 'Dropped', website: 'x' });
    await releaseSpam(store, held.id, ['email']);
    await deleteSpam(store, dropped.id);
    await updateEnquiry(store, first!.id, { status: 'replied', assigneeId: ann.id });
    const note = noteFor(second!.id, ann.id, 'Left a message', T0 + 2 * HOUR);
    await store.atomically((tx) => tx.put('notes', note));
    await queueReminders(store, EPOCH, at(T0 + HOUR), ['webhook']);
    for (let index = 0; index < 3; index += 1) await appendAudit(store, auditEntry({ detail: `#${index}` }));
    const before = {
      users: await store.find('users'),
      session: await store.get('sessions', session.id),
      list: await store.listEnquiries({ limit: 10 }),
      records: await store.records(),
      notes: await store.find('notes', { enquiryId: second!.id }),
      audit: await auditLog(store),
    };
    await data.close(store);

    store = await data.open({ alertChannels: ['email'] });
    expect(before.users).toEqual([{ ...ann, totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 3 }]);
    expect(await store.find('users')).toEqual(before.users);
    expect(await store.get('sessions', session.id)).toEqual(before.session);
    expect(await store.get('sessions', ended.id)).toBeNull();
    expect(namesOf(before.list.enquiries)).toEqual(['Held', 'First1', 'First0']);
    expect(await store.listEnquiries({ limit: 10 })).toEqual(before.list);
    expect(await store.records()).toEqual(before.records);
    expect(await store.find('notes', { enquiryId: second!.id })).toEqual([note]);
    expect(await auditLog(store)).toEqual(before.audit);
    expect((await appendAudit(store, auditEntry())).seq).toBe(4);
    expect(firstBrokenEntry(await auditLog(store))).toBeNull();
    expect(await queueReminders(store, EPOCH, at(T0 + HOUR), ['webhook'])).toBe(0);
  });
});

describe.each(backends)('the $name inbox store, where requests race', (backend) => {
  describe('a session kept alive', () => {
    it('has its last-seen time changed on every instance, and nothing else', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann');
      await addUser(a, ann);
      const session = sessionRecord(ann.id);
      await a.atomically((tx) => tx.put('sessions', session));
      const lastSeenAt = iso(Date.parse(session.lastSeenAt) + MINUTE);
      await touchSession(b, session.id, lastSeenAt);
      expect(await a.get('sessions', session.id)).toEqual({ ...session, lastSeenAt });
    });

    it('is not brought back by the touch of a request that read it before a sign-out, sign-out everywhere or removal', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann');
      await addUser(a, ann);
      const endings: ((session: string) => Promise<unknown>)[] = [
        (id) => b.atomically((tx) => tx.delete('sessions', id)),
        () => deleteSessionsOf(b, ann.id),
        () => removeUser(b, ann.id),
      ];
      for (const end of endings) {
        const session = sessionRecord(ann.id);
        await a.atomically((tx) => tx.put('sessions', session));
        const read = await a.get('sessions', session.id);
        await end(session.id);
        await touchSession(a, read!.id, iso(Date.now() + MINUTE));
        expect(await b.get('sessions', session.id)).toBeNull();
        expect(await a.get('sessions', session.id)).toBeNull();
      }
    });

    it('survives the end of its user’s other sessions (a password change)', async () => {
      const [a, b] = await backend.openPair();
      const [ann, ben] = [userRecord('ann'), userRecord('ben')];
      await addUser(a, ann);
      await addUser(a, ben);
      const sessions = [sessionRecord(ann.id), sessionRecord(ann.id), sessionRecord(ben.id)];
      for (const session of sessions) await a.atomically((tx) => tx.put('sessions', session));
      await deleteSessionsOf(b, ann.id, sessions[1]!.id);
      expect(await Promise.all(sessions.map((session) => a.get('sessions', session.id)))).toEqual([null, sessions[1], sessions[2]]);
    });
  });

  describe('a second factor', () => {
    it('takes each TOTP step once, only later ones after it, on every instance', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann', { totpSecret: 'JBSWY3DPEHPK3PXP' });
      await addUser(a, ann);
      expect(await advanceTotpStep(a, ann.id, 59_000_010)).toBe(true);
      expect(await advanceTotpStep(b, ann.id, 59_000_010)).toBe(false);
      expect(await advanceTotpStep(b, ann.id, 59_000_009)).toBe(false);
      expect(await b.get('users', ann.id)).toEqual({ ...ann, totpLastStep: 59_000_010 });
      expect(await advanceTotpStep(b, ann.id, 59_000_011)).toBe(true);
      expect((await a.get('users', ann.id))?.totpLastStep).toBe(59_000_011);
      expect(await advanceTotpStep(a, randomUUID(), 59_000_012)).toBe(false);
    });

    it('takes one step once when several instances accept it at the same moment', async () => {
      const [a, b] = await backend.openPair();
      const ann = userRecord('ann', { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 59_000_000 });
      await addUser(a, ann);
      const accepted = await Promise.all(Array.from({ length: 8 }, (_, index) => advanceTotpStep(index % 2 ? a : b, ann.id, 59_000_001)));
      expect(accepted.filter(Boolean)).toHaveLength(1);
      expect((await a.get('users', ann.id))?.totpLastStep).toBe(59_000_001);
    });

    it('spends each recovery code once, whichever instance and however many at the same moment', async () => {
      const [a, b] = await backend.openPair();
      const [one, two, three] = ['1', '2', '3'].map((digit) => digit.repeat(64));
      const ann = userRecord('ann', { totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodeHashes: [one!, two!, three!] });
      await addUser(a, ann);
      const spent = await Promise.all(Array.from({ length: 8 }, (_, index) => spendRecoveryCode(index % 2 ? a : b, ann.id, two!)));
      expect(spent.filter(Boolean)).toHaveLength(1);
      expect(await spendRecoveryCode(b, ann.id, two!)).toBe(false);
      expect(await spendRecoveryCode(b, ann.id, 'f'.repeat(64))).toBe(false);
      expect(await spendRecoveryCode(a, randomUUID(), one!)).toBe(false);
      expect(await a.get('users', ann.id)).toEqual({ ...ann, recoveryCodeHashes: [one, three] });
    });

    it('enrols a user without a second factor once, while the enrolment is open: of several at once on any instances, one', async () => {
      const [a, b] = await backend.openPair();
      const now = at(T0);
      const open = { enrolmentCodeHash: 'e'.repeat(64), enrolmentExpiresAt: iso(T0 + HOUR) };
      const ann = userRecord('ann', open);
      await addUser(a, ann);
      const enrolment = (index: number) => ({
        totpSecret: `SECRET${index}AAAAAAAA`,
        totpLastStep: 59_000_000 + index,
        recoveryCodeHashes: [String(index).repeat(64)],
      });
      const won = await Promise.all(Array.from({ length: 6 }, (_, index) => enrolUser(index % 2 ? a : b, ann.id, enrolment(index), now)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = won.indexOf(true);
      // The winner's factor, and the code is gone: it worked once.
      expect(await a.get('users', ann.id)).toEqual({ ...ann, ...enrolment(winner), enrolmentCodeHash: null, enrolmentExpiresAt: null });
      expect(await enrolUser(b, ann.id, enrolment(9), now)).toBe(false);

      // Expired, never given (a user from before enrolment codes), or no such user: nothing changes.
      const ben = userRecord('ben', { ...open, enrolmentExpiresAt: iso(T0 - 1) });
      const cara = userRecord('cara');
      await addUser(a, ben);
      await addUser(a, cara);
      expect(await enrolUser(b, ben.id, enrolment(1), now)).toBe(false);
      expect(await enrolUser(b, cara.id, enrolment(1), now)).toBe(false);
      expect(await enrolUser(b, randomUUID(), enrolment(1), now)).toBe(false);
      expect(await a.get('users', ben.id)).toEqual(ben);
      expect(await a.get('users', cara.id)).toEqual(cara);
    });

    it('keeps what was used across a close and a reopen', async () => {
      const data = await backend.fresh();
      let store = await data.open();
      const ann = userRecord('ann', { totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodeHashes: ['1'.repeat(64), '2'.repeat(64)] });
      await addUser(store, ann);
      const session = sessionRecord(ann.id);
      await store.atomically((tx) => tx.put('sessions', session));
      await advanceTotpStep(store, ann.id, 59_000_001);
      await spendRecoveryCode(store, ann.id, '1'.repeat(64));
      const lastSeenAt = iso(Date.parse(session.lastSeenAt) + MINUTE);
      await touchSession(store, session.id, lastSeenAt);
      await data.close(store);
      store = await data.open();
      expect(await store.get('users', ann.id)).toEqual({ ...ann, totpLastStep: 59_000_001, recoveryCodeHashes: ['2'.repeat(64)] });
      expect(await store.get('sessions', session.id)).toEqual({ ...session, lastSeenAt });
    });
  });
});

describe.each(backends)('the $name inbox store, at an upgrade and at scale', (backend) => {
  const open = async (alertChannels: readonly AlertChannel[] = []) => (await backend.openPair({ alertChannels }))[0];

  it('queues reminders only for the enquiries that arrived from `since`: not for years of them without a status', async () => {
    const [a, b] = await backend.openPair();
    const records = await seed(a, 4);
    const since = at(T0 + 2 * MINUTE); // records 2 and 3 came from then on
    const counts = await Promise.all([a, b].map((store) => queueReminders(store, since, at(T0 + HOUR), ['email'])));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    const reminded = (await b.records()).alerts.filter((alert) => alert.kind === 'reminder').map((alert) => alert.enquiryId);
    expect(reminded.sort()).toEqual([records[2]!.id, records[3]!.id].sort());
    expect(await queueReminders(a, at(T0 + 3 * MINUTE + 1), at(T0 + HOUR), ['email'])).toBe(0);
  });

  it('lists what is held for review newest first, at most as many as asked, on every instance', async () => {
    const [a, b] = await backend.openPair();
    const held: SpamRecord[] = [];
    for (let index = 0; index < 4; index += 1) {
      held.push((await submitAt(a, T0 + index * MINUTE, { firstName: `Held${index}`, website: 'x' })) as SpamRecord);
    }
    const sameTime = [
      (await submitAt(a, T0 + HOUR, { firstName: 'Same0', website: 'x' })) as SpamRecord,
      (await submitAt(a, T0 + HOUR, { firstName: 'Same1', website: 'x' })) as SpamRecord,
    ].sort((x, y) => (x.id < y.id ? 1 : -1));
    await submitAt(a, T0 + 2 * HOUR, { firstName: 'Enquiry' });
    expect(await heldRecords(b, 3)).toEqual([...sameTime, held[3]]);
    await releaseSpam(b, held[3]!.id, []);
    await deleteSpam(b, sameTime[0]!.id);
    expect(namesOf(await heldRecords(a, 10))).toEqual([sameTime[1]!.firstName, 'Held2', 'Held1', 'Held0']);
    expect(await heldRecords(a, 0)).toEqual([]);
  });

  it('finds a person by their full name, either way round, in any case', async () => {
    const store = await open();
    await submitAt(store, T0, { firstName: 'Ann', lastName: 'Tan', email: 'ann@example.com' });
    await submitAt(store, T0 + MINUTE, { firstName: 'Wei Ming', lastName: 'Tan', email: 'wm@example.com' });
    await submitAt(store, T0 + 2 * MINUTE, { firstName: 'Tanya', lastName: 'Annan', email: 'tanya@example.com' });
    const search = async (text: string) => namesOf((await store.listEnquiries({ search: text, limit: 10 })).enquiries);
    expect(await search('Ann Tan')).toEqual(['Ann']);
    expect(await search('tan ann')).toEqual(['Ann']);
    expect(await search('MING TAN')).toEqual(['Wei Ming']);
    expect(await search('Tan Wei Ming')).toEqual(['Wei Ming']);
    // The name and the address stay apart.
    expect(await search('tan ann@')).toEqual([]);
    expect(await search('Tan  Ann')).toEqual([]);
  });
});
