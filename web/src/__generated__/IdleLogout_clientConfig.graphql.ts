/**
 * @generated SignedSource<<2fbbf8befd30e6eb9b434e7aaa8dc3b1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type IdleLogout_clientConfig$data = {
  readonly autoLogoutAfterWarn: number;
  readonly idleWarningAfterMs: number;
  readonly " $fragmentType": "IdleLogout_clientConfig";
};
export type IdleLogout_clientConfig$key = {
  readonly " $data"?: IdleLogout_clientConfig$data;
  readonly " $fragmentSpreads": FragmentRefs<"IdleLogout_clientConfig">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "IdleLogout_clientConfig",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "idleWarningAfterMs",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "autoLogoutAfterWarn",
      "storageKey": null
    }
  ],
  "type": "ClientConfig",
  "abstractKey": null
};

(node as any).hash = "3d7f7d4b705ec89a3a2245876e51b1af";

export default node;
