/**
 * The terms of use of the website and its general-information disclaimer, in
 * Bahasa Malaysia, section for section the English source
 * (../../en/pages/terms.ts). Section headings in sentence case, like the
 * Malay privacy notice's.
 */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { legalLastUpdated } from '../../../legal';
import { RISK_WARNING } from '../figures';
import { SITE } from '../site';

const { legalName, legalIdentity } = BRAND;

export const COPY: PageCopies['terms'] = {
  meta: {
    title: `Terma Penggunaan dan Penafian | ${BRAND.name}`,
    description: `Terma penggunaan laman web ${BRAND.name}: maklumat am, bukan nasihat peribadi; negara tempat perkhidmatan kami ditawarkan; prestasi lalu dan risiko.`,
  },
  eyebrow: 'Perundangan',
  title: 'Terma Penggunaan dan Penafian',
  intro: `Laman web ini dikendalikan oleh ${legalName} (no. syarikat ${legalIdentity.registrationNumber}). Dengan menggunakan laman web ini, anda menerima terma ini.`,
  sections: [
    {
      heading: 'Maklumat am, bukan nasihat',
      body: [
        'Segala kandungan di laman web ini ialah maklumat am tentang firma dan perkhidmatan kami. Kandungan ini tidak mengambil kira objektif, keadaan kewangan atau keperluan anda, dan bukan nasihat kewangan, pelaburan, cukai atau undang-undang yang bersifat peribadi.',
        'Tiada apa-apa di laman web ini merupakan tawaran, atau pelawaan untuk membuat tawaran, bagi membeli atau menjual sebarang pelaburan. Sebelum anda bertindak berdasarkan apa-apa yang anda baca di sini, bincangkan keadaan anda dengan kami atau dengan penasihat berlesen yang lain.',
      ],
    },
    {
      heading: 'Negara tempat perkhidmatan kami ditawarkan',
      body: [
        `Perkhidmatan kami ditawarkan di ${SITE.brand.country}. ${legalName}: ${SITE.brand.licenceStatus}.`,
        'Kami juga berkhidmat kepada pelanggan yang menetap di negara lain, tetapi hanya jika undang-undang negara mereka membenarkan kami berbuat demikian; kami menyemak perkara ini sebelum menerima seseorang sebagai pelanggan. Laman web ini tidak ditujukan kepada sesiapa di negara yang undang-undangnya melarang penawaran perkhidmatan kami, dan bukan tawaran perkhidmatan kami di negara tersebut.',
      ],
    },
    {
      heading: 'Angka, prestasi lalu dan risiko',
      body: [
        'Setiap angka di laman web ini dinyatakan bersama perkara yang diukurnya dan tempoh yang diliputinya. Angka-angka ini menggambarkan masa lalu.',
        [...RISK_WARNING.points],
      ],
    },
    {
      heading: 'Ketepatan',
      body: [
        'Kami berusaha memastikan laman web ini tepat dan terkini, tetapi pasaran, undang-undang dan perkhidmatan kami sentiasa berubah. Kami tidak menjamin bahawa setiap butiran adalah lengkap atau terkini pada masa anda membacanya.',
      ],
    },
    {
      heading: 'Pautan ke laman web lain',
      body: [
        'Portal log masuk pelanggan, halaman media sosial dan WhatsApp kami dibuka di luar laman web ini. Terma dan dasar privasi pihak-pihak tersebut terpakai di sana.',
      ],
    },
    {
      heading: 'Hak cipta',
      body: [
        `Teks, karya seni dan logo di laman web ini adalah milik ${legalName}. Anda boleh mencetak atau menyimpan halaman untuk kegunaan anda sendiri, tetapi tidak boleh menerbitkannya semula tanpa kebenaran bertulis daripada kami.`,
      ],
    },
    {
      heading: 'Liabiliti',
      body: [
        'Setakat yang dibenarkan oleh undang-undang, kami tidak bertanggungan atas sebarang kerugian yang timbul akibat bergantung pada maklumat am di laman web ini. Tiada apa-apa dalam terma ini mengehadkan sebarang hak anda di bawah undang-undang Malaysia yang tidak boleh dihadkan melalui perjanjian.',
      ],
    },
    {
      heading: 'Data peribadi anda',
      body: ['Cara kami mengendalikan data peribadi yang anda hantar kepada kami diterangkan dalam Notis Perlindungan Data Peribadi kami.'],
    },
    {
      heading: 'Undang-undang yang mentadbir',
      body: [
        'Terma ini ditadbir oleh undang-undang Malaysia, dan mahkamah Malaysia mempunyai bidang kuasa ke atas sebarang pertikaian berkaitan terma ini.',
      ],
    },
    {
      heading: 'Perubahan kepada terma ini',
      body: ['Kami boleh mengemas kini terma ini. Tarikh di bawah menunjukkan bila terma ini kali terakhir diubah.'],
    },
  ],
  privacyLink: 'Baca Notis Perlindungan Data Peribadi',
  updated: `Dikemas kini pada ${legalLastUpdated('ms')}`,
};
