/**
 * @generated SignedSource<<e65b9e5a49cf01827e6fb1b651c1c929>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SignOutMutation$variables = Record<PropertyKey, never>;
export type SignOutMutation$data = {
  readonly signOut: {
    readonly signedOut: boolean;
  };
};
export type SignOutMutation = {
  response: SignOutMutation$data;
  variables: SignOutMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "SignOutPayload",
    "kind": "LinkedField",
    "name": "signOut",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "signedOut",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "SignOutMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "SignOutMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "06231594d5a83f65f3fc7729f46f303f",
    "id": null,
    "metadata": {},
    "name": "SignOutMutation",
    "operationKind": "mutation",
    "text": "mutation SignOutMutation {\n  signOut {\n    signedOut\n  }\n}\n"
  }
};
})();

(node as any).hash = "39c4a4192f85e14968bf286314f0a769";

export default node;
