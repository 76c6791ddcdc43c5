import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** One client for the app. Client errors (4xx) are not retried: asking again will not change the answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
