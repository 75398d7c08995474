import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries. */
export interface RequestContext {
  reqId: string;
}

/** Set once per request by the request-log hook, read by AppLogger for each line. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
