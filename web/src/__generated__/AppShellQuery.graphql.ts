/**
 * @generated SignedSource<<fa26e25ce63956457e1e29d04bebc522>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AppShellQuery$variables = Record<PropertyKey, never>;
export type AppShellQuery$data = {
  readonly clientConfig: {
    readonly " $fragmentSpreads": FragmentRefs<"Footer_clientConfig" | "IdleLogout_clientConfig" | "LocationDialog_clientConfig">;
  };
  readonly viewer: {
    readonly locations: ReadonlyArray<{
      readonly id: string;
    }>;
    readonly requiresLocationSelection: boolean;
    readonly " $fragmentSpreads": FragmentRefs<"AccountDialog_viewer" | "LocationDialog_viewer" | "Sidebar_viewer" | "TopBar_viewer">;
  };
};
export type AppShellQuery = {
  response: AppShellQuery$data;
  variables: AppShellQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "requiresLocationSelection",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "identifier",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "displayName",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "AppShellQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Viewer",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "StudyInstitute",
            "kind": "LinkedField",
            "name": "locations",
            "plural": true,
            "selections": [
              (v1/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "TopBar_viewer"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "Sidebar_viewer"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AccountDialog_viewer"
          },
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
            "name": "Footer_clientConfig"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "LocationDialog_clientConfig"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "IdleLogout_clientConfig"
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
    "name": "AppShellQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Viewer",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "StudyInstitute",
            "kind": "LinkedField",
            "name": "locations",
            "plural": true,
            "selections": [
              (v1/*:: as any*/),
              (v2/*:: as any*/),
              (v3/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "User",
            "kind": "LinkedField",
            "name": "user",
            "plural": false,
            "selections": [
              (v3/*:: as any*/),
              (v1/*:: as any*/),
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
              (v2/*:: as any*/),
              (v1/*:: as any*/),
              (v3/*:: as any*/)
            ],
            "storageKey": null
          },
          (v1/*:: as any*/)
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
            "name": "versionLabel",
            "storageKey": null
          },
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
          },
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
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "6e48235736449f7651f36af8371c5090",
    "id": null,
    "metadata": {},
    "name": "AppShellQuery",
    "operationKind": "query",
    "text": "query AppShellQuery {\n  viewer {\n    requiresLocationSelection\n    locations {\n      id\n    }\n    ...TopBar_viewer\n    ...Sidebar_viewer\n    ...AccountDialog_viewer\n    ...LocationDialog_viewer\n    id\n  }\n  clientConfig {\n    ...Footer_clientConfig\n    ...LocationDialog_clientConfig\n    ...IdleLogout_clientConfig\n  }\n}\n\nfragment AccountDialog_viewer on Viewer {\n  user {\n    displayName\n    userName\n    id\n  }\n  role {\n    displayName\n    id\n  }\n}\n\nfragment Footer_clientConfig on ClientConfig {\n  versionLabel\n}\n\nfragment IdleLogout_clientConfig on ClientConfig {\n  idleWarningAfterMs\n  autoLogoutAfterWarn\n}\n\nfragment LocationDialog_clientConfig on ClientConfig {\n  supportPhone\n  supportEmail\n}\n\nfragment LocationDialog_viewer on Viewer {\n  locations {\n    id\n    identifier\n    displayName\n  }\n}\n\nfragment Sidebar_viewer on Viewer {\n  rights\n  role {\n    identifier\n    id\n  }\n}\n\nfragment TopBar_viewer on Viewer {\n  user {\n    displayName\n    id\n  }\n  locations {\n    id\n    identifier\n    displayName\n  }\n}\n"
  }
};
})();

(node as any).hash = "38ba85c4ea72d6ad383e466bcce2648c";

export default node;
