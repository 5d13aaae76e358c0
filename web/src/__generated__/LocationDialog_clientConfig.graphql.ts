/**
 * @generated SignedSource<<b386e74a1b63570165253c55897dbb07>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type LocationDialog_clientConfig$data = {
  readonly supportEmail: string;
  readonly supportPhone: string;
  readonly " $fragmentType": "LocationDialog_clientConfig";
};
export type LocationDialog_clientConfig$key = {
  readonly " $data"?: LocationDialog_clientConfig$data;
  readonly " $fragmentSpreads": FragmentRefs<"LocationDialog_clientConfig">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "LocationDialog_clientConfig",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "supportPhone",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "supportEmail",
      "storageKey": null
    }
  ],
  "type": "ClientConfig",
  "abstractKey": null
};

(node as any).hash = "ec75a240e3798845e10a9c8b10af3c3d";

export default node;
