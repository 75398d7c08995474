import { CONNECTION_LIST_EXAMPLE, LINKING_CODE_EXAMPLE } from './pilot-app.examples';
import { type NamedSchema, type Schema, timestamp, uuid } from './pilot-app.schemas';

/** The JSON Schemas of linking codes and connections: what the pilot consents to and shares. */

export const LINKING_CODE_REQUEST: NamedSchema = {
  name: 'LinkingCodeRequest',
  schema: {
    type: 'object',
    description: 'Optional: no body issues a code whose link shares the lifetime totals only',
    additionalProperties: false,
    properties: {
      share_experience: {
        type: 'boolean',
        default: false,
        description:
          'Whether the link made with the code shares the pilot’s experience (recent flying, time by aircraft, currency) besides the lifetime totals',
      },
    },
  },
  example: { share_experience: true },
  rejections: {
    INVALID_REQUEST: [
      {
        summary: 'share_experience not a boolean',
        message: 'share_experience must be true or false',
        details: [{ field: 'share_experience', issue: 'wrong_type', message: 'must be true or false' }],
      },
    ],
  },
};

export const LINKING_CODE: NamedSchema = {
  name: 'LinkingCode',
  schema: {
    type: 'object',
    description: 'A one-time code for a partner to link the pilot with',
    required: ['linking_token', 'expires_at'],
    properties: {
      linking_token: { type: 'string', description: 'The one-time code to give a partner' },
      expires_at: timestamp,
    },
  },
  example: LINKING_CODE_EXAMPLE,
};

export const SHARING_REQUEST: NamedSchema = {
  name: 'SharingRequest',
  schema: {
    type: 'object',
    description: 'What the connection shares beyond the lifetime totals, which every connection shares',
    additionalProperties: false,
    required: ['experience'],
    properties: {
      experience: {
        type: 'boolean',
        description:
          'Whether the partner may read the pilot’s experience (and check requirements against it)',
      },
    },
  },
  example: { experience: false },
  rejections: {
    INVALID_REQUEST: [
      {
        summary: 'experience missing',
        message: 'experience is required',
        details: [{ field: 'experience', issue: 'required', message: 'is required' }],
      },
    ],
  },
};

const connection: Schema = {
  type: 'object',
  required: ['connection_id', 'partner', 'linked_at', 'shared'],
  properties: {
    connection_id: { ...uuid, description: 'The pilot_id this partner holds' },
    partner: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: uuid, name: { type: 'string' } },
    },
    linked_at: timestamp,
    shared: {
      type: 'array',
      description: 'What the partner may read: always `totals`, and `experience` when the pilot shares it',
      items: { enum: ['totals', 'experience'] },
      minItems: 1,
      example: ['totals', 'experience'],
    },
  },
};

export const CONNECTION: NamedSchema = {
  name: 'Connection',
  schema: { ...connection, description: 'A partner the pilot is linked to, and what it may read' },
  example: CONNECTION_LIST_EXAMPLE.connections[0],
};

export const CONNECTIONS: NamedSchema = {
  name: 'ConnectionList',
  schema: {
    type: 'object',
    description: 'The partners the pilot is linked to',
    required: ['connections'],
    properties: {
      connections: { type: 'array', items: { $ref: '#/components/schemas/Connection' } },
    },
  },
  example: CONNECTION_LIST_EXAMPLE,
};
