/**
 * Real receivers for the alert tests: an SMTP server (nodemailer's own
 * smtp-server, read back with mailparser) and an HTTP server for webhooks,
 * both on 127.0.0.1. Each can be told how to answer, and the SMTP server can
 * go down and come back on the same port, like a mail server's outage.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, as the SMTP server saw them. */
  rcptTo: string[];
  mail: ParsedMail;
  /** The message's bytes as they arrived (after the SMTP transfer's own dot-stuffing is undone). */
  raw: Buffer;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface SmtpReceiver {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Messages accepted, parsed or not. */
  count: number;
  /** The SMTP code to refuse the next messages with (e.g. 451, 550); null accepts them. */
  refuseWith: number | null;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** `parse: false` only counts what arrives, for the benchmark, where parsing would compete for the CPU. */
export async function startSmtpReceiver(port = 0, { parse = true } = {}): Promise<SmtpReceiver> {
  let server: SMTPServer | null = null;
  const receiver: SmtpReceiver = {
    url: '',
    port,
    received: [],
    count: 0,
    refuseWith: null,
    async start() {
      // No STARTTLS: the server would offer it with a self-signed certificate, which nodemailer refuses.
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          if (!parse) {
            stream.resume();
            stream.on('end', () => {
              receiver.count += 1;
              callback(null, 'Queued by the test receiver');
            });
            return;
          }
          bytesOf(stream)
            .then(async (raw) => [raw, await simpleParser(raw)] as const)
            .then(
              ([raw, mail]) => {
                if (receiver.refuseWith !== null) {
                  const error = Object.assign(new Error(`Refused by the test (${receiver.refuseWith})`), {
                    responseCode: receiver.refuseWith,
                  });
                  callback(error);
                  return;
                }
                receiver.count += 1;
                receiver.received.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail, raw });
                callback(null, 'Queued by the test receiver');
              },
              (error: Error) => callback(error),
            );
        },
      });
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(receiver.port, '127.0.0.1', () => resolve());
      });
      // A client killed mid-session (the crash tests) resets its connection: not the receiver's fault.
      smtp.on('error', () => {});
      receiver.port = (smtp.server.address() as AddressInfo).port;
      receiver.url = `smtp://127.0.0.1:${receiver.port}`;
      server = smtp;
    },
    async stop() {
      const smtp = server;
      server = null;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
  await receiver.start();
  return receiver;
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Statuses for the next requests, in order; once used up, 204. */
  answers: number[];
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', received: [], answers: [], stop: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = receiver.answers.shift() ?? 204;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 400 ? `Refused by the test (${status})` : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/enquiries`;
  receiver.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
