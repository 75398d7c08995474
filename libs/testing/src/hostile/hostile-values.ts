/** Values that have broken services before: odd strings, odd numbers, odd shapes. */

export const ODD_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u0007\u001b[31mred',
  '\r\nX-Injected: yes',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '😀'.repeat(50),
  'Ω≈ç√∫',
  'ﷺ'.repeat(20),
  "' OR '1'='1",
  "'; DROP TABLE flights; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '$1',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'a'.repeat(5000),
  'NaN',
  'null',
  'PFT-0000-0000-0000-000',
  'pft_live_',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000 ',
];

export const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '12',
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  ...ODD_STRINGS.slice(0, 12),
];

export const MALFORMED_JSON: string[] = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '[1,2',
  '"just a string',
  '\ufeff{"a":1}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":true}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '['.repeat(5000) + ']'.repeat(5000),
  'null',
  'true',
  '12345',
  '[]',
  '""',
  ' ',
  '\u0000',
  String.fromCharCode(0xff, 0xfe, 0xfd),
];

export const ODD_CONTENT_TYPES: string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/jsonp',
  '',
];

/** Query-string values, already percent-encoded or deliberately not. */
export const ODD_QUERY_VALUES: string[] = [
  '',
  '%',
  '%zz',
  '%00',
  '%FF%FE',
  '%E2%80%AE',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('😀'),
  'x'.repeat(8000),
  ','.repeat(2000),
  'a,,b',
  '%20',
  encodeURIComponent('{"$ne":null}'),
];

/** Percent-encodes every byte of the UTF-8 form; unlike encodeURIComponent it takes lone surrogates too. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');
}
