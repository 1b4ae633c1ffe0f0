import { PageMeta } from '../components/layout/page-meta';
import { LegalSections } from '../components/sections/legal-sections';
import { PageHero } from '../components/sections/page-hero';
import { pageCopy } from '../i18n/active-locale';

/**
 * The Personal Data Protection Notice: the page's language's version and a
 * second one (English or Malay, which the Act requires) side by side on wide
 * screens, one after the other on a phone (with a link down to the second).
 * Each version carries its lang, so screen readers switch voice.
 */
export function PrivacyPage() {
  const copy = pageCopy('privacy');
  const [first, second] = copy.versions;
  return (
    <>
      <PageMeta {...copy.meta} />
      <PageHero eyebrow={copy.eyebrow} heading={first!.title}>
        <p lang={second!.lang} className="mb-0 mt-3 text-2xl font-semibold text-paper/90">
          {second!.title}
        </p>
        <a href={`#notice-${second!.lang}`} lang={second!.lang} className="mt-6 inline-block font-semibold text-accent-light lg:hidden">
          {copy.jumpToSecond}
        </a>
      </PageHero>

      <div className="section">
        <div className="page-container grid items-start gap-8 lg:grid-cols-2">
          {copy.versions.map((version) => (
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
              <LegalSections sections={version.sections} level={3} />
              <p className="mb-0 mt-8 text-sm text-muted">{version.updated}</p>
            </article>
          ))}
        </div>
      </div>
    </>
  );
}
