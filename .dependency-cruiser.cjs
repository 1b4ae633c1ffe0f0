/**
 * The import graph's rules, checked by `npm run lint` (depcruise): no cycle,
 * type-only imports included, in the service, the page, the worker and the
 * contract they share; and the operator's CLI at the top of the service, which
 * nothing of the product imports (text and CSV live in service/text/ for all).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module and what it uses form a tree: each can be read, tested and moved on its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      comment: 'service/cli/ uses the service; the service does not use the CLI (its tests and test support may).',
      from: { path: '^service/', pathNot: ['^service/cli/', '\\.test\\.ts$', '^service/test-support/'] },
      to: { path: '^service/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build)/' },
    // Type-only imports count: a cycle of types is still two modules that cannot be read apart.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    // Only what changed since the last run is read again (the first run, as on CI, reads everything).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
