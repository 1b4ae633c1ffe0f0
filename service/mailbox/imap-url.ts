/**
 * REPLIES_IMAP_URL, the firm's mailbox the visitors' answers come back to:
 * `imaps://user:password@host/INBOX` (TLS from the first byte), or
 * `imap://` to a loopback host only (a local relay, the tests): plain IMAP
 * to another machine would hand the password and every answer to anyone in
 * the path. The user and password may be percent-encoded (an `@` in a
 * Gmail address is `%40`).
 */
import { isLoopbackHost } from '../loopback-host';

export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the start (imaps://). */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read, INBOX unless the URL names another. */
  mailbox: string;
  /** Names the mailbox without its password: the key of its cursor in the store. */
  key: string;
}

const IMAPS_PORT = 993;
const IMAP_PORT = 143;
const DEFAULT_MAILBOX = 'INBOX';

/** What is wrong with the URL, in words that never repeat it (it holds a password); null when it is fine. */
export function imapUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL, e.g. imaps://user:password@imap.example.com/INBOX';
  }
  if (url.protocol !== 'imaps:' && url.protocol !== 'imap:') {
    return 'must start with imaps:// (or imap:// to this machine), e.g. imaps://user:password@imap.example.com/INBOX';
  }
  if (url.protocol === 'imap:' && !isLoopbackHost(url.hostname)) {
    return 'must start with imaps:// for a mail server on another machine: imap:// would send the password unencrypted';
  }
  if (!url.username || !url.password) return 'must name the mailbox user and its (app) password, e.g. imaps://user:password@host/INBOX';
  return null;
}

/** The settings of a URL imapUrlProblem() accepted. */
export function imapSettingsOf(value: string): ImapSettings {
  const url = new URL(value);
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? IMAPS_PORT : IMAP_PORT;
  const user = decodeURIComponent(url.username);
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || DEFAULT_MAILBOX;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    user,
    password: decodeURIComponent(url.password),
    mailbox,
    key: `${user}@${url.hostname}:${port}/${mailbox}`,
  };
}
