/**
 * The HTTP server around the Koa app: how long a client may take and how
 * many connections it may hold, and what a client that sends an address too
 * long to be one of ours gets. Node's defaults let a client that sends one
 * byte every few seconds hold a connection for minutes (headers: 60 s, whole
 * request: 300 s, checked only every 30 s), and log nothing for a request its
 * parser refused. What no browser sends (malformed HTTP, an `Expect` other
 * than 100-continue, CONNECT) gets Node's own plain answer.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { MessageId } from '../contract/i18n';
import { LOCALE_CODES, LOCALES, negotiateLocale } from '../contract/locales';
import { limitConnectionsPerClient } from './client-connections';
import { maxConnectionsForThisProcess } from './connection-cap';
import { translatorFor } from './i18n';
import type { Log } from './log';
import { trustedPeers } from './middleware/trusted-proxies';

export interface HttpLimits {
  /** A request's headers must be complete this long after its first byte. */
  headersTimeoutMs: number;
  /** The whole request, body included, must be in this long after its first byte. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two request timeouts above: the most they can be overrun by. */
  timeoutCheckIntervalMs: number;
  /** A connection with nothing sent or received for this long is closed (a client that stopped reading). */
  socketIdleTimeoutMs: number;
  /** Connections beyond this many, all clients together, are closed as they arrive. */
  maxConnections: number;
}

export const PRODUCTION_LIMITS: HttpLimits = {
  // A browser sends its headers in one or two packets: 5 s is a round trip on a 2G link
  // (about 1 s) and two lost packets resent (after 1 s, then 2 s more).
  headersTimeoutMs: 5_000,
  // The largest request is a 16 KiB enquiry: about 4 s at 2G's 40 kbit/s up, and 15 s
  // leaves room for losses. Behind nginx, which buffers bodies, a request arrives at once.
  requestTimeoutMs: 15_000,
  // Node's own default. A proxy that reuses connections to us must close them sooner.
  keepAliveTimeoutMs: 5_000,
  timeoutCheckIntervalMs: 1_000,
  socketIdleTimeoutMs: 60_000,
  // What the open-file limit allows. One client cannot fill it: see ClientLimits.
  maxConnections: maxConnectionsForThisProcess(),
};

export interface ClientLimits {
  /** Open connections allowed per client address (an IPv6 client is its /64). */
  maxConnectionsPerClient: number;
  /** Addresses and CIDR ranges of proxies of ours: their connections carry many clients, and are not limited per client. */
  trustedProxies: readonly string[];
}

/** Longer request targets are refused: the site's longest address is a few dozen characters. */
export const MAX_TARGET_LENGTH = 2 * 1024;

/**
 * A sentence in the language the request's Accept-Language asks for when its
 * headers arrived, and in every language, a line each, when they did not (no
 * header can be trusted then).
 */
function sentenceFor(sentence: MessageId, request: http.IncomingMessage | undefined) {
  const locales = request === undefined ? LOCALE_CODES : [negotiateLocale(request.headers['accept-language'])];
  const body = locales.map((locale) => `${translatorFor(locale)(sentence)}\n`).join('');
  return { body, language: locales.map((locale) => LOCALES[locale].htmlLang).join(', ') };
}

/**
 * Refuses a request target over MAX_TARGET_LENGTH before the app sees it:
 * no path code runs on it, and no request line logs it. The connection is
 * closed after the answer, so that a body behind it is not read. A link or a
 * bookmark can lead a browser here, so the visitor gets a sentence.
 */
function refuseLongTargets(handler: http.RequestListener, log: Log): http.RequestListener {
  return function handleRequest(request, response) {
    if ((request.url ?? '').length <= MAX_TARGET_LENGTH) return handler(request, response);
    log({ level: 'warn', msg: 'client error', status: 414, targetLength: request.url!.length });
    const { body, language } = sentenceFor('service.addressTooLong', request);
    response.writeHead(414, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Language': language,
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    response.end(body);
  };
}

/** The status Node's own clientError handler answers for each parser error; 400 for the rest. */
const STATUS_FOR_CODE: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

/**
 * Node's answer to a request its parser refused, as Node writes it. A request
 * that ran out of time (408) can be a phone on a bad link, so it gets a
 * sentence; nothing else here comes from a browser.
 */
function clientErrorAnswer(status: number, request: http.IncomingMessage | undefined): string {
  const statusLine = `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n`;
  if (status !== 408) return `${statusLine}\r\n`;
  const { body, language } = sentenceFor('service.requestTimeout', request);
  return (
    `${statusLine}Content-Type: text/plain; charset=utf-8\r\n` +
    `Content-Language: ${language}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * For 'clientError': a request Node's HTTP parser refused, or one that ran
 * out of time. It is the client's fault: one warn line without a stack, and
 * Node's own answer, then the connection is closed.
 */
function answerClientError(log: Log, requestOn: WeakMap<Duplex, http.IncomingMessage>) {
  return function onClientError(error: NodeJS.ErrnoException, socket: Duplex) {
    const connection = socket as Socket; // an http.Server's connections are net sockets
    // The client hung up: there is nobody to answer and nothing malformed to report.
    if (error.code === 'ECONNRESET') {
      connection.destroy();
      return;
    }
    const status = STATUS_FOR_CODE[error.code ?? ''] ?? 400;
    log({ level: 'warn', msg: 'client error', status, code: error.code, error: error.message });
    // Only on a connection that has sent nothing yet: otherwise it would land inside an earlier answer.
    if (connection.writable && connection.bytesWritten === 0) {
      // Closed once the answer is flushed, whether or not the client ever closes its side.
      connection.end(clientErrorAnswer(status, requestOn.get(socket)), () => connection.destroy());
    } else {
      connection.destroy();
    }
  };
}

export function createHttpServer(
  handler: http.RequestListener,
  { log, limits = PRODUCTION_LIMITS, clients }: { log: Log; limits?: HttpLimits; clients: ClientLimits },
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    refuseLongTargets(handler, log),
  );
  server.timeout = limits.socketIdleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  limitConnectionsPerClient(server, {
    maxPerClient: clients.maxConnectionsPerClient,
    isTrustedProxy: trustedPeers(clients.trustedProxies),
    log,
  });
  // The request each connection is on, so that a timeout Node answers for it can be in its visitor's language.
  const requestOn = new WeakMap<Duplex, http.IncomingMessage>();
  server.on('request', (request: http.IncomingMessage) => requestOn.set(request.socket, request));
  server.on('clientError', answerClientError(log, requestOn));
  return server;
}
