import { TooltipProvider } from '../ui/tooltip-provider';
import { HeroCarousel } from './hero-carousel';

/** The carousel with its arrows' tooltips, as one lazily loaded module (Swiper and Radix Tooltip). */
export default function HeroCarouselIsland() {
  return (
    <TooltipProvider>
      <HeroCarousel />
    </TooltipProvider>
  );
}
