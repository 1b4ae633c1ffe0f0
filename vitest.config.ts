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
    // One PostgreSQL server for the run, a database per test; the files that shut it down start their own.
    globalSetup: ['service/test-support/postgres-global-setup.ts'],
    // Most files wait on child processes, sockets and fsync rather than compute, so one worker more than
    // the cores keeps them busy (on two cores: 99 s with two workers, 82 s with three, 79 s with four).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
