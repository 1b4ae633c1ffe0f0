import { LOADING_STEP_MAX_POINTS, LOADING_STEP_MIN_POINTS } from '../config/timings';

export const LOADING_COMPLETE = 100;

/**
 * The loading screen's next value: a random whole step of 5 to 20 points, capped at 100.
 * `random` returns a number in [0, 1), like Math.random.
 */
export function nextLoadingProgress(current: number, random: () => number = Math.random): number {
  const span = LOADING_STEP_MAX_POINTS - LOADING_STEP_MIN_POINTS + 1;
  const step = LOADING_STEP_MIN_POINTS + Math.floor(random() * span);
  return Math.min(LOADING_COMPLETE, current + step);
}

/** The counter's words, from the language's copy (SITE.loading.progress): `{progress}` stands for the number. */
export function loadingLabel(progress: number, format: string): string {
  return format.replace('{progress}', String(progress));
}
