export const AWARD = {
  title: 'Award-winning wealth advisory',
  description:
    'Teratai Wealth is honoured to be named Wealth Advisory Firm of the Year 2024 for excellence in client service.',
  imageAlt: 'Gold award medal with a star and laurel wreath',
  close: 'Close',
} as const;
