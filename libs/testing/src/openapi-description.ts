import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { LOGBOOK_ERRORS } from '@pft/logbook/domain';
import { PARTNERS_ERRORS } from '@pft/partners/domain';
import { errorCodes } from '@pft/platform';
import { PRIVACY_ERRORS } from '@pft/privacy/domain';

/** Every code either API answers with. */
const CODES = errorCodes(LOGBOOK_ERRORS, PARTNERS_ERRORS, PRIVACY_ERRORS);

/** The parts of an OpenAPI document these checks read. */
export interface OpenApiDocument {
  openapi: string;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, DescribedOperation>>;
  components?: { schemas?: Record<string, object> };
}

interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

interface DescribedOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * What a reader of an OpenAPI description would find missing or wrong, one line per problem (none
 * when all is well): every operation listed under exactly one declared, described tag, with a
 * summary and a description; an example on every request and response body, valid against its
 * schema; error examples in the envelope, with a code of their status and a real request id.
 */
export function descriptionProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
  for (const [name, description] of declared) {
    if (!description) problems.push(`tag ${name}: no description`);
  }
  const ajv = doc.openapi.startsWith('3.1')
    ? new Ajv2020({ strict: false, allErrors: true })
    : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  /** The examples of a body, each checked against its schema (whose `$ref`s point into the document). */
  const examplesOf = (where: string, media: MediaType | undefined): unknown[] => {
    if (!media) return [];
    const values =
      media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((e) => e.value);
    if (values.length === 0) problems.push(`${where}: no example`);
    const validate = ajv.compile({ components: doc.components, allOf: [media.schema ?? {}] });
    for (const value of values) {
      if (!validate(value)) problems.push(`${where}: example not valid: ${ajv.errorsText(validate.errors)}`);
    }
    return values;
  };

  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const at = `${method.toUpperCase()} ${path}`;
      const tags = op.tags ?? [];
      if (tags.length !== 1) problems.push(`${at}: ${tags.length} tags, not one`);
      for (const tag of tags) if (!declared.has(tag)) problems.push(`${at}: tag ${tag} is not declared`);
      if (!op.summary) problems.push(`${at}: no summary`);
      if (!op.description) problems.push(`${at}: no description`);
      if (op.requestBody) examplesOf(`${at} request`, op.requestBody.content?.['application/json']);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!response.content) continue;
        const values = examplesOf(`${at} ${status}`, response.content['application/json']);
        if (Number(status) < 400) continue;
        for (const value of values as { error?: { code?: string }; meta?: { request_id?: string } }[]) {
          const code = value.error?.code;
          if (code === undefined || CODES.registeredStatus(code) !== Number(status)) {
            problems.push(`${at} ${status}: example code ${String(code)} is not answered with ${status}`);
          }
          if (!REQUEST_ID.test(value.meta?.request_id ?? '')) {
            problems.push(`${at} ${status}: example request_id is not req_ and a ULID`);
          }
        }
      }
    }
  }
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    if (/Dto$/.test(name)) problems.push(`schema ${name}: named for the code, not the domain`);
  }
  return problems;
}

/**
 * The page at /docs of an API whose `get` is given: served, with a script of its own (no inline script
 * under its content security policy) that loads the description at /openapi.json.
 */
export async function expectDocsPage(
  get: (path: string) => PromiseLike<{ status: number; text: string }>,
): Promise<void> {
  const page = await get('/docs');
  expect(page.status).toBe(200);
  expect(page.text).toContain('/docs/swagger-init.js');
  expect((await get('/docs/swagger-init.js')).text).toContain('/openapi.json');
}
