import type { ReactNode } from 'react';
import { PageMeta } from '../components/layout/page-meta';
import { PageHero } from '../components/sections/page-hero';
import { BRAND } from '../content/brand';
import { ReplyCheckForm } from '../features/verify/reply-check-form';
import { activeLocale, messages, pageCopy } from '../i18n/active-locale';

const SITE_URL = import.meta.env.SITE_URL;
const { investorProtection: PUBLIC_BODIES } = BRAND;

/** A phone number as a tel: link: digits and the leading + only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A link to another site, in a new tab, saying so to screen readers. */
function OffSiteLink({ href, children }: { href: string; children: ReactNode }) {
  const { login } = activeLocale().site;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline-offset-4 hover:underline">
      {children}
      <span className="sr-only"> {login.newTab}</span>
    </a>
  );
}

/** One labelled fact: a term and its value, side by side when there is room unless `stacked`. */
function Fact({ term, stacked = false, children }: { term: string; stacked?: boolean; children: ReactNode }) {
  return (
    <div className={`grid gap-x-4 ${stacked ? '' : 'sm:grid-cols-[11rem_1fr]'}`}>
      <dt className={stacked ? 'text-sm font-semibold' : 'font-semibold'}>{term}</dt>
      <dd className="m-0 break-words">{children}</dd>
    </div>
  );
}

function Card({ id, heading, className = '', children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`card text-ink md:p-8 ${className}`}>
      <h2 id={id} className="m-0 text-2xl font-bold text-ink">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A public body to turn to: its name, what it does, and how to reach it (Facts). */
function PublicBody({ name, text, children }: { name: string; text: string; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-brand-pale p-4">
      <h3 className="m-0 text-lg font-bold">{name}</h3>
      <p className="mb-0 mt-2">{text}</p>
      <dl className="mb-0 mt-3 grid gap-2">{children}</dl>
    </li>
  );
}

/**
 * How to recognise the real firm: a check of a reply the visitor received,
 * who the firm is on the Securities Commission's records (and where to
 * check), its only official channels, what it will never ask, and where to
 * turn about an impersonation or a scam.
 */
export function VerifyPage() {
  const copy = pageCopy('verify');
  const { site } = activeLocale();
  const { identity, channels, never, report, help } = copy;
  const emailDomain = BRAND.email.slice(BRAND.email.indexOf('@') + 1);
  const t = messages();
  return (
    <>
      <PageMeta {...copy.meta} />
      <PageHero eyebrow={copy.eyebrow} heading={copy.title} lead={copy.intro} />

      <div className="section">
        <div className="page-container grid items-start gap-8 lg:grid-cols-2">
          <Card id="verify-reply" heading={t('verifyReply.heading')} className="border-l-4 border-brand lg:col-span-2">
            <ReplyCheckForm headingId="verify-reply" />
          </Card>

          <Card id="verify-identity" heading={identity.heading}>
            <dl className="mb-0 mt-5 grid gap-3">
              <Fact term={identity.legalName}>{BRAND.legalName}</Fact>
              <Fact term={identity.registration}>{BRAND.legalIdentity.registrationNumber}</Fact>
              <Fact term={identity.licence}>{site.brand.licenceStatus}</Fact>
            </dl>
            {BRAND.legalIdentity.sample ? <p className="mb-0 mt-3 text-sm italic text-muted">{site.footer.sampleNote}</p> : null}
            <p className="mb-0 mt-6">{identity.check}</p>
            <ul className="mb-0 mt-3 grid list-none gap-4 p-0">
              {[
                { href: PUBLIC_BODIES.licensedEntitiesUrl, ...identity.register },
                { href: PUBLIC_BODIES.investorAlertListUrl, ...identity.alertList },
              ].map((check) => (
                <li key={check.link} className="rounded-xl bg-brand-pale p-4">
                  <OffSiteLink href={check.href}>{check.link}</OffSiteLink>
                  <p className="mb-0 mt-1 text-sm">{check.note}</p>
                </li>
              ))}
            </ul>
          </Card>

          <Card id="verify-channels" heading={channels.heading}>
            <p className="mb-0 mt-3">{channels.lead}</p>
            <dl className="mb-0 mt-5 grid gap-3">
              <Fact term={channels.phone}>
                <a href={telHref(BRAND.phone.display)} className="whitespace-nowrap font-semibold text-brand">
                  {BRAND.phone.display}
                </a>
              </Fact>
              <Fact term={channels.email}>
                <a href={`mailto:${BRAND.email}`} className="font-semibold text-brand">
                  {BRAND.email}
                </a>
              </Fact>
              <Fact term={channels.website}>
                <a href={`${SITE_URL}/`} className="font-semibold text-brand">
                  {SITE_URL}
                </a>
              </Fact>
              <Fact term={channels.privacyPhone}>
                <a href={telHref(BRAND.dataProtectionContact.phone)} className="whitespace-nowrap font-semibold text-brand">
                  {BRAND.dataProtectionContact.phone}
                </a>
              </Fact>
            </dl>
            <p className="mb-0 mt-5">{channels.emailNote(emailDomain)}</p>
            <p className="mb-0 mt-3">{channels.warning}</p>
          </Card>

          <Card id="verify-never" heading={never.heading} className="border-l-4 border-accent">
            <p className="mb-0 mt-3">{never.lead}</p>
            <ul className="mb-0 mt-3 grid list-disc gap-2 pl-6">
              {never.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p className="mb-0 mt-4 font-semibold">{never.closing}</p>
          </Card>

          <Card id="verify-report" heading={report.heading}>
            <ol className="mb-0 mt-3 grid list-decimal gap-2 pl-6">
              {report.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Card>

          <Card id="verify-help" heading={help.heading} className="lg:col-span-2">
            <p className="mb-0 mt-3">{help.lead}</p>
            <ul className="mb-0 mt-5 grid list-none gap-4 p-0 md:grid-cols-3">
              <PublicBody {...help.regulator}>
                <Fact term={help.phone} stacked>
                  <a href={telHref(PUBLIC_BODIES.regulatorComplaints.phone)} className="whitespace-nowrap font-semibold text-brand">
                    {PUBLIC_BODIES.regulatorComplaints.phone}
                  </a>
                </Fact>
                <Fact term={help.email} stacked>
                  <a href={`mailto:${PUBLIC_BODIES.regulatorComplaints.email}`} className="font-semibold text-brand">
                    {PUBLIC_BODIES.regulatorComplaints.email}
                  </a>
                </Fact>
              </PublicBody>
              <PublicBody {...help.scamLine}>
                <Fact term={help.phone} stacked>
                  <a href={telHref(PUBLIC_BODIES.scamResponseLine)} className="font-semibold text-brand">
                    {PUBLIC_BODIES.scamResponseLine}
                  </a>
                </Fact>
              </PublicBody>
              <PublicBody {...help.disputes}>
                <Fact term={help.website} stacked>
                  <OffSiteLink href={PUBLIC_BODIES.disputeResolutionUrl}>{PUBLIC_BODIES.disputeResolutionUrl}</OffSiteLink>
                </Fact>
              </PublicBody>
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}
