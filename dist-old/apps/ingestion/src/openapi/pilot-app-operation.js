"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotAppOperation = PilotAppOperation;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const platform_1 = require("../../../../libs/platform/src/index.js");
const pilot_app_error_examples_1 = require("./pilot-app.error-examples");
const pilot_app_examples_1 = require("./pilot-app.examples");
const pilot_app_schemas_1 = require("./pilot-app.schemas");
/** What the description says of a write's two 503s, after its own `retry`. */
const WRITE_RETRY = ' A 503 SERVICE_UNAVAILABLE means nothing was recorded; a 503 WRITE_OUTCOME_UNKNOWN, that the database ' +
    'could not say in time whether it was: in both cases send the same request again.';
/** The operation's description, with what sending it again does. */
const describe = (op) => `${op.description}\n\nSending it again: ${op.retry}` +
    (op.errors?.includes('WRITE_OUTCOME_UNKNOWN') ? WRITE_RETRY : '');
/**
 * Errors every operation can answer: no valid token, the account being erased, an unexpected failure, a
 * dependency down.
 */
const COMMON_ERRORS = [
    'UNAUTHORIZED',
    'ACCOUNT_ERASED',
    'INTERNAL_ERROR',
    'SERVICE_UNAVAILABLE',
];
/** The examples of `code` for this operation; a code without any is a mistake, refused at once. */
function examplesOf(op, code) {
    const examples = op.errorExamples?.[code] ?? op.body?.rejections?.[code] ?? pilot_app_error_examples_1.ERROR_EXAMPLES[code];
    if (!examples?.length)
        throw new Error(`No example of the error ${code} for "${op.summary}"`);
    return examples;
}
/** The OpenAPI description of one pilot app endpoint, from the facts the contract states about it. */
function PilotAppOperation(op) {
    const byStatus = new Map();
    const common = op.servedDuringErasure ? COMMON_ERRORS.filter((c) => c !== 'ACCOUNT_ERASED') : COMMON_ERRORS;
    for (const code of [...common, ...(op.errors ?? [])])
        byStatus.set(platform_1.ERROR_STATUS[code], [...(byStatus.get(platform_1.ERROR_STATUS[code]) ?? []), code]);
    const successes = [op.success, ...(op.alsoSuccess ? [op.alsoSuccess] : [])];
    return (0, common_1.applyDecorators)((0, swagger_1.ApiTags)(op.tag), (0, swagger_1.ApiBearerAuth)('pilot-jwt'), (0, swagger_1.ApiOperation)({ summary: op.summary, description: describe(op) }), ...(op.body
        ? [
            (0, swagger_1.ApiBody)({
                schema: (0, pilot_app_schemas_1.ref)(op.body),
                required: true,
                examples: { [op.body.name]: { summary: op.summary, value: op.body.example } },
            }),
        ]
        : []), ...(op.pathParam
        ? [
            (0, swagger_1.ApiParam)({
                name: op.pathParam.name,
                description: op.pathParam.description,
                schema: { type: 'string', format: 'uuid' },
            }),
        ]
        : []), ...(op.query ?? []).map((q) => (0, swagger_1.ApiQuery)({ name: q.name, description: q.description, required: false, schema: q.schema })), ...successes.map((s) => (0, swagger_1.ApiResponse)({
        status: s.status,
        description: s.description,
        ...(s.data
            ? { schema: (0, pilot_app_schemas_1.enveloped)(s.data), example: { data: s.data.example, meta: pilot_app_examples_1.EXAMPLE_META } }
            : {}),
        ...('text' in s && s.text
            ? { content: { [s.text.mediaType]: { schema: { type: 'string' }, example: s.text.example } } }
            : {}),
    })), ...[...byStatus].map(([status, statusCodes]) => (0, swagger_1.ApiResponse)({
        status,
        description: statusCodes.map((c) => `\`${c}\``).join(' or '),
        schema: pilot_app_schemas_1.ERROR_BODY,
        examples: Object.fromEntries(statusCodes.flatMap((code) => {
            const examples = examplesOf(op, code);
            return examples.map((example, i) => [
                examples.length === 1 ? code : `${code}_${i + 1}`,
                { summary: example.summary, value: (0, pilot_app_error_examples_1.errorBody)(code, example) },
            ]);
        })),
    })));
}
//# sourceMappingURL=pilot-app-operation.js.map