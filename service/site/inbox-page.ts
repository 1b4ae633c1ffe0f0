/**
 * The staff inbox's page (the built inbox.html) at /inbox and every path
 * below it: the page's router picks the screen, and the page itself asks the
 * API whether anyone is signed in. It holds no personal data, but what it
 * shows once signed in does, so no cache keeps it, no search engine lists it,
 * and its CSP is the site's made stricter: no inline style, no worker, no
 * manifest, no referrer sent with its links, and Trusted Types for scripts.
 */
import { INBOX_PATH } from '../../contract/inbox';
import { CONTENT_SECURITY_POLICY } from '../middleware/security-headers';

export const INBOX_PAGE_FILE = 'inbox.html';

const SELF = "'self'";
const NONE = "'none'";

const INBOX_CONTENT_SECURITY_POLICY: Record<string, readonly string[]> = {
  ...CONTENT_SECURITY_POLICY,
  styleSrc: [SELF],
  manifestSrc: [NONE],
  workerSrc: [NONE],
  requireTrustedTypesFor: ["'script'"],
};

/** defaultSrc: ['self'] → default-src 'self'. */
function serialisePolicy(policy: Record<string, readonly string[]>): string {
  return Object.entries(policy)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

export const INBOX_PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': serialisePolicy(INBOX_CONTENT_SECURITY_POLICY),
} as const;

/** /inbox, /inbox/ and anything below it, and the file's own name. */
export function isInboxPagePath(pathname: string): boolean {
  return pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`) || pathname === `/${INBOX_PAGE_FILE}`;
}
