import portfolioHero from '../assets/images/portfolio-hero.svg';
import { CallToAction } from '../components/sections/call-to-action';
import { IconCard } from '../components/sections/icon-card';
import { ImportantInformation } from '../components/sections/important-information';
import { MetricList } from '../components/sections/metric-list';
import { ArtworkHero } from '../components/sections/page-hero';
import { ASSET_CLASS_ICONS, REPORT_ICONS } from '../content/page-icons';
import { pageCopy } from '../i18n/active-locale';
import { TitledSection } from '../components/sections/titled-section';
import { PageMeta } from '../components/layout/page-meta';

export function PortfolioPage() {
  const copy = pageCopy('portfolio');
  return (
    <>
      <PageMeta {...copy.meta} />
      <ArtworkHero hero={copy.hero} artwork={portfolioHero} />

      <TitledSection id="performance-overview" title={copy.overviewHeading}>
        <MetricList metrics={copy.metrics} riskWarning={copy.riskWarning} tone="light" className="mt-10" />
      </TitledSection>

      <TitledSection id="asset-classes" title={copy.assetsHeading} tinted>
        <ul className="m-0 mt-10 grid list-none grid-cols-2 gap-4 p-0 md:grid-cols-4">
          {copy.assetClasses.map((name, index) => (
            <li key={name} className="card flex flex-col items-center gap-3 text-center">
              <span aria-hidden="true" className={`${ASSET_CLASS_ICONS[index]} text-3xl text-brand`} />
              <span className="font-semibold text-ink">{name}</span>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="success-reports" title={copy.reportsHeading}>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {copy.reports.map((report, index) => (
            <IconCard key={report.title} icon={REPORT_ICONS[index]!} title={report.title} description={report.description} />
          ))}
        </div>
      </TitledSection>

      <ImportantInformation />

      <CallToAction heading={copy.cta.heading} lead={copy.cta.lead} button={copy.cta.button} />
    </>
  );
}
