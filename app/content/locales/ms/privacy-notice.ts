/**
 * Notis Perlindungan Data Peribadi: the privacy notice in Bahasa Malaysia,
 * section for section the English one (../en/privacy-notice.ts). The field
 * names are the Malay form's own labels.
 */
import { messages } from '../../../../contract/messages/ms';
import { BRAND } from '../../brand';
import { formFieldLabels, legalLastUpdated, type NoticeVersion, type PrivacyContactBlock, RETENTION_DAYS } from '../../legal';

const { legalName } = BRAND;

const LAST_UPDATED = legalLastUpdated('ms');

/** The form's labels, as the Malay form shows them. */
const FIELDS = formFieldLabels(messages);

const PRIVACY_CONTACT: PrivacyContactBlock = {
  privacyContact: true,
  designation: 'Pegawai Perlindungan Data',
  email: 'E-mel',
  phone: 'Telefon',
  address: 'Alamat',
  comma: ', ',
  colon: ': ',
};

export const NOTICE: NoticeVersion = {
  lang: 'ms',
  languageName: 'Bahasa Malaysia',
  title: 'Notis Perlindungan Data Peribadi',
  intro: `Notis ini diberikan di bawah seksyen 7 Akta Perlindungan Data Peribadi 2010, sebagaimana yang dipinda oleh Akta Perlindungan Data Peribadi (Pindaan) 2024. Notis ini menerangkan cara ${legalName} ("kami") mengendalikan data peribadi yang anda berikan kepada kami melalui laman web ini.`,
  sections: [
    {
      heading: 'Data peribadi yang kami kumpulkan',
      body: [
        'Apabila anda menghantar borang hubungan kami, kami mengumpulkan:',
        [
          FIELDS.firstName,
          FIELDS.lastName,
          FIELDS.email,
          `${FIELDS.phone}, jika anda memberikannya`,
          `${FIELDS.message}, serta apa-apa butiran peribadi yang anda pilih untuk ditulis di dalamnya`,
          'bahasa halaman yang anda gunakan semasa menulis, supaya kami boleh membalas dalam bahasa itu.',
        ],
        'Kami juga merekodkan tarikh dan masa setiap pertanyaan diterima. Seperti semua laman web, pelayan kami menerima alamat IP peranti anda: kami menggunakannya hanya untuk mengehadkan bilangan mesej yang boleh dihantar dari satu alamat dan untuk menjaga keselamatan perkhidmatan kami, dan alamat itu tidak disimpan bersama pertanyaan anda.',
        'Dalam pelayar anda sendiri, di peranti anda, laman ini menyimpan pilihan kuki anda, pilihan bahasa anda, sama ada anda telah melihat pengumuman anugerah, mesej yang tidak dapat dihantar semasa anda berada di luar talian (sehingga ia dihantar), dan salinan halamannya supaya ia boleh dibuka di luar talian. Kami tidak menggunakan kuki penjejakan atau pengiklanan.',
      ],
    },
    {
      heading: 'Tujuan kami menggunakannya',
      body: [
        'Kami mengumpulkan dan memproses data peribadi anda bagi tujuan yang berikut:',
        [
          'membalas pertanyaan anda dan mengatur sesi perundingan yang anda minta;',
          'menyimpan rekod surat-menyurat kami dengan anda;',
          'melindungi laman web kami daripada spam dan penyalahgunaan;',
          'mematuhi kewajipan undang-undang dan kawal selia kami.',
        ],
        'Kami tidak menggunakannya untuk tujuan pemasaran melainkan anda bersetuju secara berasingan, dan kami tidak sekali-kali menjualnya.',
      ],
    },
    {
      heading: 'Sumber data',
      body: ['Kami memperoleh data ini terus daripada anda, apabila anda mengisi borang. Kami tidak memperolehnya daripada pihak lain.'],
    },
    {
      heading: 'Hak anda untuk mengakses dan membetulkan data',
      body: [
        'Anda berhak untuk:',
        [
          'meminta akses kepada data peribadi anda yang kami simpan, dan salinannya dalam format elektronik yang lazim digunakan;',
          'meminta kami membetulkan data yang tidak tepat, tidak lengkap, mengelirukan atau tidak terkini;',
          'menarik balik persetujuan anda, dan meminta kami berhenti memproses data anda atau memadamkannya.',
        ],
        'Kami akan membalas dalam tempoh 21 hari. Untuk sebarang permintaan, pertanyaan atau aduan tentang data peribadi anda, sila hubungi:',
        PRIVACY_CONTACT,
      ],
    },
    {
      heading: 'Pihak yang menerima data anda',
      body: [
        'Kami hanya mendedahkan data peribadi anda kepada golongan pihak ketiga berikut:',
        [
          'penyedia e-mel dan makluman kami, yang menyampaikan setiap pertanyaan baharu kepada kakitangan kami;',
          'penyedia pengehosan kami, yang mengendalikan pelayan kami dan menyimpan data;',
          `WhatsApp (Meta), apabila kami membalas anda di sana melalui ${FIELDS.phone} yang anda berikan;`,
          'penasihat profesional kami, seperti juruaudit dan peguam, yang terikat dengan kewajipan kerahsiaan;',
          'pihak berkuasa kawal selia, mahkamah dan agensi penguatkuasaan undang-undang, apabila dikehendaki oleh undang-undang.',
        ],
        'Sesetengah penyedia ini mungkin menyimpan data di luar Malaysia. Jika demikian, kami memastikan data anda dilindungi sebagaimana yang dikehendaki oleh Akta.',
      ],
    },
    {
      heading: 'Pilihan anda, dan cara mengehadkan pemprosesan data',
      body: [
        [
          `${FIELDS.phone} adalah pilihan: biarkan kosong jika anda mahu kami membalas melalui e-mel sahaja.`,
          'Tulis dalam mesej anda hanya perkara yang kami perlukan untuk membalas anda. Sila jangan sertakan nombor kad pengenalan, nombor akaun atau maklumat kesihatan.',
          'Anda boleh menghubungi kami melalui e-mel, telefon atau di pejabat kami tanpa menggunakan borang ini.',
          `Pada bila-bila masa, anda boleh meminta kami mengehadkan penggunaan data anda, berhenti menghubungi anda atau memadamkan pertanyaan anda, dengan menulis kepada ${PRIVACY_CONTACT.designation} kami.`,
          'Laman ini tidak menyimpan apa-apa yang tidak diperlukan dalam pelayar anda: sepanduk kuki merekodkan jawapan anda, dan semuanya berfungsi sama walau apa pun pilihan anda.',
        ],
      ],
    },
    {
      heading: 'Butiran yang wajib diberikan',
      body: [
        `${FIELDS.firstName}, ${FIELDS.lastName}, ${FIELDS.email} dan ${FIELDS.message} wajib diisi: tanpanya, borang tidak dapat dihantar dan kami tidak dapat membalas anda.`,
        `${FIELDS.phone} tidak wajib: tanpanya, kami membalas melalui e-mel sahaja.`,
      ],
    },
    {
      heading: 'Tempoh kami menyimpan data',
      body: [
        `Kami menyimpan setiap pertanyaan selama ${RETENTION_DAYS} hari dari tarikh ia diterima, dan kemudian memadamkannya secara automatik, bersama salinan yang diterima oleh kakitangan kami. Kami memadamkannya lebih awal jika anda memintanya, kecuali jika undang-undang menghendaki kami menyimpannya. Jika anda menjadi pelanggan kami, rekod akaun anda disimpan di bawah perjanjian pelanggan anda yang berasingan.`,
      ],
    },
    {
      heading: 'Bahasa',
      body: [
        'Notis ini diberikan dalam bahasa Inggeris dan Bahasa Malaysia. Sekiranya terdapat percanggahan antara kedua-dua versi, versi bahasa Inggeris hendaklah diguna pakai.',
      ],
    },
  ],
  updated: `Dikemas kini pada ${LAST_UPDATED}`,
};
