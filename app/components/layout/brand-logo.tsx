// A file, not inlined: the mark is in every page's HTML and would otherwise be in the first page's JavaScript too.
import logoMark from '../../assets/images/logo-mark.svg?no-inline';
import { BRAND } from '../../content/brand';
import { ROUTE_PATHS } from '../../../contract/routes';
import { AppLink } from './app-link';

/** The brand mark and name, linking home. */
export function BrandLogo({ className }: { className: string }) {
  return (
    <AppLink to={ROUTE_PATHS.home} className={`flex shrink-0 items-center gap-2 no-underline ${className}`}>
      <img src={logoMark} alt="" width={40} height={40} className="h-10 w-10" />
      <span className="whitespace-nowrap text-xl font-bold tracking-tight">{BRAND.name}</span>
    </AppLink>
  );
}
