/** The portfolio page in 简体中文, key for key the English (../../en/pages/portfolio.ts). */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { FIGURES, METRICS, RISK_WARNING } from '../figures';
import { SITE } from '../site';

export const COPY: PageCopies['portfolio'] = {
  meta: {
    title: `业绩记录与投资组合 | ${BRAND.name}`,
    description: `我们自 ${BRAND.foundedYear} 年以来的业绩记录：${FIGURES.clients.value} 名活跃客户，横跨八大资产类别的 ${FIGURES.projects.value} 个项目，并说明每项数据的衡量方式及投资风险。`,
  },
  hero: {
    eyebrow: '业绩记录',
    heading: '业绩记录\u200B与投资组合',
    lead: '跨越不同市场与资产类别，我们引以为傲的成果。',
    imageAlt: '插图：一份报告，上有代表八大资产类别的八根柱形，旁边是一张分散投资组合的饼图和一个地球仪',
  },
  overviewHeading: '表现概览',
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  assetsHeading: '我们投资的\u200B资产类别',
  /** In the order of page-icons.ts's ASSET_CLASS_ICONS. */
  assetClasses: ['股票', '指数', '共同基金', '私募股权', '货币', '大宗商品', '加密货币', '新兴企业'],
  reportsHeading: '成功报告',
  /** In the order of page-icons.ts's REPORT_ICONS. */
  reports: [
    {
      title: '风险管理',
      description: '每个投资组合都经过压力测试并定期再平衡，力求不让单一事件决定成败。',
    },
    {
      title: '增长策略',
      description: '以长期增长为目标，每季度对照您的目标检视策略；增长并无保证。',
    },
    {
      title: '目标达成',
      description: '我们在起步时与您共同设定目标，并每年与您一起检视，以您真正重视的事来衡量进展。',
    },
  ],
  importantInformation: {
    heading: '重要信息',
    basis: {
      heading: '各项数据的\u200B衡量方式',
      figures: METRICS,
      caveat: '您本身的回报取决于您的投资时机、所持资产、所付费用以及您使用的货币。',
    },
    risks: {
      heading: '风险',
      points: [
        ...RISK_WARNING.points,
        '本页所列的部分资产类别，例如加密货币、新兴企业和私募股权，属于高风险投资：其价格可能大幅波动、可能难以出售，您也可能损失投入其中的全部资金。',
        '以外币持有的投资，其价值也会随汇率升跌。',
      ],
    },
    general: {
      heading: '一般信息，并非个人建议',
      paragraphs: [
        '本页内容是有关本公司及其业绩记录的一般信息，并不构成买卖任何投资产品的要约或招揽，也不构成针对您个人情况的建议。',
        '在您投资之前，我们会评估您的投资目标、财务状况和风险承受能力，并向您说明我们所推荐产品的费用和风险。',
        `${BRAND.legalName} ${SITE.brand.licenceStatus}。`,
      ],
      termsLink: '使用条款及免责声明',
    },
  },
  cta: {
    heading: '与我们一同\u200B缔造成功故事',
    lead: `成为将财富托付给我们的 ${FIGURES.clients.value} 名客户之一。`,
    button: '联系我们',
  },
};
