/**
 * @generated SignedSource<<626018c0af223388ad641a2c892e7599>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AccountDialog_viewer$data = {
  readonly role: {
    readonly displayName: string;
  };
  readonly user: {
    readonly displayName: string;
    readonly userName: string;
  };
  readonly " $fragmentType": "AccountDialog_viewer";
};
export type AccountDialog_viewer$key = {
  readonly " $data"?: AccountDialog_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AccountDialog_viewer">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "displayName",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AccountDialog_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "User",
      "kind": "LinkedField",
      "name": "user",
      "plural": false,
      "selections": [
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "userName",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Role",
      "kind": "LinkedField",
      "name": "role",
      "plural": false,
      "selections": [
        (v0/*:: as any*/)
      ],
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};
})();

(node as any).hash = "1b51e90f5737949525c38ab6ab28bd30";

export default node;
