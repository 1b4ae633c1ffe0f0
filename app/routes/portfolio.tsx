import { CallToAction } from '../components/sections/call-to-action';
import { IconCard } from '../components/sections/icon-card';
import { MetricList } from '../components/sections/metric-list';
import { PageHero } from '../components/sections/page-hero';
import { PORTFOLIO_COPY } from '../content/pages';
import { ASSET_CLASSES, PERFORMANCE_OVERVIEW, SUCCESS_REPORTS } from '../content/portfolio';
import { PageMeta } from '../components/layout/page-meta';

export function PortfolioPage() {
  const { hero, cta } = PORTFOLIO_COPY;
  return (
    <>
      <PageMeta page="portfolio" />
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading}>
        <p className="mb-0 mt-4 max-w-2xl text-lg text-paper/90">{hero.lead}</p>
      </PageHero>

      <section className="section" aria-labelledby="performance-overview">
        <div className="page-container">
          <h2 id="performance-overview" className="section-title m-0">
            {PORTFOLIO_COPY.overviewHeading}
          </h2>
          <MetricList metrics={PERFORMANCE_OVERVIEW} tone="light" className="mt-10" />
        </div>
      </section>

      <section className="section bg-brand-pale" aria-labelledby="asset-classes">
        <div className="page-container">
          <h2 id="asset-classes" className="section-title m-0">
            {PORTFOLIO_COPY.assetsHeading}
          </h2>
          <ul className="m-0 mt-10 grid list-none grid-cols-2 gap-4 p-0 md:grid-cols-4">
            {ASSET_CLASSES.map((asset) => (
              <li key={asset.name} className="card flex flex-col items-center gap-3 text-center">
                <span aria-hidden="true" className={`${asset.icon} text-3xl text-brand`} />
                <span className="font-semibold text-ink">{asset.name}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="success-reports">
        <div className="page-container">
          <h2 id="success-reports" className="section-title m-0">
            {PORTFOLIO_COPY.reportsHeading}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {SUCCESS_REPORTS.map((report) => (
              <IconCard key={report.title} icon={report.icon} title={report.title}>
                <p className="mb-0 mt-2 text-muted">{report.description}</p>
              </IconCard>
            ))}
          </div>
        </div>
      </section>

      <CallToAction heading={cta.heading} lead={cta.lead} button={cta.button} />
    </>
  );
}
