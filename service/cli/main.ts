/** Entry of `npm run enquiries`: see enquiries.ts. */
import { runEnquiries } from './enquiries';

/**
 * A writer that goes quiet once the stream's reader has gone away:
 * `list | head -1` closes the pipe after one line, and Node would crash on the
 * unhandled EPIPE with a stack. The command still finishes its work (a delete
 * closes the store) and exits with its own code.
 */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let readerGone = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  });
  return (text) => {
    if (!readerGone) stream.write(text);
  };
}

const out = writerTo(process.stdout);
const err = writerTo(process.stderr);

runEnquiries(process.argv.slice(2), { out, err, env: process.env, outIsTerminal: process.stdout.isTTY, stdin: process.stdin }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    err(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
