/** The figures' labels and bases in Malay, and the risk warning that stands beside them (home, portfolio, terms). */
import { BRAND } from '../../brand';
import { DISCOVERY_CALL_MINUTES, FIGURE_VALUES, FIGURES_PERIOD, RESPONSE_HOURS } from '../../figures';
import { dayName, OFFICE_HOURS } from '../../office-hours';
import type { Translation } from '../../../i18n/translation';
import type * as EN from '../en/figures';

export const FIGURES: Translation<typeof EN.FIGURES> = {
  clients: {
    value: FIGURE_VALUES.clients,
    label: 'Pelanggan Aktif',
    basis: `Pelanggan yang mempunyai akaun yang masih dibuka pada 31 Dis ${FIGURES_PERIOD.lastYear}`,
  },
  successRate: {
    value: FIGURE_VALUES.successRate,
    label: 'Kadar Kejayaan',
    basis: `Pelanggan yang memberi kami penilaian 4 atau 5 daripada 5 dalam tinjauan kepuasan tahunan kami, ${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear}: kepuasan, bukan hasil pelaburan`,
  },
  averageReturns: {
    value: FIGURE_VALUES.averageReturns,
    label: 'Purata Pulangan',
    basis: `Purata pulangan tahunan portfolio pertumbuhan model kami selepas yuran, ${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear}: model yang tidak dipegang oleh mana-mana pelanggan sepanjang tempoh itu; hasil pelanggan sendiri berbeza dan mungkin lebih rendah`,
  },
  projects: {
    value: FIGURE_VALUES.projects,
    label: 'Jumlah Projek',
    basis: `Mandat korporat yang telah diselesaikan, ${BRAND.foundedYear}–${FIGURES_PERIOD.lastYear}`,
  },
};

export const METRICS: Translation<typeof EN.METRICS> = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects];

/** What stands beside any figure about performance, on the home hero and the portfolio page. */
export const RISK_WARNING: Translation<typeof EN.RISK_WARNING> = {
  heading: 'Pelaburan Melibatkan Risiko',
  points: [
    'Prestasi lalu tidak semestinya menjadi petunjuk prestasi pada masa hadapan.',
    'Nilai pelaburan boleh turun dan naik, dan anda mungkin menerima kembali jumlah yang kurang daripada yang anda laburkan.',
    'Pulangan tidak dijamin.',
  ],
};

export const RESPONSE_PROMISE: Translation<typeof EN.RESPONSE_PROMISE> = `Balasan dalam tempoh ${RESPONSE_HOURS} jam`;
export const DISCOVERY_CALL: Translation<typeof EN.DISCOVERY_CALL> = `panggilan perkenalan ${DISCOVERY_CALL_MINUTES} minit`;

const DAYS = ['Isnin', 'Selasa', 'Rabu', 'Khamis', 'Jumaat', 'Sabtu', 'Ahad'];
function clock(hour: number): string {
  if (hour < 12) return `${hour} pagi`;
  if (hour < 14) return `${hour % 12 || 12} tengah hari`;
  return hour < 19 ? `${hour - 12} petang` : `${hour - 12} malam`;
}
/** 'Isnin - Jumaat: 9 pagi - 6 petang' */
export const OFFICE_HOURS_LINE: Translation<typeof EN.OFFICE_HOURS_LINE> =
  `${dayName(DAYS, OFFICE_HOURS.firstDay)} - ${dayName(DAYS, OFFICE_HOURS.lastDay)}: ${clock(OFFICE_HOURS.opens)} - ${clock(OFFICE_HOURS.closes)}`;
