/**
 * The clients quoted on the home page, the same in every language: who they
 * are and how they rated us. Each language's home copy gives, in this order,
 * their role, their words and their town (testimonials.items).
 * Fictional clients (docs/product.md): one each in Kuala Lumpur, Penang and Singapore.
 */
export const MAX_RATING = 5;
export type Rating = 1 | 2 | 3 | 4 | 5;

export interface TestimonialClient {
  readonly name: string;
  readonly company: string;
  readonly initials: string;
  readonly rating: Rating;
}

export const TESTIMONIAL_CLIENTS: readonly TestimonialClient[] = [
  { name: 'Aisyah Rahman', company: 'Seri Bayu Logistics', initials: 'AR', rating: 5 },
  { name: 'Daniel Lim Wei Jie', company: 'Lim Heritage Foods', initials: 'DL', rating: 5 },
  { name: 'Priya Nair', company: 'Harbourline Consulting', initials: 'PN', rating: 5 },
];
