/**
 * The service's configuration, read from the environment once at start.
 * Every variable is checked together, so one failed start lists every
 * problem instead of the first one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS } from '../contract/retention';
import { DEFAULT_SITE_URL, readSiteUrl } from '../config/site-url.mjs';
import { LOG_LEVELS, type LogLevel } from './log';
import { imapSettingsOf, imapUrlProblem, type ImapSettings } from './mailbox/imap-url';
import { CHALLENGE_LIFETIME_MS } from './routes/contact-challenge';
import { invalidProxyRanges, LOOPBACK_PROXIES } from './middleware/trusted-proxies';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the file store's document; its journal and lock sit beside it. */
  dbFile: string;
  /** PostgreSQL instead of the files at dbFile, shared by every instance; null keeps the files. */
  databaseUrl: string | null;
  /** Contact posts allowed per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** JSON enquiries need a solved proof-of-work challenge (CONTACT_CHALLENGE). */
  contactChallenge: boolean;
  /** How long an issued challenge stays solvable, in milliseconds (CHALLENGE_LIFETIME_SECONDS). */
  challengeLifetimeMs: number;
  /** Read the client address from X-Forwarded-For (only behind a proxy you run), when the peer is one of trustedProxies. */
  trustProxy: boolean;
  /** The addresses and CIDR ranges whose X-Forwarded-* headers are read; empty when trustProxy is off. */
  trustedProxies: readonly string[];
  /** How many proxies of yours append to X-Forwarded-For: the client is the entry this far from the right. */
  trustProxyHops: number;
  /** Open connections allowed per client address (an IPv6 client is its /64); a trusted proxy's are not counted. */
  maxConnectionsPerClient: number;
  /** Absolute path of the built site (`vite build` output). */
  distDir: string;
  alerts: AlertConfig;
  /** The least severe log lines written; requests are `info`. */
  logLevel: LogLevel;
  /** Enquiries and spam older than this many days are deleted; 0 keeps everything. */
  retentionDays: number;
  /** Audit entries older than this many days are deleted; 0 keeps them all. */
  auditRetentionDays: number;
  /** The Bearer token GET /api/health/details needs; null: the details answer only to loopback. */
  healthToken: string | null;
  /** An enquiry still New this many hours after it came gets one reminder alert; 0 turns reminders off. */
  responseReminderHours: number;
  /** Enquiries accepted per UTC day across all instances; past it they are held for review. 0 turns the ceiling off. */
  enquiriesPerDay: number;
  /** AUDIT_KEY: the audit chain's HMAC key; null only where no audit log exists yet (the service refuses to start otherwise). */
  auditKey: string | null;
  /** TOTP_KEY: what two-factor secrets are encrypted under; null only where none is stored yet. */
  totpKey: string | null;
  /** REPLIES_IMAP_URL: the mailbox the visitors' answers are read from (service/mailbox/); null: none is read. */
  repliesImap: ImapSettings | null;
}

/** Where each enquiry is announced; a channel left unset is off. */
export interface AlertConfig {
  email: { smtpUrl: string; to: string[]; from: string } | null;
  webhook: { url: string; secret: string | null } | null;
  /** IANA time zone for the times in alerts and the CLI (stored times stay UTC). */
  timeZone: string;
  /** The e-mail to each visitor whose enquiry is accepted (ACK_EMAIL_FROM with SMTP_URL); absent or null: none. */
  acknowledgement?: AcknowledgementConfig | null;
  /** Staff replies by e-mail from the inbox (REPLY_EMAIL_FROM or ACK_EMAIL_FROM, with SMTP_URL); absent or null: none. */
  reply?: ReplyConfig | null;
}

/** How staff replies are sent (service/replies/). */
export interface ReplyConfig {
  smtpUrl: string;
  /** REPLY_EMAIL_FROM, else ACK_EMAIL_FROM: the firm's mailbox, with its name if given. */
  from: string;
  /** REPLY_PLUS_ADDRESSING: whether Reply-To may be the mailbox with +token; false: the mailbox itself. */
  plusAddressing: boolean;
  /** nodemailer's `dkim` (REPLY_DKIM_DOMAIN, REPLY_DKIM_SELECTOR, REPLY_DKIM_KEY_FILE); null: not signed. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** SITE_URL: where the reply's footer sends the visitor to check it (/verify). */
  siteUrl: string;
  /** ACK_EMAIL_FROM, whose domain the acknowledgement's Message-ID has: a reply refers to it. Null when unset. */
  acknowledgementFrom: string | null;
}

export interface AcknowledgementConfig {
  smtpUrl: string;
  from: string;
  /** The site's public address (SITE_URL, as the build reads it): the website the e-mail names, and its /verify page. */
  siteUrl: string;
}

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be a whole number from ${min} to ${max}`);

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];
const yesOrNo = (name: string) =>
  z
    .string()
    .transform((value) => value.toLowerCase())
    .refine((value) => [...TRUE_WORDS, ...FALSE_WORDS].includes(value), `${name} must be true or false`)
    .transform((value) => TRUE_WORDS.includes(value));

/** A URL with one of `protocols`; the message never repeats the value, which may hold a password. */
const urlWith = (name: string, protocols: readonly string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `${name} must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}, e.g. ${example}`,
  );

/** "alerts@example.com" or "Teratai Alerts <alerts@example.com>". */
const MAILBOX = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/;
const isEmail = (value: string) => z.email().safeParse(value).success;
const mailbox = (name: string) =>
  z.string().refine((value) => {
    const match = MAILBOX.exec(value);
    return match !== null && isEmail(match[1] ?? match[2] ?? '');
  }, `${name} must be an e-mail address, or a name and an address as "Name <address>"`);
/** A comma-separated setting's entries, trimmed, the empty ones dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);
const emailList = (name: string) =>
  commaList.refine(
    (addresses) => addresses.length > 0 && addresses.every(isEmail),
    `${name} must be one or more e-mail addresses, separated by commas`,
  );

const timeZone = (name: string) =>
  z.string().refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, `${name} must be an IANA time zone, e.g. Asia/Kuala_Lumpur`);

const proxyList = (name: string) =>
  commaList.check((context) => {
    const invalid = invalidProxyRanges(context.value);
    if (context.value.length === 0 || invalid.length > 0) {
      const problem = invalid.length > 0 ? `; not one: ${invalid.join(', ')}` : '';
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `${name} must be addresses or CIDR ranges separated by commas, e.g. 10.0.0.5,192.168.1.0/24,2001:db8::/64${problem}`,
      });
    }
  });

/** The build's own rules (config/site-url.mjs), so that the service names the address the site was built for. */
const siteUrl = z.string().transform((value, context) => {
  try {
    return readSiteUrl({ SITE_URL: value });
  } catch (error) {
    context.issues.push({ code: 'custom', input: value, message: (error as Error).message.replace(/^Invalid env provided: /, '') });
    return z.NEVER;
  }
});

const filePath = (name: string) =>
  z
    .string()
    .min(1, `${name} must be a path`)
    .transform((value) => path.resolve(value));

/** Each spent solution is remembered until its challenge expires: an hour bounds that memory. */
const MAX_CHALLENGE_LIFETIME_SECONDS = 3600;

/** One schema per variable, so that a tool (the enquiries CLI) can read only the one it needs. */
const variableSchemas = {
  PORT: wholeNumber('PORT', 0, 65_535).default(3000),
  // 0.0.0.0: the site is public, and a container or VM must be reachable from outside.
  // Behind a reverse proxy on the same host, set HOST=127.0.0.1.
  HOST: z.string().min(1).default('0.0.0.0'),
  DB_FILE: filePath('DB_FILE').default(path.resolve('data/db.json')),
  DATABASE_URL: urlWith('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@db.example.com:5432/teratai').optional(),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', 0, 1_000_000).default(10),
  CONTACT_CHALLENGE: z.enum(['on', 'off'], { error: 'CONTACT_CHALLENGE must be on or off' }).default('on'),
  // Long enough to fill in the form after the page fetched its challenge; seconds only where a test lets one expire.
  CHALLENGE_LIFETIME_SECONDS: wholeNumber('CHALLENGE_LIFETIME_SECONDS', 1, MAX_CHALLENGE_LIFETIME_SECONDS).default(
    CHALLENGE_LIFETIME_MS / 1000,
  ),
  TRUST_PROXY: yesOrNo('TRUST_PROXY').default(false),
  // 1: one proxy (nginx, a load balancer) in front. Entries left of those the proxies
  // appended were written by the client, and are never trusted.
  TRUST_PROXY_HOPS: wholeNumber('TRUST_PROXY_HOPS', 1, 10).default(1),
  TRUSTED_PROXIES: proxyList('TRUSTED_PROXIES').optional(),
  // A busy office behind one NAT, or a benchmark's 100 clients, stays under it; one client
  // holding connections open can no longer take every other visitor's.
  MAX_CONNECTIONS_PER_CLIENT: wholeNumber('MAX_CONNECTIONS_PER_CLIENT', 1, 1_000_000).default(128),
  DIST_DIR: filePath('DIST_DIR').default(path.resolve('dist')),
  SMTP_URL: urlWith('SMTP_URL', ['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465').optional(),
  NOTIFY_EMAIL_TO: emailList('NOTIFY_EMAIL_TO').optional(),
  NOTIFY_EMAIL_FROM: mailbox('NOTIFY_EMAIL_FROM').optional(),
  ACK_EMAIL_FROM: mailbox('ACK_EMAIL_FROM').optional(),
  REPLY_EMAIL_FROM: mailbox('REPLY_EMAIL_FROM').optional(),
  // Gmail, Microsoft 365 and most hosts deliver name+anything@ to name@; a server that does not needs false.
  REPLY_PLUS_ADDRESSING: yesOrNo('REPLY_PLUS_ADDRESSING').default(true),
  REPLY_DKIM_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'REPLY_DKIM_DOMAIN must be a domain, e.g. yourfirm.com')
    .optional(),
  REPLY_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9._-]+$/i, 'REPLY_DKIM_SELECTOR must be a DNS label, e.g. mail2026')
    .optional(),
  REPLY_DKIM_KEY_FILE: filePath('REPLY_DKIM_KEY_FILE').optional(),
  SITE_URL: siteUrl.default(DEFAULT_SITE_URL),
  NOTIFY_WEBHOOK_URL: urlWith('NOTIFY_WEBHOOK_URL', ['https:', 'http:'], 'https://hooks.example.com/enquiries').optional(),
  // The HMAC key: a short one could be guessed from one signed delivery, offline.
  NOTIFY_WEBHOOK_SECRET: z
    .string()
    .min(32, 'NOTIFY_WEBHOOK_SECRET must be at least 32 characters, e.g. the output of `openssl rand -hex 32`')
    .optional(),
  TZ_DISPLAY: timeZone('TZ_DISPLAY').default('Asia/Kuala_Lumpur'),
  // What the personal-data notice tells visitors.
  RETENTION_DAYS: wholeNumber('RETENTION_DAYS', 0, 36_500).default(DEFAULT_RETENTION_DAYS),
  // Seven years: what a compliance officer usually has to show.
  AUDIT_RETENTION_DAYS: wholeNumber('AUDIT_RETENTION_DAYS', 0, 36_500).default(2555),
  // Before the 24 hours the site promises run out, with time left to answer; 0: no reminders.
  RESPONSE_REMINDER_HOURS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'RESPONSE_REMINDER_HOURS must be a number of hours from 0 to 720, e.g. 20 or 0.5')
    .transform(Number)
    .refine((hours) => hours <= 720, 'RESPONSE_REMINDER_HOURS must be a number of hours from 0 to 720, e.g. 20 or 0.5')
    .default(20),
  // Forty times a busy day: a flood, not a good day, reaches it.
  ENQUIRIES_PER_DAY: wholeNumber('ENQUIRIES_PER_DAY', 0, 1_000_000).default(1000),
  // A secret: long enough that guessing it over HTTP is hopeless (e.g. `openssl rand -hex 32`).
  HEALTH_TOKEN: z.string().min(32, 'HEALTH_TOKEN must be at least 32 characters, e.g. from openssl rand -hex 32').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  // Keys kept outside the store: a copy of the store (a backup) holds neither.
  AUDIT_KEY: z.string().min(32, 'AUDIT_KEY must be at least 32 characters, e.g. from openssl rand -base64 32').optional(),
  TOTP_KEY: z.string().min(32, 'TOTP_KEY must be at least 32 characters, e.g. from openssl rand -base64 32').optional(),
  REPLIES_IMAP_URL: z
    .string()
    .superRefine((value, context) => {
      const problem = imapUrlProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: `REPLIES_IMAP_URL ${problem}` });
    })
    .transform(imapSettingsOf)
    .optional(),
};

/**
 * Secrets systemd may hand over as credentials (LoadCredential=NAME:FILE in the
 * unit): the file $CREDENTIALS_DIRECTORY/NAME, read when the variable itself is unset.
 */
const CREDENTIAL_VARIABLES: readonly string[] = ['AUDIT_KEY', 'TOTP_KEY'];

function credentialOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const directory = env.CREDENTIALS_DIRECTORY;
  if (!CREDENTIAL_VARIABLES.includes(name) || !directory) return undefined;
  try {
    return readFileSync(path.join(directory, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`${name}: the systemd credential ${path.join(directory, name)} cannot be read: ${(error as Error).message}`);
  }
}

const ALERT_VARIABLES = [
  'SMTP_URL',
  'NOTIFY_EMAIL_TO',
  'NOTIFY_EMAIL_FROM',
  'NOTIFY_WEBHOOK_URL',
  'NOTIFY_WEBHOOK_SECRET',
  'TZ_DISPLAY',
  'ACK_EMAIL_FROM',
  'SITE_URL',
  'REPLY_EMAIL_FROM',
  'REPLY_PLUS_ADDRESSING',
  'REPLY_DKIM_DOMAIN',
  'REPLY_DKIM_SELECTOR',
  'REPLY_DKIM_KEY_FILE',
] as const satisfies readonly (keyof typeof variableSchemas)[];

type VariableName = keyof typeof variableSchemas;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable (`PORT=`) counts as unset, as a shell user expects. */
function valueOf(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  const unset = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';
  const value = unset(env[name]) ? credentialOf(env, name) : env[name];
  return unset(value) ? undefined : value.trim();
}

/** Settings that only make sense together: the e-mail channel needs all three of its variables, an acknowledgement SMTP_URL. */
function problemsBetween(env: NodeJS.ProcessEnv, names: readonly VariableName[]): string[] {
  if (!names.includes('SMTP_URL')) return [];
  const set = (name: VariableName) => valueOf(env, name) !== undefined;
  const email = ['SMTP_URL', 'NOTIFY_EMAIL_TO', 'NOTIFY_EMAIL_FROM'] as const;
  const problems: string[] = [];
  const missing = email.filter((name) => !set(name));
  // SMTP_URL alone is complete when it is there for the acknowledgements or the replies.
  const onlyAcknowledging = (set('ACK_EMAIL_FROM') || set('REPLY_EMAIL_FROM')) && missing.length === email.length - 1 && set('SMTP_URL');
  if (missing.length > 0 && missing.length < email.length && !onlyAcknowledging) {
    const given = email.filter(set);
    const verb = given.length > 1 ? 'are' : 'is';
    for (const name of missing) {
      problems.push(`${name}: must be set too, because ${given.join(' and ')} ${verb} (e-mail alerts need all three)`);
    }
  }
  if (set('ACK_EMAIL_FROM') && !set('SMTP_URL') && !problems.some((problem) => problem.startsWith('SMTP_URL:'))) {
    problems.push('SMTP_URL: must be set too, because ACK_EMAIL_FROM is (acknowledgements are sent by e-mail)');
  }
  if (set('REPLY_EMAIL_FROM') && !set('SMTP_URL') && !problems.some((problem) => problem.startsWith('SMTP_URL:'))) {
    problems.push('SMTP_URL: must be set too, because REPLY_EMAIL_FROM is (replies are sent by e-mail)');
  }
  const dkim = ['REPLY_DKIM_DOMAIN', 'REPLY_DKIM_SELECTOR', 'REPLY_DKIM_KEY_FILE'] as const;
  if (dkim.some(set) && !dkim.every(set)) {
    for (const name of dkim.filter((name) => !set(name))) problems.push(`${name}: must be set too (DKIM signing needs all three)`);
  }
  if (set('NOTIFY_WEBHOOK_SECRET') && !set('NOTIFY_WEBHOOK_URL')) {
    problems.push('NOTIFY_WEBHOOK_URL: must be set too, because NOTIFY_WEBHOOK_SECRET is');
  }
  return problems;
}

/** TRUSTED_PROXIES turns proxy trust on by itself: an explicit TRUST_PROXY=false beside it is a mistake. */
function proxyProblems(env: NodeJS.ProcessEnv, names: readonly VariableName[]): string[] {
  const contradicted =
    valueOf(env, 'TRUSTED_PROXIES') !== undefined && FALSE_WORDS.includes(valueOf(env, 'TRUST_PROXY')?.toLowerCase() ?? '');
  return names.includes('TRUSTED_PROXIES') && contradicted ? ['TRUST_PROXY: must not be false when TRUSTED_PROXIES is set'] : [];
}

function readVariables<Name extends VariableName>(env: NodeJS.ProcessEnv, names: readonly Name[]) {
  const problems: string[] = [...problemsBetween(env, names), ...proxyProblems(env, names)];
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const name of names) {
    const result = variableSchemas[name].safeParse(valueOf(env, name));
    if (result.success) values[name] = result.data;
    else problems.push(`${name}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment. The following variables are missing or invalid:\n  ${problems.join('\n  ')}`);
  }
  return values as { [N in Name]: z.output<(typeof variableSchemas)[N]> };
}

/**
 * Parses every variable; throws a ConfigError naming each bad one. In a
 * terminal (`interactive`) the log shows warnings and errors only, so that the
 * URL stays in view; a log collector gets every request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, interactive = Boolean(process.stdout.isTTY)): Config {
  const values = readVariables(env, Object.keys(variableSchemas) as VariableName[]);
  return {
    port: values.PORT,
    host: values.HOST,
    dbFile: values.DB_FILE,
    databaseUrl: values.DATABASE_URL ?? null,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    contactChallenge: values.CONTACT_CHALLENGE === 'on',
    challengeLifetimeMs: values.CHALLENGE_LIFETIME_SECONDS * 1000,
    trustProxy: values.TRUST_PROXY || values.TRUSTED_PROXIES !== undefined,
    trustedProxies: values.TRUSTED_PROXIES ?? (values.TRUST_PROXY ? LOOPBACK_PROXIES : []),
    trustProxyHops: values.TRUST_PROXY_HOPS,
    maxConnectionsPerClient: values.MAX_CONNECTIONS_PER_CLIENT,
    distDir: values.DIST_DIR,
    alerts: alertConfigOf(values),
    logLevel: values.LOG_LEVEL ?? (interactive ? 'warn' : 'info'),
    retentionDays: values.RETENTION_DAYS,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    healthToken: values.HEALTH_TOKEN ?? null,
    responseReminderHours: values.RESPONSE_REMINDER_HOURS,
    enquiriesPerDay: values.ENQUIRIES_PER_DAY,
    auditKey: values.AUDIT_KEY ?? null,
    totpKey: values.TOTP_KEY ?? null,
    repliesImap: values.REPLIES_IMAP_URL ?? null,
  };
}

type AlertValues = { [N in (typeof ALERT_VARIABLES)[number]]: z.output<(typeof variableSchemas)[N]> };

/** The DKIM key is read once, at start: a file that cannot be read is a setting to fix, not a send that fails. */
function dkimOf({ REPLY_DKIM_DOMAIN, REPLY_DKIM_SELECTOR, REPLY_DKIM_KEY_FILE }: AlertValues): ReplyConfig['dkim'] {
  if (!REPLY_DKIM_DOMAIN || !REPLY_DKIM_SELECTOR || !REPLY_DKIM_KEY_FILE) return null;
  let privateKey: string;
  try {
    privateKey = readFileSync(REPLY_DKIM_KEY_FILE, 'utf8');
  } catch (error) {
    throw new ConfigError(`REPLY_DKIM_KEY_FILE: ${REPLY_DKIM_KEY_FILE} cannot be read: ${(error as Error).message}`);
  }
  if (!privateKey.includes('PRIVATE KEY-----')) throw new ConfigError('REPLY_DKIM_KEY_FILE: must hold a PEM private key');
  return { domainName: REPLY_DKIM_DOMAIN, keySelector: REPLY_DKIM_SELECTOR, privateKey };
}

function replyConfigOf(values: AlertValues): ReplyConfig | null {
  const { SMTP_URL, REPLY_EMAIL_FROM, ACK_EMAIL_FROM, REPLY_PLUS_ADDRESSING, SITE_URL } = values;
  const from = REPLY_EMAIL_FROM ?? ACK_EMAIL_FROM;
  if (!SMTP_URL || !from) return null;
  return {
    smtpUrl: SMTP_URL,
    from,
    plusAddressing: REPLY_PLUS_ADDRESSING,
    dkim: dkimOf(values),
    siteUrl: SITE_URL,
    acknowledgementFrom: ACK_EMAIL_FROM ?? null,
  };
}

function alertConfigOf(values: AlertValues): AlertConfig {
  const { SMTP_URL, NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM, NOTIFY_WEBHOOK_URL, NOTIFY_WEBHOOK_SECRET, TZ_DISPLAY, ACK_EMAIL_FROM, SITE_URL } =
    values;
  return {
    email: SMTP_URL && NOTIFY_EMAIL_TO && NOTIFY_EMAIL_FROM ? { smtpUrl: SMTP_URL, to: NOTIFY_EMAIL_TO, from: NOTIFY_EMAIL_FROM } : null,
    webhook: NOTIFY_WEBHOOK_URL ? { url: NOTIFY_WEBHOOK_URL, secret: NOTIFY_WEBHOOK_SECRET ?? null } : null,
    timeZone: TZ_DISPLAY,
    acknowledgement: SMTP_URL && ACK_EMAIL_FROM ? { smtpUrl: SMTP_URL, from: ACK_EMAIL_FROM, siteUrl: SITE_URL } : null,
    reply: replyConfigOf(values),
  };
}

/** Only the alert settings, for the enquiries CLI's alert commands. */
export function loadAlertConfig(env: NodeJS.ProcessEnv = process.env): AlertConfig {
  return alertConfigOf(readVariables(env, ALERT_VARIABLES));
}

/** TZ_DISPLAY alone, for the CLI's tables of accounts and the audit log. */
export function loadTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return readVariables(env, ['TZ_DISPLAY']).TZ_DISPLAY;
}

/** Which store the service uses (DATABASE_URL, else DB_FILE), for the enquiries CLI, which must work whatever the other variables hold. */
export function loadStoreLocation(env: NodeJS.ProcessEnv = process.env): { dbFile: string; databaseUrl: string | null } {
  const values = readVariables(env, ['DB_FILE', 'DATABASE_URL']);
  return { dbFile: values.DB_FILE, databaseUrl: values.DATABASE_URL ?? null };
}

/** AUDIT_KEY alone (or its systemd credential), for the enquiries CLI's audit commands and the changes it appends to the log. */
export function loadAuditKey(env: NodeJS.ProcessEnv = process.env): string | null {
  return readVariables(env, ['AUDIT_KEY']).AUDIT_KEY ?? null;
}
