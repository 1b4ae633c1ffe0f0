import { TESTIMONIAL_CLIENTS } from '../../content/testimonials';
import { pageCopy } from '../../i18n/active-locale';
import { StarRating } from './star-rating';

export function TestimonialList() {
  const { testimonials } = pageCopy('home');
  return (
    <ul className="m-0 grid list-none gap-6 p-0 md:grid-cols-3">
      {TESTIMONIAL_CLIENTS.map((client, index) => ({ ...client, ...testimonials.items[index]! })).map((testimonial) => (
        <li key={testimonial.name} className="card flex flex-col">
          <figure className="m-0 flex h-full flex-col">
            <StarRating rating={testimonial.rating} />
            <blockquote className="m-0 mt-4 flex-1 text-ink">
              <p className="m-0">“{testimonial.content}”</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-paper"
              >
                {testimonial.initials}
              </span>
              <span>
                <span className="block font-semibold text-ink">{testimonial.name}</span>
                <span className="block text-sm text-muted">
                  {testimonials.attribution(testimonial.role, testimonial.company, testimonial.location)}
                </span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
