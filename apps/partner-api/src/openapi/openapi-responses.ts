import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiHeader, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { type HeadersObject } from '@nestjs/swagger';
import { type ErrorCode } from '@pft/platform';
import { type ErrorExample } from '@pft/platform/http/openapi-docs';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../idempotency/idempotency-key';
import { PARTNER_API_ERRORS } from '../partner-api.errors';
import { ErrorEnvelopeDto, MetaDto } from './envelope.dto';
import { COMMON_ERROR_EXAMPLES, EXAMPLE_META, errorBody } from './error-examples';

/** A DTO class with an example of the value it describes, shown with every operation that uses it. */
export type ExampleDto<T = object> = Type<T> & { readonly example: T };

export const REQUEST_ID_HEADER: HeadersObject = {
  'X-Request-Id': {
    description: 'The request id, as in `meta.request_id`: `req_` and a ULID',
    schema: { type: 'string', pattern: '^req_[0-9A-HJKMNP-TV-Z]{26}$' },
  },
};

/** On every answer to a request that presented a valid key, the 429 included. */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  'RateLimit-Limit': {
    description: 'Requests allowed per clock minute for this key',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in this window after this one (4, 3, 2, 1, 0 for a limit of 5)',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

const WHEN: Record<ErrorCode, string> = {
  INVALID_REQUEST: 'The request is malformed (see the operation’s description)',
  INVALID_TOKEN: 'The linking token is invalid, expired or already used (one message for all)',
  UNAUTHORIZED: 'Missing, malformed, unknown or revoked API key; with `WWW-Authenticate: Bearer`',
  INSUFFICIENT_SCOPE: 'The key lacks the scope this endpoint needs',
  NOT_FOUND: 'No such path',
  PILOT_NOT_FOUND: 'No pilot with this `pilot_id` is linked to the calling partner',
  FLIGHT_NOT_FOUND: 'Not used by the partner API',
  CONNECTION_NOT_FOUND: 'Not used by the partner API',
  EXPERIENCE_NOT_SHARED:
    'The pilot is linked to the calling partner but does not share their experience with it',
  ACCOUNT_ERASED: 'Not used by the partner API',
  IMPORT_TOO_LARGE: 'Not used by the partner API',
  UNSUPPORTED_FILE: 'Not used by the partner API',
  IMPORT_NOT_FOUND: 'Not used by the partner API',
  IMPORT_NOT_READY: 'Not used by the partner API',
  METHOD_NOT_ALLOWED: 'Known path, wrong method; with an `Allow` header',
  REQUEST_TIMEOUT:
    'The request line and headers did not all arrive within 60 seconds; the connection is closed (send it again)',
  CONFLICT: 'The simulated flight’s `flight_id` was already recorded with another body (sandbox only)',
  PRECONDITION_FAILED: 'Not used by the partner API',
  IDEMPOTENCY_CONFLICT:
    'The `Idempotency-Key` was used with another method, path or body, or its first request is still ' +
    'being processed',
  RATE_LIMITED:
    'The key’s requests per minute are used up, or too many failed authentications came from this ' +
    'address; with `Retry-After: 60`. A requirement check past the day’s 20 checks of the pilot: with ' +
    '`Retry-After` the seconds to the next UTC midnight',
  INTERNAL_ERROR: 'An unexpected failure; no internals in the body',
  SERVICE_UNAVAILABLE: 'A dependency is down; with `Retry-After`',
  WRITE_OUTCOME_UNKNOWN:
    'The database did not confirm whether a write was recorded and could not be asked in time; with `Retry-After`',
};

/** Errors any partner endpoint can answer, besides its own. */
const COMMON_ERRORS: ErrorCode[] = ['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];

const EXTRA_HEADERS: Partial<Record<ErrorCode, HeadersObject>> = {
  UNAUTHORIZED: { 'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } } },
  RATE_LIMITED: {
    'Retry-After': {
      description: '`60`; for a requirement check past its daily limit, the seconds to the next UTC midnight',
      schema: { type: 'integer' },
    },
  },
  SERVICE_UNAVAILABLE: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
  WRITE_OUTCOME_UNKNOWN: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
};

/** On a POST's answer that replays the first one given under its `Idempotency-Key`. */
export const IDEMPOTENT_REPLAY_HEADERS: HeadersObject = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: '`true` when this is the first answer given under the `Idempotency-Key`, replayed',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * The `Idempotency-Key` request header every POST takes (IdempotencyInterceptor); its 409 and 400 go
 * in the endpoint's ApiPartnerErrors.
 */
export function ApiIdempotencyKey(): MethodDecorator {
  return ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description:
      '1 to 255 printable ASCII characters of your choosing (a UUID, say), scoped to your partner account ' +
      'and kept 24 hours. The same key with the same method, path (an escape such as `%61` read as the ' +
      'unreserved character it stands for) and body (byte for byte) gets the first answer again, status and `data` or `error`, with `Idempotent-Replayed: true`, and nothing is done ' +
      'again (`meta.request_id` is the new request’s). Another path or body, or the first request still ' +
      'being processed: 409 `IDEMPOTENCY_CONFLICT`. Refusals are kept too: a missing scope (403), a live key ' +
      'on a sandbox endpoint (404), a body that cannot be read (400: not JSON, too large, another media ' +
      'type; a body over 8 MB, cut off unread, is not compared and its 400 not kept). 401, 429 and 5xx ' +
      'answers are not kept: retry with the same key. A success is never given to a key without the ' +
      'endpoint’s scope. Malformed or sent twice: 400 `INVALID_REQUEST`.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  });
}

/**
 * A success answer `{ data: <the schema at ref>, meta }`, with the request id and rate limit headers and
 * an example; for a schema written as JSON Schema, `ref` is namedSchema's.
 */
export function ApiEnvelopedSchemaResponse(
  status: number,
  ref: string,
  example: unknown,
  headers: HeadersObject = {},
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(MetaDto),
    ApiResponse({
      status,
      description: 'Success, in the envelope',
      headers: { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS, ...headers },
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { $ref: ref }, meta: { $ref: getSchemaPath(MetaDto) } },
      },
      example: { data: example, meta: EXAMPLE_META },
    }),
  );
}

/** A success answer: `{ data: <dto>, meta }`, with the request id and rate limit headers and an example. */
export function ApiEnvelopedResponse(
  status: number,
  dto: ExampleDto,
  headers: HeadersObject = {},
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(dto),
    ApiEnvelopedSchemaResponse(status, getSchemaPath(dto), dto.example, headers),
  );
}

/** A write's success answer (ApiEnvelopedResponse): a replay under its `Idempotency-Key` says so in a header. */
export function ApiWriteResponse(status: number, dto: ExampleDto): MethodDecorator & ClassDecorator {
  return ApiEnvelopedResponse(status, dto, IDEMPOTENT_REPLAY_HEADERS);
}

/** A required JSON request body of `dto`, with its example (`summary` says what it shows). */
export function ApiJsonBody(dto: ExampleDto, summary: string): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(dto),
    ApiBody({
      required: true,
      schema: { $ref: getSchemaPath(dto) },
      examples: { [getSchemaPath(dto).split('/').pop()!]: { summary, value: dto.example } },
    }),
  );
}

/** An answer without a body (a 304), still carrying the request id and rate limit headers. */
export function ApiBodylessResponse(
  status: number,
  description: string,
  headers: HeadersObject = {},
): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status,
    description,
    headers: { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS, ...headers },
  });
}

/**
 * The error answers of an endpoint: its own codes plus the common ones, grouped by status, each
 * code with an example body. `examples` gives those of the endpoint's own wording (`INVALID_REQUEST`,
 * `INSUFFICIENT_SCOPE`); a code without one is a mistake, refused as the description is built.
 */
export function ApiPartnerErrors(
  codes: ErrorCode[],
  examples: Partial<Record<ErrorCode, ErrorExample[]>> = {},
): MethodDecorator & ClassDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...COMMON_ERRORS]) {
    const status = PARTNER_API_ERRORS.statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ApiExtraModels(ErrorEnvelopeDto),
    ...[...byStatus.entries()].map(([status, group]) =>
      ApiResponse({
        status,
        description: group.map((code) => `\`${code}\`: ${WHEN[code]}`).join('. '),
        headers: Object.assign(
          {},
          REQUEST_ID_HEADER,
          status === 401 ? {} : RATE_LIMIT_HEADERS,
          ...group.map((code) => EXTRA_HEADERS[code] ?? {}),
        ) as HeadersObject,
        schema: { $ref: getSchemaPath(ErrorEnvelopeDto) },
        examples: Object.fromEntries(
          group.flatMap((code) => {
            const own = examples[code] ?? COMMON_ERROR_EXAMPLES[code];
            if (!own?.length) throw new Error(`No example of the error ${code}`);
            return own.map((example, i) => [
              own.length === 1 ? code : `${code}_${i + 1}`,
              { summary: example.summary, value: errorBody(code, example) },
            ]);
          }),
        ),
      }),
    ),
  );
}
