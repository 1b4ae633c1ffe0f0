/**
 * The inbox's list in PostgreSQL: newest first (created_at desc, id desc),
 * filtered, one page at a time by keyset, so that a page reads its rows from
 * an index (migration 5) at any depth, however many enquiries are kept.
 */
import type pg from 'pg';
import type { EnquiryPage, EnquiryQuery } from '../../store-interface';
import { ENQUIRY_SEARCH_TEXT } from './migrations/006-full-name-search';
import { unlessUnavailable } from './pool';
import { ENQUIRY_COLUMNS, enquiryOf, isUuid, type EnquiryRow } from './rows';

/** The term as a LIKE pattern matching it anywhere, its wildcards taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** ENQUIRY_SEARCH_TEXT's separator: a term without it is found within one field (or the full name), a term with it in none. */
const SEPARATOR = '\u001f';

/** The query's WHERE conditions, their parameters numbered after those already in `params`. */
function conditionsOf(query: EnquiryQuery, params: unknown[], paging: boolean): string[] {
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (query.status !== undefined) conditions.push(`status = ${param(query.status)}`);
  if (query.assigneeId !== undefined) conditions.push(`assignee_id = ${param(query.assigneeId)}`);
  const { search } = query;
  if (search) conditions.push(search.includes(SEPARATOR) ? 'false' : `${ENQUIRY_SEARCH_TEXT} ILIKE ${param(containing(search))}`);
  if (paging && query.after) conditions.push(`(created_at, id) < (${param(query.after.createdAt)}, ${param(query.after.id)})`);
  return conditions;
}

const whereOf = (conditions: string[]) => (conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`);

export async function listEnquiries(pool: pg.Pool, query: EnquiryQuery): Promise<EnquiryPage> {
  if ((query.assigneeId !== undefined && !isUuid(query.assigneeId)) || (query.after && !isUuid(query.after.id))) {
    return { enquiries: [], more: false, total: 0 };
  }
  const pageParams: unknown[] = [];
  const pageWhere = whereOf(conditionsOf(query, pageParams, true));
  // One more than the page: whether another page follows.
  const limit = `$${pageParams.push(query.limit + 1)}`;
  const countParams: unknown[] = [];
  const countWhere = whereOf(conditionsOf(query, countParams, false));
  // The page and the count on two connections at once: the count is the slower, and they need not wait for each other.
  const [page, count] = await unlessUnavailable(() =>
    Promise.all([
      pool.query<EnquiryRow>(
        `SELECT ${ENQUIRY_COLUMNS} FROM enquiries ${pageWhere} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
        pageParams,
      ),
      pool.query<{ total: number }>(`SELECT count(*)::integer AS total FROM enquiries ${countWhere}`, countParams),
    ]),
  );
  const rows = page.rows.slice(0, query.limit);
  return { enquiries: rows.map(enquiryOf), more: page.rows.length > query.limit, total: count.rows[0]!.total };
}
