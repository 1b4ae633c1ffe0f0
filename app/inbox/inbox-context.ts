import { createContext, useContext } from 'react';
import type { Staff } from '../../contract/inbox';
import type { Drafts } from './lib/drafts';
import type { InboxApi } from './lib/inbox-api';

export interface Inbox {
  readonly api: InboxApi;
  /** Who is signed in. */
  readonly user: Staff;
  /** What they were writing, kept across a session that ends under them. */
  readonly drafts: Drafts;
  /** Ends the session on the server, drops the drafts, then shows the sign-in page. */
  signOut(everywhere?: boolean): Promise<void>;
}

export const InboxContext = createContext<Inbox | null>(null);

export function useInbox(): Inbox {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox() outside the signed-in inbox');
  return inbox;
}
