import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from './notify';

type Options<TVariables, TResult> = {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The text of the success toast, fixed or from the server's answer. */
  success: string | ((result: TResult, variables: TVariables) => string);
  /** The error toast's text when the server gives none. */
  failure: string;
  /** The lists the action changes: refetched once it succeeded. */
  invalidates: readonly QueryKey[];
  onSuccess?: () => void;
};

/** An admin action on a list: a toast for either outcome, and the lists it changed refetched. */
export function useAdminMutation<TVariables, TResult>(options: Options<TVariables, TResult>) {
  const queryClient = useQueryClient();
  const { mutationFn, success, failure, invalidates, onSuccess } = options;
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      onSuccess?.();
      showToast('success', typeof success === 'string' ? success : success(result, variables));
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notifyFailure(error, failure),
  });
}
