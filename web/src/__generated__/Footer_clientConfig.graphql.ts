/**
 * @generated SignedSource<<4a2c560fcb088c825bc110abd40a4287>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type Footer_clientConfig$data = {
  readonly versionLabel: string;
  readonly " $fragmentType": "Footer_clientConfig";
};
export type Footer_clientConfig$key = {
  readonly " $data"?: Footer_clientConfig$data;
  readonly " $fragmentSpreads": FragmentRefs<"Footer_clientConfig">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "Footer_clientConfig",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "versionLabel",
      "storageKey": null
    }
  ],
  "type": "ClientConfig",
  "abstractKey": null
};

(node as any).hash = "c3196916a54249c273b41fd25b866989";

export default node;
