/**
 * @generated SignedSource<<53f5f83314fbeeaff3fe0565d59f4435>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type LocationDialogTestQuery$variables = Record<PropertyKey, never>;
export type LocationDialogTestQuery$data = {
  readonly clientConfig: {
    readonly " $fragmentSpreads": FragmentRefs<"LocationDialog_clientConfig">;
  };
  readonly viewer: {
    readonly " $fragmentSpreads": FragmentRefs<"LocationDialog_viewer">;
  };
};
export type LocationDialogTestQuery = {
  response: LocationDialogTestQuery$data;
  variables: LocationDialogTestQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "String"
},
v2 = {
  "enumValues": null,
  "nullable": false,
  "plural": false,
  "type": "ID"
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "LocationDialogTestQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Viewer",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "LocationDialog_viewer"
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "ClientConfig",
        "kind": "LinkedField",
        "name": "clientConfig",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "LocationDialog_clientConfig"
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "LocationDialogTestQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Viewer",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "StudyInstitute",
            "kind": "LinkedField",
            "name": "locations",
            "plural": true,
            "selections": [
              (v0/*:: as any*/),
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
          },
          (v0/*:: as any*/)
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "ClientConfig",
        "kind": "LinkedField",
        "name": "clientConfig",
        "plural": false,
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
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "6f6ae5ab25c29a7270d54e5227b1d1a9",
    "id": null,
    "metadata": {
      "relayTestingSelectionTypeInfo": {
        "clientConfig": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "ClientConfig"
        },
        "clientConfig.supportEmail": (v1/*:: as any*/),
        "clientConfig.supportPhone": (v1/*:: as any*/),
        "viewer": {
          "enumValues": null,
          "nullable": false,
          "plural": false,
          "type": "Viewer"
        },
        "viewer.id": (v2/*:: as any*/),
        "viewer.locations": {
          "enumValues": null,
          "nullable": false,
          "plural": true,
          "type": "StudyInstitute"
        },
        "viewer.locations.displayName": (v1/*:: as any*/),
        "viewer.locations.id": (v2/*:: as any*/),
        "viewer.locations.identifier": (v1/*:: as any*/)
      }
    },
    "name": "LocationDialogTestQuery",
    "operationKind": "query",
    "text": "query LocationDialogTestQuery {\n  viewer {\n    ...LocationDialog_viewer\n    id\n  }\n  clientConfig {\n    ...LocationDialog_clientConfig\n  }\n}\n\nfragment LocationDialog_clientConfig on ClientConfig {\n  supportPhone\n  supportEmail\n}\n\nfragment LocationDialog_viewer on Viewer {\n  locations {\n    id\n    identifier\n    displayName\n  }\n}\n"
  }
};
})();

(node as any).hash = "fa3fae1c0aad22167bbb4fd73a92393b";

export default node;
