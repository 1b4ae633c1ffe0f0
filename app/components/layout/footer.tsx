import { ROUTE_PATHS } from '../../../contract/routes';
import { BRAND } from '../../content/brand';
import { activeLocale } from '../../i18n/active-locale';
import { AppLink } from './app-link';
import { LegalIdentity } from './legal-identity';
import { NavItems } from './nav-items';

const SOCIAL_LINKS = [
  { href: BRAND.social.facebook, label: 'Facebook', icon: 'i-lucide-facebook' },
  { href: BRAND.social.instagram, label: 'Instagram', icon: 'i-lucide-instagram' },
] as const;

const LEGAL_ROUTES = ['privacy', 'terms'] as const;

export function Footer() {
  const { site } = activeLocale();
  const { footer } = site;
  return (
    <footer className="surface-dark">
      <div className="page-container grid gap-10 py-14 md:grid-cols-[2fr_1fr_1.5fr]">
        <div>
          <p className="m-0 text-xl font-bold">{BRAND.name}</p>
          <p className="mt-3 max-w-md text-paper/90">{site.brand.blurb}</p>
        </div>
        <nav aria-label={footer.label}>
          <h2 className="m-0 text-base font-semibold text-accent-light">{footer.quickLinksHeading}</h2>
          <NavItems
            className="mt-3 flex list-none flex-col gap-2 p-0"
            linkClassName="inline-flex min-h-6 items-center text-paper/90 no-underline hover:underline aria-[current=page]:text-accent-light"
          />
          <h2 className="mb-0 mt-6 text-base font-semibold text-accent-light">{footer.legalHeading}</h2>
          <ul className="mt-3 flex list-none flex-col gap-2 p-0">
            {LEGAL_ROUTES.map((route) => (
              <li key={route}>
                <AppLink to={ROUTE_PATHS[route]} className="inline-flex min-h-6 items-center text-paper/90 no-underline hover:underline">
                  {site.legalLinks[route]}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="m-0 text-base font-semibold text-accent-light">{footer.contactHeading}</h2>
          <address className="mt-3 grid gap-2 not-italic text-paper/90">
            <a href={`mailto:${BRAND.email}`} className="whitespace-nowrap text-paper underline-offset-4 hover:underline">
              {BRAND.email}
            </a>
            <span>{BRAND.address.oneLine}</span>
          </address>
          <h2 className="mb-0 mt-6 text-base font-semibold text-accent-light">{footer.followHeading}</h2>
          <ul className="mt-3 flex list-none gap-2 p-0">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-btn bg-paper/10 text-paper hover:bg-paper/20"
                  aria-label={footer.socialLink(link.label)}
                >
                  <span aria-hidden="true" className={`${link.icon} text-xl`} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-paper/15">
        {/* On a phone, room at the end of the page for the floating WhatsApp button (60 px + 16 px margins), so it covers nothing there. */}
        <div className="page-container grid gap-2 pb-24 pt-5 text-sm text-paper/85 md:pb-5">
          <LegalIdentity />
          <p className="m-0">
            {site.verify.question}{' '}
            <AppLink to={ROUTE_PATHS.verify} className="font-semibold text-accent-light underline underline-offset-4">
              {site.verify.link}
            </AppLink>
          </p>
          <p className="m-0">{footer.rights}</p>
        </div>
      </div>
    </footer>
  );
}
