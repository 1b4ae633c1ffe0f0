/**
 * The baseline `npm run bench:api` sets the durable insert against: a bare
 * Koa server that reads POST /api/contact's JSON as the service does (koa-body,
 * the same size limit), checks it with the same schema, stores nothing and
 * answers 201 with a fresh id. What the service does beyond this (headers,
 * logging, idempotency, review, the store and its fsync) is what the ratio
 * prices. Prints "served on URL" as the service does, for startServer().
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { contactSubmissionSchema } from '../contract/contact';

const BODY_LIMIT_BYTES = 16 * 1024; // as routes/contact.ts

const app = new Koa();
app.use(koaBody({ json: true, jsonStrict: true, jsonLimit: BODY_LIMIT_BYTES, urlencoded: false, text: false, multipart: false }));
app.use((ctx) => {
  if (ctx.method !== 'POST' || ctx.path !== '/api/contact') ctx.throw(404);
  const submission = contactSubmissionSchema.safeParse(ctx.request.body);
  if (!submission.success) ctx.throw(400, 'invalid enquiry');
  ctx.status = 201;
  ctx.body = { id: randomUUID() };
});

const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`served on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
