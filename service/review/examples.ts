/** What a tally keeps of a submission it counted instead of storing, before it is cut short. */
import type { ContactSubmission } from '../../contract/contact';

export function exampleOf({ firstName, lastName, email, message }: ContactSubmission): string {
  return `${firstName} ${lastName} <${email}>: ${message}`;
}
