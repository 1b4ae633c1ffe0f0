/**
 * The privacy page in 简体中文: the notice in Chinese (a translation for
 * convenience), and the English version beside it, which prevails.
 */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { NOTICE as ENGLISH } from '../../en/privacy-notice';
import { NOTICE as CHINESE } from '../privacy-notice';

export const COPY: PageCopies['privacy'] = {
  meta: {
    title: `个人资料保护通知 | ${BRAND.name}`,
    description: `${BRAND.name} 如何收集、使用、分享及保存您通过联系表格发送的个人资料，以及您如何查阅或更正这些资料。提供中文及英文版本。`,
  },
  eyebrow: 'PDPA 2010',
  /** The versions in the order the page shows them: the page's language first. */
  versions: [CHINESE, ENGLISH],
  /** The link down to the second version, in that version's language. */
  jumpToSecond: 'Read in English',
};
