import { NavLink, Outlet } from 'react-router-dom';
import { useInbox } from '../inbox-context';
import { TEXTS } from '../texts';
import { InboxFrame } from './inbox-frame';

const LINKS = [
  { to: '/', label: TEXTS.nav.enquiries },
  { to: '/held', label: TEXTS.nav.held },
  { to: '/requests', label: TEXTS.nav.requests },
  { to: '/account', label: TEXTS.nav.account },
] as const;

/** The signed-in inbox: its pages, the navigation between them, who is signed in and the way out. */
export function InboxLayout() {
  const { user, signOut } = useInbox();
  return (
    <InboxFrame
      header={
        <>
          <nav aria-label={TEXTS.nav.label} className="order-last w-full md:order-none md:w-auto md:flex-1">
            <ul className="flex flex-wrap gap-x-1 gap-y-1">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className="block rounded-md px-3 py-2 text-paper underline-offset-4 hover:underline aria-[current=page]:(bg-paper/15 underline)"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span>{TEXTS.nav.signedInAs(user.username)}</span>
            <button
              type="button"
              className="rounded-full border border-paper/70 px-4 py-1.5 font-semibold hover:bg-paper/10"
              onClick={() => void signOut()}
            >
              {TEXTS.nav.signOut}
            </button>
          </div>
        </>
      }
    >
      <Outlet />
    </InboxFrame>
  );
}
