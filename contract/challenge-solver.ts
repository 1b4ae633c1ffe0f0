/**
 * Solves the contact challenge (./contact-challenge.ts) with altcha-lib's own
 * solver on Web Crypto, which the page and the service worker both have. Only
 * ./contact-delivery.ts loads it, with import(), when an enquiry is sent: it
 * is not part of any page's first load.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Challenge, SolvedChallenge } from './contact-challenge';

/** The solved challenge, or null when `signal` aborted the work first. */
export async function solveContactChallenge(challenge: Challenge, signal: AbortSignal): Promise<SolvedChallenge | null> {
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  // No timeout of its own: the service's challenges are solved in well under a second, and the caller's signal bounds the send.
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 0 });
  return solution ? { challenge, solution } : null;
}
