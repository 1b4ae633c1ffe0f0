import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'app/**/*.test.ts',
      'contract/**/*.test.ts',
      'service/**/*.test.ts',
      'sw/**/*.test.ts',
      'scripts/**/*.test.ts',
      'config/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
