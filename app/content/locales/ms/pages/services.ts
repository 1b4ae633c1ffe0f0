/** The services page in Bahasa Malaysia, key for key the English source (../../en/pages/services.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';

export const COPY: PageCopies['services'] = {
  meta: {
    title: `Perkhidmatan Kami | ${BRAND.name}`,
    description:
      'Pengurusan kekayaan, perundingan kewangan dan pengurusan aset: saham, dana, mata wang dan banyak lagi, perancangan yang diperibadikan, pengoptimuman cukai dan perancangan harta pusaka.',
  },
  hero: {
    eyebrow: 'Perkhidmatan Kami',
    heading: 'Segala Keperluan Kekayaan Anda, di Satu Tempat',
    lead: 'Daripada keputusan portfolio harian hinggalah perancangan legasi yang anda tinggalkan, perkhidmatan kami saling melengkapi.',
    imageAlt: 'Ilustrasi tiga kad, iaitu carta portfolio, pelan yang bertanda semak dan perisai, di atas bunga teratai yang sedang mekar',
  },
  /** Names the highlight cards' section for screen readers' outline. */
  highlightsHeading: 'Sorotan',
  /** In the order of page-icons.ts's SERVICE_HIGHLIGHT_ICONS. */
  highlights: [
    {
      title: 'Perniagaan Global',
      description: 'Akses kepada peluang di Malaysia, di rantau ini dan di pasaran dunia.',
    },
    {
      title: 'Pertumbuhan Perniagaan',
      description: 'Strategi modal yang membantu perniagaan dan kekayaan anda berkembang seiring.',
    },
    {
      title: 'Laporan Kejayaan',
      description: 'Laporan yang jelas dan berkala yang menunjukkan prestasi portfolio anda dengan tepat.',
    },
    {
      title: 'Idea Perniagaan',
      description: 'Idea baharu yang disokong penyelidikan untuk memanfaatkan modal anda.',
    },
  ],
  blocksHeading: 'Perkhidmatan Teras Kami',
  /** In the order of page-icons.ts's SERVICE_BLOCK_ICONS. */
  blocks: [
    {
      title: 'Pengurusan Kekayaan',
      description: 'Akses pasaran yang luas, diuruskan dengan berdisiplin merentasi setiap kelas aset yang kami liputi.',
      features: [
        'Saham',
        'Indeks',
        'Dana unit amanah',
        'Dana ekuiti persendirian',
        'Syarikat membangun',
        'Mata wang',
        'Komoditi',
        'Mata wang kripto',
      ],
    },
    {
      title: 'Perundingan Kewangan',
      description: 'Nasihat yang disesuaikan dengan kehidupan, perniagaan dan tempoh masa anda.',
      features: ['Perancangan yang diperibadikan', 'Pembangunan strategi', 'Pengoptimuman cukai', 'Perancangan persaraan'],
    },
    {
      title: 'Pengurusan Aset',
      description: 'Rancang cara melindungi hasil usaha anda, dan cara ia diwariskan kepada orang yang anda pilih.',
      features: ['Perlindungan aset', 'Perancangan harta pusaka', 'Pengurusan risiko', 'Perancangan legasi'],
    },
  ],
  cta: {
    heading: 'Tidak Pasti di Mana Hendak Bermula?',
    lead: 'Kongsikan matlamat anda dengan kami dan kami akan mencadangkan gabungan perkhidmatan yang sesuai, secara percuma.',
    button: 'Hubungi Kami',
  },
};
