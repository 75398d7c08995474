import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type ErrorCode } from '@pft/platform';
import { type ErrorExample } from '@pft/platform/http/openapi-docs';
import { BodyOptional } from '@pft/platform/http/request-body.guard';
import { INGESTION_ERRORS } from '../ingestion.errors';
import { ERROR_EXAMPLES, errorBody } from './pilot-app.error-examples';
import { EXAMPLE_META } from './pilot-app.examples';
import { ERROR_BODY, enveloped, type NamedSchema, ref, type Schema } from './pilot-app.schemas';
import { type PilotAppTag } from './pilot-app.tags';

export interface PilotAppOperation {
  /** The one group the operation is listed under. */
  tag: PilotAppTag;
  summary: string;
  description: string;
  /** What sending the same request again does (after an error, or an answer that never arrived). */
  retry: string;
  /** The success status and its `data` (none for 204). */
  success: {
    status: 200 | 201 | 202 | 204;
    data?: NamedSchema;
    description: string;
    /** A body that is a file of its own type (the logbook's CSV), not JSON in the envelope. */
    text?: { mediaType: string; example: string };
  };
  /** Another success status of the same operation (the replay of a flight: 200). */
  alsoSuccess?: { status: 200; data: NamedSchema; description: string };
  body?: NamedSchema;
  /** The body may be left out (its fields all have defaults): an empty one is taken as none (BodyOptional). */
  bodyOptional?: true;
  pathParam?: { name: string; description: string };
  query?: { name: string; description: string; schema: Schema }[];
  /** Answered while the account is being erased too (the account's own operations): never 410. */
  servedDuringErasure?: true;
  /** Error codes this operation answers beyond those every one does (401, 410, 500, 503). */
  errors?: ErrorCode[];
  /** Examples of errors in this operation's own words, where neither its body's nor the common ones fit. */
  errorExamples?: Partial<Record<ErrorCode, ErrorExample[]>>;
}

/** What the description says of a write's two 503s, after its own `retry`. */
const WRITE_RETRY =
  ' A 503 SERVICE_UNAVAILABLE means nothing was recorded; a 503 WRITE_OUTCOME_UNKNOWN, that the database ' +
  'could not say in time whether it was: in both cases send the same request again.';

/** The operation's description, with what sending it again does. */
const describe = (op: PilotAppOperation): string =>
  `${op.description}\n\nSending it again: ${op.retry}` +
  (op.errors?.includes('WRITE_OUTCOME_UNKNOWN') ? WRITE_RETRY : '');

/**
 * Errors every operation can answer: no valid token, the account being erased, an unexpected failure, a
 * dependency down.
 */
const COMMON_ERRORS: ErrorCode[] = [
  'UNAUTHORIZED',
  'ACCOUNT_ERASED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];

/** The examples of `code` for this operation; a code without any is a mistake, refused at once. */
function examplesOf(op: PilotAppOperation, code: ErrorCode): ErrorExample[] {
  const examples = op.errorExamples?.[code] ?? op.body?.rejections?.[code] ?? ERROR_EXAMPLES[code];
  if (!examples?.length) throw new Error(`No example of the error ${code} for "${op.summary}"`);
  return examples;
}

/** The OpenAPI description of one pilot app endpoint, from the facts the contract states about it. */
export function PilotAppOperation(op: PilotAppOperation): MethodDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  const common = op.servedDuringErasure ? COMMON_ERRORS.filter((c) => c !== 'ACCOUNT_ERASED') : COMMON_ERRORS;
  for (const code of [...common, ...(op.errors ?? [])]) {
    const status = INGESTION_ERRORS.statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const successes = [op.success, ...(op.alsoSuccess ? [op.alsoSuccess] : [])];
  return applyDecorators(
    ApiTags(op.tag),
    ApiBearerAuth('pilot-jwt'),
    ApiOperation({ summary: op.summary, description: describe(op) }),
    // The body may be left out: an empty one (a JSON content type and no bytes) is taken as none.
    ...(op.bodyOptional ? [BodyOptional()] : []),
    ...(op.body
      ? [
          ApiBody({
            schema: ref(op.body),
            required: !op.bodyOptional,
            examples: { [op.body.name]: { summary: op.summary, value: op.body.example } },
          }),
        ]
      : []),
    ...(op.pathParam
      ? [
          ApiParam({
            name: op.pathParam.name,
            description: op.pathParam.description,
            schema: { type: 'string', format: 'uuid' },
          }),
        ]
      : []),
    ...(op.query ?? []).map((q) =>
      ApiQuery({ name: q.name, description: q.description, required: false, schema: q.schema }),
    ),
    ...successes.map((s) =>
      ApiResponse({
        status: s.status,
        description: s.description,
        ...(s.data
          ? { schema: enveloped(s.data), example: { data: s.data.example, meta: EXAMPLE_META } }
          : {}),
        ...('text' in s && s.text
          ? { content: { [s.text.mediaType]: { schema: { type: 'string' }, example: s.text.example } } }
          : {}),
      }),
    ),
    ...[...byStatus].map(([status, statusCodes]) =>
      ApiResponse({
        status,
        description: statusCodes.map((c) => `\`${c}\``).join(' or '),
        schema: ERROR_BODY,
        examples: Object.fromEntries(
          statusCodes.flatMap((code) => {
            const examples = examplesOf(op, code);
            return examples.map((example, i) => [
              examples.length === 1 ? code : `${code}_${i + 1}`,
              { summary: example.summary, value: errorBody(code, example) },
            ]);
          }),
        ),
      }),
    ),
  );
}
