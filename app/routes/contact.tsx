import { ROUTE_PATHS } from '../../contract/routes';
import contactOffice from '../assets/images/contact-office.svg';
import { AppLink } from '../components/layout/app-link';
import { PageHero } from '../components/sections/page-hero';
import { CONTACT_CHANNELS } from '../content/contact-channels';
import { ContactForm } from '../features/contact/contact-form';
import { activeLocale, pageCopy } from '../i18n/active-locale';
import { PageMeta } from '../components/layout/page-meta';

export function ContactPage() {
  const copy = pageCopy('contact');
  const { hero } = copy;
  const { site } = activeLocale();
  return (
    <>
      <PageMeta {...copy.meta} />
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead}>
        {/* On a phone the form comes after the four cards: this takes the visitor straight to it. */}
        <a href="#contact-form" className="btn-primary mt-6 no-underline lg:hidden">
          <span aria-hidden="true" className="i-lucide-arrow-down" />
          {hero.jumpToForm}
        </a>
      </PageHero>

      <section className="section" aria-label={copy.detailsLabel}>
        <div className="page-container grid gap-10 lg:grid-cols-2">
          <div className="grid content-start gap-6">
            {/*
              The icon sits beside the title to keep the cards short on a phone, so the form comes sooner. Two cards a
              row only on a tablet: beside the form on a desktop they would squeeze the e-mail address, which must not wrap.
            */}
            <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-2 lg:grid-cols-1">
              {CONTACT_CHANNELS.map((channel, index) => ({ ...channel, ...copy.infoCards[index]! })).map((card) => (
                <li key={card.title} className="card">
                  <div className="flex items-center gap-3">
                    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-pale text-brand">
                      <span aria-hidden="true" className={`${card.icon} text-xl`} />
                    </span>
                    <h2 className="m-0 text-lg font-bold text-ink">{card.title}</h2>
                  </div>
                  {(card.lines ?? []).map((line) =>
                    card.href ? (
                      <a
                        key={line}
                        href={card.href}
                        {...(card.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                        className="mt-3 block whitespace-nowrap font-medium text-brand"
                      >
                        {line}
                      </a>
                    ) : (
                      <p key={line} className="mb-0 mt-3 font-medium text-ink">
                        {line}
                      </p>
                    ),
                  )}
                  <p className="mb-0 mt-1 text-sm text-muted">{card.note}</p>
                </li>
              ))}
            </ul>
            <section aria-labelledby="contact-verify" className="card border-l-4 border-accent">
              <h2 id="contact-verify" className="m-0 text-lg font-bold text-ink">
                {site.verify.question}
              </h2>
              <p className="mb-0 mt-2 text-ink">{copy.verifyNote}</p>
              <AppLink to={ROUTE_PATHS.verify} className="mt-3 inline-block font-semibold text-brand">
                {site.verify.link}
              </AppLink>
            </section>
            <img
              src={contactOffice}
              alt=""
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="hidden w-full rounded-3xl lg:block"
            />
          </div>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
