import { CliError } from '../cli-error';
import { attemptsReason, connectAttempts, failedLookup, lookupText, messageOf } from '../connection-failure';
import { type NoAnswer, REQUEST_TIMEOUT_MS } from './http-client';

/** An app the walkthrough drives, with the option that gave its address. */
export interface DrivenApp {
  /** `the partner API`. */
  name: string;
  /** `--partner-api`. */
  option: string;
  url: string;
}

/** Whether `url` is under the app's address (`http://127.0.0.1:3000/v1/link` under `http://127.0.0.1:3000`). */
function isUnder(url: string, app: DrivenApp): boolean {
  const base = app.url.replace(/\/+$/, '');
  return url === base || url.startsWith(`${base}/`);
}

/**
 * HOST_UNREACHABLE for a request to an app that got no answer, naming the app, its address and the
 * option that gave it, and why: the addresses tried, a host name that does not resolve, no answer in
 * time, else the error's own words.
 */
export function unreachableApp(noAnswer: NoAnswer, apps: DrivenApp[]): CliError {
  const cause = noAnswer.cause;
  const lookup = failedLookup(cause);
  const attempts = connectAttempts(cause);
  // fetch's AbortSignal.timeout rejects with a DOMException of this name.
  const timedOut = (cause as { name?: unknown } | undefined)?.name === 'TimeoutError';
  const reason = lookup
    ? lookupText(lookup)
    : attempts
      ? attemptsReason(attempts)
      : timedOut
        ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`
        : messageOf(cause);
  // The longest address first: an app served under a path of the other's host.
  const app = [...apps].sort((a, b) => b.url.length - a.url.length).find((a) => isUnder(noAnswer.url, a));
  const where = app ? `${app.name} at ${app.url} (${app.option})` : noAnswer.url;
  return new CliError('HOST_UNREACHABLE', `cannot reach ${where}: ${reason}`);
}
