import { useEffect, useRef } from 'react';
import { TooltipProvider } from '../ui/tooltip-provider';
import { MobileDrawer } from './mobile-drawer';

/**
 * The drawer with its tooltip, as one lazily loaded module (Radix Dialog and
 * Tooltip are not needed to show a page). `openOnMount`: the visitor pressed
 * the stand-in menu button before this module arrived, so open the drawer now.
 */
export default function MobileDrawerIsland({ openOnMount = false }: { openOnMount?: boolean }) {
  const container = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (openOnMount) container.current?.querySelector('button')?.click();
  }, [openOnMount]);
  return (
    <span ref={container} className="contents">
      <TooltipProvider>
        <MobileDrawer />
      </TooltipProvider>
    </span>
  );
}
