/** Star ratings, the same in every language; the testimonials themselves are in each language's home copy. */
export const MAX_RATING = 5;
export type Rating = 1 | 2 | 3 | 4 | 5;
