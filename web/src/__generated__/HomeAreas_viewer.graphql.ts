/**
 * @generated SignedSource<<802746c9c492c3a2c07f09b6c80f9ef5>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HomeAreas_viewer$data = {
  readonly rights: ReadonlyArray<string>;
  readonly role: {
    readonly identifier: string;
  };
  readonly " $fragmentType": "HomeAreas_viewer";
};
export type HomeAreas_viewer$key = {
  readonly " $data"?: HomeAreas_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"HomeAreas_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HomeAreas_viewer",
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

(node as any).hash = "e8711ee78e25670587b844e1b0ac990d";

export default node;
