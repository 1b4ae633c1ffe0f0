import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { settingsWarnings } from './settings-warnings';

const warningsFor = (env: Record<string, string>) => settingsWarnings(loadConfig(env, false));
const variablesWarned = (env: Record<string, string>) => warningsFor(env).map((warning) => warning.variable);

describe('settingsWarnings', () => {
  it('says nothing about safe settings, or none', () => {
    expect(warningsFor({})).toEqual([]);
    expect(
      warningsFor({
        NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/enquiries',
        DATABASE_URL: 'postgres://teratai:pw@db.example.com:5432/teratai?sslmode=verify-full',
      }),
    ).toEqual([]);
  });

  it('warns about a challenge lifetime under a minute, meant for tests only', () => {
    expect(variablesWarned({ CHALLENGE_LIFETIME_SECONDS: '3' })).toEqual(['CHALLENGE_LIFETIME_SECONDS']);
    expect(warningsFor({ CHALLENGE_LIFETIME_SECONDS: '60' })).toEqual([]);
  });

  it.each([
    'http://hooks.example.com/enquiries',
    'http://192.0.2.10:8080/hook',
    'http://[2001:db8::1]/hook',
    'http://127.0.0.1.evil.example/hook',
  ])('warns about an http:// webhook to another machine: %s', (url) => {
    expect(variablesWarned({ NOTIFY_WEBHOOK_URL: url })).toEqual(['NOTIFY_WEBHOOK_URL']);
  });

  it.each(['http://127.0.0.1:9000/hook', 'http://localhost:9000/hook', 'http://[::1]:9000/hook'])(
    'leaves an http:// webhook on this machine alone: %s',
    (url) => {
      expect(warningsFor({ NOTIFY_WEBHOOK_URL: url })).toEqual([]);
    },
  );

  it.each([
    'postgres://teratai:pw@db.example.com:5432/teratai',
    'postgres://teratai:pw@db.example.com/teratai?sslmode=require',
    'postgresql://teratai:pw@10.0.0.5/teratai?sslmode=verify-ca',
    'postgres://teratai:pw@localhost/teratai?host=db.example.com',
  ])('warns about a remote DATABASE_URL without sslmode=verify-full: %s', (url) => {
    expect(variablesWarned({ DATABASE_URL: url })).toEqual(['DATABASE_URL']);
  });

  it.each([
    'postgres://postgres@127.0.0.1:5432/postgres',
    'postgres://teratai:pw@localhost/teratai',
    'postgres:///teratai?host=/var/run/postgresql',
    'postgres://%2Fvar%2Frun%2Fpostgresql/teratai',
  ])('leaves a database on this machine alone: %s', (url) => {
    expect(warningsFor({ DATABASE_URL: url })).toEqual([]);
  });

  it('gives one line for each, naming the variable and never its value or password', () => {
    const warnings = warningsFor({
      NOTIFY_WEBHOOK_URL: 'http://hooks.example.com/T0KEN-in-the-path',
      DATABASE_URL: 'postgres://teratai:s3cret-pw@db.example.com/teratai',
    });
    expect(warnings.map((warning) => warning.variable)).toEqual(['NOTIFY_WEBHOOK_URL', 'DATABASE_URL']);
    for (const { message } of warnings) {
      expect(message).not.toMatch(/\n|T0KEN|s3cret|hooks\.example|db\.example/);
    }
    expect(warnings[0]!.message).toMatch(/^NOTIFY_WEBHOOK_URL /);
    expect(warnings[1]!.message).toMatch(/^DATABASE_URL /);
  });
});
