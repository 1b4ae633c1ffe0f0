/**
 * How to recognise the real firm, in English: the source copy (see ../site.ts).
 * The facts it names (the firm's identity and channels, the public bodies'
 * numbers and addresses) come from brand.ts; the licence's wording is the
 * site copy's (SITE.brand.licenceStatus).
 */
import { BRAND } from '../../../brand';
import { RESPONSE_PROMISE } from '../figures';

const { legalName, legalIdentity } = BRAND;

export const COPY = {
  meta: {
    title: `How to Recognise Us | ${BRAND.name}`,
    description: `Check that it is really ${BRAND.name}: our licence on the Securities Commission Malaysia's records, our only official channels, what we will never ask of you, and where to report a scam.`,
  },
  eyebrow: 'Protect yourself',
  title: `Is this really ${BRAND.name}?`,
  intro:
    'Scammers pretend to be licensed firms, on WhatsApp, by e-mail and on social media. Here is how to check that you are dealing with us, and what we will never do.',
  identity: {
    heading: 'Who we are, on the public record',
    legalName: 'Legal name',
    registration: 'Company no.',
    licence: 'Licence',
    check: 'Before you pay anyone or sign anything, check with the Securities Commission Malaysia yourself:',
    register: {
      link: 'The entities the Securities Commission licenses',
      note: `Look for "${legalName}" and licence no. ${legalIdentity.licenceNumber}.`,
    },
    alertList: {
      link: "The Securities Commission's Investor Alert List",
      note: 'Make sure the name, website or number that contacted you is not on it.',
    },
  },
  channels: {
    heading: 'Our only official channels',
    lead: 'We contact you, and answer you, only through these:',
    phone: 'Phone and WhatsApp',
    privacyPhone: 'Questions about your personal data',
    email: 'E-mail',
    /** `domain` is the part of our addresses after the @. */
    emailNote: (domain: string) => `Every e-mail from us comes from an address ending in @${domain}.`,
    website: 'Website',
    warning:
      'Another number, a new WhatsApp or Telegram account, a look-alike website or an e-mail address with another ending is not us, even when it uses our name, our logo or the names of our staff.',
  },
  never: {
    heading: 'What we will never do',
    lead: `${BRAND.name} will never:`,
    items: [
      'ask you to pay money into a personal bank account or e-wallet;',
      'ask for your passwords, PINs or one-time codes (OTP or TAC), not even for our client portal: you type your password only into the portal itself;',
      'move the conversation to another phone number, a new WhatsApp or Telegram account, or an app you did not know;',
      'promise you guaranteed returns.',
    ],
    closing: 'If someone who says they are from us does any of these, stop: it is not us.',
  },
  report: {
    heading: 'If you think someone is pretending to be us',
    steps: [
      'Stop. Do not send money, and do not share any more details.',
      `Tell us through one of our official channels above: the number, address or page that contacted you, and what they asked for. ${RESPONSE_PROMISE}.`,
      'If you have already paid or shared a code, act at once with the public bodies below.',
    ],
  },
  help: {
    heading: 'Where investors in Malaysia can turn',
    lead: 'These public bodies help investors, whichever firm is involved.',
    phone: 'Phone',
    email: 'E-mail',
    website: 'Website',
    regulator: {
      name: 'Securities Commission Malaysia',
      text: 'Report scams, unlicensed investment offers and complaints about capital market firms.',
    },
    scamLine: {
      name: 'National Scam Response Centre (NSRC)',
      text: "If you have sent money to a scammer, call the NSRC or your bank's fraud hotline at once, while the transfer may still be stopped; then make a police report.",
    },
    disputes: {
      name: 'Securities Industry Dispute Resolution Center (SIDREC)',
      text: "For a dispute about money with a capital market firm that is a member of SIDREC, once the firm's final reply to your complaint has not settled it.",
    },
  },
} as const;
