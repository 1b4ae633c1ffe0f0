/**
 * The terms of use of the website and its general-information disclaimer, in
 * English: the content is not personal advice, and the services are offered
 * only where the firm may offer them.
 */
import { BRAND } from '../../../brand';
import { legalLastUpdated, type LegalSection } from '../../../legal';
import { RISK_WARNING } from '../figures';
import { SITE } from '../site';

const { legalName, legalIdentity } = BRAND;

export const COPY = {
  meta: {
    title: `Terms of Use and Disclaimer | ${BRAND.name}`,
    description: `The terms of use of the ${BRAND.name} website: general information, not personal advice; where our services are offered; past performance and risk.`,
  },
  eyebrow: 'Legal',
  title: 'Terms of Use and Disclaimer',
  intro: `This website is run by ${legalName} (company no. ${legalIdentity.registrationNumber}). By using it, you accept these terms.`,
  sections: [
    {
      heading: 'General information, not advice',
      body: [
        'Everything on this website is general information about our firm and our services. It does not take into account your objectives, your financial situation or your needs, and it is not personal financial, investment, tax or legal advice.',
        'Nothing on this website is an offer, or a solicitation of an offer, to buy or sell any investment. Before you act on anything you read here, talk to us or to another licensed adviser about your own circumstances.',
      ],
    },
    {
      heading: 'Where our services are offered',
      body: [
        `Our services are offered in ${SITE.brand.country}. ${legalName}: ${SITE.brand.licenceStatus}.`,
        'We also serve clients who live in other countries, but only where the law of their country allows us to do so; we check this before we accept a client. This website is not directed at anyone in a country where offering our services would be unlawful, and it is not an offer of our services there.',
      ],
    },
    {
      heading: 'Figures, past performance and risk',
      body: [
        'The figures on this website are stated with what each one measures and over which period. They describe the past.',
        [...RISK_WARNING.points],
      ],
    },
    {
      heading: 'Accuracy',
      body: [
        'We take care to keep this website accurate and up to date, but markets, laws and our services change. We do not promise that every item is complete or current at the moment you read it.',
      ],
    },
    {
      heading: 'Links to other websites',
      body: [
        'Our client login portal, our social media pages and WhatsApp open outside this website. Their own terms and privacy policies apply there.',
      ],
    },
    {
      heading: 'Copyright',
      body: [
        `The text, artwork and logo on this website belong to ${legalName}. You may print or save pages for your own use, but not republish them without our written permission.`,
      ],
    },
    {
      heading: 'Liability',
      body: [
        'As far as the law allows, we are not liable for any loss that arises from relying on the general information on this website. Nothing in these terms limits any right you have under Malaysian law that cannot be limited by agreement.',
      ],
    },
    {
      heading: 'Your personal data',
      body: ['How we handle the personal data you send us is explained in our Personal Data Protection Notice.'],
    },
    {
      heading: 'Governing law',
      body: ['These terms are governed by the laws of Malaysia, and the courts of Malaysia have jurisdiction over any dispute about them.'],
    },
    {
      heading: 'Changes to these terms',
      body: ['We may update these terms. The date below shows when they last changed.'],
    },
  ] satisfies readonly LegalSection[],
  privacyLink: 'Read the Personal Data Protection Notice',
  updated: `Last updated ${legalLastUpdated('en')}`,
} as const;
