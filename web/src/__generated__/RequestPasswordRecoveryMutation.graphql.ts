/**
 * @generated SignedSource<<c327eda1a91c09b0dd5a2fd13a21a1ca>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type RequestPasswordRecoveryInput = {
  emailAddress: string;
};
export type RequestPasswordRecoveryMutation$variables = {
  input: RequestPasswordRecoveryInput;
};
export type RequestPasswordRecoveryMutation$data = {
  readonly requestPasswordRecovery: {
    readonly accepted: boolean;
  };
};
export type RequestPasswordRecoveryMutation = {
  response: RequestPasswordRecoveryMutation$data;
  variables: RequestPasswordRecoveryMutation$variables;
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
    "concreteType": "RequestPasswordRecoveryPayload",
    "kind": "LinkedField",
    "name": "requestPasswordRecovery",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "accepted",
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
    "name": "RequestPasswordRecoveryMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "RequestPasswordRecoveryMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "4f215491c66b6c1d0dcb306c9429b6eb",
    "id": null,
    "metadata": {},
    "name": "RequestPasswordRecoveryMutation",
    "operationKind": "mutation",
    "text": "mutation RequestPasswordRecoveryMutation(\n  $input: RequestPasswordRecoveryInput!\n) {\n  requestPasswordRecovery(input: $input) {\n    accepted\n  }\n}\n"
  }
};
})();

(node as any).hash = "bce9eab7f30d0d6be9f9a2026388310e";

export default node;
