import { clientLazy } from '../layout/client-lazy';
import { CarouselPoster } from './carousel-poster';

const HeroCarouselIsland = clientLazy(() => import('./hero-carousel-island'));

/**
 * The home carousel. Swiper measures its box, so it starts only once the page
 * is on screen, and its code (the largest lazy chunk) is fetched only then;
 * until it runs, and in the prerendered HTML, the first slide's poster holds
 * its exact box and looks the same.
 */
export function HeroCarouselSlot() {
  return <HeroCarouselIsland fallback={<CarouselPoster />} />;
}
