/** The home page in 简体中文, key for key the English (../../en/pages/home.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { AWARD } from '../../../award';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, METRICS, RESPONSE_PROMISE, RISK_WARNING } from '../figures';

export const COPY: PageCopies['home'] = {
  meta: {
    title: `${BRAND.name} | 专业投资与金融服务`,
    description: `${BRAND.name} 立足马来西亚蒲种，为世界各地的客户提供财富管理、财务咨询及资产管理服务。自 ${BRAND.foundedYear} 年以来，深受 ${METRICS[0]!.value} 名客户信赖。`,
  },
  carousel: {
    label: '精选亮点',
    /** Swiper fills in {{index}} and {{slidesLength}}. */
    slideLabel: '第 {{index}} 张，共 {{slidesLength}} 张',
    roleDescription: '轮播',
    previous: '上一张',
    next: '下一张',
    pause: '暂停播放',
    play: '继续播放',
    goTo: (index: number, title: string) => `前往第 ${index} 张：${title}`,
    /** In the order of slides.ts's images. */
    slides: [
      {
        alt: '插图：一条上升的路径穿过图表，通向一个指南针',
        title: '策略性投资规划',
        subtitle: '围绕您的目标、投资期限和风险承受能力，制定清晰的长期计划。',
      },
      {
        alt: '插图：资产配置环形图，旁边是一组保持平衡的积木',
        title: '卓越的投资组合管理',
        subtitle: '多元化投资组合、严谨的风险管理及定期再平衡。',
      },
      {
        alt: '插图：放大镜下的蜡烛图和折线图',
        title: '市场分析与研究',
        subtitle: '以涵盖股票、货币及大宗商品的深入研究作为决策依据。',
      },
      {
        alt: '插图：一面印有莲花的盾牌，四周环绕着层层防护',
        title: '财富保全策略',
        subtitle: '通过资产保护和遗产规划，守护您辛苦建立的财富。',
      },
      {
        alt: '插图：一位顾问与一位客户正在讨论一张图表和一份文件',
        title: '财务咨询',
        subtitle: `由经验丰富的顾问为您提供个人化建议，从一次 ${DISCOVERY_CALL}开始。`,
      },
    ],
  },
  hero: {
    eyebrow: `自 ${BRAND.foundedYear} 年以来深受 ${METRICS[0]!.value} 名客户信赖`,
    heading: '充满信心地增长、保障并传承\u200B您的财富',
    lead: '为马来西亚及世界各地的个人和企业投资者，提供财富管理、财务咨询及资产管理服务。',
    primary: '关于我们',
    secondary: '我们的服务',
  },
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  services: {
    heading: '我们如何助您投资',
    lead: '三大专业领域，一支团队，一套为您的财富而定的计划。',
    /** In the order of page-icons.ts's HOME_SERVICE_ICONS. */
    cards: [
      {
        title: '投资组合管理',
        description: '按照您的目标构建投资组合，并在市场变动时力求其不偏离方向。',
        features: ['多元化投资组合', '风险管理', '定期再平衡'],
      },
      {
        title: '投资策略',
        description: '以研究为依据的策略，而非追随新闻头条。',
        features: ['市场分析', '资产配置', '表现追踪'],
      },
      {
        title: '财富管理',
        description: '保障、增长并传承您所建立的一切。',
        features: ['资产保护', '税务优化', '遗产规划'],
      },
    ],
  },
  testimonials: {
    heading: '客户的评价',
    lead: '区域内的个人与企业，放心将未来托付给我们。',
    attribution: (role: string, company: string, location: string) => `${company} ${role} · ${location}`,
    /** How a rating is read out: "评分 5 分（满分 5 分）". */
    rating: (rating: number, max: number) => `评分 ${rating} 分（满分 ${max} 分）`,
    /** In the order of testimonials.ts's clients: their role, words and town. */
    items: [
      {
        role: '首席财务官',
        content: `${BRAND.name} 将我们公司的储备资金重新配置为一个平衡的投资组合，并清楚解释了每一个步骤。他们的季度检讨是我们见过最清晰的。`,
        location: '吉隆坡',
      },
      {
        role: '创办人',
        content: '他们协助我规划退休，以及家族企业的传承。我终于有了一套能同时兼顾两者的计划，也因此睡得更安稳。',
        location: '槟城',
      },
      {
        role: '区域总监',
        content: '我在新加坡工作，需要同时了解两地市场的顾问。这个团队反应迅速，收费透明，而且每项决定都解释得清清楚楚。',
        location: '新加坡',
      },
    ],
  },
  cta: {
    heading: '准备好开启\u200B您的财富之旅\u200B了吗？',
    lead: '与我们的顾问谈谈您的目标。您无须承担任何义务，也没有最低投资额要求。',
    button: '立即开始',
    benefits: [
      '免费首次咨询及投资组合检视',
      '个人化策略',
      '无最低投资额要求',
      '24/7 全天候监控',
      `一次 ${DISCOVERY_CALL}`,
      RESPONSE_PROMISE,
    ],
  },
  award: {
    title: '获奖财富咨询服务',
    description: `${BRAND.name} 荣幸获选为“${AWARD.year} 年度最佳财富咨询公司”（${AWARD.title}），以表彰我们卓越的客户服务。`,
    presentedBy: `该奖项由 ${AWARD.presenter} 在其 ${AWARD.ceremony} ${AWARD.year} 上颁发。`,
    imageAlt: '饰有星星和月桂花环的金色奖章',
    close: '关闭',
    closeLabel: '关闭获奖公告',
  },
};
