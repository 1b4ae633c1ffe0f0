import { ROUTE_PATHS } from '../../contract/routes';
import { AppLink } from '../components/layout/app-link';
import { PageMeta } from '../components/layout/page-meta';
import { LegalSections } from '../components/sections/legal-sections';
import { PageHero } from '../components/sections/page-hero';
import { pageCopy } from '../i18n/active-locale';

export function TermsPage() {
  const TERMS_OF_USE = pageCopy('terms');
  return (
    <>
      <PageMeta {...TERMS_OF_USE.meta} />
      <PageHero eyebrow={TERMS_OF_USE.eyebrow} heading={TERMS_OF_USE.title} lead={TERMS_OF_USE.intro} />

      <div className="section">
        <div className="page-container">
          <article aria-label={TERMS_OF_USE.title} className="max-w-3xl text-ink">
            <LegalSections sections={TERMS_OF_USE.sections} level={2} />
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
