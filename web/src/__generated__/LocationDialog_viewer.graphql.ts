/**
 * @generated SignedSource<<602a78a97fbddba22863e947f4a6a620>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type LocationDialog_viewer$data = {
  readonly locations: ReadonlyArray<{
    readonly displayName: string;
    readonly id: string;
    readonly identifier: string;
  }>;
  readonly " $fragmentType": "LocationDialog_viewer";
};
export type LocationDialog_viewer$key = {
  readonly " $data"?: LocationDialog_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"LocationDialog_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "LocationDialog_viewer",
  "selections": [
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
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "displayName",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Viewer",
  "abstractKey": null
};

(node as any).hash = "822bc360cf68e1dec41ca11c0be80abe";

export default node;
