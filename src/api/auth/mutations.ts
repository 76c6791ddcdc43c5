import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponseSchema, statusSchema, type LoginRequest } from '../../../protocol/api/auth';
import { apiRequest } from '../client';
import { useSession } from '../session';
import { authKeys } from './keys';

/**
 * Logs in. The server sets its HttpOnly session cookie; the status answer, asked without the token, tells
 * whether that cookie is enough (`auth.confirmed`). Only when it is not (a server with token-only login) is the
 * token kept, in memory.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const { token } = await apiRequest('/api/login', {
        method: 'POST',
        body: credentials,
        schema: loginResponseSchema,
      });
      const status = await apiRequest('/api/status', { schema: statusSchema });
      return { token, status };
    },
    onSuccess: ({ token, status }) => {
      const cookieWorks = status.auth?.confirmed === true;
      useSession.getState().loggedIn(cookieWorks ? null : token);
      queryClient.setQueryData(authKeys.status(), {
        ...status,
        auth: { ...status.auth!, confirmed: true },
      });
      // Whatever failed while the session was expired can be fetched again now.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authKeys.status()[0] });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // The server revokes the session and drops the cookie (and the token, when one was sent).
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    onSettled: () => {
      useSession.getState().setToken(null);
      queryClient.clear();
    },
  });
}
