/**
 * @generated SignedSource<<7daac772c46224d912862d3ba5cc69ad>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HomeGreeting_viewer$data = {
  readonly locations: ReadonlyArray<{
    readonly displayName: string;
    readonly id: string;
    readonly identifier: string;
    readonly isDigiNet: boolean;
  }>;
  readonly requiresLocationSelection: boolean;
  readonly role: {
    readonly displayName: string;
  };
  readonly user: {
    readonly displayName: string;
  };
  readonly " $fragmentType": "HomeGreeting_viewer";
};
export type HomeGreeting_viewer$key = {
  readonly " $data"?: HomeGreeting_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"HomeGreeting_viewer">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "displayName",
  "storageKey": null
},
v1 = [
  (v0/*:: as any*/)
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HomeGreeting_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "User",
      "kind": "LinkedField",
      "name": "user",
      "plural": false,
      "selections": (v1/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Role",
      "kind": "LinkedField",
      "name": "role",
      "plural": false,
      "selections": (v1/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "requiresLocationSelection",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "StudyInstitute",
      "kind": "LinkedField",
      "name": "locations",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "id",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "identifier",
          "storageKey": null
        },
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "isDigiNet",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};
})();

(node as any).hash = "3bd443fa6b46c12bdaff8e04319be5ef";

export default node;
