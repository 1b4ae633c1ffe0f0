/**
 * `smtp://` to another machine must not fall back to clear text: without
 * STARTTLS (a server that lacks it, or someone in the path who strips it) the
 * password and the enquiry are not sent. On this machine (a local relay, the
 * tests) plain SMTP stays allowed.
 */
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { isLoopbackAddress, isLoopbackHost } from '../loopback-host';
import { enquiryRecord } from '../test-support/fixtures';
import type { AlertSender } from './alert-sender';
import { createEmailSender, smtpTransportUrl } from './email-sender';

describe('smtpTransportUrl', () => {
  it.each([
    ['smtp://smtp-relay.brevo.com:587', 'smtp://smtp-relay.brevo.com:587?requireTLS=true'],
    [
      'smtp://you%40firm.com:p%40ss@smtp.office365.com:587?requireTLS=false',
      'smtp://you%40firm.com:p%40ss@smtp.office365.com:587?requireTLS=true',
    ],
    ['smtp://relay.internal:25?ignoreTLS=true', 'smtp://relay.internal:25?ignoreTLS=true&requireTLS=true'],
    ['smtp://192.0.2.10:25', 'smtp://192.0.2.10:25?requireTLS=true'],
    ['smtp://[2001:db8::1]:25', 'smtp://[2001:db8::1]:25?requireTLS=true'],
  ])('requires STARTTLS from a host that is not loopback: %s', (given, used) => {
    expect(smtpTransportUrl(given)).toBe(used);
  });

  it.each([
    'smtp://127.0.0.1:2525',
    'smtp://127.0.0.2:25',
    'smtp://localhost:25',
    'smtp://LOCALHOST:25',
    'smtp://[::1]:25',
    'smtp://[::ffff:127.0.0.1]:25',
  ])('leaves plain SMTP to loopback as it is: %s', (given) => {
    expect(smtpTransportUrl(given)).toBe(given);
  });

  it('leaves smtps:// (TLS from the first byte) as it is', () => {
    expect(smtpTransportUrl('smtps://user:pw@smtp.gmail.com:465')).toBe('smtps://user:pw@smtp.gmail.com:465');
  });
});

/**
 * Where a server plays a remote one while no packet leaves the machine: an
 * IPv4 address of one of this machine's own network interfaces, which is not
 * loopback; on a machine with none, its own name, listening on the 127.x
 * address that the name resolves to (Debian's /etc/hosts maps it to
 * 127.0.1.1), since a name counts as remote whatever it resolves to.
 */
async function remoteLookingHost(): Promise<{ host: string; listenOn: string }> {
  const own = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal);
  if (own) return { host: own.address, listenOn: own.address };
  const name = os.hostname();
  const { address } = await lookup(name, { family: 4 });
  if (!isLoopbackAddress(address) || isLoopbackHost(name)) {
    throw new Error(`No address here plays a remote server: no network interface but loopback, and ${name} resolves to ${address}.`);
  }
  return { host: name, listenOn: address };
}

interface PlainServer {
  url: string;
  /** User names the server was given with AUTH, in clear text. */
  logins: string[];
  received: number;
  close(): Promise<void>;
}

/** A real SMTP server that offers no STARTTLS and accepts AUTH without TLS: what a stripped connection looks like. */
async function startPlainServer(host: string, listenOn = host): Promise<PlainServer> {
  const state: PlainServer = { url: '', logins: [], received: 0, close: async () => {} };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      state.logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.received += 1;
        callback(null, 'Queued');
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listenOn, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://alerts%40teratai-wealth.example:app-password@${host}:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

let server: PlainServer | undefined;
let sender: AlertSender | undefined;

afterEach(async () => {
  sender?.close();
  await server?.close();
});

const sendOne = (smtpUrl: string) => {
  sender = createEmailSender({ smtpUrl, to: ['advisers@teratai-wealth.example'], from: 'alerts@teratai-wealth.example' }, 'UTC');
  return sender.send({ id: 'a1' } as Parameters<AlertSender['send']>[0], enquiryRecord(1));
};

describe('an e-mail alert over smtp://', () => {
  it('to a host that is not loopback, without STARTTLS: not sent, and the password never goes out', async () => {
    const { host, listenOn } = await remoteLookingHost();
    server = await startPlainServer(host, listenOn);
    const outcome = await sendOne(server.url);
    // The server refuses STARTTLS with 500: a setting to fix, not a failure to wait out.
    expect(outcome).toMatchObject({ kind: 'permanent', error: expect.stringMatching(/^Error upgrading connection with STARTTLS/) });
    expect(server.logins).toEqual([]);
    expect(server.received).toBe(0);
  });

  it('to loopback, without STARTTLS: sent in plain text, as a local relay expects', async () => {
    server = await startPlainServer('127.0.0.1');
    expect(await sendOne(server.url)).toMatchObject({ kind: 'sent' });
    expect(server.logins).toEqual(['alerts@teratai-wealth.example']);
    expect(server.received).toBe(1);
  });
});
