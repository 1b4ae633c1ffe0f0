/**
 * How the browser build groups modules into files. Left alone, Rolldown makes
 * a chunk of every module shared between the first page and a lazy one: about
 * twenty files of a few hundred bytes, and on a phone each costs a round trip.
 * Three groups gather what showing any page needs:
 * - start-up: what the start-up script (app/boot.ts) imports, which the app
 *   shares with it (the route table, the loading screen's timings, the
 *   page-shown state): one small file next to it;
 * - framework: React, React DOM and React Router;
 * - shell: our modules that the app imports up front (app/main.tsx and what
 *   it imports), and those that the home page shares with another page;
 * - pages: our modules that two or more other pages share (the legal
 *   sections, the page hero...): the home page, where most visits start,
 *   goes without them.
 * The groups are read from the module graph, not from lists of file names,
 * so a new or renamed file lands where its imports put it. A module only
 * loaded lazily (an island, one page's own parts) stays out of the first
 * page's JavaScript (tests/e2e/budgets.spec.ts watches).
 */
import { fileURLToPath } from 'node:url';
import type { CodeSplittingOptions } from 'rolldown';

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** Scripts only: styles keep Vite's own CSS splitting. */
const SCRIPT = /\.m?[jt]sx?$/;

const START_UP_ENTRY = fileURLToPath(new URL('../app/boot.ts', import.meta.url));
const APP_ENTRY = fileURLToPath(new URL('../app/main.tsx', import.meta.url));
const PAGE_MODULES = fileURLToPath(new URL('../app/page-modules.ts', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `entry` loads through static imports, itself included. */
function staticClosure(graph: ModuleGraph, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

interface Groups {
  startUp: Set<string>;
  shell: Set<string>;
  pages: Set<string>;
}

/** The home page's module and its copy in each language. */
const HOME_PAGE = /[\\/]app[\\/](routes[\\/]home\.tsx|content[\\/]locales[\\/][^\\/]+[\\/]pages[\\/]home\.ts)$/;

/** Our own script modules, other than the two entries' own. */
const ownScript = (id: string) => SCRIPT.test(id) && id !== APP_ENTRY && !NODE_MODULES.test(id);

/** One reading of the graph per chunking pass (the context object is the pass's). */
const groupsOfPass = new WeakMap<object, Groups>();

function groupsOf(graph: ModuleGraph): Groups {
  let groups = groupsOfPass.get(graph);
  if (groups) return groups;
  // The entries themselves stay in their own chunks, where their code runs when they are loaded.
  const startUp = new Set([...staticClosure(graph, START_UP_ENTRY)].filter((id) => SCRIPT.test(id) && id !== START_UP_ENTRY));
  const pages = graph.getModuleInfo(PAGE_MODULES)?.dynamicallyImportedIds ?? [];
  const usedByPages = new Map<string, number>();
  for (const page of pages) {
    for (const id of staticClosure(graph, page)) usedByPages.set(id, (usedByPages.get(id) ?? 0) + 1);
  }
  const shared = [...usedByPages].filter(([, count]) => count > 1).map(([id]) => id);
  const home = new Set(pages.filter((id) => HOME_PAGE.test(id)).flatMap((id) => [...staticClosure(graph, id)]));
  const app = staticClosure(graph, APP_ENTRY);
  const shell = new Set([...app, ...shared.filter((id) => home.has(id))].filter((id) => ownScript(id) && !startUp.has(id)));
  const sharedByOthers = new Set(shared.filter((id) => ownScript(id) && !startUp.has(id) && !shell.has(id)));
  groups = { startUp, shell, pages: sharedByOthers };
  groupsOfPass.set(graph, groups);
  return groups;
}

export const codeSplitting: CodeSplittingOptions = {
  groups: [
    // Matched first, so the shell (whose content modules import the route table) does not take
    // these in, which would make the start-up script load the shell and React before the loading screen runs.
    { name: (id, graph) => (groupsOf(graph).startUp.has(id) ? 'start-up' : null) },
    { name: 'framework', test: FRAMEWORK },
    { name: (id, graph) => (groupsOf(graph).shell.has(id) ? 'shell' : null) },
    { name: (id, graph) => (groupsOf(graph).pages.has(id) ? 'pages' : null) },
  ],
};
