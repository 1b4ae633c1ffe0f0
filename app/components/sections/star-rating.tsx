import { MAX_RATING, type Rating, ratingLabel } from '../../content/testimonials';

/** A rating as five stars, solid up to the rating and hollow after, read out as one phrase ("Rated 5 out of 5"). */
export function StarRating({ rating }: { rating: Rating }) {
  return (
    <p role="img" aria-label={ratingLabel(rating)} className="m-0 flex gap-0.5 text-lg text-accent-dark">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < rating ? 'i-site-star-filled' : 'i-lucide-star'} />
      ))}
    </p>
  );
}
