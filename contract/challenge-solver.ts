/**
 * Solves the contact challenge (./contact-challenge.ts) with altcha-lib's own
 * solver on Web Crypto, which the page and the service worker both have.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { ChallengeSolver } from './contact-challenge';

export const solveContactChallenge: ChallengeSolver = async (challenge, signal) => {
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  // No timeout of its own: the service's challenges are solved in well under a second, and the caller's signal bounds the send.
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 0 });
  return solution ? { challenge, solution } : null;
};
