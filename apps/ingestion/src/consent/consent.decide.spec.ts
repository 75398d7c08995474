import { randomUUID } from 'node:crypto';
import {
  decideDisconnect,
  decideIssueLinkingCode,
  decideSharing,
  MAX_OPEN_LINKING_CODES,
} from './consent.decide';

const pilot = randomUUID();
const NOW = '2026-05-01T10:00:00.000Z';
/** An active connection of the pilot, sharing its totals only. */
const connection = {
  connection_id: randomUUID(),
  partner_id: randomUUID(),
  pilot_account_id: pilot,
  disconnected_at: null,
  shares_experience: false,
};

describe('issuing a linking code', () => {
  it('given fewer than 10 open codes, records LinkingCodeIssued with the hash, never the code', () => {
    expect(decideIssueLinkingCode(MAX_OPEN_LINKING_CODES - 1, pilot, 'ab'.repeat(32), NOW, true)).toEqual([
      {
        type: 'LinkingCodeIssued',
        version: 2,
        payload: {
          pilot_account_id: pilot,
          code_hash: 'ab'.repeat(32),
          expires_at: NOW,
          share_experience: true,
        },
      },
    ]);
  });

  it('given 10 open codes, is rate limited', () => {
    expect(decideIssueLinkingCode(MAX_OPEN_LINKING_CODES, pilot, 'ab'.repeat(32), NOW, false)).toMatchObject({
      rejected: 'RATE_LIMITED',
    });
  });
});

describe('disconnecting', () => {
  it('given an active connection of the pilot, records PilotDisconnected', () => {
    expect(decideDisconnect(connection, pilot, NOW)).toEqual([
      {
        type: 'PilotDisconnected',
        version: 1,
        payload: {
          pilot_account_id: pilot,
          partner_id: connection.partner_id,
          connection_id: connection.connection_id,
          disconnected_at: NOW,
        },
      },
    ]);
  });

  it.each([
    ['unknown', undefined],
    ['already disconnected', { ...connection, disconnected_at: NOW }],
    ["another pilot's", { ...connection, pilot_account_id: randomUUID() }],
  ])('given a connection that is %s, answers CONNECTION_NOT_FOUND', (_what, state) => {
    expect(decideDisconnect(state, pilot, NOW)).toMatchObject({ rejected: 'CONNECTION_NOT_FOUND' });
  });
});

describe('changing what a connection shares', () => {
  it('given an active connection of the pilot sharing otherwise, records ExperienceSharingChanged', () => {
    expect(decideSharing(connection, pilot, true, NOW)).toEqual([
      {
        type: 'ExperienceSharingChanged',
        version: 1,
        payload: {
          pilot_account_id: pilot,
          partner_id: connection.partner_id,
          connection_id: connection.connection_id,
          share_experience: true,
          changed_at: NOW,
        },
      },
    ]);
  });

  it('given one sharing as asked already, records nothing', () => {
    expect(decideSharing(connection, pilot, false, NOW)).toEqual([]);
  });

  it.each([
    ['unknown', undefined],
    ['disconnected', { ...connection, disconnected_at: NOW }],
    ["another pilot's", { ...connection, pilot_account_id: randomUUID() }],
  ])('given a connection that is %s, answers CONNECTION_NOT_FOUND', (_what, state) => {
    expect(decideSharing(state, pilot, true, NOW)).toMatchObject({ rejected: 'CONNECTION_NOT_FOUND' });
  });
});
