/**
 * A new password for `users add` and `users reset`: the first line of
 * standard input when it is a pipe or a file (scripts, a secrets manager), or
 * typed twice at a prompt that does not echo it when it is a terminal.
 */
import type tty from 'node:tty';

export type Stdin = NodeJS.ReadableStream & { isTTY?: boolean };

const ENTER = new Set(['\r', '\n', '\u0004']); // Return, or Ctrl-D
const CTRL_C = '\u0003';
const ERASE = new Set(['\u007f', '\b']);

/** Reads one line from the terminal in raw mode, so nothing typed is shown; Ctrl-C gives up. */
function askHidden(input: tty.ReadStream, prompt: string, err: (text: string) => void): Promise<string | null> {
  err(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve) => {
    const finish = (value: string | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      err('\n');
      resolve(value);
    };
    function onData(chunk: string) {
      for (const character of chunk) {
        if (character === CTRL_C) return finish(null);
        if (ENTER.has(character)) return finish(typed);
        if (ERASE.has(character)) typed = [...typed].slice(0, -1).join('');
        else if (character >= ' ') typed += character; // arrows and other keys' escapes are not part of a password
      }
    }
    input.on('data', onData);
    input.resume();
  });
}

async function firstLine(input: Stdin): Promise<string> {
  let text = '';
  for await (const chunk of input) text += String(chunk);
  return text.split(/\r?\n/, 1)[0]!;
}

export type PasswordRead = { password: string } | { problem: string };

export async function readNewPassword(input: Stdin | undefined, err: (text: string) => void): Promise<PasswordRead> {
  if (input === undefined) return { problem: 'No password given: pipe it to standard input.' };
  if (!input.isTTY) {
    const password = await firstLine(input);
    return password === '' ? { problem: 'No password on standard input: give it as the first line.' } : { password };
  }
  const terminal = input as tty.ReadStream;
  const password = await askHidden(terminal, 'New password: ', err);
  if (password === null) return { problem: 'Cancelled: nothing was changed.' };
  const again = await askHidden(terminal, 'The same password again: ', err);
  if (again === null) return { problem: 'Cancelled: nothing was changed.' };
  return password === again ? { password } : { problem: 'The two passwords differ: nothing was changed.' };
}
