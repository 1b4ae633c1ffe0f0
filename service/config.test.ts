import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStoreLocation } from './config';

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    expect(loadConfig({}, false)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dbFile: path.resolve('data/db.json'),
      databaseUrl: null,
      rateLimitPerMinute: 10,
      contactChallenge: true,
      challengeLifetimeMs: 600_000,
      trustProxy: false,
      trustedProxies: [],
      trustProxyHops: 1,
      maxConnectionsPerClient: 128,
      distDir: path.resolve('dist'),
      alerts: { email: null, webhook: null, timeZone: 'Asia/Kuala_Lumpur', acknowledgement: null, reply: null },
      logLevel: 'info',
      retentionDays: 730,
      responseReminderHours: 20,
      enquiriesPerDay: 1000,
      auditRetentionDays: 2555,
      healthToken: null,
      auditKey: null,
      totpKey: null,
      repliesImap: null,
    });
  });

  it('reads every variable, resolving paths and treating an empty one as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DB_FILE: 'var/enquiries.json',
      DATABASE_URL: 'postgres://teratai:secret@db.example.com:5432/teratai',
      RATE_LIMIT_PER_MINUTE: '0',
      CONTACT_CHALLENGE: 'off',
      CHALLENGE_LIFETIME_SECONDS: '5',
      TRUST_PROXY: 'true',
      DIST_DIR: '',
      LOG_LEVEL: 'error',
      RETENTION_DAYS: '0',
      AUDIT_RETENTION_DAYS: '0',
      HEALTH_TOKEN: 'h'.repeat(32),
      ENQUIRIES_PER_DAY: '0',
      AUDIT_KEY: 'a'.repeat(32),
      TOTP_KEY: 't'.repeat(32),
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dbFile: path.resolve('var/enquiries.json'),
      databaseUrl: 'postgres://teratai:secret@db.example.com:5432/teratai',
      rateLimitPerMinute: 0,
      contactChallenge: false,
      challengeLifetimeMs: 5_000,
      trustProxy: true,
      trustedProxies: ['127.0.0.0/8', '::1'],
      trustProxyHops: 1,
      maxConnectionsPerClient: 128,
      distDir: path.resolve('dist'),
      alerts: { email: null, webhook: null, timeZone: 'Asia/Kuala_Lumpur', acknowledgement: null, reply: null },
      logLevel: 'error',
      retentionDays: 0,
      responseReminderHours: 20,
      auditRetentionDays: 0,
      healthToken: 'h'.repeat(32),
      enquiriesPerDay: 0,
      auditKey: 'a'.repeat(32),
      totpKey: 't'.repeat(32),
      repliesImap: null,
    });
  });

  it('names every bad variable at once', () => {
    const load = () => loadConfig({ PORT: '70000', RATE_LIMIT_PER_MINUTE: 'ten', TRUST_PROXY: 'maybe' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: PORT must be a whole number from 0 to 65535/);
    expect(load).toThrow(/RATE_LIMIT_PER_MINUTE: RATE_LIMIT_PER_MINUTE must be a whole number/);
    expect(load).toThrow(/TRUST_PROXY: TRUST_PROXY must be true or false/);
  });

  it('takes CONTACT_CHALLENGE as on or off only', () => {
    expect(() => loadConfig({ CONTACT_CHALLENGE: 'no' })).toThrow(/CONTACT_CHALLENGE: CONTACT_CHALLENGE must be on or off/);
    expect(loadConfig({ CONTACT_CHALLENGE: 'on' }).contactChallenge).toBe(true);
  });

  it('takes CHALLENGE_LIFETIME_SECONDS from 1 second to an hour', () => {
    expect(() => loadConfig({ CHALLENGE_LIFETIME_SECONDS: '0' })).toThrow(
      /CHALLENGE_LIFETIME_SECONDS must be a whole number from 1 to 3600/,
    );
    expect(() => loadConfig({ CHALLENGE_LIFETIME_SECONDS: '3601' })).toThrow(/CHALLENGE_LIFETIME_SECONDS/);
    expect(loadConfig({ CHALLENGE_LIFETIME_SECONDS: '3600' }).challengeLifetimeMs).toBe(3_600_000);
  });

  it('refuses a negative or fractional number', () => {
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '2.5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

describe('HEALTH_TOKEN', () => {
  it('refuses a token shorter than 32 characters without repeating it', () => {
    const load = () => loadConfig({ HEALTH_TOKEN: 'short-token-31-characters-long!' });
    expect(load).toThrow(/HEALTH_TOKEN: HEALTH_TOKEN must be at least 32 characters/);
    expect(load).not.toThrow(/short-token/);
  });
});

describe('LOG_LEVEL', () => {
  it('defaults to warn in a terminal, so that requests do not bury the URL, and to info for a log collector', () => {
    expect(loadConfig({}, true).logLevel).toBe('warn');
    expect(loadConfig({}, false).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }, true).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: LOG_LEVEL must be one of error, warn, info, debug/);
  });
});

describe('the alert settings', () => {
  it('turn on e-mail with its three variables and a webhook with its URL', () => {
    const { alerts } = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      NOTIFY_EMAIL_TO: 'a@example.com, b@example.com',
      NOTIFY_EMAIL_FROM: 'Teratai Alerts <alerts@example.com>',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/x',
      TZ_DISPLAY: 'Europe/London',
    });
    expect(alerts).toEqual({
      email: {
        smtpUrl: 'smtps://user:pass@smtp.example.com:465',
        to: ['a@example.com', 'b@example.com'],
        from: 'Teratai Alerts <alerts@example.com>',
      },
      webhook: { url: 'https://hooks.example.com/x', secret: null },
      timeZone: 'Europe/London',
      acknowledgement: null,
      reply: null,
    });
  });

  it('name each malformed value without repeating a password', () => {
    const load = () =>
      loadConfig({
        SMTP_URL: 'https://user:hunter2@smtp.example.com',
        NOTIFY_EMAIL_TO: 'a@example.com, nobody',
        NOTIFY_EMAIL_FROM: 'Alerts <not an address>',
        NOTIFY_WEBHOOK_URL: 'hooks.example.com',
        TZ_DISPLAY: 'Kuala Lumpur',
      });
    expect(load).toThrow(/SMTP_URL: SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(load).toThrow(/NOTIFY_EMAIL_TO: NOTIFY_EMAIL_TO must be one or more e-mail addresses/);
    expect(load).toThrow(/NOTIFY_EMAIL_FROM: NOTIFY_EMAIL_FROM must be an e-mail address/);
    expect(load).toThrow(/NOTIFY_WEBHOOK_URL: NOTIFY_WEBHOOK_URL must be a URL/);
    expect(load).toThrow(/TZ_DISPLAY: TZ_DISPLAY must be an IANA time zone/);
    expect(load).not.toThrow(/hunter2/);
  });

  it('refuse half an e-mail setup, naming what is missing', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /NOTIFY_EMAIL_TO: must be set too, because SMTP_URL is[\s\S]*NOTIFY_EMAIL_FROM: must be set too/,
    );
    expect(() => loadConfig({ NOTIFY_WEBHOOK_SECRET: 's' })).toThrow(/NOTIFY_WEBHOOK_URL: must be set too/);
  });
});

describe('the acknowledgement settings', () => {
  it('turn acknowledgements on with ACK_EMAIL_FROM and SMTP_URL alone, naming the site at SITE_URL (the build’s default when unset)', () => {
    const alone = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', ACK_EMAIL_FROM: 'Teratai Wealth <hello@teratai-wealth.example>' });
    expect(alone.alerts.email).toBeNull();
    expect(alone.alerts.acknowledgement).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Teratai Wealth <hello@teratai-wealth.example>',
      siteUrl: 'https://www.teratai-wealth.example',
    });
    const withAlerts = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      NOTIFY_EMAIL_TO: 'advisers@example.com',
      NOTIFY_EMAIL_FROM: 'alerts@example.com',
      ACK_EMAIL_FROM: 'hello@example.com',
      SITE_URL: 'https://teratai.example.com/',
    });
    expect(withAlerts.alerts.email).not.toBeNull();
    expect(withAlerts.alerts.acknowledgement).toMatchObject({ from: 'hello@example.com', siteUrl: 'https://teratai.example.com' });
  });

  it('refuse ACK_EMAIL_FROM without SMTP_URL, an address that is not one, and a SITE_URL that is not http(s)', () => {
    expect(() => loadConfig({ ACK_EMAIL_FROM: 'hello@example.com' })).toThrow(/SMTP_URL: must be set too, because ACK_EMAIL_FROM is/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', ACK_EMAIL_FROM: 'hello' })).toThrow(
      /ACK_EMAIL_FROM: ACK_EMAIL_FROM must be an e-mail address/,
    );
    expect(() => loadConfig({ SITE_URL: 'ftp://teratai.example.com' })).toThrow(/SITE_URL: SITE_URL must use http or https/);
  });
});

describe('DATABASE_URL', () => {
  it('takes a postgres:// or postgresql:// URL, and never repeats a refused one (it may hold a password)', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example.com/teratai' }).databaseUrl).toBe('postgresql://db.example.com/teratai');
    const load = () => loadConfig({ DATABASE_URL: 'mysql://teratai:hunter2@db.example.com/teratai' });
    expect(load).toThrow(/DATABASE_URL: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(load).not.toThrow(/hunter2/);
  });
});

describe('REPLIES_IMAP_URL', () => {
  it('takes imaps:// to any host and imap:// to this machine, with the user and password decoded', () => {
    expect(loadConfig({ REPLIES_IMAP_URL: 'imaps://firm%40example.com:app%20pass@imap.gmail.com/INBOX' }).repliesImap).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
      user: 'firm@example.com',
      password: 'app pass',
      mailbox: 'INBOX',
      key: 'firm@example.com@imap.gmail.com:993/INBOX',
    });
    expect(loadConfig({ REPLIES_IMAP_URL: 'imap://firm:secret@127.0.0.1:1143' }).repliesImap).toMatchObject({
      host: '127.0.0.1',
      port: 1143,
      secure: false,
      mailbox: 'INBOX',
    });
  });

  it('refuses plain imap:// to another machine, another scheme, and a URL without a password, never repeating it', () => {
    const refused = (value: string) => {
      try {
        loadConfig({ REPLIES_IMAP_URL: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).not.toContain('s3cret');
        return (error as Error).message;
      }
      throw new Error(`${value} was taken`);
    };
    expect(refused('imap://firm:s3cret@imap.example.com/INBOX')).toMatch(
      /REPLIES_IMAP_URL must start with imaps:\/\/ for a mail server on another machine/,
    );
    expect(refused('https://firm:s3cret@imap.example.com/')).toMatch(/REPLIES_IMAP_URL must start with imaps:\/\//);
    expect(refused('imaps://firm@imap.example.com/s3cret')).toMatch(/must name the mailbox user and its \(app\) password/);
  });
});

describe('loadStoreLocation', () => {
  it('reads DB_FILE and DATABASE_URL alone, whatever the other variables hold', () => {
    expect(loadStoreLocation({ DB_FILE: 'x/db.json', PORT: 'not a port' })).toEqual({
      dbFile: path.resolve('x/db.json'),
      databaseUrl: null,
    });
    expect(loadStoreLocation({ DATABASE_URL: 'postgres://db.example.com/teratai' }).databaseUrl).toBe('postgres://db.example.com/teratai');
  });
});
