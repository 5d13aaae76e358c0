/**
 * @generated SignedSource<<63c2ca9c3376dca933a6b0c2cad5b251>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type UserErrorCode = "ACCOUNT_DEACTIVATED" | "ACCOUNT_LOCKED" | "INVALID_CHALLENGE" | "INVALID_CREDENTIALS" | "WEAK_PASSWORD" | "WRONG_PASSWORD" | "%future added value";
export type ResetPasswordInput = {
  challenge: string;
  newPassword: string;
  userId: string;
};
export type ResetPasswordMutation$variables = {
  input: ResetPasswordInput;
};
export type ResetPasswordMutation$data = {
  readonly resetPassword: {
    readonly errors: ReadonlyArray<{
      readonly code: UserErrorCode;
      readonly field: string | null | undefined;
      readonly message: string;
    }>;
    readonly passwordReset: boolean;
  };
};
export type ResetPasswordMutation = {
  response: ResetPasswordMutation$data;
  variables: ResetPasswordMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": "ResetPasswordPayload",
    "kind": "LinkedField",
    "name": "resetPassword",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "passwordReset",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "UserError",
        "kind": "LinkedField",
        "name": "errors",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "code",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "field",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "ResetPasswordMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ResetPasswordMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "d5f572ab1d576f9cebe9543626ad9292",
    "id": null,
    "metadata": {},
    "name": "ResetPasswordMutation",
    "operationKind": "mutation",
    "text": "mutation ResetPasswordMutation(\n  $input: ResetPasswordInput!\n) {\n  resetPassword(input: $input) {\n    passwordReset\n    errors {\n      code\n      message\n      field\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "07c2eb4a23d99014bb31bcfc2d44c7a2";

export default node;
