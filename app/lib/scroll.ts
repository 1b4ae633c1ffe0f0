/** The visitor asked their system for less motion: no smooth scrolling, no slides moving by themselves. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Scrolls to the top smoothly, or instantly for visitors who ask for reduced motion. */
export function scrollToTop(): void {
  const reduceMotion = window.matchMedia(REDUCED_MOTION_QUERY).matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}
