import type { RouteKey } from '../../contract/routes';

/** The top bar's links, in the spec's order; their words are each language's site copy (SITE.nav). */
export const NAV_ROUTES = ['home', 'about', 'services', 'portfolio', 'contact'] as const satisfies readonly RouteKey[];

export type NavRoute = (typeof NAV_ROUTES)[number];
