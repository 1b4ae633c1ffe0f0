import { useCallback, useEffect, useMemo, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import type { SessionState } from '../../contract/inbox';
import { InboxFrame } from './components/inbox-frame';
import { InboxLayout } from './components/inbox-layout';
import { LoadState } from './components/notices';
import { type Inbox, InboxContext } from './inbox-context';
import { Drafts } from './lib/drafts';
import { createInboxApi } from './lib/inbox-api';
import { AccountPage } from './pages/account-page';
import { EnquiryListPage } from './pages/enquiry-list-page';
import { EnquiryPage } from './pages/enquiry-page';
import { EnrolPage } from './pages/enrol-page';
import { HeldPage } from './pages/held-page';
import { NotFoundPage } from './pages/not-found-page';
import { RequestsPage } from './pages/requests-page';
import { SignInPage } from './pages/sign-in-page';

/** Where the person stands: being asked, signed out (`ended`: their session ended while the page was open), or the service's answer (enrolling, signed in). */
type Standing = { stage: 'checking'; error?: Error } | { stage: 'signed-out'; ended?: boolean } | SessionState;

/**
 * The inbox: the service says whether anyone is signed in (GET /session);
 * nobody is shown the sign-in page at whatever address they opened, and sees
 * that page once signed in. Any call the service refuses for a lost session
 * comes back here as signed out.
 */
export function InboxApp() {
  const [standing, setStanding] = useState<Standing>({ stage: 'checking' });
  const navigate = useNavigate();
  const api = useMemo(() => createInboxApi({ onSignedOut: () => setStanding({ stage: 'signed-out', ended: true }) }), []);
  const drafts = useMemo(() => new Drafts(), []);

  const check = useCallback(
    () =>
      api.session().then(
        (state) => setStanding(state ?? { stage: 'signed-out' }),
        (error: unknown) => setStanding({ stage: 'checking', error: error instanceof Error ? error : new Error(String(error)) }),
      ),
    [api],
  );
  useEffect(() => {
    void check();
  }, [check]);

  const inbox = useMemo<Inbox | null>(() => {
    if (standing.stage !== 'signed-in') return null;
    return {
      api,
      user: standing.user,
      drafts: drafts.of(standing.user.id),
      async signOut(everywhere = false) {
        await (everywhere ? api.signOutEverywhere() : api.signOut()).catch(() => undefined);
        drafts.clear();
        setStanding({ stage: 'signed-out' });
        // The next person to sign in here starts at the list, not at what the last one had open.
        navigate('/');
      },
    };
  }, [api, drafts, standing, navigate]);

  switch (standing.stage) {
    case 'checking':
      return (
        <InboxFrame>
          <LoadState error={standing.error} onRetry={() => void check()} />
        </InboxFrame>
      );
    case 'signed-out':
      return <SignInPage api={api} ended={standing.ended} onSignedIn={setStanding} />;
    case 'enrol':
      return <EnrolPage api={api} user={standing.user} enrolment={standing.enrolment} onDone={() => void check()} />;
    case 'signed-in':
      return (
        <InboxContext.Provider value={inbox}>
          <Routes>
            <Route element={<InboxLayout />}>
              <Route index element={<EnquiryListPage />} />
              <Route path="enquiries/:id" element={<EnquiryPage />} />
              <Route path="held" element={<HeldPage />} />
              <Route path="requests" element={<RequestsPage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </InboxContext.Provider>
      );
  }
}
