import { randomUUID } from 'node:crypto';
import { decideExperienceSharing, sharedData } from './sharing';

const AT = '2026-12-01T10:00:00.000Z';
const connection = {
  connection_id: randomUUID(),
  partner_id: randomUUID(),
  pilot_account_id: randomUUID(),
  shares_experience: false,
};

describe('what a connection shares', () => {
  it('always the totals, the experience when the pilot says so', () => {
    expect(sharedData(false)).toEqual(['totals']);
    expect(sharedData(true)).toEqual(['totals', 'experience']);
  });

  it.each([true, false])('given a connection sharing as asked (%s), records nothing', (share) => {
    expect(decideExperienceSharing({ ...connection, shares_experience: share }, share, AT)).toEqual([]);
  });

  it.each([true, false])('given a connection sharing otherwise, records the change to %s', (share) => {
    expect(decideExperienceSharing({ ...connection, shares_experience: !share }, share, AT)).toEqual([
      {
        type: 'ExperienceSharingChanged',
        version: 1,
        payload: {
          pilot_account_id: connection.pilot_account_id,
          partner_id: connection.partner_id,
          connection_id: connection.connection_id,
          share_experience: share,
          changed_at: AT,
        },
      },
    ]);
  });
});
