import { ROUTE_PATHS } from '../../contract/routes';
import { AppLink } from '../components/layout/app-link';
import { clientLazy } from '../components/layout/client-lazy';
import { CallToAction } from '../components/sections/call-to-action';
import { CarouselPoster } from '../components/sections/carousel-poster';
import { FeatureCard } from '../components/sections/feature-card';
import { HOME_SERVICE_ICONS } from '../content/page-icons';
import { MetricList } from '../components/sections/metric-list';
import { TestimonialList } from '../components/sections/testimonial-list';
import { TitledSection } from '../components/sections/titled-section';
import { TickList } from '../components/ui/lists';
import { PageMeta } from '../components/layout/page-meta';
import { pageCopy } from '../i18n/active-locale';

// Fetched once the page is on screen: Swiper, and the award pop-up's Radix Dialog.
const HeroCarousel = clientLazy(() => import('../components/sections/hero-carousel'));
const AwardPopup = clientLazy(() => import('../components/layout/award-popup'));

export function HomePage() {
  const copy = pageCopy('home');
  const { hero, services, testimonials, cta } = copy;
  return (
    <>
      <PageMeta {...copy.meta} />
      <HeroCarousel fallback={<CarouselPoster />} />

      <section className="surface-dark bg-gradient-to-b from-brand to-ink">
        <div className="page-container py-16 text-center md:py-20">
          <p className="m-0 text-sm font-semibold uppercase tracking-widest text-accent-light">{hero.eyebrow}</p>
          <h1 className="mx-auto mb-0 mt-3 max-w-3xl text-4xl font-bold leading-tight tracking-tight md:text-5xl">{hero.heading}</h1>
          <p className="mx-auto mb-0 mt-4 max-w-2xl text-lg text-paper/90">{hero.lead}</p>
          <MetricList metrics={copy.metrics} riskWarning={copy.riskWarning} tone="dark" className="mx-auto mt-10 max-w-4xl" />
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <AppLink to={ROUTE_PATHS.about} className="btn-primary no-underline">
              {hero.primary}
            </AppLink>
            <AppLink to={ROUTE_PATHS.services} className="btn-outline-light no-underline">
              {hero.secondary}
            </AppLink>
          </div>
        </div>
      </section>

      <TitledSection id="home-services" title={services.heading} lead={services.lead}>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {services.cards.map((card, index) => (
            <FeatureCard key={card.title} card={card} icon={HOME_SERVICE_ICONS[index]!} />
          ))}
        </div>
      </TitledSection>

      <TitledSection id="home-testimonials" title={testimonials.heading} lead={testimonials.lead} tinted>
        <div className="mt-10">
          <TestimonialList />
        </div>
      </TitledSection>

      <CallToAction heading={cta.heading} lead={cta.lead} button={cta.button}>
        <TickList
          items={cta.benefits}
          tick="i-lucide-circle-check-big text-accent-light"
          className="mx-auto mb-0 mt-8 max-w-3xl gap-3 text-left sm:grid-cols-2"
        />
      </CallToAction>

      <AwardPopup />
    </>
  );
}
