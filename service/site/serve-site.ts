/**
 * The built site (DIST_DIR, Vite's output), served by koa-static:
 * 1. a file that exists is sent with its cache policy; a folder answers with
 *    its index.html, so a prerendered /about is DIST_DIR/about/index.html;
 * 2. a spec route in any language (/about, /ms/about, /zh/) with no file of
 *    its own gets DIST_DIR/index.html, status 200;
 * 3. /inbox and every path below it get the staff inbox's page with its own
 *    headers (inbox-page.ts);
 * 4. any other path gets the 404 page of its language (DIST_DIR/404.html,
 *    ms/404.html, zh/404.html), else 404.html, else index.html (whose router
 *    shows the 404 page), with status 404.
 * Its own refusals (400, 405, 503) are in the path's language.
 * Every file gets a content-hash ETag beside koa-send's Last-Modified, by
 * which koa-conditional-get (../app.ts) answers 304 to a browser that holds it.
 */
import type { Stats } from 'node:fs';
import { access } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import serve from 'koa-static';
import { splitLocalePath } from '../../contract/locales';
import { isAppRoute, notFoundPageFile } from '../../contract/routes';
import { refuse } from '../i18n';
import { cacheControlFor } from './cache-policy';
import { createContentEtags } from './content-etag';
import { INBOX_PAGE_FILE, INBOX_PAGE_HEADERS, isInboxPagePath } from './inbox-page';

export class SiteNotBuiltError extends Error {
  override name = 'SiteNotBuiltError';
}

/** Refuses to start on a folder without the app, instead of serving blank pages. */
export async function checkSiteBuilt(distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  try {
    await access(index);
  } catch {
    throw new SiteNotBuiltError(
      `The built site is missing: ${index} does not exist. Run \`npm run build\` first (\`npm start\` builds it for you), or point DIST_DIR at a built site.`,
    );
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { status?: number }).status === 404;
}

/**
 * koa-send's own refusals of a path, a null byte in it (400 "Malicious Path")
 * or a way out of the site's folder (403 "Forbidden"): bare English words,
 * answered instead with our sentence in the page's language.
 */
function refusedPath(error: unknown): 400 | 403 | null {
  const { status, locale } = error as { status?: number; locale?: string };
  if (locale !== undefined) return null; // already one of our sentences
  return status === 400 || status === 403 ? status : null;
}

function canDecode(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function serveSite({ distDir }: { distDir: string }): Middleware {
  const etagFor = createContentEtags();
  /** The file koa-send chose for an answer (a folder's index.html, a .br beside the file...). */
  const sentFiles = new WeakMap<ServerResponse, { file: string; stats: Stats }>();
  const sendOptions = {
    root: distDir,
    index: 'index.html',
    setHeaders(res: ServerResponse, file: string, stats: Stats) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(distDir, file).split(path.sep).join('/')));
      sentFiles.set(res, { file, stats });
    },
  };
  const sendFile = serve(distDir, sendOptions);

  /** Sends the first of `names` that exists. */
  async function sendFirst(ctx: Context, names: readonly string[]) {
    for (const name of names) {
      try {
        if (await send(ctx, name, sendOptions)) return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    // index.html went away after start (a build in progress): say so without leaking paths.
    refuse(ctx, 503, 'service.updating');
  }

  async function sendAppShell(ctx: Context) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      refuse(ctx, 405, 'service.onlyGet', undefined, { headers: { Allow: 'GET, HEAD' } });
    }
    const isRoute = isAppRoute(ctx.path);
    await sendFirst(ctx, isRoute ? ['index.html'] : [...new Set([notFoundPageFile(ctx.path), '404.html']), 'index.html']);
    ctx.status = isRoute ? 200 : 404;
  }

  async function sendInboxPage(ctx: Context) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      refuse(ctx, 405, 'service.onlyGet', undefined, { headers: { Allow: 'GET, HEAD' } });
    }
    await sendFirst(ctx, [INBOX_PAGE_FILE]);
    ctx.status = 200;
    ctx.set(INBOX_PAGE_HEADERS);
    // Kept by no cache, so there is nothing to revalidate.
    ctx.remove('Last-Modified');
  }

  return async function serveSiteRequest(ctx: Context) {
    // The page's language: /ms/... is answered in Malay, whatever the browser prefers.
    ctx.state.locale = splitLocalePath(ctx.path).locale;
    if (!canDecode(ctx.path)) refuse(ctx, 400, 'service.badAddress');
    if (isInboxPagePath(ctx.path)) return sendInboxPage(ctx);
    try {
      await sendFile(ctx, () => sendAppShell(ctx));
    } catch (error) {
      const status = refusedPath(error);
      if (status === null) throw error;
      refuse(ctx, status, 'service.badAddress');
    }
    const sent = sentFiles.get(ctx.res);
    const etag = sent && (await etagFor(sent.file, sent.stats));
    if (etag) ctx.set('ETag', etag);
  };
}
