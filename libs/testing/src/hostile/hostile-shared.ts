import { randomUUID } from 'node:crypto';
import { type HostileRequest } from './hostile-request';

/** What the generators need to get past authentication, so that validation itself is attacked. */
export interface HostileContext {
  pilotToken: string;
  expiredPilotToken: string;
  wrongSecretPilotToken: string;
  existingFlightId: string;
  validFlight: Record<string, unknown>;
  partnerKey: string;
  revokedPartnerKey: string;
  linkedPilotId: string;
}

export const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
export const jsonHeaders = (auth?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(auth ? { authorization: auth } : {}),
});

const NOT_STRINGS: unknown[] = [null, true, 0, -1, [], ['x'], { a: 1 }];
const NOT_NUMBERS: unknown[] = [
  null,
  true,
  '12',
  '',
  [],
  { a: 1 },
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
];
const NOT_OBJECTS: unknown[] = [null, true, 0, '12', '', [], [{}]];

/**
 * Values that no field of the original's kind accepts: wrong types, numbers out of range or not
 * whole, strings with NUL, unpaired surrogates or far too long. (ODD_VALUES has valid ones too, such
 * as '12' for a registration: a hostile run must send only what the contract rejects.)
 */
export function invalidValuesFor(original: unknown): unknown[] {
  if (typeof original === 'number') return NOT_NUMBERS;
  if (typeof original === 'string') {
    return [...NOT_STRINGS, '\u0000', 'abc\u0000def', '\ud800', '\u001b[31m', 'a'.repeat(5000)];
  }
  return NOT_OBJECTS;
}

/** Every way to put a wrong value at each path of an object, one at a time. */
export function mutations(base: Record<string, unknown>): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const key of Object.keys(node)) {
      for (const odd of invalidValuesFor((node as Record<string, unknown>)[key])) {
        const copy = structuredClone(base);
        let target = copy;
        for (const p of path) target = target[p] as Record<string, unknown>;
        target[key] = odd;
        out.push({ label: `${[...path, key].join('.')}=${JSON.stringify(odd)?.slice(0, 30)}`, value: copy });
      }
      walk((node as Record<string, unknown>)[key], [...path, key]);
    }
  };
  walk(base, []);
  return out;
}

export const FORGED_PILOT_AUTH = (ctx: HostileContext): string[] => [
  '',
  'Bearer',
  'Bearer ',
  `Bearer ${ctx.expiredPilotToken}`,
  `Bearer ${ctx.wrongSecretPilotToken}`,
  `Bearer ${ctx.pilotToken}x`,
  `Bearer ${ctx.pilotToken.split('.').slice(0, 2).join('.')}.`,
  `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${randomUUID()}"}`).toString('base64url')}.`,
  `Basic ${Buffer.from('pilot:secret').toString('base64')}`,
  `bearer ${'a'.repeat(4000)}`,
  'Bearer a.b.c',
  `Bearer ${ctx.partnerKey}`,
];

export const FORGED_PARTNER_AUTH = (ctx: HostileContext): string[] => [
  '',
  'Bearer',
  'Bearer ',
  `Bearer ${ctx.revokedPartnerKey}`,
  `Bearer pft_live_${'A'.repeat(32)}`,
  `Bearer pft_live_${'0'.repeat(31)}`,
  `Bearer ${ctx.partnerKey}x`,
  `Bearer ${ctx.partnerKey.toUpperCase()}`,
  `Bearer ${ctx.pilotToken}`,
  `Basic ${Buffer.from('partner:key').toString('base64')}`,
  `Bearer ${"' OR '1'='1"}`,
  `Bearer ${'pft_live_'.repeat(300)}`,
];

/** Wrong methods on known paths, near-miss and odd paths. */
export function wrongMethodsAndPaths(paths: string[], auth: string): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const path of paths) {
    for (const method of ['PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'DELETE', 'PUT', 'POST', 'GET']) {
      // A POST of a linking code with a valid token is no attack: it issues a code.
      if (method === 'POST' && path.includes('linking-codes')) continue;
      out.push({
        label: `${method} ${path}`,
        method,
        path: `${path}?probe=1`,
        headers: { authorization: auth },
      });
    }
    for (const suffix of [
      '/',
      '//',
      '/..',
      '/%2e%2e/',
      '/x',
      '.json',
      '%00',
      '/' + 'a'.repeat(4000),
      ';jsessionid=1',
    ]) {
      out.push({
        label: `GET ${path}${suffix.slice(0, 10)}`,
        method: 'GET',
        path: `${path}${suffix}`,
        headers: { authorization: auth },
      });
    }
  }
  for (const path of [
    '/',
    '/v2/pilot-totals',
    '/admin',
    '/.env',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/v1',
    '/pilot',
    '/metrics/../health',
  ]) {
    out.push({ label: `GET ${path}`, method: 'GET', path, headers: { authorization: auth } });
  }
  return out;
}
