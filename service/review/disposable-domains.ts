/**
 * Whether an address is at a disposable-mail domain, by the community list
 * that the disposable-email-domains project keeps (its npm release,
 * disposable-email-domains-js, is republished whenever the list changes; the
 * older `disposable-email-domains` package has not been since 2024). A
 * subdomain of a listed domain counts as listed.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

let listed: Set<string> | undefined;

export function isDisposableAddress(email: string): boolean {
  listed ??= disposableEmailBlocklistSet();
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (listed.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
