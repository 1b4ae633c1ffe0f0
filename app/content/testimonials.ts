export const MAX_RATING = 5;
export type Rating = 1 | 2 | 3 | 4 | 5;

/** How a rating is read out: "Rated 5 out of 5". */
export function ratingLabel(rating: Rating): string {
  return `Rated ${rating} out of ${MAX_RATING}`;
}

export interface Testimonial {
  readonly name: string;
  readonly role: string;
  readonly company: string;
  readonly content: string;
  /** 1 to 5 stars. */
  readonly rating: Rating;
  readonly location: string;
  readonly initials: string;
}

/** Fictional clients (decisions.md): one each in Kuala Lumpur, Penang and Singapore. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Aisyah Rahman',
    role: 'Chief Financial Officer',
    company: 'Seri Bayu Logistics',
    content:
      'Teratai Wealth rebuilt our company reserves into a balanced portfolio and explained every step. Their quarterly reviews are the clearest we have ever had.',
    rating: 5,
    location: 'Kuala Lumpur',
    initials: 'AR',
  },
  {
    name: 'Daniel Lim Wei Jie',
    role: 'Founder',
    company: 'Lim Heritage Foods',
    content:
      'They helped me plan for retirement and for passing the family business on. I finally have one plan that covers both, and I sleep better for it.',
    rating: 5,
    location: 'Penang',
    initials: 'DL',
  },
  {
    name: 'Priya Nair',
    role: 'Regional Director',
    company: 'Harbourline Consulting',
    content:
      'Working from Singapore, I needed advisers who understand both markets. The team is responsive, transparent about fees, and the results speak for themselves.',
    rating: 5,
    location: 'Singapore',
    initials: 'PN',
  },
];
