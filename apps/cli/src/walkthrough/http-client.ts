/** A thin JSON client for the walkthrough: every answer with its status, headers and parsed body. */
export interface Envelope<T> {
  data?: T;
  error?: { code: string; message: string };
  meta?: { api_version: string; request_id: string };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed envelope; undefined for an empty or non-JSON body (see `text`). */
  body: Envelope<T> | undefined;
  text: string;
}

/** How long a request may go unanswered: a server that takes the connection and never answers fails the step. */
export const REQUEST_TIMEOUT_MS = 60_000;

export async function call<T = unknown>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // The time limit covers the body too: one left unfinished is no answer either.
    text = await response.text();
  } catch (err) {
    throw new NoAnswer(url, err);
  }
  let body: Envelope<T> | undefined;
  try {
    body = text ? (JSON.parse(text) as Envelope<T>) : undefined;
  } catch {
    // not JSON: the step that expected an envelope fails on `body` being undefined, showing `text`
  }
  return { status: response.status, headers: response.headers, body, text };
}

/**
 * A request that got no answer: its server could not be reached (refused, not resolved) or did not
 * answer, its body included, within REQUEST_TIMEOUT_MS.
 */
export class NoAnswer extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`no answer from ${url}`, { cause });
    this.name = 'NoAnswer';
  }
}

export class StepFailed extends Error {
  constructor(
    step: string,
    expectation: string,
    readonly answer?: Answer<unknown>,
  ) {
    super(`${step}: ${expectation}${answer ? ` (got ${answer.status}: ${answer.text})` : ''}`);
    this.name = 'StepFailed';
  }
}

/** Fails the step unless the answer has the expected status. */
export function expectStatus<T>(step: string, answer: Answer<T>, status: number): Answer<T> {
  if (answer.status !== status) throw new StepFailed(step, `expected HTTP ${status}`, answer);
  return answer;
}
