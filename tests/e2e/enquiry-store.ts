import { E2E_DB_FILE } from '../../playwright.config';
import { runEnquiries } from '../../service/cli/enquiries';

/**
 * Reads a service's data file (by default the main test service's) the way
 * the operator does, `npm run enquiries -- ...`: the command's own code, run
 * in this process rather than in a new Node with a TypeScript loader, which
 * cost about a second each and some tests poll it.
 */
async function enquiries(args: string[], dbFile = E2E_DB_FILE): Promise<string> {
  let out = '';
  let err = '';
  const code = await runEnquiries(args, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: { ...process.env, DB_FILE: dbFile },
  });
  if (code !== 0) throw new Error(`npm run enquiries -- ${args.join(' ')} exited with ${code}: ${err}`);
  return out;
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

export async function storedEnquiriesFrom(email: string, dbFile?: string): Promise<StoredEnquiry[]> {
  const all = JSON.parse(await enquiries(['export', '--format', 'json'], dbFile)) as StoredEnquiry[];
  return all.filter((enquiry) => enquiry.email === email);
}

export async function spamListing(): Promise<string> {
  return enquiries(['spam']);
}

/** The `spam` listing's block of each record held for review from this address (its header line, reason, message). */
export async function heldFrom(email: string): Promise<string[]> {
  const [held = ''] = (await spamListing()).split('\nCounted, not stored');
  return held.split('\n\n').filter((block) => block.includes(`<${email}>`));
}

/** A unique address per test, so parallel tests sharing one data file never see each other's records. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
