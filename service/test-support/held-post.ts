/** A post through the held queue's admission, as the contact route makes it, for the tests of that admission. */
import { rateLimitKeys } from '../middleware/rate-limit-key';
import type { createHeldAdmission } from '../review/held-admission';
import { NoRoomToHoldError, type Store, type SubmitOptions } from '../store-interface';
import { validSubmission } from './fixtures';

/** Whether the post was held (true) or refused (false). */
export async function heldPost(
  store: Store,
  admission: ReturnType<typeof createHeldAdmission>,
  address: string,
  options: SubmitOptions,
): Promise<boolean> {
  try {
    await admission.submit(rateLimitKeys(address), options, (decided) => store.submitEnquiry(validSubmission(), undefined, decided));
    return true;
  } catch (error) {
    if (error instanceof NoRoomToHoldError) return false;
    throw error;
  }
}
