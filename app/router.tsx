import { createBrowserRouter } from 'react-router-dom';
import { ROUTE_PATHS } from '../contract/routes';
import { SiteLayout } from './components/layout/site-layout';

/** The route table; each page is its own lazily loaded module. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomePage }) },
      { path: ROUTE_PATHS.about, lazy: async () => ({ Component: (await import('./routes/about')).AboutPage }) },
      { path: ROUTE_PATHS.services, lazy: async () => ({ Component: (await import('./routes/services')).ServicesPage }) },
      { path: ROUTE_PATHS.portfolio, lazy: async () => ({ Component: (await import('./routes/portfolio')).PortfolioPage }) },
      { path: ROUTE_PATHS.contact, lazy: async () => ({ Component: (await import('./routes/contact')).ContactPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }) },
    ],
  },
]);
