/**
 * The award the home page's pop-up announces: its proper names and year, the
 * same in every language (each language's pages/home.ts words the sentence
 * around them). SAMPLE VALUES, like the brand: name the real award and
 * awarding body before going live.
 */
export const AWARD = {
  title: 'Wealth Advisory Firm of the Year',
  year: 2024,
  presenter: "Kuala Lumpur Investors' Circle",
  ceremony: 'Wealth Advisory Excellence Awards',
} as const;
