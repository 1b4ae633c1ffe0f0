/** The home page in Bahasa Malaysia, key for key the English source (../../en/pages/home.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { AWARD } from '../../../award';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, METRICS, RESPONSE_PROMISE, RISK_WARNING } from '../figures';

/** A phrase that opens a sentence or a list item: Malay has no article to stand before it. */
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const COPY: PageCopies['home'] = {
  meta: {
    title: `${BRAND.name} | Perkhidmatan Pelaburan & Kewangan Profesional`,
    description: `${BRAND.name} menawarkan pengurusan kekayaan, perundingan kewangan dan pengurusan aset dari Puchong, Malaysia, kepada pelanggan di seluruh dunia. Dipercayai oleh ${METRICS[0]!.value} pelanggan sejak ${BRAND.foundedYear}.`,
  },
  carousel: {
    label: 'Sorotan',
    /** Swiper fills in {{index}} and {{slidesLength}}. */
    slideLabel: 'Slaid {{index}} daripada {{slidesLength}}',
    roleDescription: 'karusel',
    previous: 'Slaid sebelumnya',
    next: 'Slaid seterusnya',
    pause: 'Jeda slaid',
    play: 'Mainkan slaid',
    goTo: (index: number, title: string) => `Pergi ke slaid ${index}: ${title}`,
    /** In the order of slides.ts's images. */
    slides: [
      {
        alt: 'Ilustrasi laluan yang menaik merentasi carta menuju ke arah sebuah kompas',
        title: 'Perancangan Pelaburan Strategik',
        subtitle: 'Pelan jangka panjang yang jelas, dibina berdasarkan matlamat, tempoh masa dan selera risiko anda.',
      },
      {
        alt: 'Ilustrasi carta donat peruntukan aset di sebelah blok-blok yang seimbang',
        title: 'Kecemerlangan Pengurusan Portfolio',
        subtitle: 'Portfolio yang dipelbagaikan, pengurusan risiko yang berdisiplin dan pengimbangan semula secara berkala.',
      },
      {
        alt: 'Ilustrasi carta batang lilin dan carta garis di bawah kanta pembesar',
        title: 'Analisis & Penyelidikan Pasaran',
        subtitle: 'Keputusan yang berasaskan penyelidikan merentasi ekuiti, mata wang dan komoditi.',
      },
      {
        alt: 'Ilustrasi perisai berlambangkan bunga teratai, dikelilingi lapisan-lapisan perlindungan',
        title: 'Strategi Pemeliharaan Kekayaan',
        subtitle: 'Lindungi hasil usaha anda melalui perlindungan aset dan perancangan harta pusaka.',
      },
      {
        alt: 'Ilustrasi seorang penasihat dan seorang pelanggan sedang membincangkan carta dan dokumen',
        title: 'Perundingan Kewangan',
        subtitle: `Nasihat peribadi daripada perunding yang berpengalaman, bermula dengan ${DISCOVERY_CALL}.`,
      },
    ],
  },
  hero: {
    eyebrow: `Dipercayai oleh ${METRICS[0]!.value} pelanggan sejak ${BRAND.foundedYear}`,
    heading: 'Kembangkan, Lindungi dan Wariskan Kekayaan Anda dengan Yakin',
    lead: 'Pengurusan kekayaan, perundingan kewangan dan pengurusan aset untuk pelabur individu dan korporat, di Malaysia dan di seluruh dunia.',
    primary: 'Tentang Kami',
    secondary: 'Perkhidmatan Kami',
  },
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  services: {
    heading: 'Cara Kami Membantu Anda Melabur',
    lead: 'Tiga bidang kepakaran, satu pasukan, satu pelan untuk kekayaan anda.',
    /** In the order of page-icons.ts's HOME_SERVICE_ICONS. */
    cards: [
      {
        title: 'Pengurusan Portfolio',
        description: 'Portfolio yang dibina untuk matlamat anda dan kekal di landasan yang betul walaupun pasaran berubah.',
        features: ['Portfolio yang dipelbagaikan', 'Pengurusan risiko', 'Pengimbangan semula secara berkala'],
      },
      {
        title: 'Strategi Pelaburan',
        description: 'Strategi yang berasaskan penyelidikan, bukan tajuk berita.',
        features: ['Analisis pasaran', 'Peruntukan aset', 'Pemantauan prestasi'],
      },
      {
        title: 'Pengurusan Kekayaan',
        description: 'Lindungi, kembangkan dan wariskan hasil usaha anda.',
        features: ['Perlindungan aset', 'Pengoptimuman cukai', 'Perancangan harta pusaka'],
      },
    ],
  },
  testimonials: {
    heading: 'Apa Kata Pelanggan Kami',
    lead: 'Individu dan perniagaan di seluruh rantau ini mempercayai kami untuk masa depan mereka.',
    attribution: (role: string, company: string, location: string) => `${role}, ${company} · ${location}`,
    /** How a rating is read out: "Penilaian 5 daripada 5". */
    rating: (rating: number, max: number) => `Penilaian ${rating} daripada ${max}`,
    /** In the order of testimonials.ts's clients: their role, words and town. */
    items: [
      {
        role: 'Ketua Pegawai Kewangan',
        content: `${BRAND.name} telah menyusun semula rizab syarikat kami menjadi portfolio yang seimbang dan menerangkan setiap langkahnya. Semakan suku tahunan mereka adalah yang paling jelas pernah kami terima.`,
        location: 'Kuala Lumpur',
      },
      {
        role: 'Pengasas',
        content:
          'Mereka membantu saya merancang persaraan dan penyerahan perniagaan keluarga kepada generasi seterusnya. Akhirnya saya mempunyai satu pelan yang merangkumi kedua-duanya, dan hati saya lebih tenang kerananya.',
        location: 'Pulau Pinang',
      },
      {
        role: 'Pengarah Serantau',
        content:
          'Bekerja dari Singapura, saya memerlukan penasihat yang memahami kedua-dua pasaran. Pasukannya responsif, telus tentang yuran, dan menerangkan setiap keputusan dengan jelas.',
        location: 'Singapura',
      },
    ],
  },
  cta: {
    heading: 'Bersedia Memulakan Perjalanan Kekayaan Anda?',
    lead: 'Bincangkan matlamat anda dengan perunding kami. Tiada sebarang obligasi dan tiada pelaburan minimum.',
    button: 'Mulakan Sekarang',
    benefits: [
      'Perundingan awal dan semakan portfolio secara percuma',
      'Strategi yang diperibadikan',
      'Tiada pelaburan minimum',
      'Pemantauan 24/7',
      upperFirst(DISCOVERY_CALL),
      RESPONSE_PROMISE,
    ],
  },
  award: {
    title: 'Penasihat Kekayaan yang Memenangi Anugerah',
    description: `${BRAND.name} berbesar hati kerana dinobatkan sebagai ${AWARD.title} ${AWARD.year} atas kecemerlangan dalam perkhidmatan pelanggan.`,
    presentedBy: `Dianugerahkan oleh ${AWARD.presenter} sempena ${AWARD.ceremony} ${AWARD.year}.`,
    imageAlt: 'Pingat anugerah emas dengan bintang dan kalungan daun laurel',
    close: 'Tutup',
    closeLabel: 'Tutup pengumuman anugerah',
  },
};
