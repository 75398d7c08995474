import { CONSENT_EVENT_TYPES, LOGBOOK_EVENT_TYPES } from '@pft/contracts';
import { ACCESS_HISTORY_EXAMPLE, PILOT_EXPORT_EXAMPLE } from './pilot-app.examples';
import {
  type NamedSchema,
  ref,
  type Schema,
  STARTING_TOTALS,
  STORED_FLIGHT,
  timestamp,
  uuid,
} from './pilot-app.schemas';

/** The schemas of what the pilot holds rights over: the access history, the export, the account. */

const partnerRef: Schema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: uuid, name: { type: 'string' } },
};

/** A UTC day's reads of one kind by one partner. */
const readsOfDay: Schema = {
  type: 'object',
  required: ['date', 'count', 'last_at'],
  properties: {
    date: { type: 'string', format: 'date' },
    count: { type: 'integer', minimum: 1 },
    last_at: { ...timestamp, description: 'The last read of the day' },
  },
};

/** A partner's requirement check of the pilot, as the access history keeps it. */
const requirementCheck: Schema = {
  type: 'object',
  required: ['at', 'as_of', 'requirements'],
  properties: {
    at: { ...timestamp, description: 'When it was answered' },
    as_of: { type: 'string', format: 'date', description: 'The date the experience was checked as of' },
    requirements: {
      type: 'array',
      description: 'As the partner sent them (partner API, `RequirementCheckRequest.requirements`)',
      items: { type: 'object' },
    },
  },
};

const accessHistorySchema: Schema = {
  type: 'object',
  required: ['partners'],
  properties: {
    partners: {
      type: 'array',
      description: 'Partners by name',
      items: {
        type: 'object',
        required: ['partner', 'events', 'reads', 'experience_reads', 'requirement_checks'],
        properties: {
          partner: partnerRef,
          events: {
            type: 'array',
            description: 'Links and disconnects, newest first',
            items: {
              type: 'object',
              required: ['type', 'at'],
              properties: { type: { enum: ['linked', 'disconnected'] }, at: timestamp },
            },
          },
          reads: {
            type: 'array',
            description: 'Reads of the pilot’s totals per UTC day, newest first; days without reads left out',
            items: readsOfDay,
          },
          experience_reads: {
            type: 'array',
            description:
              'Reads of the pilot’s experience (GET /v1/pilot-experience and its batch) per UTC day, counted ' +
              'as `reads` are, newest first; days without reads left out',
            items: readsOfDay,
          },
          requirement_checks: {
            type: 'array',
            description:
              'The partner’s requirement checks (POST /v1/pilot-requirements/check), each with the requirements ' +
              'exactly as the partner sent them; the partner learned only whether each was met. Newest first',
            items: requirementCheck,
          },
        },
      },
    },
  },
};

export const ACCESS_HISTORY: NamedSchema = {
  name: 'AccessHistory',
  schema: {
    ...accessHistorySchema,
    description:
      'Who read the pilot’s totals and experience, and when; requirement checks; links and disconnects',
  },
  example: ACCESS_HISTORY_EXAMPLE,
};

const exportedEvent = (types: readonly string[]): Schema => ({
  type: 'object',
  required: ['event_id', 'type', 'version', 'stream_version', 'occurred_at', 'payload'],
  properties: {
    event_id: uuid,
    type: { enum: types },
    version: { type: 'integer', description: 'The payload’s version (older ones are shown upcast)' },
    stream_version: { type: 'integer', minimum: 1 },
    occurred_at: timestamp,
    payload: { type: 'object', description: 'As in the event catalog, docs/events.md' },
  },
});

export const PILOT_EXPORT: NamedSchema = {
  name: 'PilotExport',
  schema: {
    type: 'object',
    description: 'Everything the service holds about the pilot',
    required: [
      'exported_at',
      'account',
      'flights',
      'logbook_events',
      'starting_totals',
      'connections',
      'consent_events',
      'access_history',
      'pending_imports',
    ],
    properties: {
      exported_at: timestamp,
      account: { type: 'object', required: ['id'], properties: { id: uuid } },
      flights: {
        type: 'array',
        description: 'Current flights, newest date first',
        items: ref(STORED_FLIGHT),
      },
      logbook_events: {
        type: 'array',
        description: 'Every change of the logbook, oldest first',
        items: exportedEvent(LOGBOOK_EVENT_TYPES),
      },
      starting_totals: { oneOf: [ref(STARTING_TOTALS), { type: 'null' }] },
      connections: {
        type: 'array',
        description: 'Every connection to a partner, ended ones too, oldest first',
        items: {
          type: 'object',
          required: ['connection_id', 'partner', 'linked_at', 'disconnected_at', 'shared'],
          properties: {
            connection_id: {
              ...uuid,
              description: 'The pilot_id the partner holds (held, once disconnected)',
            },
            partner: partnerRef,
            linked_at: timestamp,
            disconnected_at: { ...timestamp, type: ['string', 'null'] },
            shared: {
              type: 'array',
              description:
                'What the partner may read (or might, until the disconnect): `totals`, and `experience` when shared',
              items: { enum: ['totals', 'experience'] },
            },
          },
        },
      },
      consent_events: {
        type: 'array',
        description:
          'Linking codes issued (hashes only), links, changes of what a connection shares and disconnects, oldest first',
        items: exportedEvent(CONSENT_EVENT_TYPES),
      },
      access_history: { ...accessHistorySchema, description: 'All of it held' },
      pending_imports: {
        type: 'array',
        description:
          'Logbook files uploaded for import and not yet expired (24 hours), oldest first: the choices made and ' +
          'what a commit recorded, and each file’s size (not its bytes: the pilot’s own upload)',
        items: {
          type: 'object',
          required: [
            'import_id',
            'format',
            'status',
            'uploaded_at',
            'expires_at',
            'file_bytes',
            'choices',
            'commit_result',
          ],
          properties: {
            import_id: uuid,
            format: { type: 'string', enum: ['auto', 'pft', 'foreflight', 'myflightbook', 'columns'] },
            status: { type: 'string', enum: ['previewed', 'committed'] },
            uploaded_at: timestamp,
            expires_at: timestamp,
            file_bytes: { type: 'integer', minimum: 0 },
            choices: { type: 'object' },
            commit_result: { type: ['object', 'null'] },
          },
        },
      },
    },
  },
  example: PILOT_EXPORT_EXAMPLE,
};

/** GET and DELETE /pilot/v1/account. */
export const ACCOUNT_STATUS: NamedSchema = {
  name: 'AccountStatus',
  schema: {
    type: 'object',
    description:
      'active: the account is in use (or was never used). erasing: an erasure was asked for and is under way; until it completes every other request of the pilot answers 410 ACCOUNT_ERASED',
    additionalProperties: false,
    required: ['status'],
    properties: { status: { enum: ['active', 'erasing'] } },
  },
  example: { status: 'erasing' },
};
