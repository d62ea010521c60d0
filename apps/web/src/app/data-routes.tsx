import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from './query-client';

const queryClient = createQueryClient();

/**
 * Layout route around every page that talks to the API. It is lazy-loaded so TanStack Query stays
 * out of the landing page's JavaScript; one client is shared by all pages below it.
 */
export default function DataRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
