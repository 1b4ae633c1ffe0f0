import type { ReactNode } from 'react';

interface PageHeroProps {
  readonly eyebrow: string;
  readonly heading: string;
  /** One paragraph under the heading; `children` for anything more. */
  readonly lead?: string;
  readonly children?: ReactNode;
  /** Optional artwork beside the text on wide screens. */
  readonly aside?: ReactNode;
}

/** The dark opening band of an inner page, holding its one h1. */
export function PageHero({ eyebrow, heading, lead, children, aside }: PageHeroProps) {
  return (
    <section className="surface-dark bg-gradient-to-br from-ink to-brand">
      <div className={`page-container grid items-center gap-10 py-16 md:py-24 ${aside ? 'lg:grid-cols-2' : ''}`}>
        <div>
          <p className="m-0 text-sm font-semibold uppercase tracking-widest text-accent-light">{eyebrow}</p>
          <h1 className="mb-0 mt-3 text-4xl font-bold leading-tight tracking-tight md:text-5xl">{heading}</h1>
          {lead ? <p className="mb-0 mt-4 max-w-2xl text-lg text-paper/90">{lead}</p> : null}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}

/**
 * Artwork for a hero's wide-screen column, so the band is not half empty on a
 * desktop. Hidden on narrower screens, where it would only push the page's
 * content further down.
 */
export function HeroArtwork({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} width={800} height={600} className="hidden w-full rounded-3xl shadow-2xl lg:block" />;
}

interface HeroCopy {
  readonly eyebrow: string;
  readonly heading: string;
  readonly lead: string;
  /** What the artwork shows, for a screen reader. */
  readonly imageAlt: string;
}

/** The hero of a page whose copy has a lead and artwork beside it (portfolio, services). */
export function ArtworkHero({ hero, artwork }: { hero: HeroCopy; artwork: string }) {
  return (
    <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead} aside={<HeroArtwork src={artwork} alt={hero.imageAlt} />} />
  );
}
