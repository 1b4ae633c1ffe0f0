/**
 * A real IMAP server for the tests of the replies' reader (service/mailbox/):
 * Debian's Dovecot, run with a configuration written into a temp folder, one
 * password-file user, IMAP without TLS on a free port on 127.0.0.1 (loopback
 * only). Mail is put in as a delivery agent would, with `doveadm save`, and
 * its flags are read back with `doveadm fetch`. One server per test file
 * (useDovecotPerFile); each test empties the mailbox or uses its own.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port';

export const DOVECOT_USER = 'firm';
/** Dovecot takes a LOGIN about 1-2 s after it starts; on a loaded machine, longer. */
const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 100;
const START_TIMEOUT_MS = 60_000;
/** A big message goes through doveadm's standard input. */
const SAVE_MAX_BUFFER = 64 * 1024 * 1024;

export interface TestDovecot {
  port: number;
  password: string;
  /** `imap://firm:PASSWORD@127.0.0.1:PORT/INBOX`: what REPLIES_IMAP_URL is set to. */
  url: string;
  /** The URL with another password: a mailbox that refuses it. */
  urlWithPassword(password: string): string;
  /** Stores the raw message in INBOX, unseen, as a delivery agent would. */
  deliver(raw: string | Buffer): Promise<void>;
  /** Puts many messages into INBOX at once as files in the Maildir's `new` (a benchmark's full mailbox): Dovecot finds them at the next look. */
  fill(raws: readonly (string | Buffer)[]): Promise<void>;
  /** Each message's UID and flags, oldest first. */
  flags(): Promise<{ uid: number; flags: string[] }[]>;
  /** Removes every message from INBOX (the UIDs go on counting). */
  empty(): Promise<void>;
  stop(): Promise<void>;
}

function configuration(dir: string, port: number, asRoot: boolean): string {
  return [
    'protocols = imap',
    'listen = 127.0.0.1',
    `instance_name = teratai-${path.basename(dir)}`,
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // A refused password answers at once: the tests of a refused mailbox need not wait Dovecot's 2 s per try.
    'auth_failure_delay = 0',
    `passdb {\n  driver = passwd-file\n  args = ${dir}/passwd\n}`,
    `userdb {\n  driver = passwd-file\n  args = ${dir}/passwd\n}`,
    'mail_location = maildir:~/Maildir',
    'first_valid_uid = 0',
    'first_valid_gid = 0',
    ...(asRoot ? ['default_login_user = dovenull', 'default_internal_user = dovecot'] : []),
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service pop3-login {\n  inet_listener pop3 {\n    port = 0\n  }\n  inet_listener pop3s {\n    port = 0\n  }\n}',
    'service submission-login {\n  inet_listener submission {\n    port = 0\n  }\n}',
    'service imap-urlauth-login {\n  chroot =\n}',
    'service auth {\n  chroot =\n}',
    'service anvil {\n  chroot =\n}',
    '',
  ].join('\n');
}

/** Resolves once the server answers an IMAP greeting on `port`. */
async function waitForGreeting(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not answer on port ${port} within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

export async function startDovecot(): Promise<TestDovecot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'teratai-dovecot-'));
  const asRoot = process.getuid?.() === 0;
  const [uid, gid] = asRoot ? [65534, 65534] : [process.getuid!(), process.getgid!()];
  const home = path.join(dir, 'home');
  await mkdir(path.join(home, 'Maildir'), { recursive: true });
  if (asRoot) {
    // Dovecot's auth process runs as `dovecot` and reads the password file through the folder.
    await chmod(dir, 0o711);
    await chown(home, uid, gid);
    await chown(path.join(home, 'Maildir'), uid, gid);
  }
  const password = randomBytes(12).toString('hex');
  await writeFile(path.join(dir, 'passwd'), `${DOVECOT_USER}:{PLAIN}${password}:${uid}:${gid}::${home}::\n`);
  const port = await freePort();
  const config = path.join(dir, 'dovecot.conf');
  await writeFile(config, configuration(dir, port, asRoot));
  const server: ChildProcess = spawn('dovecot', ['-F', '-c', config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await waitForGreeting(port);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  const doveadm = (args: string[], input?: string | Buffer) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile('doveadm', ['-c', config, ...args], { maxBuffer: SAVE_MAX_BUFFER }, (error, stdout, stderr) =>
        error ? reject(new Error(`doveadm ${args[0]}: ${stderr || error.message}`)) : resolve(stdout),
      );
      // A doveadm command that reads no input may exit before its standard input is closed: its outcome is the callback's.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input ?? '');
    });
  const url = (secret: string) => `imap://${DOVECOT_USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/INBOX`;
  return {
    port,
    password,
    url: url(password),
    urlWithPassword: url,
    async deliver(raw) {
      await doveadm(['save', '-u', DOVECOT_USER, '-m', 'INBOX'], raw);
    },
    async fill(raws) {
      const fresh = path.join(home, 'Maildir', 'new');
      await mkdir(fresh, { recursive: true });
      if (asRoot) await chown(fresh, uid, gid);
      const stamp = Math.floor(Date.now() / 1000);
      for (const [index, raw] of raws.entries()) {
        const file = path.join(fresh, `${stamp}.M${index}P${process.pid}.teratai`);
        await writeFile(file, raw);
        if (asRoot) await chown(file, uid, gid);
      }
    },
    async flags() {
      const out = await doveadm(['-f', 'tab', 'fetch', '-u', DOVECOT_USER, 'uid flags', 'mailbox', 'INBOX', 'ALL']);
      return out
        .trim()
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => {
          const [uidText, flagText = ''] = line.split('\t');
          return { uid: Number(uidText), flags: flagText.split(' ').filter(Boolean) };
        });
    },
    async empty() {
      await doveadm(['expunge', '-u', DOVECOT_USER, 'mailbox', 'INBOX', 'ALL']);
    },
    async stop() {
      server.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts one server before the file's tests and removes it after; call the result inside tests and hooks. */
export function useDovecotPerFile(): () => TestDovecot {
  let dovecot: TestDovecot | undefined;
  beforeAll(async () => {
    dovecot = await startDovecot();
  }, START_TIMEOUT_MS);
  afterAll(() => dovecot?.stop());
  return () => {
    if (!dovecot) throw new Error('Dovecot has not started');
    return dovecot;
  };
}
