import { BRAND } from '../../content/brand';
import { activeLocale } from '../../i18n/active-locale';

/** The Login button: the provider's external portal, in a new tab. */
export function LoginLink({ className }: { className: string }) {
  const { login } = activeLocale().site;
  return (
    <a href={BRAND.loginUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <span aria-hidden="true" className="i-lucide-log-in" />
      {login.label}
      <span className="sr-only"> {login.newTab}</span>
    </a>
  );
}
