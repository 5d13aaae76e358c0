/**
 * The demo sign-ins see unread news after a fresh start (issue 13), and the news dialog after signing in. The
 * browser tests of other areas tell their story from the dashboard, so the global setup has every demo user read
 * the news first (PUT NewsDocument/userHasNews, as the dialog's OK does); news-documents.spec.ts publishes news of
 * its own to see the dialog, and has them read again afterwards for the files that follow.
 */
const DEMO_PASSWORD = 'Demo-Passwort1';

async function signIn(backendUrl: string, userName: string): Promise<string> {
  const response = await fetch(`${backendUrl}/api/v1.0/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`demo sign-in of ${userName} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The newest file of a demo document, e.g. the release notes as a real PDF to upload elsewhere. */
export async function demoDocumentFile(backendUrl: string, identifier: string): Promise<Buffer> {
  const headers = { authorization: `Bearer ${await signIn(backendUrl, 'adminnngm')}` };
  const document = await fetch(`${backendUrl}/api/v1.0/NewsDocument/identifier/${identifier}`, { headers });
  const { documentId } = (await document.json()) as { documentId: string };
  const file = await fetch(`${backendUrl}/api/v1.0/NewsDocument/${documentId}/content/latest`, { headers });
  return Buffer.from(await file.arrayBuffer());
}

/** Every seeded demo user (one per role, all with the demo password) marks the news read. */
export async function readDemoNews(backendUrl: string): Promise<void> {
  const admin = await signIn(backendUrl, 'superadmin');
  const users = await fetch(`${backendUrl}/api/v1.0/User`, { headers: { authorization: `Bearer ${admin}` } });
  const demoUsers = ((await users.json()) as { userName: string; emailAddress: string | null }[]).filter((user) =>
    user.emailAddress?.endsWith('@demo.register.local'),
  );
  for (const { userName } of demoUsers) {
    const token = await signIn(backendUrl, userName);
    const read = await fetch(`${backendUrl}/api/v1.0/NewsDocument/userHasNews`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!read.ok) throw new Error(`marking the news read for ${userName} failed: ${read.status}`);
  }
}
