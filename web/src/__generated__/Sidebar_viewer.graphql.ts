/**
 * @generated SignedSource<<3237b74210c038c23a16d4081d9a713a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type Sidebar_viewer$data = {
  readonly rights: ReadonlyArray<string>;
  readonly role: {
    readonly identifier: string;
  };
  readonly " $fragmentType": "Sidebar_viewer";
};
export type Sidebar_viewer$key = {
  readonly " $data"?: Sidebar_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"Sidebar_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "Sidebar_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "rights",
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
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "identifier",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};

(node as any).hash = "3e939c64283da94e0776b1eb08340604";

export default node;
