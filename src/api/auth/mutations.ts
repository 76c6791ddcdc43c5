import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '../../../protocol/api/auth';
import { apiRequest } from '../client';
import { useSession } from '../session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest('/api/login', { method: 'POST', body: credentials, schema: loginResponseSchema }),
    onSuccess: ({ token }) => {
      useSession.getState().setToken(token);
      // Whatever failed while the session was expired can be fetched again now.
      void queryClient.invalidateQueries();
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    onSettled: () => {
      useSession.getState().setToken(null);
      queryClient.clear();
    },
  });
}
