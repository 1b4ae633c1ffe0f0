/**
 * The Malay words of what every page shows around its content: the header,
 * the menu, the footer, the cookie banner, the WhatsApp button, the
 * notifications' frame, the loading screen, the 404 page and the language
 * switcher. Key for key the English source (../en/site.ts). Facts (names,
 * numbers, addresses) come from brand.ts, never retyped here.
 */
import type { SiteCopy } from '../../../i18n/active-locale';
import { BRAND } from '../../brand';

export const SITE: SiteCopy = {
  brand: {
    tagline: 'Pengurusan kekayaan & perundingan kewangan',
    blurb: `${BRAND.name} ialah firma pengurusan kekayaan dan perundingan kewangan Malaysia. Sejak ${BRAND.foundedYear}, kami telah membantu pelabur individu dan korporat di seluruh dunia mengembangkan, melindungi dan mewariskan kekayaan mereka.`,
    /** The firm's licence, on the footer's legal line, the portfolio page and the terms. */
    licenceStatus: `Pemegang Lesen Perkhidmatan Pasaran Modal bagi pengurusan dana dan nasihat pelaburan, no. lesen ${BRAND.legalIdentity.licenceNumber}, yang dikeluarkan oleh Suruhanjaya Sekuriti Malaysia`,
    country: 'Malaysia',
  },
  skipLink: 'Langkau ke kandungan utama',
  nav: {
    label: 'Utama',
    home: 'Laman Utama',
    about: 'Tentang Kami',
    services: 'Perkhidmatan',
    portfolio: 'Rekod Prestasi',
    contact: 'Hubungi Kami',
  },
  login: { label: 'Log Masuk', newTab: '(dibuka dalam tab baharu)' },
  menu: { open: 'Buka menu', close: 'Tutup menu', title: 'Menu', description: 'Navigasi laman web' },
  language: {
    /** The switcher's label, read before the list of languages. */
    label: 'Bahasa',
    /** Read after a language's name when it is the page's own. */
    dismiss: 'Kekalkan bahasa ini',
  },
  footer: {
    label: 'Kaki laman',
    quickLinksHeading: 'Pautan Pantas',
    legalHeading: 'Perundangan',
    contactHeading: 'Hubungi Kami',
    followHeading: 'Ikuti Kami',
    identity: (registration: string, licence: string) => ` (No. syarikat ${registration}). ${licence}.`,
    /** Shown after the legal line while brand.ts holds sample values (BRAND.legalIdentity.sample). */
    sampleNote: 'Butiran syarikat contoh, untuk tujuan demonstrasi sahaja.',
    socialLink: (network: string) => `${BRAND.name} di ${network} (dibuka dalam tab baharu)`,
    rights: `© ${BRAND.copyrightYear} ${BRAND.name}. Hak cipta terpelihara.`,
  },
  legalLinks: { privacy: 'Notis Privasi', terms: 'Terma Penggunaan' },
  verify: { question: `Adakah ini benar-benar ${BRAND.name}?`, link: 'Cara mengenali kami dan menyemak lesen kami' },
  cookieBanner: {
    label: 'Persetujuan kuki',
    heading: 'Kami Menghargai Privasi Anda',
    text: 'Kami tidak menggunakan kuki penjejakan atau pengiklanan. Pelayar anda hanya menyimpan apa yang diperlukan oleh laman ini: pilihan anda di sini, seperti bahasa anda, dan mesej yang menunggu untuk dihantar.',
    link: 'Baca notis privasi kami',
    accept: 'Terima Semua',
    decline: 'Tolak',
    closeTooltip: 'Tutup',
    close: 'Tutup sepanduk kuki',
  },
  whatsapp: {
    greeting: `Helo ${BRAND.name}, saya ingin mengetahui lebih lanjut tentang perancangan kekayaan, pengurusan portfolio dan strategi pertumbuhan kewangan pihak anda. Nama saya [Nama Anda].`,
    open: 'Berbual dengan kami di WhatsApp (dibuka dalam tab baharu)',
    hide: 'Sembunyikan butang WhatsApp',
  },
  notifications: { region: 'Pemberitahuan ({hotkey})', label: 'Pemberitahuan', close: 'Tutup pemberitahuan' },
  loading: {
    label: 'Memuatkan',
    /** The loading screen's counter; `{progress}` is replaced by the number. */
    progress: 'Memuatkan... {progress}%',
  },
  notFound: {
    title: `404 Halaman Tidak Ditemui | ${BRAND.name}`,
    description: 'Halaman yang anda cari tidak wujud.',
    heading: '404 Halaman Tidak Ditemui',
    text: 'Adakah anda terlupa menambahkan halaman ini pada penghala (router)?',
    homeLink: 'Kembali ke laman utama',
  },
  shareImageAlt: `${BRAND.name}: Pengurusan kekayaan & perundingan kewangan`,
};
