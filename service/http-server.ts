/**
 * The HTTP server around the Koa app: how long a client may take and how
 * many connections it may hold, and what a client that does not speak HTTP,
 * or sends an address too long to be one of ours, gets. Node's defaults let
 * a client that sends one byte every few seconds hold a connection for
 * minutes (headers: 60 s, whole request: 300 s, checked only every 30 s), and
 * log nothing for a request its parser refused.
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

interface ProtocolAnswer {
  readonly status: number;
  readonly text: string;
  readonly sentence: MessageId;
}

/** The status Node's own clientError handler answers for each parser error (400 for the rest), with a sentence. */
const ANSWER_FOR_CODE: Readonly<Record<string, ProtocolAnswer>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', sentence: 'service.requestTimeout' },
  HPE_HEADER_OVERFLOW: { status: 431, text: 'Request Header Fields Too Large', sentence: 'service.headersTooLarge' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, text: 'Payload Too Large', sentence: 'service.requestTooLarge' },
};
const BAD_REQUEST: ProtocolAnswer = { status: 400, text: 'Bad Request', sentence: 'service.malformedRequest' };
/** An `Expect` other than 100-continue, which Node would answer with an empty 417. */
const EXPECTATION_FAILED: ProtocolAnswer = { status: 417, text: 'Expectation Failed', sentence: 'service.expectationFailed' };
/** CONNECT, to which Node answers nothing at all (it closes the connection). */
const NOT_A_PROXY: ProtocolAnswer = { status: 405, text: 'Method Not Allowed', sentence: 'service.notProxy' };
const TARGET_TOO_LONG: ProtocolAnswer = { status: 414, text: 'URI Too Long', sentence: 'service.addressTooLong' };

/**
 * The whole HTTP answer to a request the parser refused or that ran out of
 * time: its sentence in the language the request's Accept-Language asks for
 * when its headers arrived (a body too slow to arrive), and in every
 * language, a line each, when they did not (no header can be trusted then).
 */
function protocolAnswer({ status, text, sentence }: ProtocolAnswer, request: http.IncomingMessage | undefined): string {
  const { body, language } = sentenceFor(sentence, request);
  return (
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Language: ${language}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

function sentenceFor(sentence: MessageId, request: http.IncomingMessage | undefined) {
  const locales = request === undefined ? LOCALE_CODES : [negotiateLocale(request.headers['accept-language'])];
  const body = locales.map((locale) => `${translatorFor(locale)(sentence)}\n`).join('');
  return { body, language: locales.map((locale) => LOCALES[locale].htmlLang).join(', ') };
}

/** An answer through the response, in the request's language. */
function answerRequest({ status, sentence }: ProtocolAnswer, request: http.IncomingMessage, response: http.ServerResponse, headers = {}) {
  const { body, language } = sentenceFor(sentence, request);
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Language': language,
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

/** For 'checkExpectation': the answer goes through the response, so a keep-alive connection gets it too. */
function answerExpectation(request: http.IncomingMessage, response: http.ServerResponse) {
  answerRequest(EXPECTATION_FAILED, request, response);
}

/**
 * Refuses a request target over MAX_TARGET_LENGTH before the app sees it:
 * no path code runs on it, and no request line logs it. The connection is
 * closed after the answer, so that a body behind it is not read.
 */
function refuseLongTargets(handler: http.RequestListener, log: Log): http.RequestListener {
  return function handleRequest(request, response) {
    if ((request.url ?? '').length <= MAX_TARGET_LENGTH) return handler(request, response);
    log({ level: 'warn', msg: 'client error', status: TARGET_TOO_LONG.status, targetLength: request.url!.length });
    answerRequest(TARGET_TOO_LONG, request, response, { Connection: 'close' });
  };
}

/**
 * For 'clientError': a request Node's HTTP parser refused, or one that ran
 * out of time. It is the client's fault: one warn line without a stack, and
 * the status Node would have sent, with a sentence, then the connection is
 * closed.
 */
function answerClientError(log: Log, requestOn: WeakMap<Duplex, http.IncomingMessage>) {
  return function onClientError(error: NodeJS.ErrnoException, socket: Duplex) {
    const connection = socket as Socket; // an http.Server's connections are net sockets
    // The client hung up: there is nobody to answer and nothing malformed to report.
    if (error.code === 'ECONNRESET') {
      connection.destroy();
      return;
    }
    const answer = ANSWER_FOR_CODE[error.code ?? ''] ?? BAD_REQUEST;
    log({ level: 'warn', msg: 'client error', status: answer.status, code: error.code, error: error.message });
    answerAndClose(socket, answer, requestOn.get(socket));
  };
}

/** Sends `answer` on a connection and closes it; a connection that has already sent something is only closed. */
function answerAndClose(socket: Duplex, answer: ProtocolAnswer, request: http.IncomingMessage | undefined) {
  const connection = socket as Socket; // an http.Server's connections are net sockets
  // Only on a connection that has sent nothing yet: otherwise it would land inside an earlier answer.
  if (connection.writable && connection.bytesWritten === 0) {
    // Closed once the answer is flushed, whether or not the client ever closes its side.
    connection.end(protocolAnswer(answer, request), () => connection.destroy());
  } else {
    connection.destroy();
  }
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
  server.on('checkExpectation', answerExpectation);
  server.on('connect', (request: http.IncomingMessage, socket: Duplex) => answerAndClose(socket, NOT_A_PROXY, request));
  return server;
}
