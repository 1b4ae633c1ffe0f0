/** How to recognise the real firm, in 简体中文, key for key the English (../../en/pages/verify.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { RESPONSE_PROMISE } from '../figures';

const { legalName, legalIdentity } = BRAND;

export const COPY: PageCopies['verify'] = {
  meta: {
    title: `如何辨认我们 | ${BRAND.name}`,
    description: `确认对方真的是 ${BRAND.name}：我们在马来西亚证券委员会记录中的执照、我们仅有的官方渠道、我们绝不会向您提出的要求，以及举报诈骗的途径。`,
  },
  eyebrow: '保护自己',
  title: `这真的是 ${BRAND.name} 吗？`,
  intro: '诈骗者会通过 WhatsApp、电子邮件和社交媒体冒充持牌公司。以下说明如何确认与您联系的确实是我们，以及我们绝不会做的事。',
  identity: {
    heading: '公开记录\u200B中的我们',
    legalName: '注册名称',
    registration: '公司注册号',
    licence: '执照',
    check: '在向任何人付款或签署任何文件之前，请亲自向马来西亚证券委员会核实：',
    register: {
      link: '证券委员会发出执照的机构',
      note: `请查找“${legalName}”及执照编号 ${legalIdentity.licenceNumber}。`,
    },
    alertList: {
      link: '证券委员会的投资者警示名单',
      note: '请确认与您联系的名称、网站或号码不在名单之中。',
    },
  },
  channels: {
    heading: '我们仅有的\u200B官方渠道',
    lead: '我们只会通过以下渠道联系您和回复您：',
    phone: '电话及 WhatsApp',
    privacyPhone: '有关您个人资料的询问',
    email: '电子邮件',
    emailNote: (domain: string) => `我们发出的每一封电子邮件，发件地址均以 @${domain} 结尾。`,
    website: '网站',
    warning:
      '其他号码、新的 WhatsApp 或 Telegram 账号、仿冒网站，或以其他后缀结尾的电子邮件地址，都不是我们，即使对方使用我们的名称、标志或员工姓名。',
  },
  never: {
    heading: '我们绝不会\u200B做的事',
    lead: `${BRAND.name} 绝不会：`,
    items: [
      '要求您把钱转入个人银行账户或电子钱包；',
      '索取您的密码、PIN 码或一次性验证码（OTP 或 TAC），即使是为了我们的客户门户也不会：您只会在门户网站上亲自输入密码；',
      '把对话转到其他电话号码、新的 WhatsApp 或 Telegram 账号，或您不认识的应用程序；',
      '向您承诺保证回报。',
    ],
    closing: '如果自称来自我们的人做出上述任何一项，请立即停止：那不是我们。',
  },
  report: {
    heading: '如果您怀疑\u200B有人冒充我们',
    steps: [
      '立即停止。不要汇款，也不要再提供任何资料。',
      `通过上述任一官方渠道告诉我们：联系您的号码、地址或网页，以及对方向您索取了什么。${RESPONSE_PROMISE}。`,
      '如果您已经付款或提供了验证码，请立即联系下列公共机构。',
    ],
  },
  help: {
    heading: '马来西亚投资者\u200B可求助的机构',
    lead: '无论涉及哪一家公司，以下公共机构都会协助投资者。',
    phone: '电话',
    email: '电子邮件',
    website: '网站',
    regulator: {
      name: '马来西亚证券委员会',
      text: '举报诈骗、无执照的投资招揽，以及对资本市场公司的投诉。',
    },
    scamLine: {
      name: '国家诈骗应对中心（NSRC）',
      text: '如果您已把钱转给诈骗者，请立即致电 NSRC 或您银行的诈骗热线，趁转账可能仍可拦截；然后报警。',
    },
    disputes: {
      name: '证券业纠纷调解中心（SIDREC）',
      text: '如果您与身为 SIDREC 会员的资本市场公司发生金钱纠纷，而该公司对您投诉的最终答复未能解决问题，可向其求助。',
    },
  },
};
