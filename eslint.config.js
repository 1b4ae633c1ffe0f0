import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Dependencies flow one way: contract <- app, sw, service; only the page may use sw/outbox. */
const importBoundaries = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
    rules: importBoundaries([{ group: ['**/app/**', '**/sw/**'], message: 'The service shares contract/ only.' }]),
  },
  {
    files: ['contract/**/*.ts'],
    rules: importBoundaries([
      { group: ['**/app/**', '**/sw/**', '**/service/**'], message: 'contract/ depends on nothing of ours.' },
    ]),
  },
  {
    files: ['scripts/**/*.{ts,mjs,js}', 'config/**/*.mjs', 'tests/**/*.ts', 'deploy/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
