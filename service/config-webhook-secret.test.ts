import { describe, expect, it } from 'vitest';
import { loadAlertConfig, loadConfig } from './config';

const URL = 'https://hooks.example.com/enquiries';

describe('NOTIFY_WEBHOOK_SECRET', () => {
  it('takes a secret of 32 characters or more', () => {
    const secret = 'k'.repeat(32);
    expect(loadConfig({ NOTIFY_WEBHOOK_URL: URL, NOTIFY_WEBHOOK_SECRET: secret }).alerts.webhook).toEqual({ url: URL, secret });
  });

  it.each(['short', 'k'.repeat(31), ` ${'k'.repeat(30)} `])('refuses %j at start, with a sentence that does not repeat it', (secret) => {
    for (const load of [loadConfig, loadAlertConfig]) {
      let message = '';
      try {
        load({ NOTIFY_WEBHOOK_URL: URL, NOTIFY_WEBHOOK_SECRET: secret });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('NOTIFY_WEBHOOK_SECRET: NOTIFY_WEBHOOK_SECRET must be at least 32 characters');
      expect(message).not.toContain(secret.trim());
    }
  });
});
