/**
 * Rules in the built stylesheet for classes our sources never write: UnoCSS
 * makes a rule for any word in the files it scans that looks like a utility,
 * so a dependency's code scanned by mistake shows up here (react-dom's
 * "view-transition-name" once did).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The class names the selectors of `css` name, unescaped (`.focus\:ring:focus` → `focus:ring`). */
export function classesOfCss(css: string): string[] {
  const selectors = css.replace(/\{[^{}]*\}/g, '{}');
  const names = new Set<string>();
  for (const match of selectors.matchAll(/\.((?:\\.|[\w-])+)/g)) names.add(match[1]!.replace(/\\(.)/g, '$1'));
  return [...names];
}

/**
 * The classes of `css` that `sources` never write. A variant group
 * (`hover:(a b)`) writes `hover:a` without the whole name, so a variant's
 * utility counts as written when the utility is.
 */
export function unwrittenClasses(css: string, sources: string): string[] {
  return classesOfCss(css).filter((name) => {
    const utility = name.replace(/^!/, '').split(':').at(-1)!;
    return !sources.includes(name) && !sources.includes(utility);
  });
}

/** Every file UnoCSS should scan, as one text: the app's modules, index.html, and the shortcuts in uno.config.ts. */
export async function sourcesText(root: string): Promise<string> {
  const appFiles = (await readdir(path.join(root, 'app'), { recursive: true })).filter((file) => /\.[jt]sx?$/.test(file));
  const files = [...appFiles.map((file) => path.join('app', file)), 'index.html', 'uno.config.ts'];
  return (await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8')))).join('\n');
}
