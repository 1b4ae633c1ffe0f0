import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import { App } from './app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
