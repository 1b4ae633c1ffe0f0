/** What a command of the enquiries CLI reads and writes: main.ts gives it the process's, the tests their own. */
import type { Stdin } from './password-input';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Standard output is a terminal (not a pipe or a file). */
  outIsTerminal?: boolean;
  /** Where `users add` and `users reset` read the new password. */
  stdin?: Stdin;
}
