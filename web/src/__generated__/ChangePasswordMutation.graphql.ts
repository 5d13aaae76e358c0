/**
 * @generated SignedSource<<9212401610c82d70dd0cdd4e786e638c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type UserErrorCode = "ACCOUNT_DEACTIVATED" | "ACCOUNT_LOCKED" | "INVALID_CHALLENGE" | "INVALID_CREDENTIALS" | "WEAK_PASSWORD" | "WRONG_PASSWORD" | "%future added value";
export type ChangePasswordInput = {
  newPassword: string;
  oldPassword: string;
};
export type ChangePasswordMutation$variables = {
  input: ChangePasswordInput;
};
export type ChangePasswordMutation$data = {
  readonly changePassword: {
    readonly errors: ReadonlyArray<{
      readonly code: UserErrorCode;
      readonly field: string | null | undefined;
      readonly message: string;
    }>;
    readonly passwordChanged: boolean;
    readonly passwordSynchronized: boolean;
  };
};
export type ChangePasswordMutation = {
  response: ChangePasswordMutation$data;
  variables: ChangePasswordMutation$variables;
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
    "concreteType": "ChangePasswordPayload",
    "kind": "LinkedField",
    "name": "changePassword",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "passwordChanged",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "passwordSynchronized",
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
    "name": "ChangePasswordMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ChangePasswordMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "ab954b93c66df46f3524623eb23173ec",
    "id": null,
    "metadata": {},
    "name": "ChangePasswordMutation",
    "operationKind": "mutation",
    "text": "mutation ChangePasswordMutation(\n  $input: ChangePasswordInput!\n) {\n  changePassword(input: $input) {\n    passwordChanged\n    passwordSynchronized\n    errors {\n      code\n      message\n      field\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "bc401bf195cf233f7cfcbd91675dafba";

export default node;
