import type { ReactNode } from 'react';
import { ROUTE_PATHS } from '../../../contract/routes';
import { AppLink } from '../layout/app-link';

interface CallToActionProps {
  readonly heading: string;
  readonly lead: string;
  readonly button: string;
  readonly children?: ReactNode;
}

/** The closing band that sends the visitor to the contact page. */
export function CallToAction({ heading, lead, button, children }: CallToActionProps) {
  return (
    <section className="section">
      <div className="page-container">
        <div className="surface-dark rounded-3xl bg-gradient-to-br from-ink to-brand px-6 py-12 text-center md:px-12">
          <h2 className="m-0 text-3xl font-bold md:text-4xl">{heading}</h2>
          <p className="mx-auto mb-0 mt-3 max-w-2xl text-lg text-paper/90">{lead}</p>
          {children}
          <AppLink to={ROUTE_PATHS.contact} className="btn-primary mt-8 no-underline">
            {button}
            <span aria-hidden="true" className="i-lucide-arrow-right" />
          </AppLink>
        </div>
      </div>
    </section>
  );
}
