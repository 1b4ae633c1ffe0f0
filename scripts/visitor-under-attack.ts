/**
 * For `npm run bench:api`: how long a visitor waits for the home page and a
 * posted enquiry while an attacker at another loopback address holds 1,000
 * connections that never finish their headers and sends a path of 15,000
 * slashes right ahead of each request (the case of service/one-client.test.ts,
 * which checks only that the answers come: a time limit belongs on an idle
 * machine, not in a test that shares its cores with other workers).
 */
import { randomUUID } from 'node:crypto';
import { ROUTE_PATHS } from '../contract/routes';
import { validEnquiry } from '../service/test-support/fixtures';
import { connectFrom, holdHalfOpen, requestFrom, type HalfOpen } from '../service/test-support/loopback-clients';
import { startServer } from '../service/test-support/server-process';
import { SERVICE_BUNDLE } from './build-service.mjs';
import { median } from './median';

const ATTACKER = '127.0.0.2';
const VISITOR = '127.0.0.1';
const HALF_OPEN_CONNECTIONS = 1_000;
const SAMPLES = 20;
/** The target of docs/service.md for each of the visitor's answers, at the median. */
export const VISITOR_TARGET_MS = 100;

export interface VisitorFigures {
  pageMs: { median: number; max: number };
  postMs: { median: number; max: number };
}

const summary = (values: readonly number[]) => ({ median: median(values), max: Math.max(...values) });

function postEnquiry(url: string) {
  return requestFrom(url, {
    from: VISITOR,
    method: 'POST',
    path: '/api/contact',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(validEnquiry()),
  });
}

/** The service as `npm start` runs it (buildService() first), on `env`'s store. */
export async function measureVisitorUnderAttack(env: Record<string, string>): Promise<VisitorFigures> {
  const server = await startServer(env, { entry: SERVICE_BUNDLE, outputUntilListening: true });
  let attack: HalfOpen | undefined;
  try {
    // Warmed up first: what is measured is the attack's cost, not a fresh process compiling its code.
    await requestFrom(server.url, { from: VISITOR, path: ROUTE_PATHS.home });
    await postEnquiry(server.url);
    // Opened before the others, so that they are among the connections the service holds for one client.
    const slashConnections = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) slashConnections.push(await connectFrom(server.url, ATTACKER));
    attack = await holdHalfOpen(server.url, ATTACKER, HALF_OPEN_CONNECTIONS);
    await attack.settled;
    const page: number[] = [];
    const post: number[] = [];
    for (const slashes of slashConnections) {
      slashes.socket.write(`GET /a${'/'.repeat(15_000)}b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      const answers = [await requestFrom(server.url, { from: VISITOR, path: ROUTE_PATHS.home }), await postEnquiry(server.url)];
      if (answers[0]!.status !== 200 || answers[1]!.status !== 201) {
        throw new Error(`the visitor was answered ${answers[0]!.status} and ${answers[1]!.status} under the attack`);
      }
      page.push(answers[0]!.ms);
      post.push(answers[1]!.ms);
      const slashAnswer = await slashes.received();
      if (!slashAnswer.startsWith('HTTP/1.1 414 ')) throw new Error(`the slash request was answered ${slashAnswer.slice(0, 40)}`);
    }
    return { pageMs: summary(page), postMs: summary(post) };
  } finally {
    attack?.destroy();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}
