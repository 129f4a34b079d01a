import { demoPassword } from '../../db/seed/people';

/**
 * Signs in over HTTP as a browser does (the origin header is what better-auth checks) and answers the session
 * cookies to send with every later request.
 */
export async function signIn(baseUrl: string, username: string, password: string = demoPassword): Promise<string> {
  const response = await fetch(`${baseUrl}/api/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
