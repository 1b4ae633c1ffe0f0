import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPACITY, readFileStore } from './db/file-store';
import { describeCapacity } from './store-interface';
import { startSmtpReceiver, type SmtpReceiver } from './test-support/alert-receivers';
import { makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry } from './test-support/fixtures';
import { spawnServer, startServer, useServiceBundle, type ServerProcess } from './test-support/server-process';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let env: Record<string, string>;
let smtp: SmtpReceiver | null = null;

/** E-mail alerts to a real SMTP server in this process. */
async function withEmailAlerts(): Promise<{ smtp: SmtpReceiver; env: Record<string, string> }> {
  smtp = await startSmtpReceiver();
  return {
    smtp,
    env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example', NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example' },
  };
}
const running: ServerProcess[] = [];
// Some thirty starts in this file: the bundle `npm start` runs, built once.
const serviceBundle = useServiceBundle();

async function start(extraEnv: Record<string, string> = {}) {
  const server = await startServer({ ...env, ...extraEnv }, { entry: serviceBundle() });
  running.push(server);
  return server;
}

const spawnService = (processEnv: Record<string, string>) => spawnServer(processEnv, { entry: serviceBundle() });

beforeEach(async () => {
  temp = await makeTempDir();
  env = {
    DB_FILE: path.join(temp.dir, 'data', 'db.json'),
    DIST_DIR: await makeSiteFixture(temp.dir),
    RATE_LIMIT_PER_MINUTE: '0',
    // These tests are about the process (crashes, restarts, signals): their posts carry no proof of work.
    CONTACT_CHALLENGE: 'off',
    // Thousands of posts in a few seconds: past the daily ceiling they would be held for review, not lost, but not enquiries.
    ENQUIRIES_PER_DAY: '0',
  };
});

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await smtp?.stop();
  smtp = null;
  await temp.remove();
});

/**
 * Posts from `clients` concurrent loops until the server goes away, pushing
 * to `acknowledged` the id of every 201: the enquiries the service promised to keep.
 */
async function postUntilGone(url: string, clients: number, acknowledged: string[] = []): Promise<string[]> {
  const client = async (clientIndex: number) => {
    for (let index = 0; ; index += 1) {
      try {
        const response = await postJson(url, validEnquiry({ message: `client ${clientIndex} #${index}` }), {
          'idempotency-key': randomUUID(),
        });
        if (response.status !== 201) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
        acknowledged.push((await readAnswer(response)).id);
      } catch (error) {
        if (error instanceof TypeError) return; // fetch failed: the server was killed
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return acknowledged;
}

async function postUntilCount(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await readAnswer(await postJson(url, validEnquiry()))).id);
  return ids;
}

describe('the service process', () => {
  it('keeps every acknowledged enquiry, and its alert, through 20 SIGKILLs under load', async () => {
    const alerts = await withEmailAlerts();
    const acknowledged = new Set<string>();
    for (let round = 0; round < 20; round += 1) {
      const server = await start(alerts.env);
      // The restart has loaded the files: every enquiry answered 201 so far must be in them, with its alert.
      const { enquiries, alerts: alertRecords } = (await readFileStore(env.DB_FILE!)).data;
      const stored = enquiries.map((record) => record.id);
      expect(new Set(stored).size).toBe(stored.length);
      const missing = [...acknowledged].filter((id) => !stored.includes(id));
      expect(missing, `round ${round}: acknowledged enquiries lost`).toEqual([]);
      const alerted = new Set(alertRecords.map((alert) => alert.enquiryId));
      expect(
        stored.filter((id) => !alerted.has(id)),
        `round ${round}: enquiries without their alert`,
      ).toEqual([]);

      const load = postUntilGone(server.url, 8);
      await new Promise((resolve) => setTimeout(resolve, 60 + Math.random() * 140));
      server.child.kill('SIGKILL');
      for (const id of await load) acknowledged.add(id);
      await server.exited;
      running.splice(running.indexOf(server), 1);
    }
    expect(acknowledged.size).toBeGreaterThan(100);
    const final = await start(alerts.env);
    const stored = new Set((await readFileStore(env.DB_FILE!)).data.enquiries.map((record) => record.id));
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    expect(final.output()).toContain('served on');
    expect(final.output()).toContain(`The file store holds ${describeCapacity({ enquiries: stored.size, limit: CAPACITY })}.`);
    // DB_FILE alone, as an operator would open or back it up, catches up once writes go quiet.
    for (const id of await postUntilCount(final.url, 20)) acknowledged.add(id);
    await vi.waitFor(
      async () => {
        const snapshot = JSON.parse(await readFile(env.DB_FILE!, 'utf8')) as { enquiries: { id: string }[] };
        const inSnapshot = new Set(snapshot.enquiries.map((record) => record.id));
        expect([...acknowledged].filter((id) => !inSnapshot.has(id))).toEqual([]);
      },
      { timeout: 8_000, interval: 250 },
    );
  }, 120_000);

  it('sends the alert of an enquiry killed right after its 201 once restarted; every copy is one message', async () => {
    const alerts = await withEmailAlerts();
    const first = await start(alerts.env);
    const answer = await readAnswer(await postJson(first.url, validEnquiry({ firstName: 'Kill' })));
    first.child.kill('SIGKILL');
    await first.exited;
    await start(alerts.env);
    await vi.waitFor(() => expect(alerts.smtp.received.length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    const ids = new Set(alerts.smtp.received.map((received) => received.mail.messageId));
    expect([...ids]).toEqual([`<enquiry-${answer.id}@teratai-wealth.example>`]);
    await vi.waitFor(async () => {
      const [alert] = (await readFileStore(env.DB_FILE!)).data.alerts;
      expect(alert).toMatchObject({ enquiryId: answer.id, status: 'sent' });
    });
  });

  it('after a graceful restart while the mail server is down, delivers the pending alert once it is up', async () => {
    const alerts = await withEmailAlerts();
    await alerts.smtp.stop();
    const first = await start(alerts.env);
    await postJson(first.url, validEnquiry({ firstName: 'Restart' }));
    await vi.waitFor(async () => {
      expect((await readFileStore(env.DB_FILE!)).data.alerts[0]?.lastError).toContain('ECONNREFUSED');
    });
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    await alerts.smtp.start();
    await start(alerts.env);
    await vi.waitFor(() => expect(alerts.smtp.received).toHaveLength(1), { timeout: 10_000 });
    expect(alerts.smtp.received[0]?.mail.subject).toMatch(/^New enquiry TW-[0-9A-F]{8} from Restart Rahman$/);
  });

  it('says once at start, in one line, that alerts are off and how to turn them on', async () => {
    const server = await start();
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('Alerts are off'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SMTP_URL');
    expect(lines[0]).toContain('NOTIFY_WEBHOOK_URL');
  });

  it('says at start how full the file store is', async () => {
    const server = await start();
    expect(server.output()).toContain('"capacity":"0 of 50,000 enquiries (0%)"');
  });

  it('refuses malformed alert settings, naming each', async () => {
    const server = spawnService({ ...env, SMTP_URL: 'mail.example.com', NOTIFY_EMAIL_TO: 'not-an-address', NOTIFY_WEBHOOK_URL: 'ftp://x' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('SMTP_URL: SMTP_URL must be a URL starting with smtp:// or smtps://');
    expect(server.output()).toContain('NOTIFY_EMAIL_TO: NOTIFY_EMAIL_TO must be one or more e-mail addresses');
    expect(server.output()).toContain('NOTIFY_EMAIL_FROM: must be set too');
    expect(server.output()).toContain('NOTIFY_WEBHOOK_URL: NOTIFY_WEBHOOK_URL must be a URL starting with https://');
  });

  it('refuses a second process on the same file, and says why', async () => {
    const first = await start();
    const second = spawnService(env);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain('The service could not start.');
    expect(second.output()).toContain(`Another process (pid ${first.child.pid}) holds ${env.DB_FILE}.lock`);
    expect((await postJson(first.url, validEnquiry())).status).toBe(201);
  });

  it('stops at once when another process has taken its lock over, and leaves that lock alone', async () => {
    const server = await start();
    const lock = `${env.DB_FILE}.lock`;
    // What a service in another container on the same volume does, having judged this one gone:
    // its own lock, renewed, naming it.
    await writeFile(`${lock}.owner`, '1\nanother-boot pid:[4026532000]\n');
    const renewed = new Date(Date.now() + 1_000);
    await utimes(lock, renewed, renewed);
    expect(await server.exited).toEqual({ code: 1, signal: null });
    running.splice(running.indexOf(server), 1);
    expect(server.output()).toContain('"msg":"store lock lost: stopping at once"');
    expect((await stat(lock)).isDirectory()).toBe(true);
    expect(await readFile(`${lock}.owner`, 'utf8')).toBe('1\nanother-boot pid:[4026532000]\n');
  }, 20_000);

  it('on SIGTERM finishes the requests in flight, releases the lock and exits 0', async () => {
    const server = await start();
    const acknowledged: string[] = [];
    const load = postUntilGone(server.url, 8, acknowledged);
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(0), { timeout: 10_000 });
    server.child.kill('SIGTERM'); // with 8 clients posting, some requests are always in flight
    const ids = await load;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    running.splice(running.indexOf(server), 1);
    expect(server.output()).toContain('"msg":"stopped"');
    await expect(stat(`${env.DB_FILE}.lock`)).rejects.toThrow('ENOENT');
    const stored = (await readFileStore(env.DB_FILE!)).data.enquiries.map((record) => record.id);
    expect(stored).toEqual(expect.arrayContaining(ids));
  });

  it('refuses to start without a built site and tells the operator to build', async () => {
    const emptyDist = path.join(temp.dir, 'empty-dist');
    await mkdir(emptyDist);
    const server = spawnService({ ...env, DIST_DIR: emptyDist });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('Run `npm run build` first');
  });

  it('refuses a bad environment, naming every bad variable', async () => {
    const server = spawnService({ ...env, PORT: 'eighty', TRUST_PROXY: 'perhaps' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/PORT: .*\n\s+TRUST_PROXY: /);
  });

  it('refuses a data file it cannot read, names it, and leaves it untouched', async () => {
    await mkdir(path.dirname(env.DB_FILE!), { recursive: true });
    const foreign = JSON.stringify({ users: [{ name: 'not ours' }] });
    await writeFile(env.DB_FILE!, foreign);
    const server = spawnService(env);
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(`${env.DB_FILE}: does not match the expected shape`);
    expect(await readFile(env.DB_FILE!, 'utf8')).toBe(foreign);
  });
});
