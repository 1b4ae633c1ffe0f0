import { MAX_RATING, type Rating } from '../../content/testimonials';
import { pageCopy } from '../../i18n/active-locale';

/** A rating as five stars, solid up to the rating and hollow after, read out as one phrase ("Rated 5 out of 5"). */
export function StarRating({ rating }: { rating: Rating }) {
  return (
    <p
      role="img"
      aria-label={pageCopy('home').testimonials.rating(rating, MAX_RATING)}
      className="m-0 flex gap-0.5 text-lg text-accent-dark"
    >
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < rating ? 'i-site-star-filled' : 'i-lucide-star'} />
      ))}
    </p>
  );
}
