import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../config/timings';

/**
 * The spec's tooltip timings for the controls below it. Each lazily loaded
 * island (drawer, floating dock, carousel) has its own, so Radix Tooltip stays
 * out of the JavaScript that shows the first page; the skip delay therefore
 * applies between tooltips of one island.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
