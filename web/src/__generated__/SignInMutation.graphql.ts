/**
 * @generated SignedSource<<21c83ce648127bcff01b06722af26dc3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type UserErrorCode = "ACCOUNT_DEACTIVATED" | "ACCOUNT_LOCKED" | "INVALID_CHALLENGE" | "INVALID_CREDENTIALS" | "WEAK_PASSWORD" | "WRONG_PASSWORD" | "%future added value";
export type SignInInput = {
  password: string;
  userName: string;
};
export type SignInMutation$variables = {
  input: SignInInput;
};
export type SignInMutation$data = {
  readonly signIn: {
    readonly errors: ReadonlyArray<{
      readonly code: UserErrorCode;
      readonly field: string | null | undefined;
      readonly message: string;
    }>;
    readonly lockedUntil: string | null | undefined;
    readonly session: {
      readonly expiresAt: string;
      readonly refreshToken: string;
      readonly token: string;
    } | null | undefined;
  };
};
export type SignInMutation = {
  response: SignInMutation$data;
  variables: SignInMutation$variables;
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
    "concreteType": "SignInPayload",
    "kind": "LinkedField",
    "name": "signIn",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Session",
        "kind": "LinkedField",
        "name": "session",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "token",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "refreshToken",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "expiresAt",
            "storageKey": null
          }
        ],
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
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "lockedUntil",
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
    "name": "SignInMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SignInMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "c54a36324ad1160a8df3213d1887a64a",
    "id": null,
    "metadata": {},
    "name": "SignInMutation",
    "operationKind": "mutation",
    "text": "mutation SignInMutation(\n  $input: SignInInput!\n) {\n  signIn(input: $input) {\n    session {\n      token\n      refreshToken\n      expiresAt\n    }\n    errors {\n      code\n      message\n      field\n    }\n    lockedUntil\n  }\n}\n"
  }
};
})();

(node as any).hash = "a3b813fe04c00e788465fb33799b9ebc";

export default node;
