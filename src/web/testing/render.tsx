import type { StaffRole } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { sessionKeys } from '../lib/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../lib/router';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// jsdom has no layout and reports scrollTo as not implemented; the app scrolls on step changes.
window.scrollTo = () => {};

/**
 * Renders a component as the app does (app/provider.tsx gives the query client; the router
 * is in memory), with a fresh query client per test so no cached answer leaks between tests.
 */
export function renderWithApp(
  ui: ReactNode,
  { route = '/', staffRole }: { route?: string; staffRole?: StaffRole } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // A console page shows what the signed-in staff member's role may do (ROLE-8).
  if (staffRole)
    queryClient.setQueryData(sessionKeys.user, {
      id: 1,
      name: 'Kwame Asante',
      msisdn: '233244000000',
      email: null,
      whatsapp: null,
      role: 'staff',
      staff_role: staffRole,
      phone_verified: true,
      sms_reminders: true,
    } satisfies User);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
