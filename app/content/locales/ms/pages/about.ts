/** The about page in Bahasa Malaysia, key for key the English source (../../en/pages/about.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';

export const COPY: PageCopies['about'] = {
  meta: {
    title: `Tentang Kami | ${BRAND.name}`,
    description: `Ditubuhkan pada ${BRAND.foundedYear}, ${BRAND.name} dipercayai oleh pelanggan di seluruh dunia kerana kebolehpercayaan, ketelusan dan prestasinya. Kenali misi, visi dan pasukan pakar kami.`,
  },
  hero: {
    eyebrow: 'Tentang Kami',
    heading: `Penasihat Kekayaan yang Dipercayai Sejak ${BRAND.foundedYear}`,
    paragraphs: [
      `${BRAND.name} ditubuhkan pada ${BRAND.foundedYear} di Puchong, Selangor, berteraskan satu idea yang mudah: nasihat pelaburan haruslah jelas, jujur dan berpaksikan pelanggan.`,
      'Sejak itu, kami telah berkembang untuk berkhidmat kepada pelanggan di seluruh dunia, terdiri daripada pelabur individu dan korporat, serta membina reputasi atas kebolehpercayaan, ketelusan dan prestasi kami.',
    ],
    imageAlt: `Ilustrasi bunga teratai yang mekar secara berperingkat di sepanjang garis masa pertumbuhan yang bermula pada ${BRAND.foundedYear}`,
  },
  missionVision: {
    heading: 'Misi dan Visi',
    mission: {
      title: 'Misi Kami',
      text: 'Menyediakan kepada setiap pelanggan, tanpa mengira saiz kekayaan mereka, penyelidikan, disiplin dan perhatian rapi yang suatu ketika dahulu hanya dinikmati oleh pelabur terbesar.',
    },
    vision: {
      title: 'Visi Kami',
      text: 'Menjadi rakan kongsi kekayaan yang paling dipercayai di rantau ini: firma yang disyorkan oleh pelanggan kepada keluarga dan perniagaan mereka.',
    },
  },
  team: {
    heading: 'Pasukan Pakar',
    lead: 'Individu berpengalaman di sebalik setiap portfolio.',
    members: [
      {
        role: 'Pengasas & Pengarah Urusan',
        focus: 'Visi & Misi',
        description: `Mengasaskan ${BRAND.name} pada ${BRAND.foundedYear} dan menetapkan hala tuju serta piawaian firma.`,
        initials: 'MD',
      },
      {
        role: 'Pengurus Dana Kanan',
        focus: 'Pengurusan Portfolio',
        description: 'Lebih 30 tahun pengalaman menguruskan portfolio dalam pelbagai keadaan pasaran.',
        initials: 'FM',
      },
      {
        role: 'Penganalisis Pasaran',
        focus: 'Penyelidikan & Analisis',
        description: 'Menterjemahkan data dan penyelidikan pasaran kepada cadangan yang jelas untuk pelanggan kami.',
        initials: 'MA',
      },
    ],
  },
};
