import { ROUTE_PATHS } from '../../contract/routes';
import { AppLink } from '../components/layout/app-link';
import { PageMeta } from '../components/layout/page-meta';
import { LegalSections } from '../components/sections/legal-sections';
import { PageHero } from '../components/sections/page-hero';
import { TERMS_OF_USE } from '../content/legal-pages/terms-of-use';

export function TermsPage() {
  return (
    <>
      <PageMeta page="terms" />
      <PageHero eyebrow={TERMS_OF_USE.eyebrow} heading={TERMS_OF_USE.title} lead={TERMS_OF_USE.intro} />

      <div className="section">
        <div className="page-container">
          <article aria-label={TERMS_OF_USE.title} className="max-w-3xl text-ink">
          <LegalSections sections={TERMS_OF_USE.sections} lang="en" level={2} />
          <p className="mb-0 mt-8">
            <AppLink to={ROUTE_PATHS.privacy} className="font-semibold text-brand">
              {TERMS_OF_USE.privacyLink}
            </AppLink>
          </p>
          <p className="mb-0 mt-4 text-sm text-muted">{TERMS_OF_USE.updated}</p>
          </article>
        </div>
      </div>
    </>
  );
}
