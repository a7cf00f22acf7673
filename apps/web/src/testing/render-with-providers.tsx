import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import { createTestStyleCache } from './test-style-cache';

const styleCache = createTestStyleCache();

/**
 * Renders one screen part with the app's providers (theme, alert, toast) and a query client of its
 * own, without the routes: for a feature's component that a route of another feature shows.
 */
export function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  const view = render(
    <CacheProvider value={styleCache}>
      <AppProvider>
        <QueryClientProvider client={createQueryClient(() => undefined)}>{ui}</QueryClientProvider>
      </AppProvider>
    </CacheProvider>,
  );
  return { ...view, user };
}
