import { ApiError, type ErrorBody, networkError } from './client';

/** Outside production the service offers a test pilot (`/dev/test-pilot`); in production that path is 404. */
export const TEST_PILOT_PATH = '/dev/test-pilot';

/**
 * What the sign-in screen shows when no test pilot could be made: plain words, with the code and
 * request id the service answered (support finds them in its logs), or, when it did not answer, what
 * any screen says of a request that got no answer.
 */
export function testPilotError(
  answer: { status: number; headerRequestId: string | undefined; body: ErrorBody } | null,
): ApiError {
  if (answer === null) return networkError();
  const { status, headerRequestId, body } = answer;
  return new ApiError(
    status,
    body.error?.code ?? `HTTP_${status}`,
    'A test pilot could not be made.',
    body.meta?.request_id ?? headerRequestId,
  );
}

/** A token for a new test pilot account, or the error the sign-in screen shows. */
export async function makeTestPilot(): Promise<string> {
  const res = await fetch(TEST_PILOT_PATH, { method: 'POST' }).catch(() => null);
  if (!res?.ok) {
    throw testPilotError(
      res && {
        status: res.status,
        headerRequestId: res.headers.get('X-Request-Id') ?? undefined,
        body: (await res.json().catch(() => ({}))) as ErrorBody,
      },
    );
  }
  return ((await res.json()) as { data: { token: string } }).data.token;
}
