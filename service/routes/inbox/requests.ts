/**
 * Personal-data requests: GET /requests?email= (everything held about one
 * address), GET /requests/export?email=&format=json|csv (the CLI's export of
 * it, as a download), POST /requests/delete (all of it, after the password
 * again). The audit log records each with its counts, never the address.
 */
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { deleteRequestSchema, type PersonalData } from '../../../contract/inbox';
import { exportText } from '../../enquiry-export';
import { confirmPassword } from './attempts';
import { enquiryFields, heldSummary, staffById } from './enquiry-views';
import { audit, type InboxDeps, readBody, readQuery, requireSession, signedIn } from './inbox-context';

const emailSchema = deleteRequestSchema.shape.email;
const findQuerySchema = z.object({ email: emailSchema });
const exportQuerySchema = z.object({ email: emailSchema, format: z.enum(['json', 'csv']) });

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

function enquiryCount(count: number): string {
  return `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;
}

function counted(enquiries: number, held: number): string {
  return `${enquiryCount(enquiries)}, ${held} held`;
}

function findRecords(deps: InboxDeps) {
  return async function findByEmail(ctx: Context) {
    const { email } = readQuery(ctx, findQuerySchema);
    const found = await deps.store.recordsByEmail(email);
    const staff = staffById(await deps.store.find('users'));
    await audit(deps, signedIn(ctx).user.username, 'find', { detail: counted(found.enquiries.length, found.spam.length) });
    ctx.body = {
      email,
      enquiries: found.enquiries.map((record) => enquiryFields(record, staff)),
      held: found.spam.map(heldSummary),
      messages: found.messages.length,
    } satisfies PersonalData;
  };
}

function exportRecords(deps: InboxDeps) {
  return async function downloadExport(ctx: Context) {
    const { email, format } = readQuery(ctx, exportQuerySchema);
    const { enquiries, messages } = await deps.store.recordsByEmail(email);
    await audit(deps, signedIn(ctx).user.username, 'export', { detail: `${format}, ${enquiryCount(enquiries.length)}` });
    // The file's name says what it is, not whose: it may sit in a downloads folder for years.
    ctx.attachment(`personal-data-${new Date().toISOString().slice(0, 10)}.${format}`);
    ctx.type = CONTENT_TYPES[format];
    ctx.body = exportText(enquiries, format, messages);
  };
}

function deleteRecords(deps: InboxDeps) {
  return async function deleteByEmail(ctx: Context) {
    const { email, password } = readBody(ctx, deleteRequestSchema);
    await confirmPassword(deps, ctx, password);
    const deleted = await deps.store.deleteByEmail(email);
    await audit(deps, signedIn(ctx).user.username, 'delete', { detail: counted(deleted.enquiries, deleted.spam) });
    ctx.body = { enquiries: deleted.enquiries, held: deleted.spam };
  };
}

export function requestRoutes(router: Router, deps: InboxDeps): void {
  const signedInOnly = requireSession(deps, ['signed-in']);
  router.get('/requests', signedInOnly, findRecords(deps));
  router.get('/requests/export', signedInOnly, exportRecords(deps));
  router.post('/requests/delete', signedInOnly, deleteRecords(deps));
}
