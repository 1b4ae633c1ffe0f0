/**
 * Asks the service whether a reference and a check code name one of the
 * firm's replies (contract/reply-check.ts). Only an answer the service itself
 * wrote counts (X-Teratai-Service): a captive portal's page says nothing about
 * the reply.
 */
import type { Translate } from '../../../contract/i18n';
import { isServiceAnswer, jsonRequestInit } from '../../../contract/http';
import type { Locale } from '../../../contract/locales';
import { type ReplyCheckRequest, replyCheckAnswerSchema } from '../../../contract/reply-check';
import { REPLY_CHECK_ENDPOINT } from '../../../contract/reply-check-code';

/** What the form shows: the service's answer, or why there is none, each a sentence in the page's language. */
export type ReplyCheckResult = { kind: 'genuine' | 'notOurs' | 'problem'; message: string };

export async function askReplyCheck(request: ReplyCheckRequest & { locale: Locale }, t: Translate): Promise<ReplyCheckResult> {
  const failed: ReplyCheckResult = { kind: 'problem', message: t('verifyReply.failed') };
  let response: Response;
  try {
    // Accept-Language: a refusal made before the body is read is in the page's language too.
    response = await fetch(REPLY_CHECK_ENDPOINT, jsonRequestInit('POST', request, { 'Accept-Language': request.locale }));
  } catch {
    return failed;
  }
  if (!isServiceAnswer(response)) return failed;
  if (!response.ok) return { kind: 'problem', message: (await response.text().catch(() => '')) || failed.message };
  const answer = replyCheckAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!answer.success) return failed;
  return { kind: answer.data.genuine ? 'genuine' : 'notOurs', message: answer.data.message };
}
