/**
 * The contact challenge's solver for the page, loaded the first time the
 * visitor sends (or the page delivers the outbox), so that it is never part of
 * a page's first load.
 */
import type { ChallengeSolver } from '../../contract/contact-challenge';

export const solveLazily: ChallengeSolver = async (challenge, signal) =>
  (await import('../../contract/challenge-solver')).solveContactChallenge(challenge, signal);
