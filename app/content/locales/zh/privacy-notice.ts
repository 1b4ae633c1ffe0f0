/**
 * 个人资料保护通知: the privacy notice in 简体中文, section for section the
 * English one (../en/privacy-notice.ts). A translation for convenience: the
 * notice is given in English and Bahasa Malaysia, and the Chinese privacy page
 * shows the English version beside this one. The field names are the Chinese
 * form's own labels.
 */
import { messages } from '../../../../contract/messages/zh';
import { BRAND } from '../../brand';
import { formFieldLabels, legalLastUpdated, type NoticeVersion, type PrivacyContactBlock, RETENTION_DAYS } from '../../legal';

const { legalName } = BRAND;

const LAST_UPDATED = legalLastUpdated('zh');

/** The form's labels, as the Chinese form shows them. */
const FIELDS = formFieldLabels(messages);

const PRIVACY_CONTACT: PrivacyContactBlock = {
  privacyContact: true,
  designation: '资料保护官',
  email: '电子邮件',
  phone: '电话',
  address: '地址',
  comma: '，',
  colon: '：',
};

export const NOTICE: NoticeVersion = {
  lang: 'zh-Hans',
  languageName: '简体中文',
  title: '个人资料\u200B保护通知',
  intro: `本通知根据经《2024 年个人资料保护（修正）法令》修订的《2010 年个人资料保护法令》第 7 条发出，旨在说明 ${legalName}（“我们”）如何处理您通过本网站提供给我们的个人资料。`,
  sections: [
    {
      heading: '我们收集的个人资料',
      body: [
        '当您提交我们的联系表格时，我们会收集：',
        [
          FIELDS.firstName,
          FIELDS.lastName,
          FIELDS.email,
          `${FIELDS.phone}（如您提供）`,
          `${FIELDS.message}，以及您选择在其中填写的任何个人资料`,
          '您填写表格时所用页面的语言，以便我们以该语言回复。',
        ],
        '我们也会记录每项询问送达的日期和时间。与所有网站一样，我们的服务器会获知您设备的 IP 地址：我们仅将其用于限制同一地址可发送的信息数量，以及维护我们服务的安全，且不会将其与您的询问一并保存。',
        '本网站在您设备上的浏览器中保存：您的 Cookie 选择、语言选择、您是否已看过获奖公告、您离线时未能发送的信息（直至发送成功），以及网站页面的副本，以便离线打开。我们不使用任何追踪或广告 Cookie。',
      ],
    },
    {
      heading: '我们使用资料的目的',
      body: [
        '我们为以下目的收集及处理您的个人资料：',
        [
          '回复您的询问，并安排您所要求的咨询；',
          '保存我们与您往来通信的记录；',
          '保护我们的网站免受垃圾信息和滥用行为的侵害；',
          '履行我们的法律及监管义务。',
        ],
        '除非您另行同意，否则我们不会将其用于营销用途，也绝不会出售您的资料。',
      ],
    },
    {
      heading: '资料来源',
      body: ['我们在您填写表格时直接向您收集这些资料，不会从任何其他人处获取。'],
    },
    {
      heading: '您查阅及\u200B更正资料的权利',
      body: [
        '您有权：',
        [
          '要求查阅我们所持有的您的个人资料，并要求以常用的电子格式提供副本；',
          '要求我们更正不准确、不完整、具误导性或已过时的资料；',
          '撤回您的同意，并要求我们停止处理或删除您的资料。',
        ],
        '我们将在 21 天内回复。如您对个人资料有任何请求、疑问或投诉，请联系：',
        PRIVACY_CONTACT,
      ],
    },
    {
      heading: '我们与谁分享资料',
      body: [
        '我们仅向以下类别的第三方披露您的个人资料：',
        [
          '我们的电子邮件及提醒服务供应商，负责将每项新询问传送给我们的员工；',
          '我们的托管服务供应商，负责运行我们的服务器并储存资料；',
          `WhatsApp（Meta），当我们通过您提供的${FIELDS.phone}回复您时；`,
          '我们的专业顾问，例如审计师和律师，他们均负有保密义务；',
          '在法律要求时，监管机构、法院及执法机构。',
        ],
        '其中部分供应商可能会在马来西亚境外储存资料。在此情况下，我们会确保您的资料按照该法令的要求受到保护。',
      ],
    },
    {
      heading: '您的选择，以及如何\u200B限制我们\u200B使用您的资料',
      body: [
        [
          `${FIELDS.phone}为选填项：如您希望我们只通过电子邮件回复，可不填写此项。`,
          '请在留言中只写下我们回复您所需的内容。请勿填写身份证号码、账户号码或健康资料。',
          '您也可以通过电子邮件、电话或亲临我们的办公室与我们联系，而无需使用表格。',
          `您可随时致函我们的${PRIVACY_CONTACT.designation}，要求我们限制使用您的资料、停止与您联系，或删除您的询问。`,
          '本网站不会在您的浏览器中保存任何非必要的内容：Cookie 横幅只记录您的回答，无论您如何选择，网站功能均相同。',
        ],
      ],
    },
    {
      heading: '哪些资料为必填',
      body: [
        `${FIELDS.firstName}、${FIELDS.lastName}、${FIELDS.email}和${FIELDS.message}为必填项：缺少这些资料，表格将无法发送，我们也无法回复您。`,
        `${FIELDS.phone}为选填项：如未填写，我们将只通过电子邮件回复您。`,
      ],
    },
    {
      heading: '我们保存资料的期限',
      body: [
        `我们会将每项询问自送达之日起保存 ${RETENTION_DAYS} 天，之后连同我们员工收到的副本一并自动删除。如您提出要求，我们会提前删除，除非法律要求我们予以保存。如您成为我们的客户，您的账户记录将根据您另行签订的客户协议予以保存。`,
      ],
    },
    {
      heading: '语言',
      body: ['本中文译本仅为方便阅读而提供。本通知以英文及马来文（Bahasa Malaysia）发出；如各版本之间存在任何差异，概以英文版本为准。'],
    },
  ],
  updated: `最后更新：${LAST_UPDATED}`,
};
