/**
 * The inbox's rows to records and back (users, sessions, notes, messages,
 * the audit log), as rows.ts does for enquiries and alerts. bigint columns come back
 * from pg as strings: they are numbers well within JavaScript's safe range.
 */
import type { AuditAction, AuditRecord, MessageKind, MessageRecord, NoteRecord, SessionRecord, UserRecord } from '../../records';

export const USER_COLUMNS =
  'id, username, password_hash, created_at, totp_secret, totp_last_step, recovery_code_hashes, enrolment_code_hash, enrolment_expires_at';
export const USER_WIDTH = USER_COLUMNS.split(',').length;
export const SESSION_COLUMNS = 'id, user_id, stage, pending_totp_secret, created_at, last_seen_at';
export const NOTE_COLUMNS = 'id, enquiry_id, user_id, text, created_at';
export const NOTE_WIDTH = NOTE_COLUMNS.split(',').length;
export const MESSAGE_COLUMNS =
  'id, enquiry_id, kind, created_at, user_id, user_name, message_id, "from", other_address, subject, text, quoted, attachments, sha256, check_code';
export const MESSAGE_WIDTH = MESSAGE_COLUMNS.split(',').length;
export const AUDIT_COLUMNS = 'seq, at, actor, action, reference, detail, prev_hash, hash';
export const AUDIT_WIDTH = AUDIT_COLUMNS.split(',').length;

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  created_at: Date;
  totp_secret: string | null;
  totp_last_step: string | null;
  recovery_code_hashes: string[];
  enrolment_code_hash: string | null;
  enrolment_expires_at: Date | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  stage: SessionRecord['stage'];
  pending_totp_secret: string | null;
  created_at: Date;
  last_seen_at: Date;
}

export interface NoteRow {
  id: string;
  enquiry_id: string;
  user_id: string;
  text: string;
  created_at: Date;
}

export interface MessageRow {
  id: string;
  enquiry_id: string;
  kind: MessageKind;
  created_at: Date;
  user_id: string | null;
  user_name: string | null;
  message_id: string | null;
  from: string | null;
  other_address: boolean | null;
  subject: string | null;
  text: string;
  quoted: string | null;
  attachments: { name: string; size: number }[] | null;
  sha256: string | null;
  check_code: string | null;
}

export interface AuditRow {
  seq: string;
  at: Date;
  actor: string | null;
  action: AuditAction;
  reference: string | null;
  detail: string | null;
  prev_hash: string;
  hash: string;
}

export function userOf(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    createdAt: row.created_at.toISOString(),
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    recoveryCodeHashes: row.recovery_code_hashes,
    enrolmentCodeHash: row.enrolment_code_hash,
    enrolmentExpiresAt: row.enrolment_expires_at?.toISOString() ?? null,
  };
}

/** The parameters of USER_COLUMNS, in that order. */
export function userValues(user: UserRecord): unknown[] {
  return [
    user.id,
    user.username,
    user.passwordHash,
    user.createdAt,
    user.totpSecret,
    user.totpLastStep,
    user.recoveryCodeHashes,
    user.enrolmentCodeHash ?? null,
    user.enrolmentExpiresAt ?? null,
  ];
}

export function sessionOf(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    stage: row.stage,
    pendingTotpSecret: row.pending_totp_secret,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

export function sessionValues(session: SessionRecord): unknown[] {
  return [session.id, session.userId, session.stage, session.pendingTotpSecret, session.createdAt, session.lastSeenAt];
}

export function noteOf(row: NoteRow): NoteRecord {
  return { id: row.id, enquiryId: row.enquiry_id, userId: row.user_id, text: row.text, createdAt: row.created_at.toISOString() };
}

export function noteValues(note: NoteRecord): unknown[] {
  return [note.id, note.enquiryId, note.userId, note.text, note.createdAt];
}

/** A null column is a field the record does not have. */
export function messageOf(row: MessageRow): MessageRecord {
  const optional = {
    userId: row.user_id,
    userName: row.user_name,
    messageId: row.message_id,
    from: row.from,
    otherAddress: row.other_address,
    subject: row.subject,
    quoted: row.quoted,
    attachments: row.attachments,
    sha256: row.sha256,
    checkCode: row.check_code,
  };
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    text: row.text,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
  };
}

/** The parameters of MESSAGE_COLUMNS, in that order. */
export function messageValues(message: MessageRecord): unknown[] {
  return [
    message.id,
    message.enquiryId,
    message.kind,
    message.createdAt,
    message.userId ?? null,
    message.userName ?? null,
    message.messageId ?? null,
    message.from ?? null,
    message.otherAddress ?? null,
    message.subject ?? null,
    message.text,
    message.quoted ?? null,
    message.attachments === undefined ? null : JSON.stringify(message.attachments),
    message.sha256 ?? null,
    message.checkCode ?? null,
  ];
}

export function auditOf(row: AuditRow): AuditRecord {
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    reference: row.reference,
    detail: row.detail,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export function auditValues(entry: AuditRecord): unknown[] {
  return [entry.seq, entry.at, entry.actor, entry.action, entry.reference, entry.detail, entry.prevHash, entry.hash];
}
