import { PageMeta } from '../components/layout/page-meta';
import { LegalSections } from '../components/sections/legal-sections';
import { PageHero } from '../components/sections/page-hero';
import { PRIVACY_NOTICE, PRIVACY_PAGE_HERO } from '../content/legal-pages/privacy-notice';

/**
 * The Personal Data Protection Notice: the English and the Malay version side
 * by side on wide screens, one after the other on a phone (with a link down
 * to the Malay one). Each version carries its lang, so screen readers switch voice.
 */
export function PrivacyPage() {
  const [english, malay] = PRIVACY_NOTICE;
  return (
    <>
      <PageMeta page="privacy" />
      <PageHero eyebrow={PRIVACY_PAGE_HERO.eyebrow} heading={english.title}>
        <p lang={malay.lang} className="mb-0 mt-3 text-2xl font-semibold text-paper/90">
          {malay.title}
        </p>
        <a href={`#notice-${malay.lang}`} lang={malay.lang} className="mt-6 inline-block font-semibold text-accent-light lg:hidden">
          {PRIVACY_PAGE_HERO.jumpToMalay}
        </a>
      </PageHero>

      <div className="section">
        <div className="page-container grid items-start gap-8 lg:grid-cols-2">
          {PRIVACY_NOTICE.map((version) => (
            <article
              key={version.lang}
              id={`notice-${version.lang}`}
              lang={version.lang}
              aria-labelledby={`notice-${version.lang}-title`}
              className="card scroll-mt-24 text-ink md:p-8"
            >
              <h2 id={`notice-${version.lang}-title`} className="m-0 text-sm font-semibold uppercase tracking-widest text-brand">
                {version.languageName}
              </h2>
              <p className="mb-8 mt-3 text-lg">{version.intro}</p>
              <LegalSections sections={version.sections} lang={version.lang} level={3} />
              <p className="mb-0 mt-8 text-sm text-muted">{version.updated}</p>
            </article>
          ))}
        </div>
      </div>
    </>
  );
}
