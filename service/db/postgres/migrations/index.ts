/**
 * Every schema version this code knows, in order. A new version is a new
 * file beside 001-init.ts and one line here; a version is never edited once
 * released. They are TypeScript strings, not .sql files, so that the esbuild
 * bundle (build/service/server.mjs) carries them and nothing is read from disk.
 */
import { INIT_SQL } from './001-init';
import { ENQUIRY_LOCALE_SQL } from './002-enquiry-locale';
import { DEPLOYMENT_SECRET_SQL } from './003-deployment-secret';
import { ALERTS_UNSENT_INDEX_SQL } from './004-alerts-unsent-index';
import { INBOX_SQL } from './005-inbox';
import { FULL_NAME_SEARCH_SQL } from './006-full-name-search';
import { HELD_FOR_REVIEW_SQL } from './007-held-for-review';
import { ACKNOWLEDGEMENTS_SQL } from './008-acknowledgements';
import { OPERATOR_ALERTS_SQL } from './009-operator-alerts';
import { ENROLMENT_CODES_SQL } from './010-enrolment-codes';
import { UNIQUE_REFERENCES_SQL } from './011-unique-references';
import { ACKNOWLEDGEMENT_LIMITS_SQL } from './012-acknowledgement-limits';
import { MESSAGES_SQL } from './015-messages';
import { MAILBOX_SQL } from './016-mailbox';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'init', sql: INIT_SQL },
  { version: 2, name: 'enquiry-locale', sql: ENQUIRY_LOCALE_SQL },
  { version: 3, name: 'deployment-secret', sql: DEPLOYMENT_SECRET_SQL },
  { version: 4, name: 'alerts-unsent-index', sql: ALERTS_UNSENT_INDEX_SQL },
  { version: 5, name: 'inbox', sql: INBOX_SQL },
  { version: 6, name: 'full-name-search', sql: FULL_NAME_SEARCH_SQL },
  { version: 7, name: 'held-for-review', sql: HELD_FOR_REVIEW_SQL },
  { version: 8, name: 'acknowledgements', sql: ACKNOWLEDGEMENTS_SQL },
  { version: 9, name: 'operator-alerts', sql: OPERATOR_ALERTS_SQL },
  { version: 10, name: 'enrolment-codes', sql: ENROLMENT_CODES_SQL },
  { version: 11, name: 'unique-references', sql: UNIQUE_REFERENCES_SQL },
  { version: 12, name: 'acknowledgement-limits', sql: ACKNOWLEDGEMENT_LIMITS_SQL },
  { version: 15, name: 'messages', sql: MESSAGES_SQL },
  { version: 16, name: 'mailbox', sql: MAILBOX_SQL },
];
