import { homeSlides, SlideView } from './slide-view';

/**
 * The carousel's first slide as plain markup, in the carousel's exact box: what
 * the prerendered page shows (also without JavaScript) until Swiper takes over
 * with the same image and text, so the swap neither shifts nor repaints a
 * larger element. Its image is the home page's largest, so it loads first.
 */
export function CarouselPoster() {
  return (
    <div className="carousel-frame relative overflow-hidden bg-ink">
      <SlideView slide={homeSlides()[0]!} eager />
    </div>
  );
}
