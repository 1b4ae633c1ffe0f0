/**
 * The English messages of everything a visitor can read from the contact
 * form, its notifications and the service: the source catalogue. Every other
 * language's catalogue has exactly these keys and placeholders (checked by
 * the typecheck and by contract/messages.test.ts). ICU MessageFormat, read
 * by Lingui; the browser build compiles them (config/compile-messages.ts).
 * No imports: figures come in as placeholders, filled from their one source.
 */
export const messages = {
  'form.heading': 'Get Started Today',
  'form.lead': 'Fields marked * are required.',
  'form.submit': 'Send Message',
  'form.pending': 'Sending...',
  /** In the form's status line while a send has taken more than a second: the anti-spam check is slow on older phones. */
  'form.checking': 'Checking that you are not a bot… this can take a few seconds on older phones.',
  'form.honeypot': 'Website',
  /** The line beside Send: the link's words are between the two halves, which carry their own spaces. */
  'form.consent.before': 'By sending this form you confirm that you have read our ',
  'form.consent.link': 'Personal Data Protection Notice',
  'form.consent.after': '.',
  'form.consent.newTab': '(opens in a new tab)',

  'field.firstName.label': 'First Name',
  'field.firstName.placeholder': 'Ahmad',
  'field.firstName.name': 'First name',
  'field.firstName.missing': 'Please enter your first name',
  'field.lastName.label': 'Last Name',
  'field.lastName.placeholder': 'Ismail',
  'field.lastName.name': 'Last name',
  'field.lastName.missing': 'Please enter your last name',
  'field.email.label': 'Email Address',
  'field.email.placeholder': 'you@example.com',
  'field.email.name': 'Email address',
  'field.email.missing': 'Please enter your email address',
  'field.email.invalid': 'Please enter a valid email address',
  'field.phone.label': 'WhatsApp Number',
  'field.phone.placeholder': '+60 12-345 6789',
  'field.phone.name': 'WhatsApp number',
  'field.phone.invalid': 'Please enter a valid WhatsApp number: {min} to {max} digits, spaces or + - ( )',
  'field.service.name': 'Service',
  'field.message.label': 'Message',
  'field.message.placeholder': 'Tell us about your goal & How we can help...',
  'field.message.name': 'Message',
  'field.message.missing': 'Please enter your message',
  'field.website.name': 'Website',

  'problem.notText': '{field} must be text',
  'problem.tooLong': '{field} must be at most {max} characters',
  'problem.forbiddenCharacters':
    '{field} contains characters that are not allowed, such as =? or invisible control and text-direction characters',
  'problem.unknownFields': 'The enquiry has {count, plural, one {# unknown field} other {# unknown fields}}',
  'problem.notObject': 'The enquiry must be a JSON object',
  'problem.invalid': 'The enquiry is not valid.',
  'problem.locale': "The language must be one of the site's languages",
  /** Ends a sentence that has no full stop of its own. */
  'problem.end': '.',

  'notice.sent.title': 'Message Sent!',
  'notice.sent.fallback': 'Thank you for your message! We will contact you soon.',
  'notice.error.title': 'Error',
  'notice.error.fallback': 'Failed to send message. Please try again.',
  'notice.offline.title': "You're offline, message saved",
  'notice.offline.description': "We'll send it automatically as soon as you're back online.",
  'notice.update.title': 'A new version of this site is ready',
  'notice.update.description': 'Reload to start using it. Anything you are typing stays until you choose to reload.',
  'notice.update.action': 'Reload',
  'notice.update.actionAltText': 'Reload the page to use the new version',
  'outbox.waiting':
    '{count, plural, one {# message is waiting to be sent. It will go automatically as soon as the connection allows: no need to send it again.} other {# messages are waiting to be sent. They will go automatically as soon as the connection allows: no need to send them again.}}',

  /**
   * Where no Background Sync has the queue (Safari, Firefox, or refused): only an open page of the site sends it.
   * The toast's sentence, the status line, and the firm's e-mail and WhatsApp offered beside them, prefilled.
   */
  'notice.offline.openPage': 'It will be sent while this site is open and you are online: keep this page open, or come back to it later.',
  'outbox.waitingOpenPage':
    '{count, plural, one {# message is waiting to be sent. It goes only while this site is open and you are online: keep this page open, or come back to it later.} other {# messages are waiting to be sent. They go only while this site is open and you are online: keep this page open, or come back to it later.}}',
  'outbox.alternatives.lead': 'Rather not wait? Send it to us yourself, already written out:',
  /** Names one of several waiting messages: its place in the queue (oldest first) and the time it was written. */
  'outbox.alternatives.item': 'Message {number}, written at {time}',
  'outbox.alternatives.email': 'By e-mail',
  'outbox.alternatives.whatsapp': 'On WhatsApp',
  /** The prefilled e-mail's subject: {name} is the visitor's first and last name. */
  'outbox.alternatives.subject': 'Enquiry from {name}',
  /** The prefilled e-mail and WhatsApp text: no reference exists before the service has stored the enquiry. */
  'outbox.alternatives.body':
    "{message}\n\n{name}\n\n(Written in your website's contact form while offline: it may also reach you from there.)",

  'service.thankYou': 'Thank you, {firstName}! We will contact you within {hours} hours.',
  /** The 201's sentence and the no-JS page's: the thank-you, then the enquiry's reference (TW-XXXXXXXX). */
  'service.withReference': '{thanks} Your reference is {reference}.',
  /** The acknowledgement e-mail to the visitor: none of their own words, only the firm's. */
  'service.ack.subject': '{firm}: we received your enquiry, reference {reference}',
  'service.ack.received': 'Thank you for contacting {firm}. We received your enquiry through our website.',
  'service.ack.reference': 'Your reference: {reference}',
  'service.ack.quote': 'Please quote it whenever you contact us about this enquiry.',
  'service.ack.reply': 'We will reply within {hours} hours, through one of our official channels below.',
  'service.ack.channels': 'Our only official channels',
  /** A line of a list: what it is, then the number or address (the HTML makes the value a link). */
  'service.ack.item': '{label}: {value}',
  'service.ack.phone': 'Phone and WhatsApp',
  'service.ack.email': 'E-mail',
  'service.ack.website': 'Website',
  'service.ack.never': '{firm} will never:',
  'service.ack.never.payment': 'ask you to pay money into a personal bank account;',
  'service.ack.never.codes': 'ask for your passwords or one-time codes (OTP or TAC);',
  'service.ack.never.number': 'move the conversation to another phone number or a WhatsApp account you do not know.',
  'service.ack.stop': 'If someone who says they are from us does any of these, stop: it is not us.',
  'service.ack.check': 'Before you pay anyone or sign anything, check that it is really us:',
  'service.ack.verify': 'How to recognise us',
  'service.ack.register': 'The entities the Securities Commission Malaysia licenses (look for {legalName}, licence no. {licence})',
  'service.ack.alertList': "The Securities Commission's Investor Alert List",
  'service.ack.why':
    'You received this automatic e-mail because this address was given in the contact form on our website. If you did not write to us, you can ignore it.',
  /** A staff reply by e-mail: the composer starts from the template; the footer is added to every reply sent. */
  'service.reply.template': 'Dear {firstName},\n\nThank you for your enquiry, reference {reference}.\n\n\n\nKind regards,\n{staff}\n{firm}',
  'service.reply.footer':
    'Reference: {reference}\nCheck code: {code}\nTo check that this reply is really from us, enter both at {verifyUrl}',
  'service.notJson': 'Please send the enquiry as JSON (Content-Type: application/json).',
  'service.empty': 'The enquiry is empty.',
  'service.tooLarge': 'The enquiry is too large: the limit is {limitKb} KB.',
  'service.encoding': 'The request body uses a content encoding the service does not accept.',
  'service.forbiddenField': 'The enquiry contains a forbidden field name.',
  'service.badJson': 'The enquiry is not valid JSON.',
  'service.unreadable': 'The enquiry could not be read. Please send it again.',
  'service.idempotencyKey': 'The {header} header must be a random (version 4) UUID.',
  'service.idempotencyReused': 'This {header} was already used for a different enquiry.',
  'service.notSaved': 'Your message could not be saved right now. Please try again later.',
  'service.noRoom': 'Your message could not be taken right now. Please write to us at {email} or on WhatsApp at {whatsapp}.',
  'service.challenge': 'This message needs a fresh anti-spam check. Please send it again from the contact page.',
  'service.rateLimited': 'Too many messages from this address. Please try again in a minute.',
  'service.challengeRateLimited': 'Too many anti-spam checks asked for from this address. Please try again in a minute.',
  'service.fault': 'Something went wrong on our side. Please try again later.',
  'service.updating': 'The site is being updated. Please try again in a minute.',
  'service.badAddress': 'This address is not valid.',
  'service.noEndpoint': 'There is no API endpoint at this address.',
  'service.onlyPost': 'This address only accepts POST.',
  'service.onlyGet': 'This address only answers GET and HEAD.',
  'service.healthToken': 'The health details need the health token: send it as Authorization: Bearer TOKEN.',
  'service.healthLoopbackOnly': 'The health details are given only to the machine the service runs on.',
  'service.requestTimeout': 'The request took too long to arrive. Please send it again.',
  'service.addressTooLong': 'This address is too long.',

  /** /verify's form: the visitor checks a reply by its reference and check code (contract/reply-check.ts). */
  'verifyReply.heading': 'Check a reply from us',
  'verifyReply.lead':
    'Every e-mail reply from us ends with the reference of your enquiry (TW- and 8 characters) and a check code (8 characters, such as 7KQ2-M9XD). Type both here: we tell you whether the reply is really ours and the day we sent it, nothing else.',
  'verifyReply.reference.label': 'Reference',
  'verifyReply.code.label': 'Check code',
  'verifyReply.submit': 'Check the reply',
  'verifyReply.pending': 'Checking...',
  /** {date}: the day the reply was sent, in the firm's time zone. */
  'verifyReply.genuine': 'A genuine reply from {firm}, sent on {date}.',
  'verifyReply.notOurs':
    'Not one of ours: {firm} sent no reply with this reference and check code. Check that you typed both as the message shows them; if they are right, do not act on the message, and tell us through one of our official channels.',
  'verifyReply.missing': 'Please enter the reference and the check code, as the reply shows them.',
  'verifyReply.rateLimited': 'Too many checks from this address. Please try again in a minute.',
  'verifyReply.crossSite': "Checks are accepted only from this site's own page.",
  'verifyReply.unsupportedType': "Please send the check from this site's own page, as JSON or as its form.",
  'verifyReply.failed': 'The check could not be made right now. Please try again later.',
  /** The no-JavaScript answer page's title. */
  'verifyReply.pageTitle': 'Check a reply | {firm}',
  'verifyReply.back': 'How to recognise us',

  'formPage.home': 'Back to the home page',
  'formPage.another': 'Send another message',
  'formPage.notSent': 'Your message was not sent',
  /** The page's title: the notice's "Error" and formPage.notSent. */
  'formPage.title': '{error}: {notSent}',
  'formPage.checkFields': 'Please correct the fields below, then send your message again.',

  /** The no-JavaScript form's thank-you: without the visitor's name, which a page elsewhere could have chosen. */
  'formPage.thanks': 'Thank you for your message! We will contact you within {hours} hours.',
  /** A form post that came from a page of another site. */
  'service.crossSite': "Messages are accepted only from this site's own contact page.",
} as const;
