import { eventually } from './webhooks.harness';
import { webhookSuite } from './webhook-suite';
import { verifySignature, type WebhookReceiver } from './webhook-receiver';

/** Events of one pilot_id as a receiver got them. */
const eventsFor = (receiver: WebhookReceiver, pilotId: string) =>
  receiver.delivered().filter((e) => e.data.pilot_id === pilotId);

describe('pilot.sharing_updated, end to end', () => {
  const suite = webhookSuite('webhooks-sharing');

  it('tells each change of what a pilot shares, signed and in order; an unchanged PUT and a link tell nothing more', async () => {
    const partner = await suite.stack.partner();
    const everything = await suite.receiver();
    const linksOnly = await suite.receiver();
    // Created without events: every type, the new one included. The other takes links only.
    const endpoint = await suite.stack.endpoint(partner, everything.url);
    await suite.stack.endpoint(partner, linksOnly.url, ['pilot.linked', 'pilot.disconnected']);

    const sharing = suite.stack.pilot();
    const sharingId = await sharing.linkTo(partner, { share_experience: true });
    const notSharing = suite.stack.pilot();
    const notSharingId = await notSharing.linkTo(partner);

    // Unchanged: nothing. Then a withdrawal, the same again (nothing), and sharing once more.
    expect((await sharing.setSharing(sharingId, true)).status).toBe(200);
    expect((await sharing.setSharing(sharingId, false)).status).toBe(200);
    expect((await sharing.setSharing(sharingId, false)).status).toBe(200);
    expect((await notSharing.setSharing(notSharingId, false)).status).toBe(200);
    expect((await notSharing.setSharing(notSharingId, true)).status).toBe(200);
    await eventually(
      () =>
        [sharingId, notSharingId].every((id) =>
          eventsFor(everything, id).some((e) => e.type === 'pilot.sharing_updated'),
        ),
      30_000,
      'the sharing changes',
    );
    // Events of a connection that has ended are not sent: the disconnect comes once they are delivered.
    await sharing.disconnect(sharingId);
    await eventually(
      () =>
        eventsFor(everything, sharingId).some((e) => e.type === 'pilot.disconnected') &&
        eventsFor(linksOnly, sharingId).some((e) => e.type === 'pilot.disconnected'),
      30_000,
      'the disconnect at both endpoints',
    );
    // Anything late (a duplicate, an unchanged PUT's event) would arrive within this.
    await new Promise((r) => setTimeout(r, 3000));

    expect(eventsFor(everything, sharingId).map((e) => [e.type, e.data.shared])).toEqual([
      ['pilot.linked', undefined],
      ['pilot.sharing_updated', ['totals']],
      ['pilot.disconnected', undefined],
    ]);
    expect(eventsFor(everything, notSharingId).map((e) => [e.type, e.data.shared])).toEqual([
      ['pilot.linked', undefined],
      ['pilot.sharing_updated', ['totals', 'experience']],
    ]);
    const updated = eventsFor(everything, notSharingId).find((e) => e.type === 'pilot.sharing_updated');
    expect(updated?.data).toEqual({ pilot_id: notSharingId, shared: ['totals', 'experience'] });
    for (const got of everything.received) {
      expect(() => verifySignature(endpoint.secret, got)).not.toThrow();
      expect(got.headers['webhook-id']).toBe(got.event.id);
    }
    expect(linksOnly.delivered().map((e) => e.type)).not.toContain('pilot.sharing_updated');
  });
});
