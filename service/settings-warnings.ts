/**
 * Settings that work but put enquiries at risk: sent or passwords carried
 * across a network in a way someone on the path could read, or a challenge
 * that expires before a slow phone has solved and sent it (its enquiry then
 * waits in the outbox, refused, with no error shown). The service starts,
 * and says so in one log line each. The lines name the variable, never its value (a webhook URL
 * can be the credential, a database URL holds a password).
 */
import type { Config } from './config';
import { isLoopbackHost } from './loopback-host';

export interface SettingsWarning {
  variable: 'NOTIFY_WEBHOOK_URL' | 'DATABASE_URL' | 'CHALLENGE_LIFETIME_SECONDS';
  message: string;
}

/** A database URL's host: `?host=` wins, as in libpq; empty or a path is a socket on this machine. */
function isLocalDatabase(url: URL): boolean {
  const host = url.searchParams.get('host') ?? url.hostname;
  return host === '' || host.startsWith('/') || host.toLowerCase().startsWith('%2f') || isLoopbackHost(host);
}

/** Below this, a slow phone on a flaky link may not fetch, solve and send a challenge in time. */
export const SHORTEST_SAFE_CHALLENGE_MS = 60_000;

export function settingsWarnings(config: Config): SettingsWarning[] {
  const warnings: SettingsWarning[] = [];
  const webhook = config.alerts.webhook && new URL(config.alerts.webhook.url);
  if (webhook && webhook.protocol === 'http:' && !isLoopbackHost(webhook.hostname)) {
    warnings.push({
      variable: 'NOTIFY_WEBHOOK_URL',
      message: 'NOTIFY_WEBHOOK_URL is an http:// address on another machine: every enquiry crosses the network unencrypted. Use https://.',
    });
  }
  const database = config.databaseUrl === null ? null : new URL(config.databaseUrl);
  if (database && !isLocalDatabase(database) && database.searchParams.get('sslmode') !== 'verify-full') {
    warnings.push({
      variable: 'DATABASE_URL',
      message:
        'DATABASE_URL reaches a database on another machine without sslmode=verify-full: the connection may be unencrypted, or encrypted to an impostor. Add ?sslmode=verify-full.',
    });
  }
  if (config.challengeLifetimeMs < SHORTEST_SAFE_CHALLENGE_MS) {
    warnings.push({
      variable: 'CHALLENGE_LIFETIME_SECONDS',
      message: `CHALLENGE_LIFETIME_SECONDS is under ${SHORTEST_SAFE_CHALLENGE_MS / 1000}: a slow phone may not solve and send a challenge before it expires, and its enquiry is refused. It is meant for tests; unset it.`,
    });
  }
  return warnings;
}
