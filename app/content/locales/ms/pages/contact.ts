/** The contact page in Bahasa Malaysia, key for key the English source (../../en/pages/contact.ts). The form's words are in contract/messages/ms.ts. */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, OFFICE_HOURS_LINE, RESPONSE_PROMISE } from '../figures';

export const COPY: PageCopies['contact'] = {
  meta: {
    title: `Hubungi Kami | ${BRAND.name}`,
    description: `Hubungi ${BRAND.name} melalui WhatsApp, e-mel atau di pejabat kami di Puchong, Selangor. ${RESPONSE_PROMISE}; mulakan dengan ${DISCOVERY_CALL} secara percuma.`,
  },
  hero: {
    eyebrow: 'Berhubung dengan Kami',
    heading: 'Hubungi Pasukan Kami',
    lead: `Bersedia untuk memulakan perjalanan pengurusan kekayaan anda? Hantarkan mesej kepada kami dan perunding kami akan menghubungi anda untuk mengatur ${DISCOVERY_CALL} tanpa sebarang bayaran.`,
    jumpToForm: 'Tulis kepada kami',
  },
  /** In the order of contact-channels.ts: each card's title and note, and the hours' line. */
  infoCards: [
    {
      title: 'WhatsApp',
      note: 'Balasan pantas dijamin',
    },
    {
      title: 'E-mel',
      note: RESPONSE_PROMISE,
    },
    {
      title: 'Kunjungi Pejabat Kami',
      note: 'Dengan temu janji sahaja',
    },
    {
      title: 'Waktu Perniagaan',
      lines: [OFFICE_HOURS_LINE],
      note: 'Perundingan pada hujung minggu juga disediakan',
    },
  ],
  verifyNote:
    'Kami tidak sekali-kali meminta kata laluan atau kod sekali guna, meminta anda membuat bayaran ke akaun bank peribadi, atau memindahkan perbualan ke nombor lain.',
  detailsLabel: 'Butiran hubungan dan borang',
};
