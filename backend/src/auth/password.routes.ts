/** Password calls: own change, recovery mail, reset, and the master data directory sync (core §5, §7). */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { createThrottle } from './throttling.js';
import { changeOwnPassword, requestPasswordRecovery, resetPassword, syncEcrfUserPassword } from './password.service.js';

const tags = ['User'];

export function registerPasswordRoutes(app: App, deps: AppDeps, deliverLater: (send: () => Promise<void>) => void): void {
  // Recovery mails count every request; resets their failures.
  const recoveryThrottle = createThrottle(
    deps.db,
    `${deps.config.throttleNamespace}:recovery`,
    deps.config.throttling.recovery,
    deps.config.clock,
  );
  app.put(
    '/User/password',
    {
      config: { access: { right: 'UserChangeOwnPasswordCmd' } },
      schema: routeSchema({
        operationId: 'changeOwnPassword',
        tags,
        summary: 'Change the own password (ecrf-core.md §5 rules)',
        body: Type.Object({ id: Uuid, oldPasswordString: Type.String(), newPasswordString: Type.String() }),
        response: { 200: Type.Object({ passwordChanged: Type.Literal(true) }) },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      await changeOwnPassword(deps, { userId: caller.id, userName: caller.userName }, request.body);
      return { passwordChanged: true as const };
    },
  );

  app.put(
    '/User/sendPasswordRecoveryEmail',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'sendPasswordRecoveryEmail',
        tags,
        isPublic: true,
        summary: 'Mail a single-use reset link; answers the same whether or not the address is known, and whether or not throttled',
        querystring: Type.Object({ emailAddress: Type.String({ minLength: 1, maxLength: 320 }) }),
        response: { 200: Type.Object({ accepted: Type.Literal(true) }) },
      }),
    },
    async (request) => {
      const { ip } = request;
      const { emailAddress } = request.query;
      // Throttled, no mail goes out, but the answer stays the same: a 429 for a known address alone would tell that
      // it exists, and for every address alike it would only tell the throttle (issue 31 item 3).
      if (Math.max(await recoveryThrottle.addressWait(ip), await recoveryThrottle.accountWait(emailAddress)) > 0) {
        return { accepted: true as const };
      }
      await recoveryThrottle.count(ip, emailAddress);
      await requestPasswordRecovery(deps, emailAddress, (mail) => deliverLater(() => deps.mailer.send(mail)));
      return { accepted: true as const };
    },
  );

  app.put(
    '/User/passwordReset',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'resetPassword',
        tags,
        isPublic: true,
        summary: 'Set a new password with the challenge of a recovery mail',
        body: Type.Object({ userId: Uuid, challenge: Type.String({ minLength: 1 }), newPasswordString: Type.String() }),
        // "passwort" is the spelling of the contract (ecrf-core.md §7).
        response: { 200: Type.Object({ passwortResetSuccessful: Type.Boolean() }) },
        errors: [429],
      }),
    },
    async (request, reply) => {
      await recoveryThrottle.refuseIfThrottled(reply, request.ip, request.body.userId);
      const passwortResetSuccessful = await resetPassword(deps, request.body);
      if (!passwortResetSuccessful) await recoveryThrottle.count(request.ip, request.body.userId);
      return { passwortResetSuccessful };
    },
  );

  app.post(
    '/nms_system_api/syncEcrfUserPassword',
    {
      config: { access: { right: 'NmsSystemApiSyncEcrfUserPasswordCmd', orSelf: { body: 'id' } } },
      schema: routeSchema({
        operationId: 'syncEcrfUserPassword',
        tags: ['NmsSystemApi'],
        summary: 'Confirm the password in effect for the network master data directory (shared user table)',
        body: Type.Object({ id: Uuid, newPasswordString: Type.String() }),
        response: { 200: Type.Object({ synchronized: Type.Boolean() }) },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      return { synchronized: await syncEcrfUserPassword(deps, { userId: caller.id, userName: caller.userName }, request.body) };
    },
  );
}
