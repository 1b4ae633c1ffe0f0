import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Kebab case that may start with a digit, for the numbered migrations. */
const kebabCase = '+([a-z0-9])*(-+([a-z0-9]))';

/** Dependencies flow one way: contract <- app, sw, service; only the page may use sw/outbox. */
const importBoundaries = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const serviceSharesContractOnly = { group: ['**/app/**', '**/sw/**'], message: 'The service shares contract/ only.' };

/** The product never runs test support; the tests, the scripts and the benchmarks (outside service/) may. */
const testsAndTheirSupport = ['service/**/*.test.ts', 'service/test-support/**'];
const testSupportInTestsOnly = {
  group: ['**/test-support', '**/test-support/**'],
  message: 'service/test-support/ is for tests, scripts and benchmarks, never for the product.',
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'test-results', 'playwright-report', 'data', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // One spelling for every file and folder, so an import's path can be guessed from a name.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': kebabCase },
        { ignoreMiddleExtensions: true, errorMessage: 'File names are kebab-case: "{{ target }}"' },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '**/': kebabCase },
        { errorMessage: 'Folder names are kebab-case: "{{ target }}"' },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...importBoundaries([
        { group: ['**/service/**', 'node:*'], message: 'The page cannot import the service or Node modules.' },
        { group: ['**/sw/*', '!**/sw/outbox'], message: 'The page may use sw/outbox only.' },
      ]),
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: importBoundaries([{ group: ['**/app/**', '**/service/**'], message: 'The worker shares contract/ only.' }]),
  },
  {
    files: ['service/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: importBoundaries([serviceSharesContractOnly]),
  },
  {
    // Each object below replaces the rule's patterns for its files, so each repeats the ones before it.
    files: ['service/**/*.ts'],
    ignores: testsAndTheirSupport,
    rules: importBoundaries([serviceSharesContractOnly, testSupportInTestsOnly]),
  },
  {
    // The stores are reached through service/store-interface.ts; open-configured-store.ts alone picks one.
    files: ['service/**/*.ts'],
    ignores: ['service/db/**', 'service/open-configured-store.ts', ...testsAndTheirSupport],
    rules: importBoundaries([
      serviceSharesContractOnly,
      testSupportInTestsOnly,
      {
        group: ['**/db/*', '**/db/**'],
        message: 'Only service/open-configured-store.ts imports a store backend; use service/store-interface.ts.',
      },
    ]),
  },
  {
    // A skip that depends on the machine goes through skipUnless, which REQUIRE_ALL_TESTS=1 (.ci/run) turns into a failure.
    files: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['it', 'test', 'describe'].flatMap((object) =>
          ['skip', 'skipIf', 'runIf', 'todo'].map((property) => ({
            object,
            property,
            message: 'Use skipUnless(available, reason) from service/test-support/skip-unless.ts.',
          })),
        ),
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: importBoundaries([{ group: ['**/app/**', '**/sw/**', '**/service/**'], message: 'contract/ depends on nothing of ours.' }]),
  },
  {
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { globals: globals.commonjs },
  },
  {
    files: ['scripts/**/*.{ts,mjs,js}', 'config/**/*.mjs', 'tests/**/*.ts', 'deploy/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
