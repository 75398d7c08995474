import { type INestApplication } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject } from '@nestjs/swagger';
import { createOpenApiDocument, serveOpenApiDocs } from '@pft/platform/http/openapi-docs';
import { addNamedSchemas } from './named-schemas';

/** The contract's rules that no single operation shows; part of the published description. */
const DESCRIPTION = `
Partner-facing, read-mostly JSON API over pilots' cumulative flight totals, readable after the pilot
consents with a linking code.

**Envelope.** Every answer carries \`meta\` (\`api_version\` = \`v1\`, \`request_id\` = \`req_\` + ULID, also sent as
\`X-Request-Id\`): \`{ "data": ..., "meta": ... }\` on success, \`{ "error": { "code", "message", "details"? }, "meta" }\`
on error. \`code\` is the contract; \`message\` is for humans and may change. No error body ever holds a stack
trace, SQL or internal name.

**Authentication.** \`Authorization: Bearer pft_live_<32 base62>\` (a sandbox key: \`pft_test_<32 base62>\`). Missing, malformed, unknown or revoked key:
401 \`UNAUTHORIZED\` with \`WWW-Authenticate: Bearer\`. Failed authentications are limited per client address
(30 per minute by default), answered 429 \`RATE_LIMITED\` past that.

**Scopes.** \`pilot-totals\` (given to new keys) for the totals endpoints and \`GET /v1/pilots\`;
\`rating-dictionary\`, \`webhooks\` (\`/v1/webhook-endpoints\`) and \`pilot-experience\` (\`/v1/pilot-experience\`,
\`/v1/currency-rules\`) only when asked for; \`pilot-requirements\` (\`POST /v1/pilot-requirements/check\`, and \`/v1/currency-rules\`) too. \`POST /v1/link\` needs a valid key and no scope. Missing scope: 403 \`INSUFFICIENT_SCOPE\`.

**Order of checks.** Authentication (401), rate limit (429), scope (403), input (400), lookup (404).

**Rate limit.** Per key, per clock minute (fixed windows), shared by all replicas; default 100 per minute, set
per key. Every request with a valid key counts, whatever its outcome, and its answer carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` (left after this request) and \`RateLimit-Reset\` (seconds to the next
window). Over the limit: 429 \`RATE_LIMITED\` with \`Retry-After: 60\`. Requirement checks have a limit of their own
besides: 20 answered checks of each pilot by each partner a UTC day, past which 429 \`RATE_LIMITED\` with \`Retry-After\` the seconds to
the next UTC midnight.

**Partner isolation.** A \`pilot_id\` belongs to the partner account whose key redeemed the code; keys of one
partner account share its pilots; any other partner gets 404 \`PILOT_NOT_FOUND\` on the single read and an
omission in the batch. A disconnect is effective at once; a reconnect issues a new \`pilot_id\` and the old one
never resolves again.

**Idempotent requests.** Every \`POST\` takes an \`Idempotency-Key\` header (1 to 255 printable ASCII
characters, else 400 \`INVALID_REQUEST\`), scoped to your partner account and kept 24 hours. The same key with
the same method, path (an escape such as \`%61\` read as the unreserved character it stands for) and body
(byte for byte) gets the first answer again, its status and \`data\` or
\`error\`, with \`Idempotent-Replayed: true\`, and nothing is done a second time; \`meta.request_id\` and
\`X-Request-Id\` are the new request's own. The same key with another path or body, or while its first request
is still being processed: 409 \`IDEMPOTENCY_CONFLICT\`. Every other answer is kept, refusals included: a missing
scope (403), a live key on a sandbox endpoint (404), a body that cannot be read (400: not JSON, too large, another
media type), and the 404 or 405 of a \`POST\` to a path under \`/v1/\` that takes no \`POST\`. A body over its
size limit is compared byte for byte as well, being read to its end; one so large that the connection is closed
before it is read (over 8 MB) cannot be compared, and its 400 is not kept. 401, 429 and 5xx answers are not kept, so a retry with the same key is served anew. A key's success is never given to a key
of yours without the endpoint's scope: that request gets its own 403. A lost \`POST /v1/link\` answer is recovered
so: the code is used up, but the retry with the same key gets the same \`pilot_id\`.

**Sandbox.** A sandbox key (\`pft_test_\`, issued like a live key) sees only your sandbox's pilots, and a live
key never sees one; every endpoint behaves for it as for a live key (rate limit, scopes, errors, envelope). With
a sandbox key, \`POST /v1/link\` takes only the reusable codes \`PFT-TEST-0000-0000-0001\` (a student pilot:
a few dozen SEP land flights, dual and solo; current under every currency rule with \`as_of=2026-06-25\`, and
meeting in full the sandbox example of \`POST /v1/pilot-requirements/check\`), \`0002\` (an airline captain: thousands of multi-pilot hours on
the A320 and the B737), \`0003\` (general aviation: SEP land and sea, MEP, TMG, helicopter, sailplane; failing that example on
\`current\` alone), \`0004\`
(starting totals only) and \`0005\` (nothing at all); \`0009\` is always 400 \`INVALID_TOKEN\`. Their totals are
real: the fixtures' flights (with type designators, engines, features, takeoffs, full-stop landings,
approaches and holds) are recorded through the same write path, event store, Kafka and projector as live
flights. Your sandbox has pilots of its own: the same code again gives the same \`pilot_id\` while linked, and
the simulation endpoints (\`/v1/sandbox/pilots/{pilot_id}/...\`) change only what your sandbox shows.

**Freshness.** Totals are read from projections; \`last_updated\` is the time up to which the pilot's
projection was known to be complete (at most 5 minutes old with the pipeline healthy). A pilot is readable
right after \`POST /v1/link\` answers.

**Other errors.** Unknown path: 404 \`NOT_FOUND\`. Known path, wrong method: 405 \`METHOD_NOT_ALLOWED\` with
\`Allow\`; \`HEAD\` is one (the reads are \`GET\` alone, \`Allow: GET\`), so no read is served, or shown in the
pilot's access history, that sends nothing. Under \`/v1/\` both are answered only after the key is checked: without a valid key, 401
\`UNAUTHORIZED\`; a valid key's request counts toward its rate limit. A request whose line and headers do not all arrive within
60 seconds: 408 \`REQUEST_TIMEOUT\`, the connection closed. Unexpected failure: 500 \`INTERNAL_ERROR\`. A dependency down: 503 \`SERVICE_UNAVAILABLE\` with
\`Retry-After\`.
`.trim();

/** The operations' groups, one tag per operation. */
const TAGS: [name: string, description: string][] = [
  [
    'link',
    'Linking a pilot: redeem the one-time code the pilot gave you and receive the `pilot_id` to read ' +
      'that pilot’s totals with. No scope needed.',
  ],
  [
    'pilot-totals',
    'Cumulative flight totals of linked pilots, one pilot or up to 50 at a time. Scope `pilot-totals`.',
  ],
  ['pilots', 'The pilots linked to you, page by page: to reconcile your records with. Scope `pilot-totals`.'],
  [
    'rating-dictionary',
    'The airplane class and type ratings whose keys `rating_breakdown` uses. Scope `rating-dictionary`.',
  ],
  [
    'pilot-experience',
    'Linked pilots’ experience as of a date (recent windows, time by aircraft type, engine and feature, ' +
      'currency), for pilots who share it with you; the currency rules. Scope `pilot-experience` (the ' +
      'rules: or `pilot-requirements`), off by default.',
  ],
  [
    'pilot-requirements',
    'Whether a linked pilot who shares their experience meets your requirements (hiring minimums, ' +
      'insurance criteria), answered with verdicts and never the figures; 20 checks of a pilot by one partner a day. ' +
      'Scope `pilot-requirements`, off by default.',
  ],
  [
    'sandbox',
    'Simulations on the fixture pilots of your sandbox, for sandbox keys (`pft_test_`) only. Scope `pilot-totals`.',
  ],
  [
    'webhooks',
    'Your webhook endpoints, their secrets, test events and delivery log. Scope `webhooks`. Events ' +
      '(`pilot.linked`, `pilot.disconnected`, `pilot.sharing_updated`, `pilot_totals.updated`, `webhook.test`) ' +
      'are POSTed as ' +
      '`{ id, type, created_at, api_version, data }` and signed per Standard Webhooks 1.0 (`webhook-id`, ' +
      '`webhook-timestamp`, `webhook-signature`). At least once: deduplicate by `webhook-id`. In order per ' +
      'pilot and endpoint. Retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; an endpoint failing ' +
      'for 5 days is disabled. `pilot_totals.updated` carries no totals: read them, the read already shows ' +
      'the change. `pilot.sharing_updated` (`{ pilot_id, shared }`) tells that the pilot started or stopped ' +
      'sharing their experience with you; a link shares what its code said, with no event of its own ' +
      '(`GET /v1/pilots` shows it).',
  ],
];

/**
 * The partner API's keys: opaque strings sent as a bearer credential, so `http` + `bearer` is what
 * makes clients send `Authorization: Bearer <key>`; `bearerFormat` tells them the form (not a JWT).
 */
const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'pft_live_ (or pft_test_) + 32 base62',
  description:
    'A partner API key: `pft_live_` followed by 32 base62 characters (`[0-9A-Za-z]`; a sandbox key: `pft_test_` and ' +
    'the same), an opaque secret ' +
    '(not a JWT) issued by the service operator with its scopes, sent as `Authorization: Bearer <key>`.',
} as const;

/** The OpenAPI 3 description of the partner API, generated from the controllers and their DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle('Pilot Flight Totals Partner API')
    .setDescription(DESCRIPTION)
    .setVersion('v1')
    .addServer('{base_url}', 'The base address given to each partner', {
      base_url: { default: 'http://127.0.0.1:3000' },
    })
    .addSecurity('api-key', API_KEY_SCHEME);
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const config = builder.build();
  // A proprietary service: its licence has a name but no public text to link to.
  config.info.license = { name: 'Proprietary: for partners of Pilot Flight Totals under their agreement' };
  const document = createOpenApiDocument(app, config, '/v1/');
  addNamedSchemas(document);
  return document;
}

/**
 * Serves the description at `/openapi.json` and a documentation page at `/docs`, built when first asked
 * for (serveOpenApiDocs). Call before `init`.
 */
export function serveOpenApi(app: NestFastifyApplication): void {
  serveOpenApiDocs(app, () => buildOpenApiDocument(app));
}
