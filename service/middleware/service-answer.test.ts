import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { createApp } from '../app';
import { silentLog } from '../log';
import type { FileStore } from '../db/file-store';
import { listen, postJson, validEnquiry, type Running } from '../test-support/fixtures';
import { useSiteAndStore } from '../test-support/per-test';

const site = useSiteAndStore();
let server: Running;

beforeEach(async () => {
  // A store that fails in a way the service does not expect: its answer is the error layer's 500.
  const broken: FileStore = { ...site.store, submitEnquiry: () => Promise.reject(new Error('bug')) };
  const app = createApp({
    store: broken,
    distDir: site.distDir,
    rateLimitPerMinute: 0,
    trustProxy: false,
    log: silentLog,
  });
  server = await listen(app);
});

afterEach(async () => {
  await server.close();
});

describe('markServiceAnswers', () => {
  it.each([
    ['a site file', () => fetch(`${server.url}/`)],
    ['a 404 page', () => fetch(`${server.url}/no-such-page`)],
    ['an unknown API path', () => fetch(`${server.url}/api/nothing`)],
  ])('marks %s as the service’s answer', async (_name, send) => {
    const response = await send();
    expect(response.headers.get(SERVICE_ANSWER_HEADER.name)).toBe(SERVICE_ANSWER_HEADER.value);
  });

  it('is on the 500 too, which Koa answers after removing the headers set before the error', async () => {
    const response = await postJson(server.url, validEnquiry());
    expect(response.status).toBe(500);
    expect(response.headers.get(SERVICE_ANSWER_HEADER.name)).toBe(SERVICE_ANSWER_HEADER.value);
  });
});
