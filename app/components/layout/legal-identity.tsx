import { BRAND } from '../../content/brand';
import { activeLocale } from '../../i18n/active-locale';

/** The footer's legal line: who runs the site, its company number and its licence. */
export function LegalIdentity() {
  const { legalName, legalIdentity } = BRAND;
  const { brand, footer } = activeLocale().site;
  return (
    <p className="m-0">
      <strong className="font-semibold text-paper">{legalName}</strong>
      {footer.identity(legalIdentity.registrationNumber, brand.licenceStatus)}
      {legalIdentity.sample ? <em className="ml-1 text-accent-light">{footer.sampleNote}</em> : null}
    </p>
  );
}
