import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_DB_FILE } from '../../playwright.config';

const run = promisify(execFile);

/** Reads the service's data file the way the operator does: `npm run enquiries -- ...`. */
async function enquiries(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'service/cli/main.ts', ...args], {
    env: { ...process.env, DB_FILE: E2E_DB_FILE },
  });
  return stdout;
}

export interface StoredEnquiry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  createdAt: string;
}

export async function storedEnquiriesFrom(email: string): Promise<StoredEnquiry[]> {
  const all = JSON.parse(await enquiries('export', '--format', 'json')) as StoredEnquiry[];
  return all.filter((enquiry) => enquiry.email === email);
}

export async function spamListing(): Promise<string> {
  return enquiries('spam');
}

/** A unique address per test, so parallel tests sharing one data file never see each other's records. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
