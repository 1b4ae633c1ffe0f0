/**
 * How the browser build groups modules into files. Left alone, Rolldown makes
 * a chunk of every module shared between the first page and a lazy one: about
 * twenty files of a few hundred bytes, and on a phone each costs a round trip.
 * Two groups gather what showing any page needs:
 * - framework: React, React DOM and React Router;
 * - shell: the layout, content and small sections every page uses.
 * The shell is an allowlist, so a new lazily loaded module never ends up in
 * the first page's JavaScript by accident (tests/e2e/budgets.spec.ts watches).
 */
import type { CodeSplittingOptions } from 'rolldown';

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

const SHELL = [
  /[\\/]contract[\\/]routes\.ts$/,
  /[\\/]app[\\/]content[\\/][\w-]+\.ts$/,
  /[\\/]app[\\/]config[\\/][\w-]+\.ts$/,
  /[\\/]app[\\/]lib[\\/](scroll|active-link)\.ts$/,
  /[\\/]app[\\/]components[\\/]layout[\\/](app-link|brand-logo|client-lazy|login-link|nav-items|page-meta|page-shown)\.tsx$/,
  /[\\/]app[\\/]components[\\/]sections[\\/](call-to-action|carousel-placeholder|carousel-poster|feature-card|icon-card|metric-list|page-hero|testimonial-list)\.tsx$/,
];

export const codeSplitting: CodeSplittingOptions = {
  groups: [
    { name: 'framework', test: FRAMEWORK },
    { name: 'shell', test: (id) => SHELL.some((pattern) => pattern.test(id)) },
  ],
};
