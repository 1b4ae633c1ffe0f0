import { clientLazy } from './client-lazy';

/**
 * The floating elements render on the client only: the cookie banner depends on
 * browser storage, so the prerendered HTML cannot know whether to show it. They
 * are fixed to the viewport, so their arrival shifts nothing.
 */
export const FloatingDockSlot = clientLazy(() => import('./floating-dock-island'));
