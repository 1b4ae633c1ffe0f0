import { ROUTE_PATHS } from '../../contract/routes';
import { AppLink } from '../components/layout/app-link';
import { PageMeta } from '../components/layout/page-meta';
import { activeLocale } from '../i18n/active-locale';

export function NotFoundPage() {
  const NOT_FOUND_COPY = activeLocale().site.notFound;
  return (
    <>
      <PageMeta title={NOT_FOUND_COPY.title} description={NOT_FOUND_COPY.description} indexed={false} />
      <section className="section">
        <div className="page-container text-center">
          <span aria-hidden="true" className="i-lucide-compass text-6xl text-brand" />
          <h1 className="mb-0 mt-4 text-4xl font-bold text-ink md:text-5xl">{NOT_FOUND_COPY.heading}</h1>
          <p className="mb-0 mt-4 text-lg text-muted">{NOT_FOUND_COPY.text}</p>
          <AppLink to={ROUTE_PATHS.home} className="btn-secondary mt-8 no-underline">
            {NOT_FOUND_COPY.homeLink}
          </AppLink>
        </div>
      </section>
    </>
  );
}
