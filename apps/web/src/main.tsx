import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition (issue 24): React renders the first screen in slices between which the page stays
// responsive, instead of one long task (about 300 ms at Lighthouse's 4x CPU on the dashboard).
// The router may then settle (a lazy route from the cache) before RouterProvider subscribes to
// it; React Router keeps that update for its first subscriber, so nothing else may subscribe
// first (remix-run/react-router#15527: Sentry's router wrapper would leave the page loading).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
