import type { InlineConfig, ResolvedConfig } from 'vite';

/**
 * The start of a second Vite build run from inside the site's build (the
 * inbox, the prerenderer's server entry): not vite.config.ts again, whose
 * plugins would start this build once more, but the outer build's root and
 * mode, and only its warnings.
 */
export function nestedBuildBase(outer: ResolvedConfig): InlineConfig {
  return { configFile: false, root: outer.root, mode: outer.mode, logLevel: 'warn' };
}
