/**
 * Structured logging: one JSON object per line on stdout, so that a log
 * shipper or `jq` can read it. Nothing here formats for people. Lines below
 * the level are dropped; a line without a level counts as `info`.
 */
export type LogFields = Record<string, unknown>;
export type Log = (fields: LogFields) => void;

/** From the most to the least severe; a level shows itself and those before it. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface JsonLogOptions {
  level?: LogLevel;
  write?: (line: string) => void;
}

export function createJsonLog({ level = 'info', write = (line) => process.stdout.write(line) }: JsonLogOptions = {}): Log {
  const shown = LOG_LEVELS.indexOf(level);
  return (fields) => {
    const severity = LOG_LEVELS.indexOf((fields.level as LogLevel | undefined) ?? 'info');
    if (severity > shown) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
  };
}

/** For tests and tools that want the app quiet. */
export const silentLog: Log = () => {};
