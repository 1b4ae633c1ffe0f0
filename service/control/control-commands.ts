/**
 * The operator's changes to the store, and the one question the CLI asks
 * before it makes one (is this username taken?): accounts, a personal-data deletion,
 * sending failed alerts again, the audit entry of a command that shows
 * personal data (a list, an export), and releasing or deleting what is held
 * for review. Whichever
 * process may write the store runs them: the enquiries CLI itself (PostgreSQL,
 * or a file store no service holds), or the running service when the CLI asks
 * it over its control socket (control-socket.ts). Each change writes its own
 * audit entry, so that neither path can forget it.
 */
import { z } from 'zod';
import { enquiryReference } from '../../contract/reference';
import { type AlertChannel, userRecordSchema } from '../records';
import { checkUsername } from '../store-rules';
import type { DeletedCounts, Store } from '../store-interface';
import { plural } from '../text/format';
import { addUser, changeUser, deleteSessionsOf, findUser, removeUser } from '../auth/staff-records';
import { appendAudit } from '../audit-append';
import { deleteSpam, findSpam, releaseSpam } from '../enquiry-records';

/**
 * Who did it, in the audit log: `cli:` and the login name the command ran as.
 * Staff usernames have no colon, so this can never be taken for one of them.
 */
const actorSchema = z.string().regex(/^cli:[^\s:]{1,64}$/);

export const controlRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('user-exists'), username: z.string().max(200) }),
  z.strictObject({ command: z.literal('user-add'), actor: actorSchema, user: userRecordSchema }),
  z.strictObject({ command: z.literal('user-remove'), actor: actorSchema, username: z.string().max(200) }),
  z.strictObject({
    command: z.literal('user-reset'),
    actor: actorSchema,
    username: z.string().max(200),
    passwordHash: userRecordSchema.shape.passwordHash,
    enrolmentCodeHash: z.string().regex(/^[0-9a-f]{64}$/),
    enrolmentExpiresAt: z.iso.datetime(),
  }),
  z.strictObject({ command: z.literal('delete-by-email'), actor: actorSchema, email: z.string().trim().min(1).max(254) }),
  z.strictObject({
    command: z.literal('record-access'),
    actor: actorSchema,
    action: z.enum(['list', 'export']),
    detail: z.string().max(200),
  }),
  z.strictObject({ command: z.literal('alerts-retry') }),
  z.strictObject({ command: z.literal('held-release'), actor: actorSchema, id: z.string().trim().min(1).max(100) }),
  z.strictObject({ command: z.literal('held-delete'), actor: actorSchema, id: z.string().trim().min(1).max(100) }),
]);

export type ControlRequest = z.infer<typeof controlRequestSchema>;
export type ControlCommand = ControlRequest['command'];
export type ControlRequestOf<C extends ControlCommand> = Extract<ControlRequest, { command: C }>;

/** What each command answers, as JSON. */
export interface ControlAnswers {
  'user-exists': { exists: boolean };
  'user-add': { added: true };
  'user-remove': { removed: boolean };
  'user-reset': { reset: boolean };
  'delete-by-email': DeletedCounts;
  'record-access': { recorded: true };
  'alerts-retry': { retried: number };
  /** The reference of the enquiry it became; null when nothing held has that id or reference. */
  'held-release': { reference: string | null };
  'held-delete': { reference: string | null };
}

/** What the process that runs a command brings to it: its own alert settings. */
export interface ControlContext {
  /** The channels a released enquiry's alerts go out on. */
  alertChannels: readonly AlertChannel[];
}

type Handlers = {
  [C in ControlCommand]: (store: Store, request: ControlRequestOf<C>, context: ControlContext) => Promise<ControlAnswers[C]>;
};

const at = () => new Date().toISOString();

const handlers: Handlers = {
  async 'user-exists'(store, { username }) {
    return { exists: (await findUser(store, username.trim())) !== null };
  },
  async 'user-add'(store, { actor, user }) {
    const username = checkUsername(user.username);
    await addUser(store, { ...user, username });
    await appendAudit(store, { at: at(), actor, action: 'user-add', reference: null, detail: username });
    return { added: true };
  },
  async 'user-remove'(store, { actor, username }) {
    const user = await findUser(store, username.trim());
    if (user === null || !(await removeUser(store, user.id))) return { removed: false };
    await appendAudit(store, { at: at(), actor, action: 'user-remove', reference: null, detail: user.username });
    return { removed: true };
  },
  async 'user-reset'(store, { actor, username, passwordHash, enrolmentCodeHash, enrolmentExpiresAt }) {
    const user = await findUser(store, username.trim());
    if (user === null) return { reset: false };
    // A new password with the old second factor would leave a stolen phone signed in.
    await changeUser(store, user.id, {
      passwordHash,
      totpSecret: null,
      totpLastStep: null,
      recoveryCodeHashes: [],
      enrolmentCodeHash,
      enrolmentExpiresAt,
    });
    await deleteSessionsOf(store, user.id);
    await appendAudit(store, {
      at: at(),
      actor,
      action: 'user-reset',
      reference: null,
      detail: `${user.username}: new password, two-factor and sessions cleared`,
    });
    return { reset: true };
  },
  async 'delete-by-email'(store, { actor, email }) {
    const removed = await store.deleteByEmail(email);
    // The counts, never the address: the log outlives the data it speaks of.
    const detail = `${plural(removed.enquiries, 'enquiry', 'enquiries')}, ${plural(removed.spam, 'held record', 'held records')}`;
    await appendAudit(store, { at: at(), actor, action: 'delete', reference: null, detail });
    return removed;
  },
  async 'record-access'(store, { actor, action, detail }) {
    await appendAudit(store, { at: at(), actor, action, reference: null, detail });
    return { recorded: true };
  },
  async 'alerts-retry'(store) {
    return { retried: await store.retryFailedAlerts(new Date()) };
  },
  // Store.releaseSpam is the one way out of review: it queues the alerts (and whatever else an accepted enquiry gets).
  async 'held-release'(store, { actor, id }, { alertChannels }) {
    const held = await findSpam(store, id);
    const released = held && (await releaseSpam(store, held.id, alertChannels));
    if (!released) return { reference: null };
    const reference = enquiryReference(released.id);
    await appendAudit(store, { at: at(), actor, action: 'release', reference, detail: null });
    return { reference };
  },
  async 'held-delete'(store, { actor, id }) {
    const held = await findSpam(store, id);
    if (!held || !(await deleteSpam(store, held.id))) return { reference: null };
    const reference = enquiryReference(held.id);
    await appendAudit(store, { at: at(), actor, action: 'held-delete', reference, detail: null });
    return { reference };
  },
};

/** Runs one command on a store this process may write. Throws UserInputError for a request that breaks a rule. */
export function runControlCommand<C extends ControlCommand>(
  store: Store,
  request: ControlRequestOf<C>,
  context: ControlContext = { alertChannels: [] },
): Promise<ControlAnswers[C]> {
  const handler = handlers[request.command] as Handlers[C];
  return handler(store, request, context);
}
