/** Staff records as the inbox stores them, for the store tests: no hashing, no clock but the one given. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { NewAuditEntry, SessionRecord, UserRecord } from '../records';

/** A well-formed argon2id hash (of no password in particular): the store never reads it. */
export const ARGON2ID_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$o2nOOc7sEoDGeZ6Ckb2tYSzR4GJbXzkCMmn4jVR9XDI';

export function userRecord(username: string, overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: randomUUID(),
    username,
    passwordHash: ARGON2ID_HASH,
    createdAt: new Date().toISOString(),
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: [],
    enrolmentCodeHash: null,
    enrolmentExpiresAt: null,
    ...overrides,
  };
}

export function sessionRecord(userId: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  const now = new Date().toISOString();
  return {
    id: createHash('sha256').update(randomBytes(32)).digest('hex'),
    userId,
    stage: 'signed-in',
    pendingTotpSecret: null,
    createdAt: now,
    lastSeenAt: now,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return { at: new Date().toISOString(), actor: 'advisor.ann', action: 'view', reference: null, detail: null, ...overrides };
}
