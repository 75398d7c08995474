import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner, setExperienceSharing } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { withLinkGround } from './link.test-support';

/**
 * `POST /v1/link` on a real Postgres and Redis, by a partner the pilot is linked to already: a code
 * decides what the connection shares only when it says so after the pilot last did.
 */
describe('LinkPilotHandler (Postgres): a re-link with a code issued before the pilot last said what to share', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));
  const ground = withLinkGround(() => ds);
  const link = (partnerId: string, code: string): Promise<string> => ground.link(partnerId, code);
  const issuedCode = (pilot: string, shareExperience: boolean, minutesAgo: number): Promise<string> =>
    ground.issuedCode(pilot, { shareExperience, minutesAgo });

  const sharesExperience = async (pilotId: string): Promise<boolean> => {
    const [row] = await ds.query<{ shares_experience: boolean }[]>(
      'select shares_experience from connections where connection_id = $1',
      [pilotId],
    );
    return row!.shares_experience;
  };

  const sharingEvents = async (pilot: string): Promise<number> => {
    const [row] = await ds.query<{ n: number }[]>(
      `select count(*)::int as n from events where stream_id = $1 and type = 'ExperienceSharingChanged'`,
      [`consent-${pilot}`],
    );
    return row!.n;
  };

  it('does not share the experience by a code the pilot gave before the code that said not to', async () => {
    const { partnerId } = await createPartner(ds, 'Relink Air');
    const pilot = randomUUID();
    // The pilot gave a code that shares, then thought better of it and gave one that does not.
    const sharing = await issuedCode(pilot, true, 5);
    const notSharing = await issuedCode(pilot, false, 2);
    const pilotId = await link(partnerId, notSharing);
    expect(await sharesExperience(pilotId)).toBe(false);

    // The partner redeems the earlier code too: the same pilot_id, the code used up, nothing shared.
    expect(await link(partnerId, sharing)).toBe(pilotId);
    expect(await sharesExperience(pilotId)).toBe(false);
    expect(await sharingEvents(pilot)).toBe(0);
    await expect(link(partnerId, sharing)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('does not share again by a code the pilot gave before stopping the sharing in the pilot app', async () => {
    const { partnerId } = await createPartner(ds, 'Relink Air');
    const pilot = randomUUID();
    const pilotId = await link(partnerId, await issuedCode(pilot, true, 5));
    const givenBefore = await issuedCode(pilot, true, 3);
    // PUT /pilot/v1/connections/{id}/sharing { experience: false }: the statement it runs.
    await setExperienceSharing(ds, pilotId, false);

    expect(await link(partnerId, givenBefore)).toBe(pilotId);
    expect(await sharesExperience(pilotId)).toBe(false);
  });

  it('does not stop sharing by a code the pilot gave before the code that said to share', async () => {
    const { partnerId } = await createPartner(ds, 'Relink Air');
    const pilot = randomUUID();
    const notSharing = await issuedCode(pilot, false, 5);
    const sharing = await issuedCode(pilot, true, 2);
    const pilotId = await link(partnerId, sharing);
    expect(await link(partnerId, notSharing)).toBe(pilotId);
    expect(await sharesExperience(pilotId)).toBe(true);
  });

  it('changes what is shared by a code given after the one that linked, either way', async () => {
    const { partnerId } = await createPartner(ds, 'Relink Air');
    const pilot = randomUUID();
    const pilotId = await link(partnerId, await issuedCode(pilot, false, 6));
    expect(await link(partnerId, await issuedCode(pilot, true, 4))).toBe(pilotId);
    expect(await sharesExperience(pilotId)).toBe(true);
    expect(await link(partnerId, await issuedCode(pilot, false, 2))).toBe(pilotId);
    expect(await sharesExperience(pilotId)).toBe(false);
    expect(await sharingEvents(pilot)).toBe(2);
  });
});
