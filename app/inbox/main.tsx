/**
 * The staff inbox's page (inbox.html): its own entry, built apart from the
 * visitor's site (config/inbox-build.ts), under /inbox.
 */
import './zod-without-eval';
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { INBOX_PATH } from '../../contract/inbox';
import { InboxApp } from './inbox-app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={INBOX_PATH}>
      <InboxApp />
    </BrowserRouter>
  </StrictMode>,
);
