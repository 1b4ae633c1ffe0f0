import { ROUTE_PATHS } from '../../../contract/routes';
import { LEGAL_COPY } from '../../content/legal';

/**
 * The line beside the Send button: sending means the visitor has read the
 * privacy notice (PDPA 2010, s.7). The notice opens in a new tab, so reading it
 * does not throw away what the visitor has typed.
 */
export function FormConsentNote() {
  const { before, link, newTab } = LEGAL_COPY.formConsent;
  return (
    <p className="m-0 text-sm text-muted">
      {before}{' '}
      <a href={ROUTE_PATHS.privacy} target="_blank" rel="noopener" className="font-semibold text-brand">
        {link}
        <span className="sr-only"> {newTab}</span>
      </a>
      .
    </p>
  );
}
