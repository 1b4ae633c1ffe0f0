/** The portfolio page in Bahasa Malaysia, key for key the English source (../../en/pages/portfolio.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { FIGURES, METRICS, RISK_WARNING } from '../figures';
import { SITE } from '../site';

export const COPY: PageCopies['portfolio'] = {
  meta: {
    title: `Rekod Prestasi & Portfolio | ${BRAND.name}`,
    description: `Rekod prestasi kami sejak ${BRAND.foundedYear}: ${FIGURES.clients.value} pelanggan aktif dan ${FIGURES.projects.value} projek merentasi lapan kelas aset, berserta cara setiap angka diukur dan risiko pelaburan.`,
  },
  hero: {
    eyebrow: 'Rekod Prestasi',
    heading: 'Rekod Prestasi & Portfolio',
    lead: 'Hasil yang kami banggakan, merentasi pelbagai pasaran dan kelas aset.',
    imageAlt: 'Ilustrasi laporan dengan lapan bar bagi lapan kelas aset, carta pai bagi portfolio yang dipelbagaikan dan sebuah glob',
  },
  overviewHeading: 'Gambaran Keseluruhan Prestasi',
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  assetsHeading: 'Kelas Aset Pelaburan Kami',
  /** In the order of page-icons.ts's ASSET_CLASS_ICONS. */
  assetClasses: [
    'Saham',
    'Indeks',
    'Dana Unit Amanah',
    'Ekuiti Persendirian',
    'Mata Wang',
    'Komoditi',
    'Mata Wang Kripto',
    'Syarikat Membangun',
  ],
  reportsHeading: 'Laporan Kejayaan',
  /** In the order of page-icons.ts's REPORT_ICONS. */
  reports: [
    {
      title: 'Pengurusan Risiko',
      description:
        'Setiap portfolio menjalani ujian tekanan dan pengimbangan semula supaya nasibnya tidak ditentukan oleh satu peristiwa sahaja.',
    },
    {
      title: 'Strategi Pertumbuhan',
      description:
        'Pertumbuhan jangka panjang sebagai matlamat, melalui strategi yang disemak berbanding matlamat anda pada setiap suku tahun; pertumbuhan tidak dijamin.',
    },
    {
      title: 'Pencapaian Matlamat',
      description:
        'Matlamat ditetapkan bersama pada permulaan dan disemak bersama anda setiap tahun, supaya kemajuan diukur berdasarkan perkara yang penting bagi anda.',
    },
  ],
  importantInformation: {
    heading: 'Maklumat Penting',
    basis: {
      heading: 'Cara Setiap Angka Diukur',
      figures: METRICS,
      caveat:
        'Pulangan anda sendiri bergantung pada masa anda melabur, pelaburan yang anda pegang, yuran yang anda bayar dan mata wang anda.',
    },
    risks: {
      heading: 'Risiko',
      points: [
        ...RISK_WARNING.points,
        'Sesetengah kelas aset di halaman ini, seperti mata wang kripto, syarikat membangun dan ekuiti persendirian, membawa risiko yang tinggi: harganya boleh berubah secara mendadak, ia mungkin sukar dijual, dan anda boleh kehilangan kesemua wang yang dilaburkan di dalamnya.',
        'Nilai pelaburan yang dipegang dalam mata wang asing juga naik dan turun mengikut kadar pertukaran.',
      ],
    },
    general: {
      heading: 'Maklumat Am, Bukan Nasihat',
      paragraphs: [
        'Halaman ini mengandungi maklumat am tentang firma kami dan rekod prestasinya. Ia bukan tawaran atau pelawaan untuk membeli atau menjual sebarang pelaburan, dan ia bukan nasihat tentang keadaan anda sendiri.',
        'Sebelum anda melabur, kami menilai objektif, keadaan kewangan dan toleransi risiko anda, serta menerangkan yuran dan risiko bagi apa-apa yang kami syorkan.',
        `${BRAND.legalName}: ${SITE.brand.licenceStatus}.`,
      ],
      termsLink: 'Terma penggunaan dan penafian',
    },
  },
  cta: {
    heading: 'Sertai Kisah Kejayaan Kami',
    lead: `Jadilah salah seorang daripada ${FIGURES.clients.value} pelanggan yang mempercayai kami untuk menguruskan kekayaan mereka.`,
    button: 'Hubungi Kami',
  },
};
