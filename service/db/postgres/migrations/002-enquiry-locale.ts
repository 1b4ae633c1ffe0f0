/**
 * Version 2: each enquiry (and honeypot catch) keeps the language the visitor
 * wrote in and was answered in. Rows from before are English. The check is on
 * the form of a language code only: the service decides which languages
 * exist, and a new one needs no migration.
 */
export const ENQUIRY_LOCALE_SQL = `
ALTER TABLE enquiries ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale ~ '^[a-z]{2,3}$');
ALTER TABLE spam ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale ~ '^[a-z]{2,3}$');
`;
