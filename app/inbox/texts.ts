/**
 * Every English word of the staff inbox, in one catalogue. The inbox is in
 * English only, so it is kept the way the site's copy is (a typed module,
 * app/content/locales/en/site.ts), not in Lingui's ICU catalogues, which
 * serve the visitor's form in three languages: a text that takes a figure is
 * a function of it. Labels fixed by the product decisions are marked so.
 */
import { HOLD_REASON_TEXT } from '../../contract/hold-reasons';
import { BRAND } from '../content/brand';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

export const TEXTS = {
  appName: `${BRAND.name} inbox`,
  /** The document title of a page: "Enquiries – Teratai Wealth inbox". */
  title: (page: string) => `${page} – ${BRAND.name} inbox`,
  skipLink: 'Skip to main content',
  loading: 'Loading…',
  unreachable: 'The inbox cannot reach the service. Check the connection and try again.',
  retry: 'Try again',
  failed: (reason: string) => `That did not work: ${reason}`,
  wrongPassword: 'That password is not right.',
  notGiven: 'Not given',
  newTab: '(opens in a new tab)',

  signIn: {
    heading: 'Sign in to the inbox',
    /** Fixed by the product decisions. */
    username: 'Username',
    password: 'Password',
    code: 'Authentication code',
    codeHint:
      'The six-digit code from your authenticator app, or one of your recovery codes. The first time you sign in, enter the enrolment code (like ABCD-EFGH-JKMN) that whoever made your account gave you with your password; it works for 7 days, then ask them for a new one.',
    submit: 'Sign in',
    pending: 'Signing in…',
    ended: 'Your session has ended. Sign in again to carry on where you were: if you were writing a note, it is still there.',
    wrong: 'Wrong username, password or code.',
    tooMany: (seconds: number | null) =>
      seconds === null
        ? 'Too many attempts. Please wait a while and try again.'
        : `Too many attempts. Please wait ${formatWait(seconds)} and try again.`,
  },

  enrol: {
    heading: 'Set up your authentication code',
    lead: 'Each sign-in asks for a six-digit code from an authenticator app on your phone. Set it up once, now.',
    scanHeading: '1. Add the inbox to your authenticator app',
    scan: 'Scan this QR code with the app, or type in the setup key below.',
    qrAlt: (username: string) =>
      `QR code that adds ${username}'s inbox account to an authenticator app; the setup key below holds the same`,
    /** Fixed by the product decisions. */
    setupKey: 'Setup key',
    confirmHeading: '2. Confirm with a code',
    code: 'Authentication code',
    codeHint: 'The six-digit code the app shows for this account now.',
    submit: 'Confirm',
    pending: 'Checking…',
    wrong: 'That code is not right. Check that your phone’s clock is correct, and try the newest code.',
    closed:
      'This account has an authentication app set up already, or its enrolment code has expired. Sign in again, or ask for a new enrolment code.',
  },

  recovery: {
    heading: 'Save your recovery codes',
    lead: 'If you lose your phone, each of these codes signs you in once in place of an authentication code. They are shown only now: print them or keep them in your password manager.',
    listLabel: 'Recovery codes',
    saved: 'I have saved them',
  },

  nav: {
    label: 'Inbox',
    enquiries: 'Enquiries',
    held: 'Held for review',
    requests: 'Personal-data requests',
    account: 'Your account',
    signedInAs: (username: string) => `Signed in as ${username}`,
    signOut: 'Sign out',
  },

  statuses: { new: 'New', 'new-reply': 'New reply', replied: 'Replied', closed: 'Closed' },
  languages: { en: 'English', ms: 'Malay', 'zh-Hans': 'Chinese' } as Record<string, string>,

  promise: {
    left: (duration: string) => `${duration} left`,
    overdue: 'Overdue',
    overdueBy: (duration: string) => `by ${duration}`,
    notDue: 'Answered',
  },

  list: {
    heading: 'Enquiries',
    overdue: (count: number) => `${plural(count, 'enquiry is', 'enquiries are')} still New past the 24-hour promise.`,
    noneOverdue: 'No enquiry is past the 24-hour promise.',
    filters: 'Find enquiries',
    search: 'Search',
    searchHint: 'Names, e-mail, phone and message.',
    status: 'Status',
    anyStatus: 'Any status',
    mine: 'Mine',
    mineHint: 'Only those assigned to me.',
    apply: 'Show',
    clear: 'Clear',
    count: (shown: number, total: number, first: number) =>
      total === 0
        ? 'No enquiries.'
        : `Showing ${first.toLocaleString('en-GB')}–${(first + shown - 1).toLocaleString('en-GB')} of ${plural(total, 'enquiry', 'enquiries')}.`,
    caption: (timeZone: string) => `Enquiries, newest first; times in ${timeZone}`,
    columns: {
      name: 'Name',
      email: 'E-mail',
      received: 'Received',
      language: 'Language',
      status: 'Status',
      assignee: 'Assignee',
      promise: '24-hour promise',
    },
    nobody: 'Nobody',
    pages: 'Pages of the list',
    next: 'Next page',
    first: 'First page',
  },

  enquiry: {
    heading: (reference: string) => `Enquiry ${reference}`,
    notFound: 'There is no such enquiry. It may have been deleted.',
    back: 'All enquiries',
    detailsHeading: 'Details',
    fields: {
      reference: 'Reference',
      name: 'Name',
      email: 'E-mail',
      phone: 'WhatsApp number',
      service: 'Service',
      language: 'Language',
      received: 'Received',
      promise: '24-hour promise',
      message: 'Message',
    },
    timesIn: (timeZone: string) => `Times are in ${timeZone}.`,
    replyHeading: 'Reply',
    /** Fixed by the product decisions. */
    replyByEmail: 'Reply by e-mail',
    replyOnWhatsApp: 'Reply on WhatsApp',
    replySubject: (reference: string) => `Your enquiry to ${BRAND.name} (${reference})`,
    /** The WhatsApp chat's first words: the reference, so the conversation names its enquiry. */
    whatsAppText: (reference: string) => `Re: Your enquiry ${reference}`,
    replyNotConfigured:
      'Replies from the inbox are off (set REPLY_EMAIL_FROM or ACK_EMAIL_FROM with SMTP_URL): this opens your own mail program.',
    composer: {
      label: 'Your reply (plain text)',
      hint: (language: string) =>
        `Written in ${language}, the enquiry's language. The reference and a check code the visitor can verify are added at the end.`,
      /** Fixed by the product decisions. */
      send: 'Send reply',
      pending: 'Queuing…',
      cancel: 'Cancel',
      queued: 'Reply queued: the thread below shows when it is sent.',
    },
    threadHeading: 'Conversation',
    threadKinds: {
      enquiry: 'Enquiry',
      acknowledgement: 'Acknowledgement (automatic)',
      reply: 'Reply by e-mail',
      answer: 'Answer by e-mail',
      whatsapp: 'Handed over to WhatsApp',
    } as Record<string, string>,
    threadBy: (who: string) => `by ${who}`,
    threadFrom: (who: string) => `from ${who}`,
    otherAddress: 'From another address than the enquiry’s',
    quoted: 'Quoted earlier messages',
    attachments: 'Attachments (listed, not kept)',
    attachment: (name: string, size: number) => `${name} (${size.toLocaleString('en-GB')} bytes)`,
    /** Where a reply by e-mail stands. */
    delivery: { sending: 'Sending', sent: 'Sent', retrying: 'Failed, will retry', failed: 'Failed' } as Record<string, string>,
    handlingHeading: 'Status and assignee',
    status: 'Status',
    assignee: 'Assignee',
    nobody: 'Nobody',
    save: 'Save',
    saved: 'Saved.',
    notesHeading: 'Internal notes',
    notesLead: 'Only staff see these.',
    noNotes: 'No notes yet.',
    note: 'New note',
    addNote: 'Add note',
    noteAdded: 'Note added.',
    noteBy: (author: string, at: string) => `${author}, ${at}`,
    alertsHeading: 'Alerts',
    noAlerts: 'No alert was sent for this enquiry: alerts were off when it arrived.',
    channels: { email: 'E-mail', webhook: 'Webhook' } as Record<string, string>,
    kinds: { enquiry: 'New-enquiry alert', reminder: 'Reminder', acknowledgement: 'Acknowledgement', reply: 'Reply' } as Record<
      string,
      string
    >,
    alertStatuses: { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Failed' } as Record<string, string>,
    attempts: (count: number) => plural(count, 'attempt', 'attempts'),
    queuedAt: 'Queued',
    lastAttemptAt: 'Last attempt',
    sentAt: 'Sent',
    nextAttemptAt: 'Next attempt',
    lastError: 'Answer',
    historyHeading: 'History',
    noHistory: 'Nothing recorded yet.',
    /** The audit log's actions, as a line of the enquiry's history says them after who did it. */
    actions: {
      view: 'opened it',
      status: 'changed the status',
      assignee: 'assigned it',
      note: 'added a note',
      reply: 'wrote a reply',
      'reply-sent': 'sent a reply',
      whatsapp: 'handed it over to WhatsApp',
      release: 'released it from review',
      export: 'exported it',
      delete: 'deleted it',
    } as Record<string, string>,
    system: 'The service',
  },

  held: {
    heading: 'Held for review',
    lead: 'What the spam rules held back; nobody was alerted about these. "Not spam" makes one an enquiry and sends its alerts then. Held messages are deleted after 30 days.',
    none: 'Nothing is held for review.',
    reasons: HOLD_REASON_TEXT as Record<string, string>,
    received: 'Received',
    email: 'E-mail',
    reason: 'Why it was held',
    message: 'Message, start',
    release: 'Not spam',
    releaseOf: (name: string) => `Not spam: ${name}`,
    released: (reference: string) => `Released: it is now enquiry ${reference}.`,
    open: (reference: string) => `Open ${reference}`,
  },

  requests: {
    heading: 'Personal-data requests',
    lead: 'Find everything held about one e-mail address, to answer a request to see it or to delete it. Every search, export and deletion is on record.',
    email: 'E-mail address',
    find: 'Find',
    resultsHeading: (email: string) => `Held about ${email}`,
    summary: (enquiries: number, held: number, conversation = 0) =>
      `${plural(enquiries, 'enquiry', 'enquiries')} and ${plural(held, 'message', 'messages')} held for review.` +
      (conversation > 0 ? ` The enquiries’ conversations hold ${plural(conversation, 'message', 'messages')} more.` : ''),
    enquiriesHeading: 'Enquiries',
    heldHeading: 'Held for review',
    exportHeading: 'Export',
    exportJson: 'Download JSON',
    exportCsv: 'Download CSV',
    deleteHeading: 'Delete everything for this address',
    deleteLead:
      'This deletes every enquiry and held message of this address, with their notes, conversations and alerts, for good. The audit log keeps that it happened, without the personal data.',
    password: 'Your password',
    passwordHint: 'Asked again before anything is deleted.',
    confirm: (enquiries: number, held: number) =>
      `I understand that this deletes ${plural(enquiries, 'enquiry', 'enquiries')} and ${plural(held, 'held message', 'held messages')} for good.`,
    delete: 'Delete for good',
    deleted: (enquiries: number, held: number) =>
      `Deleted ${plural(enquiries, 'enquiry', 'enquiries')} and ${plural(held, 'held message', 'held messages')}.`,
    nothing: 'Nothing is held about this address.',
  },

  account: {
    heading: 'Your account',
    passwordHeading: 'Change password',
    current: 'Current password',
    next: 'New password',
    nextHint: 'At least 12 characters; a common password is refused.',
    repeat: 'New password again',
    mismatch: 'The two new passwords are not the same.',
    tooShort: 'The new password must have at least 12 characters.',
    change: 'Change password',
    changed: 'Password changed. Your other sessions have been signed out.',
    codesHeading: 'Recovery codes',
    codesLead: 'New codes replace the old ones, which stop working at once.',
    password: 'Your password',
    newCodes: 'Make new recovery codes',
    sessionsHeading: 'Sessions',
    sessionsLead: 'Sign out here, or on every device where you are signed in (a lost phone or a shared computer).',
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
  },

  notFound: {
    heading: 'Page not found',
    lead: 'The inbox has no page at this address.',
    back: 'Go to the enquiries',
  },
} as const;

/** A wait as a person says it: "30 seconds", "5 minutes". */
function formatWait(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second', 'seconds');
  return plural(Math.ceil(seconds / 60), 'minute', 'minutes');
}
