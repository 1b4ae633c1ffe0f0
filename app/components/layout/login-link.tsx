import { BRAND } from '../../content/brand';

/** The Login button: the provider's external portal, in a new tab. */
export function LoginLink({ className }: { className: string }) {
  return (
    <a href={BRAND.loginUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <span aria-hidden="true" className="i-lucide-log-in" />
      Login
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
