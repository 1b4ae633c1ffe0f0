/** The services page in 简体中文, key for key the English (../../en/pages/services.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';

export const COPY: PageCopies['services'] = {
  meta: {
    title: `我们的服务 | ${BRAND.name}`,
    description: '财富管理、财务咨询及资产管理：涵盖股票、基金、货币等投资，以及个人化规划、税务优化和遗产规划。',
  },
  hero: {
    eyebrow: '我们的服务',
    heading: '您的财富所需，尽在一处',
    lead: '从日常的投资组合决策，到规划您留给后人的传承，我们的各项服务相辅相成。',
    imageAlt: '插图：三张卡片，分别是投资组合图表、已勾选的计划和一面盾牌，位于一朵盛开的莲花之上',
  },
  /** Names the highlight cards' section for screen readers' outline. */
  highlightsHeading: '服务亮点',
  /** In the order of page-icons.ts's SERVICE_HIGHLIGHT_ICONS. */
  highlights: [
    {
      title: '全球业务',
      description: '把握马来西亚、本区域及全球市场的投资机会。',
    },
    {
      title: '业务增长',
      description: '资本策略助您的企业与财富同步增长。',
    },
    {
      title: '成功报告',
      description: '清晰、定期的报告，如实呈现您投资组合的表现。',
    },
    {
      title: '商业构想',
      description: '经过研究的全新构想，让您的资本发挥效用。',
    },
  ],
  blocksHeading: '我们的核心服务',
  /** In the order of page-icons.ts's SERVICE_BLOCK_ICONS. */
  blocks: [
    {
      title: '财富管理',
      description: '广泛的市场渠道，在我们涵盖的每一个资产类别中严谨管理。',
      features: ['股票', '指数', '共同基金', '私募股权基金', '新兴企业', '货币', '大宗商品', '加密货币'],
    },
    {
      title: '财务咨询',
      description: '根据您的生活、企业和时间规划量身定制的建议。',
      features: ['个人化规划', '策略制定', '税务优化', '退休规划'],
    },
    {
      title: '资产管理',
      description: '规划如何守护您所建立的一切，以及如何将其传承给您所选择的人。',
      features: ['资产保护', '遗产规划', '风险管理', '传承规划'],
    },
  ],
  cta: {
    heading: '不知从何开始？',
    lead: '告诉我们您的目标，我们将免费为您建议合适的服务组合。',
    button: '联系我们',
  },
};
