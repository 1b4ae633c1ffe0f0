import { type Slide, SLIDE_IMAGE_SIZE, SLIDE_IMAGES } from '../../content/slides';
import { pageCopy } from '../../i18n/active-locale';

/** The carousel's slides: the images with their words in the page's language. */
export function homeSlides(): Slide[] {
  return pageCopy('home').carousel.slides.map((words, index) => ({ ...words, image: SLIDE_IMAGES[index]! }));
}

/** One slide's picture with its title and subtitle over it: the carousel's slides and its poster draw it alike. */
export function SlideView({ slide, eager }: { slide: Slide; eager: boolean }) {
  return (
    <>
      <img
        src={slide.image}
        alt={slide.alt}
        width={SLIDE_IMAGE_SIZE.width}
        height={SLIDE_IMAGE_SIZE.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
      />
      {/* On a narrow screen the words run over the whole picture: a darker veil keeps them readable on its light parts. */}
      <div className="on-dark-focus relative flex h-full items-center bg-gradient-to-r from-ink/85 via-ink/75 to-ink/65 md:(via-ink/55 to-transparent)">
        <div className="page-container">
          {/* Clear of the arrow buttons on either side. */}
          <div className="max-w-xl px-12 text-paper">
            <p className="m-0 text-2xl font-bold leading-tight sm:text-4xl">{slide.title}</p>
            <p className="mb-0 mt-3 text-base text-paper/95 sm:text-lg">{slide.subtitle}</p>
          </div>
        </div>
      </div>
    </>
  );
}
