/**
 * The enquiries: GET /enquiries (the list, filtered, searched and paged),
 * GET /enquiries/:reference (one, with its thread, alerts, notes and
 * history), PATCH /enquiries/:reference (status, assignee), POST
 * /enquiries/:reference/notes, /replies (a reply by e-mail, queued in the
 * outbox) and /whatsapp (a hand-off to WhatsApp). Each is on record in the
 * audit log: a search without its words, a note or reply without its text.
 */
import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  enquiryChangeSchema,
  enquiryListQuerySchema,
  INBOX_PAGE_SIZE,
  noteRequestSchema,
  replyRequestSchema,
  type Deliveries,
  type EnquiryDetail,
  type EnquiryList,
} from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import { type EnquiryRecord, statusOf, type UserRecord } from '../../records';
import { queueReply } from '../../replies/queue-reply';
import { replyTemplate } from '../../replies/reply-mail';
import { recordWhatsAppHandoff } from '../../replies/whatsapp-handoff';
import type { EnquiryChange } from '../../store-interface';
import { alertAttempt, ANSWER_WITHIN_MS, enquiryFields, enquirySummary, staffById, staffOf, threadOf } from './enquiry-views';
import { audit, type InboxDeps, readBody, readQuery, requireSession, signedIn } from './inbox-context';
import { refuseInbox } from './refusals';
import { findEnquiry, updateEnquiry } from '../../enquiry-records';
import { auditLog } from '../../audit-append';

/** The `next` of a page: where the following one starts, opaque to the page. */
const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

function encodeCursor(record: EnquiryRecord): string {
  return Buffer.from(JSON.stringify([record.createdAt, record.id])).toString('base64url');
}

function decodeCursor(ctx: Context, cursor: string): { createdAt: string; id: string } {
  let parsed;
  try {
    parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) refuseInbox(ctx, 400, 'after: not a page of this list.');
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}

/** What the audit log says a list showed: the filters, never the search words. */
function listDetail(query: z.infer<typeof enquiryListQuerySchema>, total: number): string {
  const parts = [
    ...(query.status ? [`status ${query.status}`] : []),
    ...(query.mine ? ['mine'] : []),
    ...(query.after ? ['next page'] : []),
    `${total} ${total === 1 ? 'enquiry' : 'enquiries'}`,
  ];
  return parts.join(', ');
}

function listEnquiries(deps: InboxDeps) {
  return async function listPage(ctx: Context) {
    const query = readQuery(ctx, enquiryListQuerySchema);
    const { user } = signedIn(ctx);
    const search = query.q?.trim() || undefined;
    const page = await deps.store.listEnquiries({
      ...(query.status && { status: query.status }),
      ...(query.mine && { assigneeId: user.id }),
      ...(search && { search }),
      ...(query.after && { after: decodeCursor(ctx, query.after) }),
      limit: INBOX_PAGE_SIZE,
    });
    const staff = staffById(await deps.store.find('users'));
    const overdue = await deps.store.countNewBefore(new Date(Date.now() - ANSWER_WITHIN_MS));
    await audit(deps, user.username, search ? 'search' : 'list', { detail: listDetail(query, page.total) });
    const last = page.enquiries.at(-1);
    const body: EnquiryList = {
      enquiries: page.enquiries.map((record) => enquirySummary(record, staff)),
      total: page.total,
      next: page.more && last ? encodeCursor(last) : null,
      overdue,
      timeZone: deps.timeZone,
    };
    ctx.body = body;
  };
}

const REFERENCE_OR_ID = /^(?:TW-[0-9A-F]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

async function enquiryOf(deps: InboxDeps, ctx: Context): Promise<EnquiryRecord> {
  const wanted = String(ctx.params.reference ?? '');
  const record = REFERENCE_OR_ID.test(wanted) ? await findEnquiry(deps.store, wanted) : null;
  if (record === null) refuseInbox(ctx, 404, 'No enquiry has that reference.');
  return record;
}

/** The enquiry as `user` sees it: the composer's template is signed with their name. */
async function enquiryDetail(deps: InboxDeps, record: EnquiryRecord, user: Pick<UserRecord, 'username'>): Promise<EnquiryDetail> {
  const users = await deps.store.find('users');
  const staff = staffById(users);
  const [alerts, notes, messages, history] = await Promise.all([
    deps.store.find('alerts', { enquiryId: record.id }),
    deps.store.find('notes', { enquiryId: record.id }),
    deps.store.find('messages', { enquiryId: record.id }),
    auditLog(deps.store, { reference: enquiryReference(record.id) }),
  ]);
  return {
    enquiry: enquiryFields(record, staff),
    replyDraft: deps.replies ? replyTemplate(record, user.username) : null,
    thread: threadOf(record, messages, alerts),
    alerts: alerts.map(alertAttempt),
    notes: notes.map((note) => ({
      id: note.id,
      author: staff.get(note.userId)?.username ?? 'a removed user',
      text: note.text,
      createdAt: note.createdAt,
    })),
    history: history.map(({ at, actor, action, detail }) => ({ at, actor, action, detail })),
    staff: users.map(staffOf),
    timeZone: deps.timeZone,
  };
}

function viewEnquiry(deps: InboxDeps) {
  return async function showEnquiry(ctx: Context) {
    const record = await enquiryOf(deps, ctx);
    const { user } = signedIn(ctx);
    await audit(deps, user.username, 'view', { reference: enquiryReference(record.id) });
    ctx.body = await enquiryDetail(deps, record, user);
  };
}

function changeEnquiry(deps: InboxDeps) {
  return async function applyChange(ctx: Context) {
    const requested = readBody(ctx, enquiryChangeSchema);
    const record = await enquiryOf(deps, ctx);
    const { user } = signedIn(ctx);
    const change: EnquiryChange = {};
    let assignee: string | null = null;
    if (requested.status !== undefined) change.status = requested.status;
    if (requested.assigneeId !== undefined) {
      if (requested.assigneeId !== null) {
        const staffMember = await deps.store.get('users', requested.assigneeId);
        if (staffMember === null) refuseInbox(ctx, 400, 'assigneeId: nobody on the staff has that id.');
        assignee = staffMember.username;
      }
      change.assigneeId = requested.assigneeId;
    }
    const updated = await updateEnquiry(deps.store, record.id, change);
    if (updated === null) refuseInbox(ctx, 404, 'No enquiry has that reference.');
    const reference = enquiryReference(record.id);
    if (change.status !== undefined) {
      await audit(deps, user.username, 'status', { reference, detail: `${statusOf(record)} → ${change.status}` });
    }
    if (change.assigneeId !== undefined) {
      await audit(deps, user.username, 'assignee', { reference, detail: assignee ?? 'nobody' });
    }
    ctx.body = await enquiryDetail(deps, updated, user);
  };
}

function addNote(deps: InboxDeps) {
  return async function writeNote(ctx: Context) {
    const { text } = readBody(ctx, noteRequestSchema);
    const record = await enquiryOf(deps, ctx);
    const { user } = signedIn(ctx);
    await deps.store.atomically((tx) =>
      tx.put('notes', { id: randomUUID(), enquiryId: record.id, userId: user.id, text, createdAt: new Date().toISOString() }),
    );
    await audit(deps, user.username, 'note', { reference: enquiryReference(record.id) });
    ctx.body = await enquiryDetail(deps, record, user);
  };
}

function sendReply(deps: InboxDeps) {
  return async function queueEmailReply(ctx: Context) {
    const { text } = readBody(ctx, replyRequestSchema);
    const record = await enquiryOf(deps, ctx);
    const { user } = signedIn(ctx);
    if (deps.replies === null) {
      refuseInbox(ctx, 503, 'Replies by e-mail are not configured: set SMTP_URL and REPLY_EMAIL_FROM (or ACK_EMAIL_FROM).');
    }
    await queueReply(deps.store, deps.replies, record, user, text);
    ctx.status = 201;
    ctx.body = await enquiryDetail(deps, record, user);
  };
}

function showDeliveries(deps: InboxDeps) {
  return async function replyDeliveries(ctx: Context) {
    const record = await enquiryOf(deps, ctx);
    const [messages, alerts] = await Promise.all([
      deps.store.find('messages', { enquiryId: record.id }),
      deps.store.find('alerts', { enquiryId: record.id }),
    ]);
    const deliveries = threadOf(record, messages, alerts).flatMap(({ id, kind, delivery }) =>
      kind === 'reply' && delivery !== null ? [{ id, delivery }] : [],
    );
    ctx.body = { status: statusOf(record), deliveries } satisfies Deliveries;
  };
}

function handOffToWhatsApp(deps: InboxDeps) {
  return async function recordHandoff(ctx: Context) {
    const record = await enquiryOf(deps, ctx);
    const { user } = signedIn(ctx);
    await recordWhatsAppHandoff(deps.store, record, user);
    ctx.status = 201;
    ctx.body = await enquiryDetail(deps, record, user);
  };
}

export function enquiryRoutes(router: Router, deps: InboxDeps): void {
  const signedInOnly = requireSession(deps, ['signed-in']);
  router.get('/enquiries', signedInOnly, listEnquiries(deps));
  router.get('/enquiries/:reference', signedInOnly, viewEnquiry(deps));
  router.patch('/enquiries/:reference', signedInOnly, changeEnquiry(deps));
  router.post('/enquiries/:reference/notes', signedInOnly, addNote(deps));
  router.post('/enquiries/:reference/replies', signedInOnly, sendReply(deps));
  router.get('/enquiries/:reference/deliveries', signedInOnly, showDeliveries(deps));
  router.post('/enquiries/:reference/whatsapp', signedInOnly, handOffToWhatsApp(deps));
}
