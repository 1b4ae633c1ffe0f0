import { TooltipProvider } from '../ui/tooltip-provider';
import { FloatingDock } from './floating-dock';

/** The cookie banner and WhatsApp button with their tooltips, as one lazily loaded module. */
export default function FloatingDockIsland() {
  return (
    <TooltipProvider>
      <FloatingDock />
    </TooltipProvider>
  );
}
