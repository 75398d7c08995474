import { type ErrorCode } from '@pft/platform';
import { type ErrorExample } from '@pft/platform/http/openapi-docs';
import { OWN_TOTALS_EXAMPLE } from './pilot-app.examples';
import { type NamedSchema, OWN_TOTALS, type Schema, uuid } from './pilot-app.schemas';

/** The schemas of the logbook file import (`logbook-import.md` 2). */

const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });

const IMPORT_AIRCRAFT: Schema = {
  type: 'object',
  description: 'An aircraft as the records name it',
  required: ['category'],
  properties: {
    category: { type: 'string', enum: ['airplane', 'helicopter', 'sailplane', 'other'] },
    rating_key: { type: 'string' },
    type_designator: { type: 'string' },
    engine: { type: 'string', enum: ['piston', 'turboprop', 'turbojet', 'turboshaft', 'electric'] },
    features: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
};

const totalsProperties = (OWN_TOTALS.schema as { properties: Record<string, Schema> }).properties;

const IMPORT_EXAMPLE = {
  import_id: '3f1c9a0e-5b7d-4c2a-9e8f-1a2b3c4d5e6f',
  format: 'myflightbook',
  status: 'previewed',
  rows: 2,
  flights_valid: 1,
  problems: [{ line: 3, column: 'Date', issue: 'invalid_date', message: 'is not a date' }],
  problems_total: 1,
  unused_columns: ['Hold'],
  aircraft: [
    {
      source: 'N12345',
      make_model: 'Cessna 172',
      type_designator: 'C172',
      proposed: { category: 'airplane', rating_key: 'sep_land', guessed: true },
      chosen: null,
      flights: 2,
    },
  ],
  columns: { date: 'Date', total_flight_time: 'Total Flight Time' },
  date_order: 'mdy',
  time_unit: 'decimal_hours',
  delimiter: ',',
  date_range: { from: '2025-03-01', to: '2025-03-01' },
  rules_applied: [],
  totals: OWN_TOTALS_EXAMPLE.totals,
  ready: true,
};

export const IMPORT: NamedSchema = {
  name: 'Import',
  schema: {
    type: 'object',
    description: 'A logbook file read with the pilot’s choices: what committing it would record',
    required: ['import_id', 'format', 'status', 'rows', 'flights_valid', 'problems', 'aircraft', 'ready'],
    properties: {
      import_id: uuid,
      format: { type: 'string', enum: ['pft', 'foreflight', 'myflightbook', 'columns'] },
      status: { type: 'string', enum: ['previewed', 'committed'] },
      rows: { type: 'integer', minimum: 0 },
      flights_valid: { type: 'integer', minimum: 0 },
      problems: {
        type: 'array',
        description: 'The first 1,000 problems, by line',
        items: {
          type: 'object',
          required: ['line', 'issue', 'message'],
          properties: {
            line: { type: 'integer' },
            column: { type: 'string' },
            issue: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
      problems_total: { type: 'integer', description: 'How many problems there are in all' },
      unused_columns: { type: 'array', items: { type: 'string' } },
      aircraft: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            source: { type: 'string' },
            make_model: nullable({ type: 'string' }),
            type_designator: nullable({ type: 'string' }),
            proposed: nullable({
              ...IMPORT_AIRCRAFT,
              properties: { ...(IMPORT_AIRCRAFT.properties as object), guessed: { type: 'boolean' } },
            }),
            chosen: nullable(IMPORT_AIRCRAFT),
            flights: { type: 'integer' },
          },
        },
      },
      columns: { type: 'object', additionalProperties: { type: 'string' } },
      date_order: nullable({ type: 'string', enum: ['ymd', 'mdy', 'dmy'] }),
      time_unit: nullable({ type: 'string', enum: ['decimal_hours', 'h_mm', 'minutes'] }),
      delimiter: { type: 'string', enum: [',', ';', '\t'] },
      date_range: nullable({
        type: 'object',
        properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
      }),
      rules_applied: { type: 'array', items: { type: 'object' } },
      totals: { ...totalsProperties.totals, description: 'The lifetime totals these flights would add' },
      ready: { type: 'boolean' },
    },
  },
  example: IMPORT_EXAMPLE,
};

export const IMPORT_CHOICES_BODY: NamedSchema = {
  name: 'ImportChoices',
  schema: {
    type: 'object',
    description: 'The pilot’s choices, each part optional, merged into the earlier ones',
    properties: {
      aircraft: { type: 'object', additionalProperties: IMPORT_AIRCRAFT },
      columns: {
        type: 'object',
        description:
          'Our field to the column of the file that holds it (a columns file only); null: no column holds it, ' +
          'whatever header looks like it',
        additionalProperties: nullable({ type: 'string' }),
      },
      date_order: { type: 'string', enum: ['ymd', 'mdy', 'dmy'] },
      time_unit: { type: 'string', enum: ['decimal_hours', 'h_mm', 'minutes'] },
      unused_columns_to_remarks: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  example: { aircraft: { N12345: { category: 'airplane', rating_key: 'sep_land' } }, date_order: 'mdy' },
  rejections: {
    INVALID_REQUEST: [
      {
        summary: 'An unknown date order',
        message: 'date_order must be one of ymd, mdy, dmy',
        details: [{ field: 'date_order', issue: 'invalid_value', message: 'must be one of ymd, mdy, dmy' }],
      },
    ],
  },
};

export const IMPORT_COMMIT_RESULT: NamedSchema = {
  name: 'ImportCommitResult',
  schema: {
    type: 'object',
    description: 'What the commit recorded, by flight',
    required: ['recorded', 'amended', 'unchanged', 'skipped_invalid', 'skipped_deleted'],
    properties: Object.fromEntries(
      ['recorded', 'amended', 'unchanged', 'skipped_invalid', 'skipped_deleted'].map((k) => [
        k,
        { type: 'integer', minimum: 0 },
      ]),
    ),
  },
  example: { recorded: 412, amended: 3, unchanged: 0, skipped_invalid: 2, skipped_deleted: 1 },
};

export const IMPORT_FILE_ERRORS: Partial<Record<ErrorCode, ErrorExample[]>> = {
  INVALID_REQUEST: [
    {
      summary: 'The file did not arrive in time',
      message: 'The file was not received within 60 s',
      details: [{ field: 'body', issue: 'timeout', message: 'must arrive within 60 s' }],
    },
  ],
  IMPORT_TOO_LARGE: [{ summary: 'Over 20 MB', message: 'The file is larger than 20971520 bytes' }],
  UNSUPPORTED_FILE: [
    {
      summary: 'Not a text file',
      message: 'A logbook file is text/csv, text/tab-separated-values or text/plain',
      details: [{ field: 'body', issue: 'unsupported_media_type', message: 'application/zip is not taken' }],
    },
  ],
  RATE_LIMITED: [{ summary: 'Two uploads under way', message: 'At most 2 uploads may be under way at once' }],
};

export const IMPORT_NOT_READY_EXAMPLES: Partial<Record<ErrorCode, ErrorExample[]>> = {
  IMPORT_NOT_READY: [
    {
      summary: 'An aircraft has no rating',
      message: 'The import is not ready: see its problems and aircraft',
    },
  ],
};
