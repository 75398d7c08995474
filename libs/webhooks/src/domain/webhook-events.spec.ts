import { parseEndpointEvents, SUBSCRIBABLE_EVENT_TYPES } from './webhook-events';

describe('parseEndpointEvents', () => {
  it('subscribes to every type when none is given', () => {
    expect(parseEndpointEvents(undefined)).toEqual({ ok: true, events: [...SUBSCRIBABLE_EVENT_TYPES] });
    expect(SUBSCRIBABLE_EVENT_TYPES).toContain('pilot.sharing_updated');
  });

  it('keeps the types given once each, in catalog order', () => {
    expect(parseEndpointEvents(['pilot_totals.updated', 'pilot.linked', 'pilot.linked'])).toEqual({
      ok: true,
      events: ['pilot.linked', 'pilot_totals.updated'],
    });
  });

  it('refuses an empty list, other values and unknown types', () => {
    expect(parseEndpointEvents([])).toEqual({ ok: false, issue: 'invalid' });
    expect(parseEndpointEvents('pilot.linked')).toEqual({ ok: false, issue: 'invalid' });
    expect(parseEndpointEvents([1])).toEqual({ ok: false, issue: 'invalid' });
    expect(parseEndpointEvents(['pilot.deleted'])).toEqual({ ok: false, issue: 'unknown_event_type' });
    expect(parseEndpointEvents(['webhook.test'])).toEqual({ ok: false, issue: 'unknown_event_type' });
  });
});
