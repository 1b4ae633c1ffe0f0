/**
 * How the browser build groups modules into files. Left alone, Rolldown makes
 * a chunk of every module shared between the first page and a lazy one: about
 * twenty files of a few hundred bytes, and on a phone each costs a round trip.
 * Three groups gather what showing any page needs:
 * - start-up: what the start-up script shares with the app (the route table,
 *   the loading screen's timings, the page-shown state);
 * - framework: React, React DOM and React Router;
 * - shell: the layout, content and small sections every page uses.
 * The shell is an allowlist, so a new lazily loaded module never ends up in
 * the first page's JavaScript by accident (tests/e2e/budgets.spec.ts watches).
 */
import type { CodeSplittingOptions } from 'rolldown';

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

/**
 * What the start-up script (app/boot.ts) needs and the app shares with it: one
 * small file next to it. Matched first, so the shell (whose content modules
 * import the route table) does not take these in, which would make the
 * start-up script load the shell and React before the loading screen runs.
 */
const START_UP = [
  /[\\/]contract[\\/]routes\.ts$/,
  /[\\/]app[\\/]config[\\/]timings\.ts$/,
  /[\\/]app[\\/]lib[\\/]loading-progress\.ts$/,
  /[\\/]app[\\/]start-up[\\/][\w-]+\.ts$/,
  /[\\/]app[\\/]page-modules\.ts$/,
  /vite[\\/]preload-helper/,
];

const SHELL = [
  /[\\/]app[\\/]content[\\/][\w-]+\.ts$/,
  /[\\/]app[\\/]config[\\/]storage-keys\.ts$/,
  /[\\/]app[\\/]lib[\\/](scroll|active-link)\.ts$/,
  /[\\/]app[\\/]components[\\/]layout[\\/](app-link|brand-logo|client-lazy|login-link|nav-items|page-meta|page-shown)\.tsx$/,
  /[\\/]app[\\/]components[\\/]sections[\\/](call-to-action|carousel-poster|feature-card|icon-card|metric-list|page-hero|testimonial-list)\.tsx$/,
];

export const codeSplitting: CodeSplittingOptions = {
  groups: [
    { name: 'start-up', test: (id) => START_UP.some((pattern) => pattern.test(id)) },
    { name: 'framework', test: FRAMEWORK },
    { name: 'shell', test: (id) => SHELL.some((pattern) => pattern.test(id)) },
  ],
};
