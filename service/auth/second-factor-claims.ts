/**
 * The second factor's compare-and-sets: a TOTP step, a recovery code and an
 * enrolment each work once, however many requests on however many instances
 * try them at the same moment. Each reads the user and writes it in one
 * transaction (Store.atomically), in which no other can change it.
 */
import { enrolmentOpen } from '../store-rules';
import type { UserRecord } from '../records';
import type { Store } from '../store-interface';

type Atomic = Pick<Store, 'atomically'>;

/** What a finished enrolment writes. */
export type FinishedEnrolment = Pick<UserRecord, 'totpSecret' | 'totpLastStep' | 'recoveryCodeHashes'> & { totpSecret: string };

/** Changes the user with `change` when `allowed`; false when there is no such user or it is not allowed. */
function claim(store: Atomic, userId: string, allowed: (user: UserRecord) => boolean, change: (user: UserRecord) => Partial<UserRecord>) {
  return store.atomically(async (tx) => {
    const user = await tx.get('users', userId);
    if (user === null || !allowed(user)) return false;
    await tx.put('users', { ...user, ...change(user) });
    return true;
  });
}

/**
 * Makes `step` the user's last accepted TOTP step when the stored one is
 * null or lower; false when it is not (the code was taken, on any instance) or there is no such user.
 */
export function advanceTotpStep(store: Atomic, userId: string, step: number): Promise<boolean> {
  return claim(
    store,
    userId,
    (user) => user.totpLastStep === null || user.totpLastStep < step,
    () => ({ totpLastStep: step }),
  );
}

/** Removes one recovery code's hash from the user's; false when it is not there (used already, on any instance). */
export function spendRecoveryCode(store: Atomic, userId: string, hash: string): Promise<boolean> {
  return claim(
    store,
    userId,
    (user) => user.recoveryCodeHashes.includes(hash),
    (user) => ({ recoveryCodeHashes: user.recoveryCodeHashes.filter((kept) => kept !== hash) }),
  );
}

/**
 * Gives a user who has no second factor yet theirs (and clears the enrolment
 * code), only while that is still so and the enrolment has not expired at
 * `now`: of two enrolments at once (on any instances) one wins and the other gets false.
 */
export function enrolUser(store: Atomic, userId: string, enrolment: FinishedEnrolment, now: Date): Promise<boolean> {
  return claim(
    store,
    userId,
    (user) => user.totpSecret === null && enrolmentOpen(user, now),
    () => ({ ...enrolment, enrolmentCodeHash: null, enrolmentExpiresAt: null }),
  );
}
