/**
 * Settings that work but send enquiries or passwords across a network in a
 * way someone on the path could read: the service starts, and says so in one
 * log line each. The lines name the variable, never its value (a webhook URL
 * can be the credential, a database URL holds a password).
 */
import type { Config } from './config';
import { isLoopbackHost } from './loopback-host';

export interface SettingsWarning {
  variable: 'NOTIFY_WEBHOOK_URL' | 'DATABASE_URL';
  message: string;
}

/** A database URL's host: `?host=` wins, as in libpq; empty or a path is a socket on this machine. */
function isLocalDatabase(url: URL): boolean {
  const host = url.searchParams.get('host') ?? url.hostname;
  return host === '' || host.startsWith('/') || host.toLowerCase().startsWith('%2f') || isLoopbackHost(host);
}

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
  return warnings;
}
