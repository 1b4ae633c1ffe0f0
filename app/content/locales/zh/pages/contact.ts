/** The contact page in 简体中文, key for key the English (../../en/pages/contact.ts). The form's words are in contract/messages/zh.ts. */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, OFFICE_HOURS_LINE, RESPONSE_PROMISE } from '../figures';

export const COPY: PageCopies['contact'] = {
  meta: {
    title: `联系我们 | ${BRAND.name}`,
    description: `通过 WhatsApp、电子邮件，或亲临我们位于雪兰莪州蒲种的办公室，与 ${BRAND.name} 联系。${RESPONSE_PROMISE}；从一次免费的 ${DISCOVERY_CALL}开始。`,
  },
  hero: {
    eyebrow: '与我们联系',
    heading: '联系我们的团队',
    lead: `准备好开启您的财富管理之旅了吗？给我们留言，我们的顾问将与您联系，为您安排免费的 ${DISCOVERY_CALL}。`,
    jumpToForm: '给我们留言',
  },
  /** In the order of contact-channels.ts: each card's title and note, and the hours' line. */
  infoCards: [
    {
      title: 'WhatsApp',
      note: '保证快速回复',
    },
    {
      title: '电子邮件',
      note: RESPONSE_PROMISE,
    },
    {
      title: '莅临我们的办公室',
      note: '仅限预约',
    },
    {
      title: '营业时间',
      lines: [OFFICE_HOURS_LINE],
      note: '周末亦可安排咨询',
    },
  ],
  verifyNote: '我们绝不会索取密码或一次性验证码，绝不会要求您把钱转入个人银行账户，也绝不会把对话转到其他号码。',
  detailsLabel: '联系方式及表格',
};
