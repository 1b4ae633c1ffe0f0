import { createContext, useContext } from 'react';
import type { Staff } from '../../contract/inbox';
import type { InboxApi } from './lib/inbox-api';

export interface Inbox {
  readonly api: InboxApi;
  /** Who is signed in. */
  readonly user: Staff;
  /** Ends the session on the server, then shows the sign-in page. */
  signOut(everywhere?: boolean): Promise<void>;
}

export const InboxContext = createContext<Inbox | null>(null);

export function useInbox(): Inbox {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox() outside the signed-in inbox');
  return inbox;
}
