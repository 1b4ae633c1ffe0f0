/** Where the inbox's build puts its files (config/inbox-build.ts), which the precache leaves out (config/pwa.ts). */
export const INBOX_HTML = 'inbox.html';
export const INBOX_ASSETS_DIR = 'assets/inbox';
