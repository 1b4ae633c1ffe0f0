import type { ComponentProps, MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { scrollToTop } from '../../lib/scroll';

/** An in-app link that scrolls the page smoothly to the top when followed. */
export function AppLink({ onClick, ...props }: ComponentProps<typeof Link>) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    scrollToTop();
  };
  return <Link {...props} onClick={handleClick} />;
}
