/**
 * Version 6: the inbox's search finds a person by their full name ("Ann
 * Tan", or "Tan Ann" as many Malaysian names are written), where version 5
 * matched each field apart. The trigram index is made again on the new
 * expression; where pg_trgm cannot be created, the search scans as before.
 */
/**
 * What the inbox's search looks in: the full name both ways round, the
 * e-mail, the phone and the message, apart. Names, e-mail and phone refuse
 * control characters, so a term without U+001F found here is found within
 * one of them. enquiry-list.ts queries this very expression, or the index
 * would not serve it.
 */
export const ENQUIRY_SEARCH_TEXT =
  "(first_name || ' ' || last_name || E'\\x1f' || last_name || ' ' || first_name || E'\\x1f' || email || E'\\x1f' || phone || E'\\x1f' || message)";

export const FULL_NAME_SEARCH_SQL = `
DROP INDEX IF EXISTS enquiries_search;
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX enquiries_search ON enquiries USING gin (${ENQUIRY_SEARCH_TEXT} gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the inbox search scans the enquiries', SQLERRM;
END
$$;
`;
