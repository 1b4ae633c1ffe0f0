/**
 * The Personal Data Protection Notice (PDPA 2010, section 7, as amended in
 * 2024) in English. Its sections follow the items of section 7(1): what is
 * collected, purposes, source, access and correction with whom to contact,
 * classes of third parties, choices and means to limit processing,
 * obligatory fields, and how long enquiries are kept. The field names are
 * the English form's own labels. The Act requires the notice in English and
 * in Bahasa Malaysia: every language's privacy page shows one of them too.
 */
import { messages } from '../../../../contract/messages/en';
import { BRAND } from '../../brand';
import { formFieldLabels, legalLastUpdated, type NoticeVersion, type PrivacyContactBlock, RETENTION_DAYS } from '../../legal';

const { legalName } = BRAND;

const LAST_UPDATED = legalLastUpdated('en');

/** The form's labels, as the English form shows them. */
const FIELDS = formFieldLabels(messages);

const PRIVACY_CONTACT: PrivacyContactBlock = {
  privacyContact: true,
  designation: 'Data Protection Officer',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  comma: ', ',
  colon: ': ',
};

export const NOTICE = {
  lang: 'en',
  languageName: 'English',
  title: 'Personal Data Protection Notice',
  intro: `This notice is given under section 7 of the Personal Data Protection Act 2010, as amended by the Personal Data Protection (Amendment) Act 2024. It explains how ${legalName} ("we") handles the personal data you give us through this website.`,
  sections: [
    {
      heading: 'The personal data we collect',
      body: [
        'When you send our contact form, we collect:',
        [
          FIELDS.firstName,
          FIELDS.lastName,
          FIELDS.email,
          `${FIELDS.phone}, if you give it`,
          `${FIELDS.message}, and any personal details you choose to write in it`,
          'the language of the page you wrote from, so that we can answer in it.',
        ],
        'We also record the date and time each enquiry arrives. Like every website, our server sees the IP address of your device: we use it only to limit how many messages one address can send and to keep our service secure, and we do not store it with your enquiry.',
        'In your own browser, on your device, the site keeps your cookie choice, your language choice, whether you have seen the award announcement, a message that could not be sent while you were offline (until it is sent), and a copy of its pages so that it opens offline. We use no tracking or advertising cookies.',
      ],
    },
    {
      heading: 'The purposes for which we use it',
      body: [
        'We collect and process your personal data for these purposes:',
        [
          'to reply to your enquiry and arrange the consultation you ask for;',
          'to keep a record of our correspondence with you;',
          'to protect our website from spam and abuse;',
          'to meet our legal and regulatory obligations.',
        ],
        'We do not use it for marketing unless you agree to that separately, and we never sell it.',
      ],
    },
    {
      heading: 'Where it comes from',
      body: ['We collect it directly from you, when you fill in the form. We do not obtain it from anyone else.'],
    },
    {
      heading: 'Your right to access and correct it',
      body: [
        'You have the right to:',
        [
          'ask for access to the personal data we hold about you, and for a copy in a commonly used electronic format;',
          'ask us to correct data that is inaccurate, incomplete, misleading or out of date;',
          'withdraw your consent, and ask us to stop processing your data or to delete it.',
        ],
        'We reply within 21 days. For any request, question or complaint about your personal data, contact:',
        PRIVACY_CONTACT,
      ],
    },
    {
      heading: 'Who we share it with',
      body: [
        'We disclose your personal data only to these classes of third parties:',
        [
          'our e-mail and alert providers, which deliver each new enquiry to our staff;',
          'our hosting provider, which runs our servers and stores the data;',
          `WhatsApp (Meta), when we answer you there at the ${FIELDS.phone} you gave;`,
          'our professional advisers, such as auditors and lawyers, who are bound by confidentiality;',
          'regulators, courts and law enforcement agencies, when the law requires it.',
        ],
        'Some of these providers may store data outside Malaysia. When they do, we make sure your data is protected as the Act requires.',
      ],
    },
    {
      heading: 'Your choices, and how to limit what we do with it',
      body: [
        [
          `${FIELDS.phone} is optional: leave it out if you want us to reply by e-mail only.`,
          'Write in your message only what we need to answer you. Please do not include identity card numbers, account numbers or health information.',
          'You can contact us by e-mail, by phone or at our office instead of using the form.',
          `At any time, you can ask us to limit how we use your data, to stop contacting you, or to delete your enquiry, by writing to our ${PRIVACY_CONTACT.designation}.`,
          'The site stores nothing optional in your browser: the cookie banner records your answer, and everything works the same whichever you choose.',
        ],
      ],
    },
    {
      heading: 'Which details are obligatory',
      body: [
        `${FIELDS.firstName}, ${FIELDS.lastName}, ${FIELDS.email} and ${FIELDS.message} are obligatory: without them the form cannot be sent, and we cannot answer you.`,
        `${FIELDS.phone} is voluntary: without it, we reply by e-mail only.`,
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        `We keep each enquiry for ${RETENTION_DAYS} days from the day it arrives, and then delete it automatically, together with the copies our staff received. We delete it sooner if you ask us to, unless the law requires us to keep it. If you become a client, the records of your account are kept under your separate client agreement.`,
      ],
    },
    {
      heading: 'Language',
      body: ['This notice is given in English and in Bahasa Malaysia. If the two versions differ, the English version prevails.'],
    },
  ],
  updated: `Last updated ${LAST_UPDATED}`,
} as const satisfies NoticeVersion;
