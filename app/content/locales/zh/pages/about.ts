/** The about page in 简体中文, key for key the English (../../en/pages/about.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';

export const COPY: PageCopies['about'] = {
  meta: {
    title: `关于我们 | ${BRAND.name}`,
    description: `${BRAND.name} 成立于 ${BRAND.foundedYear} 年，以可靠、透明和稳健的表现赢得全球客户的信赖。了解我们的使命、愿景和专业团队。`,
  },
  hero: {
    eyebrow: '关于我们',
    heading: `自 ${BRAND.foundedYear} 年起\u200B值得信赖的\u200B财富顾问`,
    paragraphs: [
      `${BRAND.name} 于 ${BRAND.foundedYear} 年在雪兰莪州蒲种成立，秉持一个简单的理念：投资建议应当清晰、诚实，并以客户为中心。`,
      '此后，我们不断成长，服务遍及全球的个人及企业投资者，并以可靠、透明和稳健的表现赢得了良好声誉。',
    ],
    imageAlt: `插图：一朵莲花沿着始于 ${BRAND.foundedYear} 年的成长时间轴逐步绽放`,
  },
  missionVision: {
    heading: '使命与愿景',
    mission: {
      title: '我们的使命',
      text: '无论客户的财富规模大小，都为其提供过去只有最大型投资者才能享有的研究、纪律与悉心关怀。',
    },
    vision: {
      title: '我们的愿景',
      text: '成为本区域最值得信赖的财富伙伴：一家客户乐于向家人和自己的企业推荐的公司。',
    },
  },
  team: {
    heading: '专业团队',
    lead: '每一个投资组合背后，都有经验丰富的专业人士。',
    members: [
      {
        role: '创办人兼董事经理',
        focus: '愿景与使命',
        description: `于 ${BRAND.foundedYear} 年创办 ${BRAND.name}，负责制定公司的发展方向和标准。`,
        initials: 'MD',
      },
      {
        role: '高级基金经理',
        focus: '投资组合管理',
        description: '拥有逾 30 年投资组合管理经验，历经各种市场周期。',
        initials: 'FM',
      },
      {
        role: '市场分析师',
        focus: '研究与分析',
        description: '将市场数据和研究转化为清晰的建议，供客户参考。',
        initials: 'MA',
      },
    ],
  },
};
