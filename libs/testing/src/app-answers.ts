import { waitFor } from './wait-for';

/** A GET of a JSON answer: its status, body (the text when it is not JSON) and headers. */
export async function getJson(url: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(url);
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

/** A request with a bearer token and, when there is one, a JSON body: the answer's status and text. */
export async function sendWithBearer(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** A readiness answer of `status` (ready, degraded, not_ready), for untilReadiness. */
export const readinessIs =
  (status: string) =>
  (answer: { body: any }): boolean =>
    answer.body?.data?.status === status;

/** Waits until the app's readiness answer passes `until`, asking every `intervalMs`: that answer. */
export function untilReadiness(
  app: { url: string },
  until: (answer: { status: number; body: any }) => boolean,
  timeoutMs: number,
  what: string,
  intervalMs?: number,
): Promise<{ status: number; body: any; headers: Headers }> {
  return waitFor(
    async () => {
      const answer = await getJson(`${app.url}/health/ready`);
      return until(answer) ? answer : undefined;
    },
    timeoutMs,
    what,
    intervalMs,
  );
}
