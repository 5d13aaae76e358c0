import type { MutationParameters, PayloadError } from 'relay-runtime';
import type { UseMutationConfig } from 'react-relay';

type Commit<M extends MutationParameters> = (config: UseMutationConfig<M>) => unknown;

/** A `useMutation` commit as a promise of its response; GraphQL errors reject it, like network failures. */
export function commitMutationAsync<M extends MutationParameters>(commit: Commit<M>, variables: M['variables']): Promise<M['response']> {
  return new Promise((resolve, reject) => {
    commit({
      variables,
      onCompleted: (response, errors: readonly PayloadError[] | null | undefined) => {
        if (errors && errors.length > 0) reject(new Error(errors.map((error) => error.message).join(', ')));
        else resolve(response);
      },
      onError: reject,
    });
  });
}
