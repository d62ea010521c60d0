import { useContext } from 'react';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from './query-client';
import { ServerQueryClient } from './server-query-client';

const queryClient = createQueryClient();

/** The answers a shared page was drawn with on the server, before the browser takes it over. */
export function seedQueryCache(state: unknown): void {
  hydrate(queryClient, state as DehydratedState);
}

/**
 * Layout route around every page that talks to the API. It is lazy-loaded so TanStack Query stays
 * out of the landing page's JavaScript; one client is shared by all pages below it.
 */
export default function DataRoutes() {
  const serverClient = useContext(ServerQueryClient);
  return (
    <QueryClientProvider client={serverClient ?? queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
