import { checkWebhookUrl, isRestrictedAddress } from './webhook-url';

describe('checkWebhookUrl', () => {
  it('takes an absolute https URL with a public host', () => {
    expect(checkWebhookUrl('https://hooks.example.com/pft?x=1', false)).toEqual({
      ok: true,
      url: 'https://hooks.example.com/pft?x=1',
    });
  });

  it.each([
    undefined,
    42,
    '',
    'not a url',
    '/relative',
    'ftp://example.com/',
    'https://user:pw@example.com/',
    'https://exa mple.com/',
  ])('refuses %p as invalid', (url) => {
    expect(checkWebhookUrl(url, false)).toEqual({ ok: false, issue: 'invalid' });
    expect(checkWebhookUrl(url, true)).toEqual({ ok: false, issue: 'invalid' });
  });

  it('refuses http:// unless the operator allows it', () => {
    expect(checkWebhookUrl('http://hooks.example.com/', false)).toEqual({ ok: false, issue: 'not_https' });
    expect(checkWebhookUrl('http://hooks.example.com/', true).ok).toBe(true);
  });

  it.each([
    'https://127.0.0.1/',
    'https://localhost:8443/',
    'https://10.1.2.3/',
    'https://172.20.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[::127.0.0.1]/',
    'https://198.18.0.1/',
    'https://2130706433/',
  ])('refuses %s unless the operator allows private addresses', (url) => {
    expect(checkWebhookUrl(url, false)).toEqual({ ok: false, issue: 'private_address' });
    expect(checkWebhookUrl(url, true).ok).toBe(true);
  });
});

describe('isRestrictedAddress', () => {
  it.each([
    '0.0.0.0',
    '127.0.0.1',
    '10.0.0.1',
    '100.64.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.1.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fdff::1',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    // Every block of the IANA IPv4 special-purpose registry, at its first and last address.
    '0.255.255.255',
    '100.127.255.255',
    '192.0.0.0',
    '192.0.0.8',
    '192.0.0.170',
    '192.0.0.255',
    '192.0.2.1',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.175.48.1',
    '198.18.0.0',
    '198.19.255.255',
    '198.51.100.1',
    '203.0.113.255',
    '240.0.0.1',
    // And of the IPv6 one.
    '64:ff9b:1::1',
    '100::1',
    '100:0:0:1::1',
    '2001::1',
    '2001:1::1',
    '2001:2::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:20::1',
    '2001:1ff:ffff::1',
    '2001:db8::1',
    '2620:4f:8000::1',
    '3fff::1',
    '3fff:fff::1',
    '5f00::1',
    'fec0::1',
    // IPv6 addresses that carry a special IPv4 one: NAT64, 6to4, IPv4-compatible and -mapped.
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::c612:1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:1::',
    '::127.0.0.1',
    '::7f00:1',
    '::10.1.2.3',
    '::ffff:198.18.0.1',
    '::ffff:0:0',
  ])('%s is restricted', (address) => expect(isRestrictedAddress(address)).toBe(true));

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '198.17.255.255',
    '198.20.0.0',
    '192.0.1.1',
    '192.88.98.1',
    '223.255.255.255',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '::8.8.8.8',
    '2001:200::1',
    '2001:db9::1',
    '2620:4f:8001::1',
    '3fff:1000::1',
    '2a00:1450:4001::1',
    'example.com',
    '1.2.3',
  ])('%s is not', (address) => expect(isRestrictedAddress(address)).toBe(false));
});
