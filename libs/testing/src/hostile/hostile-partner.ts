import { randomUUID } from 'node:crypto';
import { type HostileRequest } from './hostile-request';
import {
  FORGED_PARTNER_AUTH,
  type HostileContext,
  json,
  jsonHeaders,
  wrongMethodsAndPaths,
} from './hostile-shared';
import {
  MALFORMED_JSON,
  ODD_CONTENT_TYPES,
  ODD_QUERY_VALUES,
  ODD_STRINGS,
  ODD_VALUES,
  percentEncode,
} from './hostile-values';

/** Requests the partner API must reject (or answer without changing anything). */
export function hostilePartnerRequests(ctx: HostileContext): HostileRequest[] {
  const auth = `Bearer ${ctx.partnerKey}`;
  const out: HostileRequest[] = [];
  for (const body of MALFORMED_JSON) {
    out.push({
      label: `link malformed ${body.slice(0, 20)}`,
      method: 'POST',
      path: '/v1/link',
      headers: jsonHeaders(auth),
      body: Buffer.from(body),
    });
  }
  for (const type of ODD_CONTENT_TYPES) {
    out.push({
      label: `link content-type ${type}`,
      method: 'POST',
      path: '/v1/link',
      headers: { 'content-type': type, authorization: auth },
      body: json({ linking_token: 'PFT-0000-0000-0000-0000' }),
    });
  }
  for (const value of [...ODD_VALUES, ...ODD_STRINGS]) {
    out.push({
      label: `link token ${JSON.stringify(value)?.slice(0, 20)}`,
      method: 'POST',
      path: '/v1/link',
      headers: jsonHeaders(auth),
      body: json({ linking_token: value }),
    });
    out.push({
      label: `link extra ${JSON.stringify(value)?.slice(0, 20)}`,
      method: 'POST',
      path: '/v1/link',
      headers: jsonHeaders(auth),
      body: json({ linking_token: 'PFT-0000-0000-0000-0000', other: value }),
    });
  }
  for (let i = 0; i < 300; i++) {
    const guess = `PFT-${randomUUID()
      .replace(/-/g, '')
      .slice(0, 16)
      .toUpperCase()
      .replace(/[ILOU]/g, '0')
      .match(/.{4}/g)!
      .join('-')}`;
    out.push({
      label: `link guessed code ${guess}`,
      method: 'POST',
      path: '/v1/link',
      headers: jsonHeaders(auth),
      body: json({ linking_token: guess }),
    });
  }
  out.push({
    label: 'link oversized',
    method: 'POST',
    path: '/v1/link',
    headers: jsonHeaders(auth),
    body: json({ linking_token: 'P'.repeat(2000) }),
  });
  for (const value of [...ODD_QUERY_VALUES, ...ODD_STRINGS.map(percentEncode)]) {
    out.push({
      label: `single ${value.slice(0, 20)}`,
      method: 'GET',
      path: `/v1/pilot-totals?pilot_id=${value}`,
      headers: { authorization: auth },
    });
    out.push({
      label: `batch ${value.slice(0, 20)}`,
      method: 'GET',
      path: `/v1/pilot-totals/batch?pilot_ids=${value}`,
      headers: { authorization: auth },
    });
    out.push({
      label: `batch mixed ${value.slice(0, 20)}`,
      method: 'GET',
      path: `/v1/pilot-totals/batch?pilot_ids=${ctx.linkedPilotId},${value}`,
      headers: { authorization: auth },
    });
  }
  const odd = [
    `pilot_id=${ctx.linkedPilotId}&pilot_id=${ctx.linkedPilotId}`,
    `pilot_id[]=${ctx.linkedPilotId}`,
    `pilot_id[a]=b`,
    `pilot_id=${Array.from({ length: 200 }, () => ctx.linkedPilotId).join(',')}`,
    `pilot_ids=${Array.from({ length: 51 }, () => randomUUID()).join(',')}`,
  ];
  for (const q of odd) {
    out.push({
      label: `single ${q.slice(0, 30)}`,
      method: 'GET',
      path: `/v1/pilot-totals?${q}`,
      headers: { authorization: auth },
    });
    out.push({
      label: `batch ${q.slice(0, 30)}`,
      method: 'GET',
      path: `/v1/pilot-totals/batch?${q}`,
      headers: { authorization: auth },
    });
  }
  for (const header of FORGED_PARTNER_AUTH(ctx)) {
    for (const [method, path] of [
      ['GET', `/v1/pilot-totals?pilot_id=${ctx.linkedPilotId}`],
      ['GET', '/v1/rating-dictionary'],
      ['POST', '/v1/link'],
    ]) {
      out.push({
        label: `${method} ${path} auth ${header.slice(0, 20)}`,
        method: method!,
        path: path!,
        headers: jsonHeaders(header || undefined),
        body: method === 'POST' ? json({ linking_token: 'PFT-0000-0000-0000-0000' }) : undefined,
      });
    }
  }
  out.push(
    ...wrongMethodsAndPaths(
      ['/v1/link', '/v1/pilot-totals', '/v1/pilot-totals/batch', '/v1/rating-dictionary'],
      auth,
    ),
  );
  return out;
}
