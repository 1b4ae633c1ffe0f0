import { ROUTE_PATHS } from '../../../contract/routes';
import { pageCopy } from '../../i18n/active-locale';
import { AppLink } from '../layout/app-link';
import { BulletList } from '../ui/lists';

/** The portfolio page's full disclosure: how each figure is measured, the risks, and that it is not advice. */
export function ImportantInformation() {
  const { heading, basis, risks, general } = pageCopy('portfolio').importantInformation;
  return (
    // Not a `section` (content-visibility: auto): the disclosure is always laid out, so nothing reads it as hidden or unpainted.
    <section className="pb-14 md:pb-20" aria-labelledby="important-information">
      <div className="page-container">
        <div className="rounded-3xl border-2 border-accent bg-paper p-6 text-ink md:p-10">
          <h2 id="important-information" className="m-0 flex items-center gap-3 text-2xl font-bold md:text-3xl">
            <span aria-hidden="true" className="i-lucide-info shrink-0 text-accent-dark" />
            {heading}
          </h2>
          <div className="mt-6 grid gap-8 lg:grid-cols-3">
            <div>
              <h3 className="m-0 text-lg font-bold">{basis.heading}</h3>
              <dl className="mb-0 mt-3 grid gap-2">
                {basis.figures.map((figure) => (
                  <div key={figure.label}>
                    <dt className="font-semibold">
                      {figure.label}: {figure.value}
                    </dt>
                    <dd className="m-0 text-muted">{figure.basis}</dd>
                  </div>
                ))}
              </dl>
              <p className="mb-0 mt-3 text-muted">{basis.caveat}</p>
            </div>
            <div>
              <h3 className="m-0 text-lg font-bold">{risks.heading}</h3>
              <BulletList items={risks.points} className="mb-0 mt-3 gap-2 pl-5" />
            </div>
            <div>
              <h3 className="m-0 text-lg font-bold">{general.heading}</h3>
              {general.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mb-0 mt-3">
                  {paragraph}
                </p>
              ))}
              <AppLink to={ROUTE_PATHS.terms} className="mt-3 inline-block font-semibold text-brand">
                {general.termsLink}
              </AppLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
