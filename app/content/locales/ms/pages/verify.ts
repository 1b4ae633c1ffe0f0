/** How to recognise the real firm, in Bahasa Malaysia, key for key the English source (../../en/pages/verify.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { RESPONSE_PROMISE } from '../figures';

const { legalName, legalIdentity } = BRAND;

export const COPY: PageCopies['verify'] = {
  meta: {
    title: `Cara Mengenali Kami | ${BRAND.name}`,
    description: `Pastikan bahawa ia benar-benar ${BRAND.name}: lesen kami dalam rekod Suruhanjaya Sekuriti Malaysia, saluran rasmi kami yang sah, perkara yang tidak sekali-kali kami minta daripada anda, dan tempat untuk melaporkan penipuan.`,
  },
  eyebrow: 'Lindungi diri anda',
  title: `Adakah ini benar-benar ${BRAND.name}?`,
  intro:
    'Penipu menyamar sebagai firma berlesen melalui WhatsApp, e-mel dan media sosial. Berikut cara untuk memastikan bahawa anda berurusan dengan kami, dan perkara yang tidak sekali-kali akan kami lakukan.',
  identity: {
    heading: 'Siapa kami, menurut rekod awam',
    legalName: 'Nama sah',
    registration: 'No. syarikat',
    licence: 'Lesen',
    check: 'Sebelum anda membuat sebarang bayaran atau menandatangani apa-apa, semak sendiri dengan Suruhanjaya Sekuriti Malaysia:',
    register: {
      link: 'Entiti yang dilesenkan oleh Suruhanjaya Sekuriti',
      note: `Cari "${legalName}" dan no. lesen ${legalIdentity.licenceNumber}.`,
    },
    alertList: {
      link: 'Senarai Amaran Pelabur Suruhanjaya Sekuriti',
      note: 'Pastikan nama, laman web atau nombor yang menghubungi anda tiada dalam senarai itu.',
    },
  },
  channels: {
    heading: 'Satu-satunya saluran rasmi kami',
    lead: 'Kami menghubungi dan membalas anda hanya melalui saluran berikut:',
    phone: 'Telefon dan WhatsApp',
    privacyPhone: 'Pertanyaan tentang data peribadi anda',
    email: 'E-mel',
    emailNote: (domain: string) => `Setiap e-mel daripada kami dihantar dari alamat yang berakhir dengan @${domain}.`,
    website: 'Laman web',
    warning:
      'Nombor lain, akaun WhatsApp atau Telegram baharu, laman web tiruan atau alamat e-mel dengan pengakhiran lain bukan kami, walaupun ia menggunakan nama kami, logo kami atau nama kakitangan kami.',
  },
  never: {
    heading: 'Perkara yang tidak sekali-kali akan kami lakukan',
    lead: `${BRAND.name} tidak sekali-kali akan:`,
    items: [
      'meminta anda membuat bayaran ke akaun bank peribadi atau e-dompet;',
      'meminta kata laluan, PIN atau kod sekali guna (OTP atau TAC) anda, termasuk untuk portal pelanggan kami: anda hanya memasukkan kata laluan anda di portal itu sendiri;',
      'memindahkan perbualan ke nombor telefon lain, akaun WhatsApp atau Telegram baharu, atau aplikasi yang tidak anda kenali;',
      'menjanjikan pulangan yang terjamin.',
    ],
    closing: 'Jika seseorang yang mengaku wakil kami melakukan mana-mana perkara ini, berhenti: itu bukan kami.',
  },
  report: {
    heading: 'Jika anda mengesyaki seseorang menyamar sebagai kami',
    steps: [
      'Berhenti. Jangan hantar wang, dan jangan berikan sebarang butiran lagi.',
      `Maklumkan kepada kami melalui salah satu saluran rasmi di atas: nombor, alamat atau halaman yang menghubungi anda, dan apa yang diminta. ${RESPONSE_PROMISE}.`,
      'Jika anda telah membuat bayaran atau memberikan sesuatu kod, segera hubungi badan awam di bawah.',
    ],
  },
  help: {
    heading: 'Tempat pelabur di Malaysia boleh mendapatkan bantuan',
    lead: 'Badan awam ini membantu pelabur, tanpa mengira firma yang terlibat.',
    phone: 'Telefon',
    email: 'E-mel',
    website: 'Laman web',
    regulator: {
      name: 'Suruhanjaya Sekuriti Malaysia',
      text: 'Laporkan penipuan, tawaran pelaburan tanpa lesen dan aduan tentang firma pasaran modal.',
    },
    scamLine: {
      name: 'Pusat Respons Scam Kebangsaan (NSRC)',
      text: 'Jika anda telah menghantar wang kepada penipu, segera hubungi NSRC atau talian penipuan bank anda, selagi pemindahan itu mungkin masih boleh disekat; kemudian buat laporan polis.',
    },
    disputes: {
      name: 'Pusat Penyelesaian Pertikaian Industri Sekuriti (SIDREC)',
      text: 'Bagi pertikaian tentang wang dengan firma pasaran modal yang menjadi ahli SIDREC, setelah jawapan muktamad firma itu terhadap aduan anda tidak menyelesaikannya.',
    },
  },
};
