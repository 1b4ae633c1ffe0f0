export const AWARD = {
  title: 'Award-winning wealth advisory',
  description:
    'Teratai Wealth is honoured to be named Wealth Advisory Firm of the Year 2024 for excellence in client service.',
  /** Who gave the award. A SAMPLE, like the brand: name the real awarding body before going live. */
  presentedBy: "Presented by the Kuala Lumpur Investors' Circle at its Wealth Advisory Excellence Awards 2024.",
  imageAlt: 'Gold award medal with a star and laurel wreath',
  close: 'Close',
} as const;
