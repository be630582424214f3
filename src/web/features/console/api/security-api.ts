import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthenticatorSetup,
  SecondStep,
  SetSecondStepInput,
} from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in staff member's own second step (ACCT-26); under 'admin' so sign-out drops it. */
export const securityKeys = { secondStep: ['admin', 'second-step'] as const };

export const useSecondStep = () =>
  useQuery({
    queryKey: securityKeys.secondStep,
    queryFn: ({ signal }) => apiRequest<SecondStep>('/auth/second-step', { signal }),
  });

export function useSetSecondStepMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSecondStepInput) =>
      apiRequest<SecondStep>('/auth/second-step', { method: 'PUT', body: input }),
    onSuccess: (data) => queryClient.setQueryData(securityKeys.secondStep, data),
  });
}

export const startAuthenticatorSetup = () =>
  apiRequest<AuthenticatorSetup>('/auth/second-step/authenticator', { method: 'POST' });

export const confirmAuthenticator = (code: string) =>
  apiRequest<SecondStep & { recovery_codes: string[] }>('/auth/second-step/authenticator/confirm', {
    method: 'POST',
    body: { code },
  });
