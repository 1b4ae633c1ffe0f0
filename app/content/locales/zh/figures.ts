/** The figures' labels and bases, and the risk warning that stands beside them (home, portfolio, terms), in 简体中文. */
import type { Translation } from '../../../i18n/translation';
import { BRAND } from '../../brand';
import { DISCOVERY_CALL_MINUTES, FIGURE_VALUES, FIGURES_PERIOD, RESPONSE_HOURS } from '../../figures';
import { dayName, OFFICE_HOURS } from '../../office-hours';
import type * as EN from '../en/figures';

export const FIGURES: Translation<typeof EN.FIGURES> = {
  clients: { value: FIGURE_VALUES.clients, label: '活跃客户', basis: `截至 ${FIGURES_PERIOD.lastYear} 年 12 月 31 日持有有效账户的客户` },
  successRate: {
    value: FIGURE_VALUES.successRate,
    label: '成功率',
    basis: `在 ${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear} 年的年度客户满意度调查中，给予我们 4 分或 5 分（满分 5 分）的客户比例：衡量满意度，而非投资结果`,
  },
  averageReturns: {
    value: FIGURE_VALUES.averageReturns,
    label: '平均回报',
    basis: `${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear} 年我们的增长型模型投资组合扣除费用后的平均年回报：这是一个模型组合，没有任何客户在整个期间内一直持有；客户的实际回报各有不同，并可能更低`,
  },
  projects: {
    value: FIGURE_VALUES.projects,
    label: '项目总数',
    basis: `${BRAND.foundedYear}–${FIGURES_PERIOD.lastYear} 年完成的企业委托项目`,
  },
};

export const METRICS: Translation<typeof EN.METRICS> = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects];

/** What stands beside any figure about performance, on the home hero and the portfolio page. */
export const RISK_WARNING: Translation<typeof EN.RISK_WARNING> = {
  heading: '投资涉及风险',
  points: ['过往表现并不代表未来表现。', '投资价值可升亦可跌，您取回的金额可能少于您的投资本金。', '回报并无保证。'],
};

export const RESPONSE_PROMISE: Translation<typeof EN.RESPONSE_PROMISE> = `${RESPONSE_HOURS} 小时内回复`;
export const DISCOVERY_CALL: Translation<typeof EN.DISCOVERY_CALL> = `${DISCOVERY_CALL_MINUTES} 分钟初次咨询通话`;

const DAYS = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];
const clock = (hour: number) => (hour < 12 ? `上午 ${hour} 时` : `下午 ${hour % 12 || 12} 时`);
/** '星期一至星期五：上午 9 时至下午 6 时' */
export const OFFICE_HOURS_LINE: Translation<typeof EN.OFFICE_HOURS_LINE> =
  `${dayName(DAYS, OFFICE_HOURS.firstDay)}至${dayName(DAYS, OFFICE_HOURS.lastDay)}：${clock(OFFICE_HOURS.opens)}至${clock(OFFICE_HOURS.closes)}`;
