/**
 * A receiver for the service's webhook alerts, with nothing but Node:
 *
 *   WEBHOOK_SECRET='<the service's NOTIFY_WEBHOOK_SECRET>' PORT=8080 node docs/examples/webhook-receiver.mjs
 *
 * and NOTIFY_WEBHOOK_URL set to its address (behind TLS). It takes a delivery
 * only when its `Teratai-Signature` signs the raw body with the secret and its
 * time is within 5 minutes of this clock, so a captured delivery cannot be
 * sent again later; and it hands each `deliveryId` on once, so the service's
 * retries (the same alert, signed afresh) are dropped. The service's tests run
 * this file against real deliveries.
 */
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

/** How far a delivery's `t` may be from this clock, either way. */
export const TOLERANCE_SECONDS = 300;
/** The service retries an alert for up to 72 hours: remember its id a little longer. */
const REMEMBER_MS = 96 * 60 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;

/**
 * True when `header` ("t=<unix seconds>,v1=<hex>") is the HMAC-SHA256 of
 * "<t>." and the raw body's bytes (never a re-serialised JSON) with `secret`,
 * compared in constant time, and `t` is within the tolerance of `nowSeconds`.
 */
export function verifySignature(rawBody, header, secret, nowSeconds) {
  const fields = String(header ?? '')
    .split(',')
    .map((field) => field.trim().split('='));
  const t = fields.find(([key]) => key === 't')?.[1];
  if (t === undefined || !/^\d{1,12}$/.test(t) || Math.abs(nowSeconds - Number(t)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return fields.some(
    ([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '') && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}

/** Forgets the ids first seen before `before`: a Map keeps insertion order, so they are at its start. */
function forgetOld(seen, before) {
  for (const [id, firstSeen] of seen) {
    if (firstSeen >= before) return;
    seen.delete(id);
  }
}

/**
 * An HTTP server that calls `onDelivery(delivery)` once per deliveryId with
 * the parsed body ({ event, deliveryId, enquiry }, or an operator alert's
 * { event, deliveryId, key, subject, text }). It answers 401 to a bad or
 * stale signature, and 204 to a copy, so that the service stops sending it.
 * Keep the ids in your database (a unique key) when you run more than one
 * receiver or restart it; a Map is enough for one process.
 */
export function createReceiver({ secret, onDelivery, now = Date.now }) {
  const seen = new Map();
  return http.createServer((request, response) => {
    const answer = (status) => response.writeHead(status).end();
    if (request.method !== 'POST') return answer(405);
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) return answer(413);
      const rawBody = Buffer.concat(chunks);
      if (!verifySignature(rawBody, request.headers['teratai-signature'], secret, Math.floor(now() / 1000))) return answer(401);
      // Parsed only once the signature holds: from here on, the body is the service's own.
      const delivery = JSON.parse(rawBody.toString('utf8'));
      forgetOld(seen, now() - REMEMBER_MS);
      if (seen.has(delivery.deliveryId)) return answer(204);
      seen.set(delivery.deliveryId, now());
      Promise.resolve()
        .then(() => onDelivery(delivery))
        .then(
          () => answer(204),
          () => {
            // Not handled: forget it, and the service's retry brings it again.
            seen.delete(delivery.deliveryId);
            answer(500);
          },
        );
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    process.stderr.write("Set WEBHOOK_SECRET to the service's NOTIFY_WEBHOOK_SECRET.\n");
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  // An operator alert (held.nearly-full, held.refused) concerns no enquiry: it carries its own subject.
  const onDelivery = ({ event, deliveryId, enquiry, subject }) =>
    process.stdout.write(`${event} ${deliveryId}: ${enquiry ? `enquiry ${enquiry.id}` : subject}\n`);
  createReceiver({ secret, onDelivery }).listen(port, () => process.stdout.write(`Receiving webhook alerts on port ${port}\n`));
}
