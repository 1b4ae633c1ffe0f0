/**
 * The service's configuration, read from the environment once at start.
 * Every variable is checked together, so one failed start lists every
 * problem instead of the first one.
 */
import path from 'node:path';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the snapshot file; the journal and lock sit beside it. */
  dbFile: string;
  /** Contact posts allowed per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Read the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** Absolute path of the built site (`vite build` output). */
  distDir: string;
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

const filePath = (name: string) => z.string().min(1, `${name} must be a path`).transform((value) => path.resolve(value));

/** One schema per variable, so that a tool (the enquiries CLI) can read only the one it needs. */
const variableSchemas = {
  PORT: wholeNumber('PORT', 0, 65_535).default(3000),
  // 0.0.0.0: the site is public, and a container or VM must be reachable from outside.
  // Behind a reverse proxy on the same host, set HOST=127.0.0.1.
  HOST: z.string().min(1).default('0.0.0.0'),
  DB_FILE: filePath('DB_FILE').default(path.resolve('data/db.json')),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', 0, 1_000_000).default(10),
  TRUST_PROXY: yesOrNo('TRUST_PROXY').default(false),
  DIST_DIR: filePath('DIST_DIR').default(path.resolve('dist')),
};

type VariableName = keyof typeof variableSchemas;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable (`PORT=`) counts as unset, as a shell user expects. */
function valueOf(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function readVariables<Name extends VariableName>(env: NodeJS.ProcessEnv, names: readonly Name[]) {
  const problems: string[] = [];
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const name of names) {
    const result = variableSchemas[name].safeParse(valueOf(env, name));
    if (result.success) values[name] = result.data;
    else problems.push(`${name}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid environment. The following variables are missing or invalid:\n  ${problems.join('\n  ')}`,
    );
  }
  return values as { [N in Name]: z.output<(typeof variableSchemas)[N]> };
}

/** Parses every variable; throws a ConfigError naming each bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = readVariables(env, Object.keys(variableSchemas) as VariableName[]);
  return {
    port: values.PORT,
    host: values.HOST,
    dbFile: values.DB_FILE,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY,
    distDir: values.DIST_DIR,
  };
}

/** Only DB_FILE, for the enquiries CLI, which must work whatever the other variables hold. */
export function loadDbFile(env: NodeJS.ProcessEnv = process.env): string {
  return readVariables(env, ['DB_FILE']).DB_FILE;
}
