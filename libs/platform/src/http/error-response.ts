import { ForbiddenException, HttpException } from '@nestjs/common';
import { WriteOutcomeUnknown } from '../database/write-outcome';
import {
  ApiError,
  type ErrorCode,
  type ErrorDetail,
  INTERNAL_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './api-error';
import { type ErrorCodes, PLATFORM_ERROR_CODES } from './error-codes';
import { type RouteTable } from './route-table';

export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  headers: Record<string, string>;
  /** True when the failure is ours, not the caller's: it is logged with its stack. */
  unexpected: boolean;
}

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Fastify's own complaints about a request body, in the contract's words. */
const BODY_PROBLEMS: Record<string, { message: string; issue: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large', issue: 'too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'The request body must be application/json',
    issue: 'unsupported_media_type',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is empty', issue: 'required' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON', issue: 'invalid_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: 'The Content-Length header does not match the body',
    issue: 'invalid',
  },
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '53300',
  // A statement cancelled past the query time limit (statement_timeout).
  '57014',
]);

/**
 * The Postgres client's own failures carry no code, only these messages: no connection within the
 * connect time limit (pool or server), a statement unanswered within the query time limit, a
 * connection that broke.
 */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
];

/** A dependency that is down or does not answer, as opposed to a fault of ours. */
export function isDependencyUnavailable(error: unknown): boolean {
  const { code, message, driverError } = (error ?? {}) as FrameworkError & { driverError?: unknown };
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
  return driverError !== undefined && driverError !== error && isDependencyUnavailable(driverError);
}

/** What the app knows when it answers an error: its routes (404 or 405) and the codes it registered. */
export interface ErrorAnswering {
  routes?: RouteTable;
  codes?: ErrorCodes<string>;
}

/**
 * Maps anything thrown while serving a request to the error a client may see. Nothing internal leaks:
 * an ApiError or a domain error whose code the app did not register is a fault of ours (500).
 */
export function toErrorResponse(
  error: unknown,
  request: { method: string; url: string },
  { routes, codes = PLATFORM_ERROR_CODES }: ErrorAnswering = {},
): ErrorResponse {
  const declared = error instanceof ApiError ? error : codes.domainError(error);
  const status = declared && codes.registeredStatus(declared.code);
  if (declared && status !== undefined) {
    return {
      status,
      code: declared.code as ErrorCode,
      message: declared.message,
      details: declared.details && [...declared.details],
      headers: declared instanceof ApiError ? declared.headers : {},
      unexpected: false,
    };
  }
  // The file server refuses a path that leaves its folder (`/app/%2e%2e/...`) with a 403 of its own
  // (not a guard's ForbiddenException): for the client it is a file that is not there, as it is to
  // every other path no route serves.
  if (
    error instanceof HttpException &&
    (error.getStatus() === 404 || (error.getStatus() === 403 && !(error instanceof ForbiddenException)))
  ) {
    return routeNotFound(request, routes);
  }
  const framework = (error ?? {}) as FrameworkError;
  const bodyProblem = framework.code ? BODY_PROBLEMS[framework.code] : undefined;
  if (bodyProblem) return invalid(bodyProblem.message, 'body', bodyProblem.issue);
  if (error instanceof SyntaxError && framework.statusCode === 400) {
    return invalid('The request body is not valid JSON', 'body', 'invalid_json');
  }
  if (error instanceof HttpException && error.getStatus() < 500) {
    return frameworkRejection(error);
  }
  if (error instanceof WriteOutcomeUnknown) {
    return {
      status: 503,
      code: 'WRITE_OUTCOME_UNKNOWN',
      message: WriteOutcomeUnknown.MESSAGE,
      headers: { 'Retry-After': '5' },
      unexpected: true,
    };
  }
  if (isDependencyUnavailable(error)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: SERVICE_UNAVAILABLE_MESSAGE,
      headers: { 'Retry-After': '5' },
      unexpected: true,
    };
  }
  return {
    status: 500,
    code: 'INTERNAL_ERROR',
    message: INTERNAL_ERROR_MESSAGE,
    headers: {},
    unexpected: true,
  };
}

/** What 412 PRECONDITION_FAILED says. */
const PRECONDITION_FAILED_MESSAGE =
  'The file does not meet the condition of the request (If-Match or If-Unmodified-Since)';

/**
 * Nest hands Fastify's refusals of a body on as an HttpException with Fastify's status (the FST
 * code is gone): 413 too large, 415 not JSON, 400 a body that does not parse. A file served from
 * disk (the pilot web app's) whose precondition fails is 412, as the file server answers it.
 */
function frameworkRejection(error: HttpException): ErrorResponse {
  switch (error.getStatus()) {
    case 412:
      return {
        status: 412,
        code: 'PRECONDITION_FAILED',
        message: PRECONDITION_FAILED_MESSAGE,
        headers: {},
        unexpected: false,
      };
    case 413:
      return invalid(BODY_PROBLEMS.FST_ERR_CTP_BODY_TOO_LARGE!.message, 'body', 'too_large');
    case 415:
      return invalid(BODY_PROBLEMS.FST_ERR_CTP_INVALID_MEDIA_TYPE!.message, 'body', 'unsupported_media_type');
    case 400:
      if (/empty/i.test(error.message))
        return invalid(BODY_PROBLEMS.FST_ERR_CTP_EMPTY_JSON_BODY!.message, 'body', 'required');
      if (/json/i.test(error.message))
        return invalid(BODY_PROBLEMS.FST_ERR_CTP_INVALID_JSON_BODY!.message, 'body', 'invalid_json');
      return invalid('The request is not valid', 'request', 'invalid');
    default:
      return invalid('The request is not valid', 'request', 'invalid');
  }
}

function invalid(message: string, field: string, issue: string): ErrorResponse {
  return {
    status: 400,
    code: 'INVALID_REQUEST',
    message,
    details: [{ field, issue }],
    headers: {},
    unexpected: false,
  };
}

function routeNotFound(request: { method: string; url: string }, routes?: RouteTable): ErrorResponse {
  const allowed = routes?.allowedMethods(request.url) ?? [];
  if (allowed.length > 0 && !allowed.includes(request.method.toUpperCase())) {
    return {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `${request.method} is not allowed here; allowed: ${allowed.join(', ')}`,
      headers: { Allow: allowed.join(', ') },
      unexpected: false,
    };
  }
  return { status: 404, code: 'NOT_FOUND', message: 'No such resource', headers: {}, unexpected: false };
}
