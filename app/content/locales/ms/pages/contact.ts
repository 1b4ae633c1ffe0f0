/** The contact page in Bahasa Malaysia, key for key the English source (../../en/pages/contact.ts). The form's words are in contract/messages/ms.ts. */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, RESPONSE_PROMISE } from '../figures';

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
  infoCards: [
    {
      icon: 'i-lucide-message-circle',
      title: 'WhatsApp',
      lines: [BRAND.phone.display],
      note: 'Balasan pantas dijamin',
      href: `https://wa.me/${BRAND.phone.whatsappNumber}`,
    },
    {
      icon: 'i-lucide-mail',
      title: 'E-mel',
      lines: [BRAND.email],
      note: RESPONSE_PROMISE,
      href: `mailto:${BRAND.email}`,
    },
    {
      icon: 'i-lucide-map-pin',
      title: 'Kunjungi Pejabat Kami',
      lines: [BRAND.address.oneLine],
      note: 'Dengan temu janji sahaja',
    },
    {
      icon: 'i-lucide-clock',
      title: 'Waktu Perniagaan',
      lines: ['Isnin - Jumaat: 9 pagi - 6 petang'],
      note: 'Perundingan pada hujung minggu juga disediakan',
    },
  ],
  detailsLabel: 'Butiran hubungan dan borang',
};
