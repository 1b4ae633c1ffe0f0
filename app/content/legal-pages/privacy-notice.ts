/**
 * The Personal Data Protection Notice (PDPA 2010, section 7, as amended in
 * 2024), in English and Bahasa Malaysia as the Act requires. Its sections
 * follow the items of section 7(1): what is collected, purposes, source,
 * access and correction with whom to contact, classes of third parties,
 * choices and means to limit processing, obligatory fields, and how long
 * enquiries are kept. The field names come from the form's own labels.
 */
import { plainMessage } from '../../../contract/i18n';
import { messages as ENGLISH_MESSAGES } from '../../../contract/messages/en';
import { BRAND } from '../brand';
import { LEGAL_LAST_UPDATED, type LegalSection, RETENTION_DAYS } from '../legal';

export interface NoticeVersion {
  /** The BCP 47 tag on this version's markup, so screen readers switch voice. */
  readonly lang: 'en' | 'ms';
  /** The version's name, in its own language, as its heading. */
  readonly languageName: string;
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
  readonly updated: string;
}

const { legalName } = BRAND;
const dpo = BRAND.dataProtectionContact;

/** The form's labels, as the English form shows them. */
const CONTACT_FIELDS = {
  firstName: { label: plainMessage(ENGLISH_MESSAGES, 'field.firstName.label') },
  lastName: { label: plainMessage(ENGLISH_MESSAGES, 'field.lastName.label') },
  email: { label: plainMessage(ENGLISH_MESSAGES, 'field.email.label') },
  phone: { label: plainMessage(ENGLISH_MESSAGES, 'field.phone.label') },
  message: { label: plainMessage(ENGLISH_MESSAGES, 'field.message.label') },
};

const ENGLISH: NoticeVersion = {
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
          CONTACT_FIELDS.firstName.label,
          CONTACT_FIELDS.lastName.label,
          CONTACT_FIELDS.email.label,
          `${CONTACT_FIELDS.phone.label}, if you give it`,
          `${CONTACT_FIELDS.message.label}, and any personal details you choose to write in it`,
        ],
        'We also record the date and time each enquiry arrives. Like every website, our server sees the IP address of your device: we use it only to limit how many messages one address can send and to keep our service secure, and we do not store it with your enquiry.',
        'Your cookie choice, and a message that could not be sent while you were offline, are kept in your own browser, on your device.',
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        'We use your personal data to:',
        [
          'reply to your enquiry and arrange the consultation you ask for;',
          'keep a record of our correspondence with you;',
          'protect our website from spam and abuse;',
          'meet our legal and regulatory obligations.',
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
        { kind: 'privacy-contact' },
      ],
    },
    {
      heading: 'Who we share it with',
      body: [
        'We disclose your personal data only to these classes of third parties:',
        [
          'our e-mail and alert providers, which deliver each new enquiry to our staff;',
          'our hosting provider, which runs our servers and stores the data;',
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
          `${CONTACT_FIELDS.phone.label} is optional: leave it out if you want us to reply by e-mail only.`,
          'Write in your message only what we need to answer you. Please do not include identity card numbers, account numbers or health information.',
          'You can contact us by e-mail, by phone or at our office instead of using the form.',
          `At any time, you can ask us to limit how we use your data, to stop contacting you, or to delete your enquiry, by writing to our ${dpo.designation.en}.`,
          'The cookie banner lets you decline optional storage in your browser; the form works whichever you choose.',
        ],
      ],
    },
    {
      heading: 'Which details are obligatory',
      body: [
        `${CONTACT_FIELDS.firstName.label}, ${CONTACT_FIELDS.lastName.label}, ${CONTACT_FIELDS.email.label} and ${CONTACT_FIELDS.message.label} are obligatory: without them the form cannot be sent, and we cannot answer you.`,
        `${CONTACT_FIELDS.phone.label} is voluntary: without it, we reply by e-mail only.`,
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        `We keep each enquiry for ${RETENTION_DAYS} days from the day it arrives, and then delete it automatically. We delete it sooner if you ask us to, unless the law requires us to keep it. If you become a client, the records of your account are kept under your separate client agreement.`,
      ],
    },
    {
      heading: 'Language',
      body: [
        'This notice is given in English and in Bahasa Malaysia. If the two versions differ, the English version prevails.',
      ],
    },
  ],
  updated: `Last updated ${LEGAL_LAST_UPDATED.en}`,
};

/** The form's labels in Malay, for the notice only (the form itself gets its Malay labels with the language versions). */
const FIELDS_MS = {
  firstName: 'Nama Pertama',
  lastName: 'Nama Akhir',
  email: 'Alamat E-mel',
  phone: 'Nombor WhatsApp',
  message: 'Mesej',
} as const satisfies Record<keyof typeof CONTACT_FIELDS, string>;

const MALAY: NoticeVersion = {
  lang: 'ms',
  languageName: 'Bahasa Malaysia',
  title: 'Notis Perlindungan Data Peribadi',
  intro: `Notis ini diberikan di bawah seksyen 7 Akta Perlindungan Data Peribadi 2010, sebagaimana yang dipinda oleh Akta Perlindungan Data Peribadi (Pindaan) 2024. Notis ini menerangkan cara ${legalName} ("kami") mengendalikan data peribadi yang anda berikan kepada kami melalui laman web ini.`,
  sections: [
    {
      heading: 'Data peribadi yang kami kumpulkan',
      body: [
        'Apabila anda menghantar borang hubungan kami, kami mengumpulkan:',
        [
          FIELDS_MS.firstName,
          FIELDS_MS.lastName,
          FIELDS_MS.email,
          `${FIELDS_MS.phone}, jika anda memberikannya`,
          `${FIELDS_MS.message}, serta apa-apa butiran peribadi yang anda pilih untuk ditulis di dalamnya`,
        ],
        'Kami juga merekodkan tarikh dan masa setiap pertanyaan diterima. Seperti semua laman web, pelayan kami menerima alamat IP peranti anda: kami menggunakannya hanya untuk mengehadkan bilangan mesej yang boleh dihantar dari satu alamat dan untuk menjaga keselamatan perkhidmatan kami, dan alamat itu tidak disimpan bersama pertanyaan anda.',
        'Pilihan kuki anda, dan mesej yang tidak dapat dihantar semasa anda berada di luar talian, disimpan dalam pelayar anda sendiri, di peranti anda.',
      ],
    },
    {
      heading: 'Tujuan kami menggunakannya',
      body: [
        'Kami menggunakan data peribadi anda untuk:',
        [
          'membalas pertanyaan anda dan mengatur sesi perundingan yang anda minta;',
          'menyimpan rekod surat-menyurat kami dengan anda;',
          'melindungi laman web kami daripada spam dan penyalahgunaan;',
          'mematuhi kewajipan undang-undang dan kawal selia kami.',
        ],
        'Kami tidak menggunakannya untuk tujuan pemasaran melainkan anda bersetuju secara berasingan, dan kami tidak sekali-kali menjualnya.',
      ],
    },
    {
      heading: 'Sumber data',
      body: ['Kami memperoleh data ini terus daripada anda, apabila anda mengisi borang. Kami tidak memperolehnya daripada pihak lain.'],
    },
    {
      heading: 'Hak anda untuk mengakses dan membetulkan data',
      body: [
        'Anda berhak untuk:',
        [
          'meminta akses kepada data peribadi anda yang kami simpan, dan salinannya dalam format elektronik yang lazim digunakan;',
          'meminta kami membetulkan data yang tidak tepat, tidak lengkap, mengelirukan atau tidak terkini;',
          'menarik balik persetujuan anda, dan meminta kami berhenti memproses data anda atau memadamkannya.',
        ],
        'Kami akan membalas dalam tempoh 21 hari. Untuk sebarang permintaan, pertanyaan atau aduan tentang data peribadi anda, sila hubungi:',
        { kind: 'privacy-contact' },
      ],
    },
    {
      heading: 'Pihak yang menerima data anda',
      body: [
        'Kami hanya mendedahkan data peribadi anda kepada golongan pihak ketiga berikut:',
        [
          'penyedia e-mel dan makluman kami, yang menyampaikan setiap pertanyaan baharu kepada kakitangan kami;',
          'penyedia pengehosan kami, yang mengendalikan pelayan kami dan menyimpan data;',
          'penasihat profesional kami, seperti juruaudit dan peguam, yang terikat dengan kewajipan kerahsiaan;',
          'pihak berkuasa kawal selia, mahkamah dan agensi penguatkuasaan undang-undang, apabila dikehendaki oleh undang-undang.',
        ],
        'Sesetengah penyedia ini mungkin menyimpan data di luar Malaysia. Jika demikian, kami memastikan data anda dilindungi sebagaimana yang dikehendaki oleh Akta.',
      ],
    },
    {
      heading: 'Pilihan anda, dan cara mengehadkan pemprosesan data',
      body: [
        [
          `${FIELDS_MS.phone} adalah pilihan: biarkan kosong jika anda mahu kami membalas melalui e-mel sahaja.`,
          'Tulis dalam mesej anda hanya perkara yang kami perlukan untuk membalas anda. Sila jangan sertakan nombor kad pengenalan, nombor akaun atau maklumat kesihatan.',
          'Anda boleh menghubungi kami melalui e-mel, telefon atau di pejabat kami tanpa menggunakan borang ini.',
          `Pada bila-bila masa, anda boleh meminta kami mengehadkan penggunaan data anda, berhenti menghubungi anda atau memadamkan pertanyaan anda, dengan menulis kepada ${dpo.designation.ms} kami.`,
          'Sepanduk kuki membolehkan anda menolak storan pilihan dalam pelayar anda; borang ini tetap berfungsi walau apa pun pilihan anda.',
        ],
      ],
    },
    {
      heading: 'Butiran yang wajib diberikan',
      body: [
        `${FIELDS_MS.firstName}, ${FIELDS_MS.lastName}, ${FIELDS_MS.email} dan ${FIELDS_MS.message} wajib diisi: tanpanya, borang tidak dapat dihantar dan kami tidak dapat membalas anda.`,
        `${FIELDS_MS.phone} tidak wajib: tanpanya, kami membalas melalui e-mel sahaja.`,
      ],
    },
    {
      heading: 'Tempoh kami menyimpan data',
      body: [
        `Kami menyimpan setiap pertanyaan selama ${RETENTION_DAYS} hari dari tarikh ia diterima, dan kemudian memadamkannya secara automatik. Kami memadamkannya lebih awal jika anda memintanya, kecuali jika undang-undang menghendaki kami menyimpannya. Jika anda menjadi pelanggan kami, rekod akaun anda disimpan di bawah perjanjian pelanggan anda yang berasingan.`,
      ],
    },
    {
      heading: 'Bahasa',
      body: [
        'Notis ini diberikan dalam bahasa Inggeris dan Bahasa Malaysia. Sekiranya terdapat percanggahan antara kedua-dua versi, versi bahasa Inggeris hendaklah diguna pakai.',
      ],
    },
  ],
  updated: `Dikemas kini pada ${LEGAL_LAST_UPDATED.ms}`,
};

/** Both versions, in the order the page shows them. */
export const PRIVACY_NOTICE = [ENGLISH, MALAY] as const;

export const PRIVACY_PAGE_HERO = {
  eyebrow: 'PDPA 2010',
  /** The link to the Malay version, in Malay, for readers who look for it first. */
  jumpToMalay: 'Baca dalam Bahasa Malaysia',
} as const;
