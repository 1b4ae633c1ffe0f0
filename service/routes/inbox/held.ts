/**
 * Held for review: GET /held (what the spam rules held back, newest first),
 * POST /held/:id/release ("Not spam": it becomes an enquiry, and its alerts
 * go out now), POST /held/:id/delete.
 */
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { HeldList } from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import { heldSummary } from './enquiry-views';
import { audit, type InboxDeps, requireSession, signedIn } from './inbox-context';
import { refuseInbox } from './refusals';
import { deleteSpam, heldRecords, releaseSpam } from '../../enquiry-records';

const NOT_HELD = 'Nothing held for review has that id.';
/** The newest this many: as many as review keeps at most (docs/product.md), however large the store. */
const HELD_LIMIT = 1_000;

function heldId(ctx: Context): string {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) refuseInbox(ctx, 404, NOT_HELD);
  return id.data;
}

export function heldRoutes(router: Router, deps: InboxDeps): void {
  const signedInOnly = requireSession(deps, ['signed-in']);

  router.get('/held', signedInOnly, async (ctx) => {
    const held = await heldRecords(deps.store, HELD_LIMIT);
    await audit(deps, signedIn(ctx).user.username, 'list', { detail: `held for review, ${held.length}` });
    ctx.body = { held: held.map(heldSummary), timeZone: deps.timeZone } satisfies HeldList;
  });

  router.post('/held/:id/release', signedInOnly, async (ctx) => {
    const released = await releaseSpam(deps.store, heldId(ctx), deps.alertChannels);
    if (released === null) refuseInbox(ctx, 404, NOT_HELD);
    const reference = enquiryReference(released.id);
    await audit(deps, signedIn(ctx).user.username, 'release', { reference });
    ctx.body = { id: released.id, reference };
  });

  router.post('/held/:id/delete', signedInOnly, async (ctx) => {
    const id = heldId(ctx);
    if (!(await deleteSpam(deps.store, id))) refuseInbox(ctx, 404, NOT_HELD);
    await audit(deps, signedIn(ctx).user.username, 'held-delete', { reference: enquiryReference(id) });
    ctx.status = 204;
  });
}
