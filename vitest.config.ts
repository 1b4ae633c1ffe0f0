import { availableParallelism } from 'node:os';
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
    // Most files wait on child processes, sockets and fsync rather than compute. Vitest's default leaves
    // one core out, which on two cores runs one file at a time.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
