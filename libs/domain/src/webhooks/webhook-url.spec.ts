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
  ])('%s is restricted', (address) => expect(isRestrictedAddress(address)).toBe(true));

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    'example.com',
    '1.2.3',
  ])('%s is not', (address) => expect(isRestrictedAddress(address)).toBe(false));
});
