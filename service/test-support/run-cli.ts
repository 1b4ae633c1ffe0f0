/** The enquiries CLI in this process, as the operator runs it: arguments, environment, and what is piped to it. */
import os from 'node:os';
import { Readable } from 'node:stream';
import { runEnquiries } from '../cli/enquiries';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export async function runCli(env: NodeJS.ProcessEnv, argv: readonly string[], { stdin }: { stdin?: string } = {}): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await runEnquiries(argv, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env,
    stdin: stdin === undefined ? undefined : Readable.from([stdin]),
  });
  return { code, out, err };
}

/** The audit log's actor for what the CLI does in these tests. */
export const CLI_ACTOR = `cli:${os.userInfo().username}`;
