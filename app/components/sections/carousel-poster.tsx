import { SLIDE_IMAGE_SIZE, SLIDES } from '../../content/slides';

/**
 * The carousel's first slide as plain markup, in the carousel's exact box: what
 * the prerendered page shows (also without JavaScript) until Swiper takes over
 * with the same image and text, so the swap neither shifts nor repaints a
 * larger element. Its image is the home page's largest, so it loads first.
 */
export function CarouselPoster() {
  const slide = SLIDES[0]!;
  return (
    <div className="carousel-frame relative overflow-hidden bg-ink">
      <img
        src={slide.image}
        alt={slide.alt}
        width={SLIDE_IMAGE_SIZE.width}
        height={SLIDE_IMAGE_SIZE.height}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="relative flex h-full items-center bg-gradient-to-r from-ink/85 via-ink/55 to-transparent">
        <div className="page-container">
          <div className="max-w-xl px-10 text-paper sm:px-12">
            <p className="m-0 text-2xl font-bold leading-tight sm:text-4xl">{slide.title}</p>
            <p className="mb-0 mt-3 text-base text-paper/95 sm:text-lg">{slide.subtitle}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
