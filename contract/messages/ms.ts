/**
 * Bahasa Malaysia: the catalogue of contract/messages/en.ts, key for key and
 * placeholder for placeholder (checked by the typecheck and by
 * contract/messages.test.ts). Formal and polite, addressing the visitor as
 * "anda". Malay has no plural forms: plurals use `other` alone.
 */
import type { Catalogue } from '../i18n';

export const messages: Catalogue = {
  'form.heading': 'Mulakan Hari Ini',
  'form.lead': 'Ruangan bertanda * wajib diisi.',
  'form.submit': 'Hantar Mesej',
  'form.pending': 'Sedang dihantar...',
  'form.honeypot': 'Laman web',
  'form.consent.before': 'Dengan menghantar borang ini, anda mengesahkan bahawa anda telah membaca ',
  'form.consent.link': 'Notis Perlindungan Data Peribadi',
  'form.consent.after': ' kami.',
  'form.consent.newTab': '(dibuka dalam tab baharu)',

  'field.firstName.label': 'Nama Pertama',
  'field.firstName.placeholder': 'Ahmad',
  'field.firstName.name': 'Nama pertama',
  'field.firstName.missing': 'Sila masukkan nama pertama anda',
  'field.lastName.label': 'Nama Akhir',
  'field.lastName.placeholder': 'Ismail',
  'field.lastName.name': 'Nama akhir',
  'field.lastName.missing': 'Sila masukkan nama akhir anda',
  'field.email.label': 'Alamat E-mel',
  'field.email.placeholder': 'anda@example.com',
  'field.email.name': 'Alamat e-mel',
  'field.email.missing': 'Sila masukkan alamat e-mel anda',
  'field.email.invalid': 'Sila masukkan alamat e-mel yang sah',
  'field.phone.label': 'Nombor WhatsApp',
  'field.phone.placeholder': '+60 12-345 6789',
  'field.phone.name': 'Nombor WhatsApp',
  'field.phone.invalid': 'Sila masukkan nombor WhatsApp yang sah: {min} hingga {max} digit, ruang atau + - ( )',
  'field.service.name': 'Perkhidmatan',
  'field.message.label': 'Mesej',
  'field.message.placeholder': 'Ceritakan matlamat anda & bagaimana kami boleh membantu...',
  'field.message.name': 'Mesej',
  'field.message.missing': 'Sila masukkan mesej anda',
  'field.website.name': 'Laman web',

  'problem.notText': '{field} mestilah dalam bentuk teks',
  'problem.tooLong': '{field} tidak boleh melebihi {max} aksara',
  'problem.forbiddenCharacters':
    '{field} mengandungi aksara yang tidak dibenarkan, seperti =? atau aksara kawalan dan arah teks yang tidak kelihatan',
  'problem.unknownFields': 'Pertanyaan ini mempunyai {count, plural, other {# ruangan yang tidak dikenali}}',
  'problem.notObject': 'Pertanyaan mestilah objek JSON',
  'problem.invalid': 'Pertanyaan ini tidak sah.',
  'problem.locale': 'Bahasa mestilah salah satu bahasa laman web ini',
  'problem.end': '.',

  'notice.sent.title': 'Mesej Dihantar!',
  'notice.sent.fallback': 'Terima kasih atas mesej anda! Kami akan menghubungi anda secepat mungkin.',
  'notice.error.title': 'Ralat',
  'notice.error.fallback': 'Mesej gagal dihantar. Sila cuba lagi.',
  'notice.offline.title': 'Anda di luar talian, mesej telah disimpan',
  'notice.offline.description': 'Kami akan menghantarnya secara automatik sebaik sahaja anda kembali dalam talian.',
  'notice.update.title': 'Versi baharu laman web ini telah tersedia',
  'notice.update.description':
    'Muat semula untuk mula menggunakannya. Apa-apa yang sedang anda taip akan kekal sehingga anda memilih untuk memuat semula.',
  'notice.update.action': 'Muat semula',
  'notice.update.actionAltText': 'Muat semula halaman untuk menggunakan versi baharu',
  'outbox.waiting':
    '{count, plural, other {# mesej sedang menunggu untuk dihantar. Mesej akan dihantar secara automatik sebaik sahaja sambungan membenarkan: anda tidak perlu menghantarnya semula.}}',

  'service.thankYou': 'Terima kasih, {firstName}! Kami akan menghubungi anda dalam tempoh {hours} jam.',
  'service.notJson': 'Sila hantar pertanyaan dalam format JSON (Content-Type: application/json).',
  'service.empty': 'Pertanyaan ini kosong.',
  'service.tooLarge': 'Pertanyaan ini terlalu besar: hadnya ialah {limitKb} KB.',
  'service.encoding': 'Kandungan permintaan ini menggunakan pengekodan yang tidak diterima oleh perkhidmatan kami.',
  'service.forbiddenField': 'Pertanyaan ini mengandungi nama ruangan yang tidak dibenarkan.',
  'service.badJson': 'Pertanyaan ini bukan JSON yang sah.',
  'service.unreadable': 'Pertanyaan ini tidak dapat dibaca. Sila hantar semula.',
  'service.idempotencyKey': 'Pengepala {header} mestilah UUID rawak (versi 4).',
  'service.idempotencyReused': '{header} ini telah digunakan untuk pertanyaan yang lain.',
  'service.notSaved': 'Mesej anda tidak dapat disimpan buat masa ini. Sila cuba lagi kemudian.',
  'service.rateLimited': 'Terlalu banyak mesej daripada alamat ini. Sila cuba lagi dalam seminit.',
  'service.fault': 'Berlaku masalah di pihak kami. Sila cuba lagi kemudian.',
  'service.updating': 'Laman web ini sedang dikemas kini. Sila cuba lagi dalam seminit.',
  'service.badAddress': 'Alamat ini tidak sah.',
  'service.noEndpoint': 'Tiada titik akhir API di alamat ini.',
  'service.onlyPost': 'Alamat ini hanya menerima POST.',
  'service.onlyGet': 'Alamat ini hanya menjawab GET dan HEAD.',
  'service.healthToken': 'Butiran kesihatan memerlukan token kesihatan: hantarkannya sebagai Authorization: Bearer TOKEN.',
  'service.healthLoopbackOnly': 'Butiran kesihatan hanya diberikan kepada mesin tempat perkhidmatan ini berjalan.',
  'service.requestTimeout': 'Permintaan mengambil masa terlalu lama untuk tiba. Sila hantar sekali lagi.',
  'service.addressTooLong': 'Alamat ini terlalu panjang.',

  'formPage.home': 'Kembali ke laman utama',
  'formPage.another': 'Hantar mesej lain',
  'formPage.notSent': 'Mesej anda tidak dihantar',
  'formPage.title': '{error}: {notSent}',
  'formPage.checkFields': 'Sila betulkan ruangan di bawah, kemudian hantar mesej anda semula.',

  'formPage.thanks': 'Terima kasih atas mesej anda! Kami akan menghubungi anda dalam tempoh {hours} jam.',
  'service.crossSite': 'Mesej hanya diterima daripada halaman hubungi laman web ini sendiri.',
};
