import { BRAND } from '../../content/brand';
import { FOOTER_COPY } from '../../content/pages';

/** The footer's legal line: who runs the site, its company number and its licence. */
export function LegalIdentity() {
  const { legalName, legalIdentity } = BRAND;
  return (
    <p className="m-0">
      <strong className="font-semibold text-paper">{legalName}</strong> ({FOOTER_COPY.companyNumber}{' '}
      {legalIdentity.registrationNumber}). {legalIdentity.licenceStatus}.
      {legalIdentity.sample ? <em className="ml-1 text-accent-light">{FOOTER_COPY.sampleNote}</em> : null}
    </p>
  );
}
