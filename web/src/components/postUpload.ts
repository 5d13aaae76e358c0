/**
 * Uploads beside the graph (the OncoBox and oBDS imports, news documents): the form goes as multipart/form-data with the
 * bearer token to a gateway upload route, which streams it to the backend; no file travels through GraphQL. An
 * expired access token is renewed once (through a GraphQL call, which refreshes the session) and the upload repeated.
 */

export type UploadDeps = {
  fetch: typeof window.fetch;
  token: () => string | null;
  /** Renews the session (the GraphQL client refreshes on 401); resolves when a fresh token is stored. */
  renewSession: () => Promise<unknown>;
};

/** The gateway's answer: its status and JSON body; a network failure is thrown. */
export type UploadResponse = { status: number; body: Record<string, unknown> };

/** A form of one file in the part `file`, as the import upload routes take it. */
export const fileForm = (file: File) => (): FormData => {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
};

/** Posts the form to the upload route (a path with its query) and answers the gateway's answer. */
export async function postUpload(path: string, form: () => FormData, deps: UploadDeps): Promise<UploadResponse> {
  const send = () => deps.fetch(path, { method: 'POST', headers: { authorization: `Bearer ${deps.token() ?? ''}` }, body: form() });
  let response = await send();
  if (response.status === 401) {
    await deps.renewSession();
    response = await send();
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body };
}
