/**
 * Sign-in, session refresh, sign-out, own password change, recovery and reset (ecrf-core.md §4, §5, §7).
 * Failures the user can act on come back as typed `UserError`s; a failed refresh is UNAUTHENTICATED
 * with the backend's message ('refresh token expired').
 */
import type { MutationResolvers } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';

const signInErrors: Record<string, UserErrorModel['code']> = {
  ECRF_ERR_INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ECRF_ERR_ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  ECRF_ERR_ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  // Throttled per address or per user name (backend/src/auth/throttling.ts); the message is German.
  ECRF_ERR_TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
};

/** The backend's rule messages of a refused password, as errors on the given input field. */
function weakPasswordErrors(error: UpstreamError, field: string): UserErrorModel[] {
  const messages = Array.isArray(error.body.messages) ? error.body.messages.filter((m) => typeof m === 'string') : [];
  return (messages.length > 0 ? messages : [error.message]).map((message) => ({ code: 'WEAK_PASSWORD', message, field }));
}

function isUpstream(error: unknown, code: string): error is UpstreamError {
  return error instanceof UpstreamError && error.code === code;
}

export const authMutations: Pick<
  MutationResolvers,
  'signIn' | 'refreshSession' | 'signOut' | 'changePassword' | 'requestPasswordRecovery' | 'resetPassword'
> = {
  async signIn(_, { input }, { backend }) {
    try {
      const session = await backend.call('post', '/api/v1.0/Auth', {
        body: { userName: input.userName, password: input.password },
      });
      return { session, errors: [], lockedUntil: null };
    } catch (error) {
      const code = error instanceof UpstreamError && error.code ? signInErrors[error.code] : undefined;
      if (!code || !(error instanceof UpstreamError)) throw error;
      const lockedUntil = typeof error.body.lockedUntil === 'string' ? error.body.lockedUntil : null;
      return { session: null, errors: [{ code, message: error.message, field: null }], lockedUntil };
    }
  },

  async refreshSession(_, { input }, { backend }) {
    const session = await backend.call('post', '/api/v1.0/Auth/refreshLogin', {
      body: { refreshToken: input.refreshToken },
    });
    return { session };
  },

  async signOut(_, __, { backend, loaders }) {
    const user = await loaders.currentUser();
    await backend.call('delete', '/api/v1.0/Auth/{userId}', { path: { userId: user.id } });
    return { signedOut: true };
  },

  async changePassword(_, { input }, { backend, loaders }) {
    const user = await loaders.currentUser();
    try {
      await backend.call('put', '/api/v1.0/User/password', {
        body: { id: user.id, oldPasswordString: input.oldPassword, newPasswordString: input.newPassword },
      });
    } catch (error) {
      if (isUpstream(error, 'ECRF_ERR_WRONG_PASSWORD')) {
        return {
          passwordChanged: false,
          passwordSynchronized: false,
          errors: [{ code: 'WRONG_PASSWORD', message: error.message, field: 'oldPassword' }],
        };
      }
      if (isUpstream(error, 'ECRF_ERR_WEAK_PASSWORD')) {
        return { passwordChanged: false, passwordSynchronized: false, errors: weakPasswordErrors(error, 'newPassword') };
      }
      throw error;
    }
    // The change is in effect; a failed synchronisation is reported, not thrown (ecrf-core.md §8).
    const synchronized = await backend
      .call('post', '/api/v1.0/nms_system_api/syncEcrfUserPassword', {
        body: { id: user.id, newPasswordString: input.newPassword },
      })
      .then((answer) => answer.synchronized)
      .catch(() => false);
    return { passwordChanged: true, passwordSynchronized: synchronized, errors: [] };
  },

  async requestPasswordRecovery(_, { input }, { backend }) {
    await backend.call('put', '/api/v1.0/User/sendPasswordRecoveryEmail', {
      query: { emailAddress: input.emailAddress },
    });
    return { accepted: true };
  },

  async resetPassword(_, { input }, { backend }) {
    try {
      const answer = await backend.call('put', '/api/v1.0/User/passwordReset', {
        body: { userId: input.userId, challenge: input.challenge, newPasswordString: input.newPassword },
      });
      return answer.passwortResetSuccessful
        ? { passwordReset: true, errors: [] }
        : {
            passwordReset: false,
            errors: [{ code: 'INVALID_CHALLENGE', message: 'challenge unknown, used or expired', field: 'challenge' }],
          };
    } catch (error) {
      if (isUpstream(error, 'ECRF_ERR_WEAK_PASSWORD')) {
        return { passwordReset: false, errors: weakPasswordErrors(error, 'newPassword') };
      }
      throw error;
    }
  },
};
