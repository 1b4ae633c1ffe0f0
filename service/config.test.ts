import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDbFile } from './config';

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dbFile: path.resolve('data/db.json'),
      rateLimitPerMinute: 10,
      trustProxy: false,
      distDir: path.resolve('dist'),
    });
  });

  it('reads every variable, resolving paths and treating an empty one as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DB_FILE: 'var/enquiries.json',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: 'true',
      DIST_DIR: '',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dbFile: path.resolve('var/enquiries.json'),
      rateLimitPerMinute: 0,
      trustProxy: true,
      distDir: path.resolve('dist'),
    });
  });

  it('names every bad variable at once', () => {
    const load = () => loadConfig({ PORT: '70000', RATE_LIMIT_PER_MINUTE: 'ten', TRUST_PROXY: 'maybe' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: PORT must be a whole number from 0 to 65535/);
    expect(load).toThrow(/RATE_LIMIT_PER_MINUTE: RATE_LIMIT_PER_MINUTE must be a whole number/);
    expect(load).toThrow(/TRUST_PROXY: TRUST_PROXY must be true or false/);
  });

  it('refuses a negative or fractional number', () => {
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '2.5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

describe('loadDbFile', () => {
  it('reads DB_FILE alone, whatever the other variables hold', () => {
    expect(loadDbFile({ DB_FILE: 'x/db.json', PORT: 'not a port' })).toBe(path.resolve('x/db.json'));
  });
});
