/**
 * 简体中文 (as written in Malaysia): what every page shows around its content,
 * key for key the English site copy (../en/site.ts). Formal, addressing the
 * visitor as 您. Facts (names, numbers, addresses) come from brand.ts, never
 * retyped here.
 */
import type { SiteCopy } from '../../../i18n/active-locale';
import { BRAND } from '../../brand';

export const SITE: SiteCopy = {
  brand: {
    tagline: '财富管理与财务咨询',
    blurb: `${BRAND.name} 是一家马来西亚财富管理与财务咨询公司。自 ${BRAND.foundedYear} 年以来，我们一直协助世界各地的个人及企业投资者增长、保障并传承他们的财富。`,
    /** No closing 。: the footer adds its own full stop after it; the portfolio page and the terms add 。. */
    licenceStatus: `持有马来西亚证券委员会颁发的资本市场服务执照（基金管理及投资咨询），执照编号 ${BRAND.legalIdentity.licenceNumber}`,
    country: '马来西亚',
  },
  skipLink: '跳至主要内容',
  nav: {
    label: '主导航',
    home: '首页',
    about: '关于我们',
    services: '服务项目',
    portfolio: '业绩记录',
    contact: '联系我们',
  },
  login: { label: '登录', newTab: '（在新标签页中打开）' },
  menu: { open: '打开菜单', close: '关闭菜单', title: '菜单', description: '网站导航' },
  language: {
    label: '语言',
    /** Offered on a page in another language to a visitor whose browser prefers Chinese. */
    /** The offer's close button, on a Chinese page beside another language's offer. */
    dismiss: '继续使用中文',
  },
  footer: {
    label: '页脚',
    quickLinksHeading: '快速链接',
    legalHeading: '法律信息',
    contactHeading: '联系我们',
    followHeading: '关注我们',
    identity: (registration: string, licence: string) => `（公司注册号：${registration}）。${licence}。`,
    sampleNote: '以上公司资料仅为示例，仅供演示之用。',
    socialLink: (network: string) => `${BRAND.name} 的 ${network} 页面（在新标签页中打开）`,
    rights: `© ${BRAND.copyrightYear} ${BRAND.name} 版权所有。`,
  },
  legalLinks: { privacy: '隐私通知', terms: '使用条款' },
  verify: { question: `这真的是 ${BRAND.name} 吗？`, link: '如何辨认我们并核实我们的执照' },
  cookieBanner: {
    label: 'Cookie 同意',
    heading: '我们重视您的隐私',
    text: '本网站不使用任何追踪或广告 Cookie。您的浏览器只保存网站运作所需的内容：您在此的选择（例如语言），以及等待发送的信息。',
    link: '阅读我们的隐私通知',
    accept: '全部接受',
    decline: '拒绝',
    closeTooltip: '关闭',
    close: '关闭 Cookie 横幅',
  },
  whatsapp: {
    greeting: `您好，${BRAND.name}！我想进一步了解贵公司的财富规划、投资组合管理及财务增长策略。我的名字是[您的姓名]。`,
    open: '通过 WhatsApp 与我们聊天（在新标签页中打开）',
    hide: '隐藏 WhatsApp 按钮',
  },
  notifications: { region: '通知 ({hotkey})', label: '通知', close: '关闭通知' },
  loading: {
    label: '加载中',
    progress: '加载中... {progress}%',
  },
  notFound: {
    title: `404 页面未找到 | ${BRAND.name}`,
    description: '您要查找的页面不存在。',
    heading: '404 页面未找到',
    text: '您是否忘了把这个页面加入路由？',
    homeLink: '返回首页',
  },
  shareImageAlt: `${BRAND.name}：财富管理与财务咨询`,
};
