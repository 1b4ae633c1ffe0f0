import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

/**
 * A tooltip naming an icon-only control. The control keeps its own aria-label;
 * the tooltip is the visible twin of that name for pointer and keyboard users.
 */
export function IconTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-[90] rounded-md bg-ink px-3 py-1.5 text-sm text-paper shadow-md">
          {label}
          <Tooltip.Arrow className="fill-ink" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
