/**
 * Structured logging: one JSON object per line on stdout, so that a log
 * shipper or `jq` can read it. Nothing here formats for people.
 */
export type LogFields = Record<string, unknown>;
export type Log = (fields: LogFields) => void;

export function createJsonLog(write: (line: string) => void = (line) => process.stdout.write(line)): Log {
  return (fields) => write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

/** For tests and tools that want the app quiet. */
export const silentLog: Log = () => {};
