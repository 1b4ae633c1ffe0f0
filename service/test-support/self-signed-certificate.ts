/**
 * A throwaway TLS certificate for localhost and 127.0.0.1, made with the
 * openssl command, for tests that serve HTTPS (the service directly, or the
 * nginx in front of it).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export interface Certificate {
  keyFile: string;
  certFile: string;
  key: string;
  /** Also what a client passes as `ca` to trust it. */
  cert: string;
}

export async function makeSelfSignedCertificate(dir: string): Promise<Certificate> {
  const keyFile = path.join(dir, 'localhost.key');
  const certFile = path.join(dir, 'localhost.crt');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { keyFile, certFile, key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
}
