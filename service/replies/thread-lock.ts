/**
 * The lock name that orders the changes to one enquiry's thread (a reply
 * recorded sent, a visitor's answer stored), so that each sees the other's
 * messages and status as the other left them.
 */
export const threadLock = (enquiryId: string): string => `thread ${enquiryId}`;
