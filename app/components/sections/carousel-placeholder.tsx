/** Holds the carousel's exact box while its code loads, so nothing shifts. */
export function CarouselPlaceholder() {
  return <div aria-hidden="true" className="carousel-frame bg-ink" />;
}
