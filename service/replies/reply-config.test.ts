/** The reply settings as the service reads them from its environment (service/config.ts). */
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { makeTempDir } from '../test-support/fixtures';

const SMTP_URL = 'smtp://127.0.0.1:2525';
let remove = async () => {};
afterEach(() => remove());

describe('reply settings', () => {
  it('are off without SMTP_URL or a sender, and take ACK_EMAIL_FROM when REPLY_EMAIL_FROM is not set', () => {
    expect(loadConfig({}, false).alerts.reply).toBeNull();
    expect(loadConfig({ SMTP_URL, ACK_EMAIL_FROM: 'Teratai <hello@teratai.example>' }, false).alerts.reply).toEqual({
      smtpUrl: SMTP_URL,
      from: 'Teratai <hello@teratai.example>',
      plusAddressing: true,
      dkim: null,
      siteUrl: expect.any(String),
      acknowledgementFrom: 'Teratai <hello@teratai.example>',
    });
    const own = loadConfig(
      { SMTP_URL, ACK_EMAIL_FROM: 'hello@teratai.example', REPLY_EMAIL_FROM: 'replies@teratai.example', REPLY_PLUS_ADDRESSING: 'false' },
      false,
    );
    expect(own.alerts.reply).toMatchObject({ from: 'replies@teratai.example', plusAddressing: false });
  });

  it('refuse REPLY_EMAIL_FROM without SMTP_URL, and a DKIM setting without the other two', () => {
    expect(() => loadConfig({ REPLY_EMAIL_FROM: 'replies@teratai.example' }, false)).toThrow(
      /SMTP_URL: must be set too, because REPLY_EMAIL_FROM is/,
    );
    expect(() =>
      loadConfig({ SMTP_URL, REPLY_EMAIL_FROM: 'replies@teratai.example', REPLY_DKIM_DOMAIN: 'teratai.example' }, false),
    ).toThrow(/REPLY_DKIM_SELECTOR: must be set too[\s\S]*REPLY_DKIM_KEY_FILE: must be set too/);
  });

  it('read the DKIM key from its file once, and refuse a file that is missing or holds no key', async () => {
    const temp = await makeTempDir();
    remove = temp.remove;
    const keyFile = path.join(temp.dir, 'dkim.pem');
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await writeFile(keyFile, pem);
    const env = {
      SMTP_URL,
      REPLY_EMAIL_FROM: 'replies@teratai.example',
      REPLY_DKIM_DOMAIN: 'teratai.example',
      REPLY_DKIM_SELECTOR: 'mail2026',
      REPLY_DKIM_KEY_FILE: keyFile,
    };
    expect(loadConfig(env, false).alerts.reply?.dkim).toEqual({ domainName: 'teratai.example', keySelector: 'mail2026', privateKey: pem });
    expect(() => loadConfig({ ...env, REPLY_DKIM_KEY_FILE: path.join(temp.dir, 'missing.pem') }, false)).toThrow(ConfigError);
    await writeFile(keyFile, 'not a key');
    expect(() => loadConfig(env, false)).toThrow(/REPLY_DKIM_KEY_FILE: must hold a PEM private key/);
  });
});
