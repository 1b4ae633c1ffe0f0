import { lazy, Suspense, useEffect } from 'react';
import { useHydrated, usePageShown } from '../layout/page-shown';
import { CarouselPlaceholder } from './carousel-placeholder';

const loadCarousel = () => import('./hero-carousel-island');
const HeroCarouselIsland = lazy(loadCarousel);

/**
 * The home carousel. Swiper measures its box, so it starts only once the page
 * is on screen; the prerendered HTML and the hidden page hold the carousel's
 * exact box with a placeholder, and its code loads during the loading screen.
 */
export function HeroCarouselSlot() {
  const hydrated = useHydrated();
  const shown = usePageShown();
  useEffect(() => {
    void loadCarousel();
  }, []);
  if (!hydrated || !shown) return <CarouselPlaceholder />;
  return (
    <Suspense fallback={<CarouselPlaceholder />}>
      <HeroCarouselIsland />
    </Suspense>
  );
}
