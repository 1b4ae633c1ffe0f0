/**
 * How many assertions the tests make, so that a change to the suite can show
 * it kept every one (#31): `npm run count:assertions`. An assertion is a call
 * of `expect(…)`, `expect.soft(…)` or `expect.poll(…)` in a Vitest file
 * (`*.test.ts`) or a Playwright file (`*.spec.ts`), found by TypeScript's
 * parser, so that comments and strings do not count. It is a count of the
 * calls as written: one inside a helper or a loop counts once. Asymmetric
 * matchers (`expect.any`, `expect.objectContaining`) are not assertions.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Folders that hold no test of ours: dependencies, builds, reports. */
const NOT_SEARCHED = new Set(['node_modules', 'dist', 'dist-dev', '.git', 'test-results', 'playwright-report']);
/** The `expect.x(…)` forms that assert, rather than build a matcher. */
const ASSERTING_MEMBERS = new Set(['soft', 'poll']);

const RUNNERS = { Vitest: '.test.ts', Playwright: '.spec.ts' } as const;

async function testFiles(dir: string, suffix: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (NOT_SEARCHED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await testFiles(full, suffix)));
    else if (entry.name.endsWith(suffix)) found.push(full);
  }
  return found;
}

function isAssertion(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'expect';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'expect' &&
    ASSERTING_MEMBERS.has(callee.name.text)
  );
}

function countAssertions(fileName: string, text: string): number {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  let count = 0;
  const visit = (node: ts.Node) => {
    if (isAssertion(node)) count += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

let total = 0;
for (const [runner, suffix] of Object.entries(RUNNERS)) {
  const files = await testFiles(REPO_ROOT, suffix);
  let count = 0;
  for (const file of files) count += countAssertions(file, await readFile(file, 'utf8'));
  total += count;
  console.log(`${runner} (*${suffix}): ${count} assertions in ${files.length} files`);
}
console.log(`total: ${total}`);
