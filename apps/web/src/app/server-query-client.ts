import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** The server renders each shared page with a query client of its own (shared-page-render.tsx). */
export const ServerQueryClient = createContext<QueryClient | null>(null);
