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
import { ERROR_STATUS, type ErrorCode } from '@pft/infrastructure';
import { ERROR_BODY, enveloped } from './pilot-app.schemas';

type Schema = Record<string, unknown>;

export interface PilotAppOperation {
  tag: 'flights' | 'starting totals' | 'totals' | 'consent';
  summary: string;
  description?: string;
  /** The success status and its `data` (none for 204). */
  success: { status: 200 | 201 | 204; data?: Schema; description: string };
  /** Another success status of the same operation (the replay of a flight: 200). */
  alsoSuccess?: { status: 200; data: Schema; description: string };
  body?: Schema;
  pathParam?: { name: string; description: string };
  query?: { name: string; description: string; schema: Schema }[];
  /** Error codes this operation answers beyond 401 UNAUTHORIZED, which every one does. */
  errors?: ErrorCode[];
}

/** The OpenAPI description of one pilot app endpoint, from the facts the contract states about it. */
export function PilotAppOperation(op: PilotAppOperation): MethodDecorator {
  const codes: ErrorCode[] = ['UNAUTHORIZED', ...(op.errors ?? [])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const successes = [op.success, ...(op.alsoSuccess ? [op.alsoSuccess] : [])];
  return applyDecorators(
    ApiTags(op.tag),
    ApiBearerAuth('pilot-jwt'),
    ApiOperation({ summary: op.summary, ...(op.description ? { description: op.description } : {}) }),
    ...(op.body ? [ApiBody({ schema: op.body, required: true })] : []),
    ...(op.pathParam
      ? [
          ApiParam({
            name: op.pathParam.name,
            description: op.pathParam.description,
            schema: { type: 'string' },
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
        ...(s.data ? { schema: enveloped(s.data) } : {}),
      }),
    ),
    ...[...byStatus].map(([status, statusCodes]) =>
      ApiResponse({
        status,
        description: statusCodes.map((c) => `\`${c}\``).join(' or '),
        schema: ERROR_BODY,
      }),
    ),
  );
}
