/**
 * Shared by the service's tests (and the benchmark's seeding): temp folders, a
 * built-site fixture, the app on an ephemeral port, valid enquiries and records.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import {
  contactAnswerSchema,
  contactSubmissionSchema,
  type ContactAnswer,
  type ContactSubmission,
  type ContactSubmissionInput,
} from '../../contract/contact';
import type { StoreData } from '../db/schema';
import { documentPieces, journalHeader, journalLine, storeFilesFor } from '../db/store-files';
import type { EnquiryRecord } from '../records';

export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'teratai-service-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export const SITE_FILES = {
  'index.html': '<!doctype html><html><head><title>App shell</title></head><body><div id="root"></div></body></html>',
  'about/index.html': '<!doctype html><title>About (prerendered)</title>',
  'ms/about/index.html': '<!doctype html><html lang="ms"><title>Tentang Kami (prerendered)</title></html>',
  'inbox.html': '<!doctype html><meta name="robots" content="noindex"><title>Inbox</title>',
  // Over koa-compress's 1 KB threshold, so that compression shows.
  'assets/index-3f9a1c2b.js': `export const app = ${JSON.stringify('x'.repeat(4000))};\n`,
  'sw.js': 'self.addEventListener("install", () => {});\n',
  'manifest.webmanifest': '{"name":"Teratai Wealth"}',
  'icons/icon-192.png': 'not really a png',
} as const;

export const NOT_FOUND_PAGE = '<!doctype html><title>404 Page Not Found</title>';
/** The Malay 404 page; the fixture has no Chinese one, so /zh/ paths fall back to 404.html. */
export const MALAY_NOT_FOUND_PAGE = '<!doctype html><html lang="ms"><title>404 Halaman Tidak Ditemui</title></html>';

/** A built site as Vite leaves it; `with404` adds a 404.html and a Malay ms/404.html. */
export async function makeSiteFixture(root: string, { with404 = false } = {}): Promise<string> {
  const distDir = path.join(root, 'dist');
  const files: Record<string, string> = {
    ...SITE_FILES,
    ...(with404 ? { '404.html': NOT_FOUND_PAGE, 'ms/404.html': MALAY_NOT_FOUND_PAGE } : {}),
  };
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(distDir, name)), { recursive: true });
    await writeFile(path.join(distDir, name), content);
  }
  return distDir;
}

export interface Running {
  url: string;
  close: () => Promise<void>;
}

/** Serves app.callback() on 127.0.0.1 and an ephemeral port. */
export async function listen(app: Koa): Promise<Running> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function validEnquiry(overrides: Partial<ContactSubmissionInput> = {}): ContactSubmissionInput {
  return {
    firstName: 'Aisyah',
    lastName: 'Rahman',
    email: 'aisyah@example.com',
    phone: '+60 12-345 6789',
    service: '',
    message: 'I would like a portfolio review.',
    ...overrides,
  };
}

/** The same enquiry as the service stores it, after validation. */
export function validSubmission(overrides: Partial<ContactSubmissionInput> = {}): ContactSubmission {
  return contactSubmissionSchema.parse(validEnquiry(overrides));
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A stored enquiry as it sits in the files, for seeding them directly. */
export function enquiryRecord(index: number, overrides: Partial<EnquiryRecord> = {}): EnquiryRecord {
  return {
    id: randomUUID(),
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `visitor${index}@example.com`,
    phone: '+60 12-345 6789',
    service: '',
    message: `Enquiry number ${index}: I would like to discuss a portfolio review and retirement planning.`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString(),
    idempotencyKey: randomUUID(),
    fingerprint: createHash('sha256').update(String(index)).digest('hex'),
    ...overrides,
  };
}

/** DB_FILE as the service writes it. */
export function documentText(data: StoreData, generation: number): string {
  return [...documentPieces(data, generation)].join('');
}

/** A journal file as the service writes it: the header line, then one line per record. */
export function journalText(generation: number, records: readonly EnquiryRecord[]): string {
  return journalHeader(generation) + records.map((record) => journalLine([{ op: 'add', collection: 'enquiries', record }])).join('');
}

/** The bytes DB_FILE and its journal take on disk together (a missing file counts 0). */
export async function storeFilesSize(dbFile: string): Promise<number> {
  const { document, journal } = storeFilesFor(dbFile);
  const sizes = await Promise.all(
    [document, journal].map((file) =>
      stat(file).then(
        (info) => info.size,
        () => 0,
      ),
    ),
  );
  return sizes[0]! + sizes[1]!;
}

/** The 201 body, checked against the contract's answer schema. */
export async function readAnswer(response: Response): Promise<ContactAnswer> {
  return contactAnswerSchema.parse(await response.json());
}
