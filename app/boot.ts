/**
 * The page's only script in the HTML: the loading screen, then the app.
 *
 * The loading screen (spec section 4) is plain markup in the HTML, so it
 * shows as soon as the HTML and CSS are in, and it counts without waiting for
 * the app's JavaScript. When it completes, the prerendered page in
 * `<div id="root" hidden>` is shown and only then is the app (React, the
 * router and the page's module) fetched and run, which takes over the page's
 * markup: showing the page never waits for the app's download, and that
 * download does not compete with the page's own HTML, CSS and images.
 */
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import { chosenLocale, returnTo } from './lib/language-choice';
import { loadPage } from './page-modules';
import { runLoadingScreen } from './start-up/loading-screen';
import { markPageShown } from './start-up/page-shown';
import { askForCookieConsent } from './start-up/prerendered-cookie-banner';
import { listenForMenuPresses } from './start-up/prerendered-menu-button';

/** Resolves once the browser has painted what changed (a rAF callback runs before the paint, a task queued from it after). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab in the background runs no animation frames: do not wait for one there.
    const fallback = setTimeout(resolve, 250);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
}

// A visitor who chose a language and comes back from elsewhere gets the same page in it (never a crawler: it has no choice).
const chosenPage = returnTo(chosenLocale(), window.location.pathname, document.referrer, window.location.origin);
if (chosenPage !== null) {
  window.location.replace(`${chosenPage}${window.location.search}${window.location.hash}`);
  await new Promise(() => {});
}

const screen = document.getElementById('loading-screen');
if (screen) {
  await runLoadingScreen(screen);
  screen.remove();
}
askForCookieConsent();
listenForMenuPresses();
document.getElementById('root')!.hidden = false;
markPageShown();

await afterNextPaint();
// The page's module and copy in parallel with the app, which waits for them before hydrating.
void loadPage(window.location.pathname);
await import('./main');
