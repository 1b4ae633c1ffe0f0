/**
 * zod 4 compiles its object parsers with `new Function` unless told otherwise;
 * the site's CSP (script-src 'self') forbids that, and Chromium reports each
 * attempt as a CSP violation (Lighthouse: "Issues were logged"). Jitless
 * parsing is allowed and gives the same results. It must be set before any
 * schema is built: the contact page and the outbox load this module first.
 * TODO: move to contract/contact.ts (next to the schema) so the service worker
 * gets it too; then delete this file.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
