import { randomUUID } from 'node:crypto';
import { type HostileRequest } from './hostile-request';
import {
  FORGED_PILOT_AUTH,
  type HostileContext,
  json,
  jsonHeaders,
  mutations,
  wrongMethodsAndPaths,
} from './hostile-shared';
import {
  MALFORMED_JSON,
  ODD_CONTENT_TYPES,
  ODD_QUERY_VALUES,
  ODD_STRINGS,
  percentEncode,
} from './hostile-values';

/** Requests the ingestion app must reject (or answer without changing anything). */
export function hostileIngestionRequests(ctx: HostileContext): HostileRequest[] {
  const auth = `Bearer ${ctx.pilotToken}`;
  const out: HostileRequest[] = [];
  const bodyRoutes: [string, string][] = [
    ['POST', '/pilot/v1/flights'],
    ['PUT', `/pilot/v1/flights/${ctx.existingFlightId}`],
    ['POST', '/pilot/v1/flights/import'],
    ['PUT', '/pilot/v1/starting-totals'],
  ];
  for (const [method, path] of bodyRoutes) {
    for (const body of MALFORMED_JSON) {
      out.push({
        label: `${method} ${path} malformed ${body.slice(0, 20)}`,
        method,
        path,
        headers: jsonHeaders(auth),
        body: Buffer.from(body),
      });
    }
    for (const type of ODD_CONTENT_TYPES) {
      out.push({
        label: `${method} ${path} content-type ${type}`,
        method,
        path,
        headers: { 'content-type': type, authorization: auth },
        body: json(ctx.validFlight),
      });
    }
    for (const header of FORGED_PILOT_AUTH(ctx)) {
      out.push({
        label: `${method} ${path} auth ${header.slice(0, 20)}`,
        method,
        path,
        headers: jsonHeaders(header || undefined),
        body: json(ctx.validFlight),
      });
    }
    out.push({
      label: `${method} ${path} oversized`,
      method,
      path,
      headers: jsonHeaders(auth),
      body: json({ ...ctx.validFlight, remarks: 'x'.repeat(1_100_000) }),
    });
  }
  for (const { label, value } of mutations({ ...ctx.validFlight, flight_id: randomUUID() })) {
    out.push({
      label: `POST flights ${label}`,
      method: 'POST',
      path: '/pilot/v1/flights',
      headers: jsonHeaders(auth),
      body: json(value),
    });
  }
  for (const { label, value } of mutations(ctx.validFlight)) {
    out.push({
      label: `PUT flight ${label}`,
      method: 'PUT',
      path: `/pilot/v1/flights/${ctx.existingFlightId}`,
      headers: jsonHeaders(auth),
      body: json(value),
    });
  }
  for (const odd of ODD_STRINGS) {
    const flight = {
      ...ctx.validFlight,
      flight_id: randomUUID(),
      remarks: odd.length > 500 ? odd : `${odd}\u0000`,
    };
    out.push({
      label: `POST flights remarks ${JSON.stringify(odd).slice(0, 20)}`,
      method: 'POST',
      path: '/pilot/v1/flights',
      headers: jsonHeaders(auth),
      body: json(flight),
    });
    const id = percentEncode(odd);
    out.push({
      label: `DELETE flight ${id.slice(0, 20)}`,
      method: 'DELETE',
      path: `/pilot/v1/flights/${id || '%20'}`,
      headers: { authorization: auth },
    });
    out.push({
      label: `DELETE connection ${id.slice(0, 20)}`,
      method: 'DELETE',
      path: `/pilot/v1/connections/${id || '%20'}`,
      headers: { authorization: auth },
    });
  }
  const badImports: unknown[] = [
    { flights: [] },
    { flights: {} },
    { flights: null },
    { flights: [ctx.validFlight, { ...ctx.validFlight, minutes: { pic: 'x' } }] },
    { flights: Array.from({ length: 1001 }, () => ({ ...ctx.validFlight, flight_id: randomUUID() })) },
    { flights: [{ ...ctx.validFlight, flight_id: randomUUID() }], extra: true },
    [ctx.validFlight],
  ];
  for (const body of badImports) {
    out.push({
      label: `import ${JSON.stringify(body).slice(0, 40)}`,
      method: 'POST',
      path: '/pilot/v1/flights/import',
      headers: jsonHeaders(auth),
      body: json(body),
    });
  }
  for (const value of ODD_QUERY_VALUES) {
    out.push({
      label: `GET flights cursor ${value.slice(0, 20)}`,
      method: 'GET',
      path: `/pilot/v1/flights?cursor=${value}&limit=${value}`,
      headers: { authorization: auth },
    });
  }
  out.push(
    ...wrongMethodsAndPaths(
      ['/pilot/v1/flights', '/pilot/v1/totals', '/pilot/v1/connections', '/pilot/v1/linking-codes'],
      auth,
    ),
  );
  for (const header of FORGED_PILOT_AUTH(ctx)) {
    for (const [method, path] of [
      ['POST', '/pilot/v1/linking-codes'],
      ['GET', '/pilot/v1/totals'],
      ['GET', '/pilot/v1/connections'],
    ]) {
      out.push({
        label: `${method} ${path} auth ${header.slice(0, 20)}`,
        method: method!,
        path: path!,
        headers: header ? { authorization: header } : {},
      });
    }
  }
  return out;
}
