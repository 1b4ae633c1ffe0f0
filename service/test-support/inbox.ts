/**
 * The inbox's tests against the real app on a real store: staff accounts made
 * as the CLI makes them, a client that keeps its session cookie and says it
 * comes from the inbox's own page, and codes computed from the setup key as
 * an authenticator app would.
 */
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { createApp, type AppOptions } from '../app';
import { newUser } from '../auth/enrolment-codes';
import { hashPassword } from '../auth/passwords';
import { openFileStore, type FileStore } from '../db/file-store';
import type { Store } from '../store-interface';
import type { ContactSubmission } from '../../contract/contact';
import type { EnquiryRecord, UserRecord } from '../records';
import { listen, makeSiteFixture, makeTempDir, type Running, validSubmission } from './fixtures';
import { requestFrom } from './loopback-clients';
import { addUser, changeUser, findUser } from '../auth/staff-records';

export const PASSWORD = 'teratai lotus pond 7';

export interface InboxFixture {
  store: FileStore;
  server: Running;
  dbFile: string;
  close: () => Promise<void>;
}

export async function startInbox(options: Partial<AppOptions> = {}): Promise<InboxFixture> {
  const temp = await makeTempDir();
  const distDir = await makeSiteFixture(temp.dir);
  const dbFile = path.join(temp.dir, 'data', 'db.json');
  // One alert channel: enquiries get an alert timeline, and a release from review queues its alerts.
  const alertChannels = ['email'] as const;
  const store = await openFileStore(dbFile, { alertChannels });
  const app = createApp({
    store,
    distDir,
    rateLimitPerMinute: 0,
    trustProxy: false,
    alertChannels,
    timeZone: 'Asia/Kuala_Lumpur',
    log: () => {},
    ...options,
  });
  const server = await listen(app);
  return {
    store,
    server,
    dbFile,
    async close() {
      await server.close();
      await store.close();
      await temp.remove();
    },
  };
}

/** An enquiry as a visitor sends it, stored the way the contact route stores it. */
export async function submitEnquiry(store: Store, overrides: Partial<ContactSubmission> = {}): Promise<EnquiryRecord> {
  const result = await store.submitEnquiry(validSubmission(overrides));
  if (result.outcome === 'conflict') throw new Error('conflict');
  return result.record;
}

/** A user as `users add` makes them, with the enrolment code it printed. */
export async function addStaff(store: Store, username: string, password = PASSWORD): Promise<UserRecord & { enrolmentCode: string }> {
  const { user, enrolmentCode } = newUser(username, await hashPassword(password));
  await addUser(store, user);
  return { ...user, enrolmentCode };
}

/** The code an authenticator app shows for `secret` at time step `step` (default: now). */
export function codeAt(secret: string, step = TOTP.counter({ period: 30 })): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * 30_000 });
}

/**
 * A code the service has not seen yet: the current step's, or the next one's
 * when the current was used. A third sign-in within the same 30 s would need a
 * code from the future: instead, the user's record is moved back as if the
 * last code had been used a minute ago.
 */
export async function freshCode(store: Store, username: string): Promise<string> {
  const user = await findUser(store, username);
  if (!user?.totpSecret) throw new Error(`${username} has not enrolled`);
  const now = TOTP.counter({ period: 30 });
  const step = Math.max(now, (user.totpLastStep ?? -1) + 1);
  if (step <= now + 1) return codeAt(user.totpSecret, step);
  await changeUser(store, user.id, { totpLastStep: now - 1 });
  return codeAt(user.totpSecret, now);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
}

/**
 * A browser tab on the inbox: its session cookie (and the known-device cookie
 * a full sign-in gives), and Sec-Fetch-Site as a browser sends it for the inbox's own calls.
 */
export class InboxClient {
  cookie: string | null = null;
  deviceCookie: string | null = null;

  constructor(
    readonly url: string,
    readonly from = '127.0.0.1',
  ) {}

  async call(method: string, call: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const cookies = [
      ...(this.cookie === null ? [] : [`inbox-session=${this.cookie}`]),
      // Its path is the sign-in's, as a browser would send it.
      ...(this.deviceCookie === null || call !== '/sign-in' ? [] : [`inbox-device=${this.deviceCookie}`]),
    ];
    const all: Record<string, string> = {
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookies.length === 0 ? {} : { cookie: cookies.join('; ') }),
      ...headers,
    };
    const answer = await requestFrom(this.url, {
      from: this.from,
      method,
      path: `/api/inbox${call}`,
      // A header given as '' is left out: a browser that does not send it.
      headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== '')),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === 'inbox-session') this.cookie = value === '' ? null : value;
      if (name === 'inbox-device') this.deviceCookie = value === '' ? null : value;
    }
    return { status: answer.status, headers: answer.headers, text: answer.body, json: () => JSON.parse(answer.body) };
  }

  get(call: string, headers?: Record<string, string>) {
    return this.call('GET', call, undefined, headers);
  }

  post(call: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call('POST', call, body, headers);
  }

  signIn(username: string, code: string, password = PASSWORD) {
    return this.post('/sign-in', { username, password, code });
  }
}

/** Makes `username` and walks them through their first sign-in; resolves with their key and recovery codes. */
export async function enrolledStaff(
  fixture: { store: Store; server: Running },
  username: string,
): Promise<{ user: UserRecord; secret: string; recoveryCodes: string[]; client: InboxClient }> {
  const created = await addStaff(fixture.store, username);
  const client = new InboxClient(fixture.server.url);
  const first = await client.signIn(username, created.enrolmentCode);
  if (first.status !== 200) throw new Error(`sign-in: ${first.status} ${first.text}`);
  const secret: string = first.json().enrolment.setupKey;
  const enrolled = await client.post('/enrol', { code: codeAt(secret) });
  if (enrolled.status !== 200) throw new Error(`enrol: ${enrolled.status} ${enrolled.text}`);
  const user = (await fixture.store.get('users', created.id))!;
  return { user, secret, recoveryCodes: enrolled.json().recoveryCodes, client };
}
