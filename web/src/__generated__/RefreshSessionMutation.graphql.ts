/**
 * @generated SignedSource<<e0f67baca962683c74659025b4d6ed9e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type RefreshSessionInput = {
  refreshToken: string;
};
export type RefreshSessionMutation$variables = {
  input: RefreshSessionInput;
};
export type RefreshSessionMutation$data = {
  readonly refreshSession: {
    readonly session: {
      readonly expiresAt: string;
      readonly refreshToken: string;
      readonly token: string;
    };
  };
};
export type RefreshSessionMutation = {
  response: RefreshSessionMutation$data;
  variables: RefreshSessionMutation$variables;
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
    "concreteType": "RefreshSessionPayload",
    "kind": "LinkedField",
    "name": "refreshSession",
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
    "name": "RefreshSessionMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "RefreshSessionMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "4825159819ddf6b1500c9120050d56ce",
    "id": null,
    "metadata": {},
    "name": "RefreshSessionMutation",
    "operationKind": "mutation",
    "text": "mutation RefreshSessionMutation(\n  $input: RefreshSessionInput!\n) {\n  refreshSession(input: $input) {\n    session {\n      token\n      refreshToken\n      expiresAt\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "425274a9168c0fceec740dd33627b454";

export default node;
