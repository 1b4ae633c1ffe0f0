/**
 * The store as the service uses it, with every two-factor secret sealed on
 * the way in and opened on the way out (auth/totp-secret-seal.ts): a user's
 * `totpSecret` and an enrolment session's `pendingTotpSecret`, whichever
 * store method carries them. Wrapping the store, not each route, keeps the
 * rule in one place however the routes that enrol and sign in change.
 *
 * At start, sealStoredTotpSecrets refuses a store that has secrets when
 * TOTP_KEY is unset, or whose secrets the key does not open, and seals the
 * secrets stored in clear before this release. A pending secret of an
 * enrolment under way at the upgrade stays in clear until that session ends.
 */
import type { Store } from '../store-interface';
import { isSealed, openTotpSecret, sealTotpSecret, totpSealKey } from './totp-secret-seal';
import { changeUser } from './staff-records';

const SECRET_FIELDS = ['totpSecret', 'pendingTotpSecret'] as const;

const hasSecret = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  SECRET_FIELDS.some((field) => typeof (value as Record<string, unknown>)[field] === 'string');

/** `value`, or a copy of it (or of each of its items) with `change` made to its secrets. */
function withSecrets(value: unknown, change: (secret: string) => string): unknown {
  if (Array.isArray(value)) return value.some(hasSecret) ? value.map((item) => withSecrets(item, change)) : value;
  if (!hasSecret(value)) return value;
  const copy = { ...value };
  for (const field of SECRET_FIELDS) if (typeof copy[field] === 'string') copy[field] = change(copy[field]);
  return copy;
}

/** `store` sealing and opening two-factor secrets under TOTP_KEY; null: the store as it is (no secret can be stored then: see sealStoredTotpSecrets). */
export function withSealedTotpSecrets<S extends Store>(store: S, totpKey: string | null): S {
  if (totpKey === null) return store;
  const key = totpSealKey(totpKey);
  const seal = (secret: string) => sealTotpSecret(secret, key);
  const open = (secret: string) => openTotpSecret(secret, key);
  // The transaction Store.atomically hands its work is wrapped as the store is.
  const sealing = <Target extends object>(wrapped: Target): Target => {
    // Each method's wrapper is made once, not at every call: the store is called on every request.
    const wrappers = new Map<PropertyKey, { member: (...args: unknown[]) => unknown; wrapper: unknown }>();
    const wrap = (target: Target, property: PropertyKey, member: (...args: unknown[]) => unknown) => {
      if (property === 'atomically') {
        return (work: (tx: object) => unknown) => member.call(target, (tx: object) => work(sealing(tx)));
      }
      return (...args: unknown[]) => {
        const result: unknown = member.apply(
          target,
          args.map((arg) => withSecrets(arg, seal)),
        );
        return result instanceof Promise ? result.then((value) => withSecrets(value, open)) : withSecrets(result, open);
      };
    };
    return new Proxy(wrapped, {
      get(target, property) {
        const member: unknown = Reflect.get(target, property, target);
        if (typeof member !== 'function') return member;
        const known = wrappers.get(property);
        if (known?.member === member) return known.wrapper;
        const wrapper = wrap(target, property, member as (...args: unknown[]) => unknown);
        wrappers.set(property, { member: member as (...args: unknown[]) => unknown, wrapper });
        return wrapper;
      },
    });
  };
  return sealing(store);
}

const MISSING_KEY =
  'Two-factor secrets are stored, and TOTP_KEY is not set: they are kept encrypted under it, so that a copy of the store holds no second factor. ' +
  'Make one with `openssl rand -base64 32` (it may be the same value as AUDIT_KEY), keep a copy off this machine, set it as TOTP_KEY (the environment, or the systemd credential TOTP_KEY), and start again.';

/**
 * At start, on the store itself (not wrapped): throws when secrets are stored
 * and TOTP_KEY is unset, or when it does not open them; seals the ones in clear.
 */
export async function sealStoredTotpSecrets(store: Pick<Store, 'find' | 'atomically'>, totpKey: string | null): Promise<void> {
  const enrolled = (await store.find('users')).filter((user) => user.totpSecret !== null);
  if (enrolled.length === 0) return;
  if (totpKey === null) throw new Error(MISSING_KEY);
  const key = totpSealKey(totpKey);
  for (const user of enrolled) {
    const stored = user.totpSecret!;
    if (isSealed(stored)) openTotpSecret(stored, key);
    else await changeUser(store, user.id, { totpSecret: sealTotpSecret(stored, key) });
  }
}
