import { type INestApplication } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject } from '@nestjs/swagger';
import { createOpenApiDocument, serveOpenApiDocs } from '@pft/platform/http/openapi-docs';
import { PILOT_APP_SCHEMAS } from './pilot-app.components';
import { PILOT_APP_TAGS } from './pilot-app.tags';

/** The contract's rules that no single operation shows; part of the published description. */
const DESCRIPTION = `
The pilot app's back end records what a pilot does through this API; every accepted change becomes an event,
which the partner API's totals are folded from. The rules that turn flights into totals: \`logbook-rules.md\`.

**Envelope.** \`{ "data": ..., "meta": { "api_version": "v1", "request_id": "req_..." } }\` on success (also
\`X-Request-Id\`), \`{ "error": { "code", "message", "details"? }, "meta" }\` on error, as in the partner API.

**Authentication.** \`Authorization: Bearer <JWT>\` from the pilot app's identity provider: HS256 with a shared
secret locally, a public key or a JWKS URL in production; \`exp\` checked; the pilot account is \`sub\` (a UUID).
Missing, expired or badly signed: 401 \`UNAUTHORIZED\`. A pilot never sees another pilot's data: another pilot's
flight or connection is answered as unknown (404).

**Bodies.** JSON (\`Content-Type: application/json\`; another media type, forms and plain text included:
400 \`INVALID_REQUEST\`, issue \`unsupported_media_type\`), at most 16 KB (1 MB for the import). Unknown
fields, wrong types and values out of range: 400 \`INVALID_REQUEST\` with a \`details\` entry per problem,
and nothing is recorded. A body that is JSON but not an object (\`null\`, an array, a number, a string): 400
\`INVALID_REQUEST\`, field \`(body)\`, issue \`wrong_type\`.

**Methods.** Reads are GET only: HEAD, or any method a path does not take, is 405 \`METHOD_NOT_ALLOWED\` with
\`Allow\`, once the token is checked (401 before it).

**Flights.** \`date\` is \`YYYY-MM-DD\` (UTC), from 1903-12-17 to tomorrow. \`aircraft.rating_key\` is required for an
airplane flight (a key of the rating dictionary), absent for other categories, optional for a simulator
session. For a flight, \`simulator\` is 0 and every other field is at most \`total_flight_time\`, as are
\`pic + sic\`, \`single_engine + multi_engine\` and \`actual_instrument + simulated_instrument\`. \`dual\` may
overlap PIC (14 CFR 61.51(e): a rated pilot who is sole manipulator logs PIC while receiving instruction), so
it is not in that sum and is only at most the total. For a simulator session, \`simulator\` is above 0 and
every other minutes field and both landings are 0.

**Richer records** (every field optional). \`aircraft.type_designator\` is an ICAO type designator (Doc 8643:
2 to 4 upper-case letters or digits, a letter first); \`aircraft.engine\` one of \`piston\`, \`turboprop\`,
\`turbojet\` (turbofans included), \`turboshaft\`, \`electric\`; \`aircraft.features\` a set of \`complex\`,
\`high_performance\`, \`tailwheel\`, \`retractable_gear\`, \`pressurized\`, \`taa\`, each at most once, stored in
that order (two bodies that differ only in its order are the same flight). An empty \`remarks\` or
\`aircraft.registration\` is the same flight as one without it (the CSV export writes both as an empty cell). \`takeoffs\` needs both \`day\` and
\`night\`, 0 to 99; \`landings.day_full_stop\` and \`night_full_stop\` are at most the landings of their time of
day; \`approaches\` and \`holds\` are 0 to 99. A simulator session may carry a type designator, approaches and
holds; its takeoffs and full stops are 0 or absent, and it has no engine or features. A field left out stays
out of the stored flight; where flights are counted, no takeoffs means as many as the landings, and no full
stops, approaches or holds mean 0.
`.trim();

/** The OpenAPI 3.1 description of the pilot app API, generated from the ingestion app's controllers. */
export function buildPilotAppOpenApi(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Pilot Flight Totals Pilot App API')
    .setDescription(DESCRIPTION)
    .setVersion('v1')
    .addServer('{base_url}', 'The ingestion service', { base_url: { default: 'http://127.0.0.1:3001' } })
    .addSecurity('pilot-jwt', {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'A pilot token (JWT) from the pilot app’s identity provider; its `sub` is the pilot account (a UUID).',
    });
  for (const [name, description] of Object.entries(PILOT_APP_TAGS)) builder.addTag(name, description);
  const config = builder.build();
  // A proprietary service: its licence has a name but no public text to link to.
  config.info.license = { name: 'Proprietary: for the Pilot Flight Totals pilot app' };
  config.components = { ...config.components, schemas: PILOT_APP_SCHEMAS };
  return createOpenApiDocument(app, config, '/pilot/v1/');
}

/**
 * Serves the description at `/openapi.json` and a documentation page at `/docs`, built when first asked
 * for (serveOpenApiDocs). Call before `init`.
 */
export function servePilotAppOpenApi(app: NestFastifyApplication): void {
  serveOpenApiDocs(app, () => buildPilotAppOpenApi(app));
}
