import { TooltipProvider } from '../ui/tooltip-provider';
import { MobileDrawer } from './mobile-drawer';

/** The drawer with its tooltip, as one lazily loaded module (Radix Dialog and Tooltip are not needed to show a page). */
export default function MobileDrawerIsland() {
  return (
    <TooltipProvider>
      <MobileDrawer />
    </TooltipProvider>
  );
}
