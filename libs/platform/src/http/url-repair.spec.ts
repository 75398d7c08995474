import { repairUrl } from './url-repair';

describe('repairUrl', () => {
  it.each([
    '/v1/pilot-totals?pilot_id=123',
    '/%70ilot/v1/totals',
    '/pilot/v1/flights/caf%C3%A9',
    '/v1/a%2Fb',
    '/v1/pilot-totals?pilot_id=%',
    '/v1/pilot-totals?pilot_id=%ED%A0%80',
  ])('leaves %s as it is: its path decodes', (url) => {
    expect(repairUrl(url)).toBe(url);
  });

  it.each([
    ['/v1/pilot-totals%', '/v1/pilot-totals%25'],
    ['/v1/pilot-totals%zz?pilot_id=%', '/v1/pilot-totals%25zz?pilot_id=%'],
    ['/v1/%4', '/v1/%254'],
    ['/pilot/v1/flights/%ED%A0%80', '/pilot/v1/flights/%EF%BF%BD%EF%BF%BD%EF%BF%BD'],
    ['/pilot/v1/flights/%FF%C3%A9', '/pilot/v1/flights/%EF%BF%BD%C3%A9'],
    ['/x/%2F%ff#frag', '/x/%2F%EF%BF%BD#frag'],
  ])('makes %s decodable as %s', (url, repaired) => {
    expect(repairUrl(url)).toBe(repaired);
    expect(() => decodeURI(repaired.split(/[?#]/)[0]!)).not.toThrow();
  });
});
