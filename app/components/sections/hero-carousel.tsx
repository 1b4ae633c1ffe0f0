import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { CAROUSEL_AUTOPLAY_MS } from '../../config/timings';
import { pageCopy } from '../../i18n/active-locale';
import { REDUCED_MOTION_QUERY } from '../../lib/scroll';
import { IconTooltip } from '../ui/icon-tooltip';
import { TooltipProvider } from '../ui/tooltip-provider';
import { homeSlides, SlideView } from './slide-view';

interface ArrowButtonProps {
  readonly label: string;
  readonly icon: string;
  /** Where it sits: UnoCSS position classes. */
  readonly side: string;
  readonly onClick: () => void;
}

function ArrowButton({ label, icon, side, onClick }: ArrowButtonProps) {
  return (
    <IconTooltip label={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={`icon-btn absolute top-1/2 z-10 -translate-y-1/2 bg-paper/90 text-ink hover:bg-paper ${side}`}
      >
        <span aria-hidden="true" className={`${icon} text-2xl`} />
      </button>
    </IconTooltip>
  );
}

/**
 * The home page's slide show, with its arrows' tooltips: a lazily loaded
 * module (Swiper, the largest lazy chunk, stays out of the first page's
 * JavaScript). Swiper measures its box, so it starts only once the page is on
 * screen; until then, and in the prerendered HTML, the first slide's poster
 * holds its exact box and looks the same (routes/home.tsx). Our own buttons drive Swiper so that the
 * arrows and dots are real, named buttons. It plays as the spec says, and
 * keeps playing when the arrows or dots are used; a pause button stops it
 * (WCAG 2.2.2: moving content the visitor can stop), and a visitor who asked
 * their system for reduced motion finds it paused.
 */
export default function HeroCarousel() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !window.matchMedia(REDUCED_MOTION_QUERY).matches);
  // Swiper's own setting, fixed at the start; the button then starts and stops it.
  const [autoplay] = useState(() => ({ enabled: playing, delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false }));
  const copy = pageCopy('home').carousel;
  const slides = homeSlides();

  function togglePlaying() {
    if (playing) swiper?.autoplay.stop();
    else swiper?.autoplay.start();
    setPlaying(!playing);
  }

  return (
    <TooltipProvider>
      <section aria-roledescription={copy.roleDescription} aria-label={copy.label} className="carousel-frame on-dark-focus relative bg-ink">
        <Swiper
          modules={[Autoplay, A11y]}
          loop
          // Let a quick second click on an arrow count even while the first slide is still moving.
          loopPreventsSliding={false}
          autoplay={autoplay}
          a11y={{ enabled: true, slideRole: 'group', slideLabelMessage: copy.slideLabel }}
          onSwiper={setSwiper}
          onSlideChange={(instance) => setActiveIndex(instance.realIndex)}
          className="h-full"
        >
          {slides.map((slide, index) => (
            <SwiperSlide key={slide.title} className="relative h-full overflow-hidden">
              <SlideView slide={slide} eager={index === 0} />
            </SwiperSlide>
          ))}
        </Swiper>
        <ArrowButton label={copy.previous} icon="i-lucide-chevron-left" side="left-2 sm:left-4" onClick={() => swiper?.slidePrev()} />
        <ArrowButton label={copy.next} icon="i-lucide-chevron-right" side="right-2 sm:right-4" onClick={() => swiper?.slideNext()} />
        <div className="absolute inset-x-0 bottom-2 z-10 flex justify-center gap-1">
          <button
            type="button"
            aria-label={playing ? copy.pause : copy.play}
            onClick={togglePlaying}
            className="flex h-8 w-8 items-center justify-center rounded-full text-paper/90 hover:text-paper"
          >
            <span aria-hidden="true" className={`${playing ? 'i-lucide-pause' : 'i-lucide-play'} text-lg`} />
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              aria-label={copy.goTo(index + 1, slide.title)}
              aria-current={index === activeIndex ? 'true' : undefined}
              onClick={() => swiper?.slideToLoop(index)}
              className="group flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full transition-all ${index === activeIndex ? 'w-7 bg-accent' : 'w-3 bg-paper/80 group-hover:bg-paper'}`}
              />
            </button>
          ))}
        </div>
      </section>
    </TooltipProvider>
  );
}
