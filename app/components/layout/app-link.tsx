import type { ComponentProps, MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { localisedPath } from '../../../contract/locales';
import type { RoutePath } from '../../../contract/routes';
import { activeLocale } from '../../i18n/active-locale';
import { scrollToTop } from '../../lib/scroll';

interface AppLinkProps extends Omit<ComponentProps<typeof Link>, 'to'> {
  /** The route in the spec's table; the link leads to it in the page's language. */
  readonly to: RoutePath;
}

/** An in-app link, in the page's language, that scrolls the page smoothly to the top when followed. */
export function AppLink({ onClick, to, ...props }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    scrollToTop();
  };
  return <Link {...props} to={localisedPath(activeLocale().locale, to)} onClick={handleClick} />;
}
