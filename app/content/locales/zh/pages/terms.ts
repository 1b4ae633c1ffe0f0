/**
 * The terms of use of the website and its general-information disclaimer, in
 * 简体中文, section for section the English (../../en/pages/terms.ts).
 */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { legalLastUpdated, type LegalSection } from '../../../legal';
import { RISK_WARNING } from '../figures';
import { SITE } from '../site';

const { legalName, legalIdentity } = BRAND;

export const COPY: PageCopies['terms'] = {
  meta: {
    title: `使用条款及免责声明 | ${BRAND.name}`,
    description: `${BRAND.name} 网站的使用条款：一般信息，并非个人建议；我们的服务提供地区；过往表现与风险。`,
  },
  eyebrow: '法律信息',
  title: '使用条款\u200B及免责声明',
  intro: `本网站由 ${legalName}（公司注册号 ${legalIdentity.registrationNumber}）运营。您一旦使用本网站，即表示您接受本条款。`,
  sections: [
    {
      heading: '一般信息，并非个人建议',
      body: [
        '本网站上的所有内容，均为有关本公司及我们服务的一般信息。这些内容并未考虑您的目标、财务状况或需要，也不构成针对您个人的财务、投资、税务或法律建议。',
        '本网站上的任何内容，均不构成买卖任何投资产品的要约或要约邀请。在根据本网站的任何内容采取行动之前，请先就您的个人情况咨询我们或其他持牌顾问。',
      ],
    },
    {
      heading: '我们的服务\u200B提供地区',
      body: [
        `我们在${SITE.brand.country}提供服务。${legalName} ${SITE.brand.licenceStatus}。`,
        '我们也为居住在其他国家的客户提供服务，但仅限于其所在国家的法律允许我们这样做的情况；我们在接受客户之前会先核实这一点。若在某个国家提供我们的服务属于违法行为，本网站并非以该国的任何人士为对象，也不构成在该国提供我们服务的要约。',
      ],
    },
    {
      heading: '数据、过往表现与风险',
      body: ['本网站上的每项数据，均注明其衡量的内容及所涵盖的期间。这些数据描述的是过去的情况。', [...RISK_WARNING.points]],
    },
    {
      heading: '准确性',
      body: ['我们尽力确保本网站的内容准确及时，但市场、法律和我们的服务都会有所变化。我们不保证在您阅读时，每一项内容都完整或最新。'],
    },
    {
      heading: '其他网站的链接',
      body: ['我们的客户登录门户、社交媒体页面及 WhatsApp 均在本网站以外开启，并适用其各自的条款和隐私政策。'],
    },
    {
      heading: '版权',
      body: [`本网站上的文字、图像及标志均属 ${legalName} 所有。您可打印或保存网页供个人使用，但未经我们书面许可，不得重新发布。`],
    },
    {
      heading: '责任',
      body: [
        '在法律允许的范围内，对于因依赖本网站上的一般信息而引起的任何损失，我们概不负责。本条款中的任何内容，均不限制您根据马来西亚法律所享有、且不能以协议加以限制的任何权利。',
      ],
    },
    {
      heading: '您的个人资料',
      body: ['有关我们如何处理您发送给我们的个人资料，请参阅我们的个人资料保护通知。'],
    },
    {
      heading: '管辖法律',
      body: ['本条款受马来西亚法律管辖，与本条款有关的任何争议均由马来西亚法院审理。'],
    },
    {
      heading: '条款的修改',
      body: ['我们可能会更新本条款。下方日期显示本条款最后一次修改的时间。'],
    },
  ] satisfies readonly LegalSection[],
  privacyLink: '阅读个人资料保护通知',
  updated: `最后更新：${legalLastUpdated('zh')}`,
};
