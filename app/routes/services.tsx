import servicesHero from '../assets/images/services-hero.svg';
import { CallToAction } from '../components/sections/call-to-action';
import { FeatureCard } from '../components/sections/feature-card';
import { IconCard } from '../components/sections/icon-card';
import { ArtworkHero } from '../components/sections/page-hero';
import { SERVICE_BLOCK_ICONS, SERVICE_HIGHLIGHT_ICONS } from '../content/page-icons';
import { pageCopy } from '../i18n/active-locale';
import { TitledSection } from '../components/sections/titled-section';
import { PageMeta } from '../components/layout/page-meta';

export function ServicesPage() {
  const copy = pageCopy('services');
  return (
    <>
      <PageMeta {...copy.meta} />
      <ArtworkHero hero={copy.hero} artwork={servicesHero} />

      <section className="section pb-0" aria-labelledby="service-highlights">
        {/* Names the section for the outline, so the cards' h3 do not follow the h1 directly. */}
        <h2 id="service-highlights" className="sr-only">
          {copy.highlightsHeading}
        </h2>
        <div className="page-container grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {copy.highlights.map((card, index) => (
            <IconCard key={card.title} icon={SERVICE_HIGHLIGHT_ICONS[index]!} title={card.title} description={card.description} />
          ))}
        </div>
      </section>

      <TitledSection id="core-services" title={copy.blocksHeading}>
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          {copy.blocks.map((block, index) => (
            <FeatureCard key={block.title} card={block} icon={SERVICE_BLOCK_ICONS[index]!} />
          ))}
        </div>
      </TitledSection>

      <CallToAction heading={copy.cta.heading} lead={copy.cta.lead} button={copy.cta.button} />
    </>
  );
}
