/** The enquiries CLI's side of the control socket (control-socket.ts): one command, one answer. */
import http from 'node:http';
import { UserInputError } from '../store-interface';
import type { ControlAnswers, ControlCommand, ControlRequestOf } from './control-commands';
import { controlSocketPath } from './control-socket';

/** A deletion of 50,000 enquiries rewrites the files: seconds, not minutes. */
const ANSWER_TIMEOUT_MS = 120_000;

/** Nobody listens on the socket: no service, or one that could not open it. */
const NOBODY = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Sends the command to the service that holds the file store at `dbFile`;
 * resolves with its answer, or null when no service listens there. A command
 * the service refused as breaking a rule throws UserInputError.
 */
export function askService<C extends ControlCommand>(dbFile: string, request: ControlRequestOf<C>): Promise<ControlAnswers[C] | null> {
  const body = JSON.stringify(request);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        socketPath: controlSocketPath(dbFile),
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: ANSWER_TIMEOUT_MS,
        agent: false, // one request, then the connection closes: the service's stop need not wait for it
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', reject);
        response.on('end', () => {
          let json: { error?: unknown };
          try {
            json = JSON.parse(text) as { error?: unknown };
          } catch {
            return reject(new Error(`The service answered ${response.statusCode} without JSON.`));
          }
          if (response.statusCode === 200) return resolve(json as ControlAnswers[C]);
          const message = typeof json.error === 'string' ? json.error : `The service answered ${response.statusCode}.`;
          reject(response.statusCode === 422 ? new UserInputError(message) : new Error(message));
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`The service did not answer within ${ANSWER_TIMEOUT_MS / 1000} s.`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (NOBODY.has(error.code ?? '')) return resolve(null);
      if (error.code === 'EACCES') {
        return reject(new Error(`${controlSocketPath(dbFile)} is the service user's only: run the command as that user.`));
      }
      reject(error);
    });
    outgoing.end(body);
  });
}
