import { type FastifyReply, type FastifyRequest } from 'fastify';
import { meta } from '@pft/platform';

/** The catalogs the partner API serves (ratings, currency rules) ship with the service: an hour's cache. */
export const CACHE_CONTROL = 'public, max-age=3600';

/** The caching headers of a catalog's answer and of its 304, for the OpenAPI document. */
export const cachingHeaders = (catalog: string) => ({
  ETag: { description: `Strong validator of the ${catalog}`, schema: { type: 'string' as const } },
  'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' as const } },
});

/** What a catalog read's OpenAPI description says of its caching, after its scope. */
export const CACHED_ANSWER =
  'Answered with `ETag` and `Cache-Control: ' +
  `${CACHE_CONTROL}\`; a request whose \`If-None-Match\` matches gets 304 without a body (still counted ` +
  'by the rate limit).';

/** True when `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A catalog's answer: its caching headers, then 304 when `If-None-Match` names `etag`, else `dataJson` enveloped. */
export async function sendCatalog(
  request: FastifyRequest,
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  etag: string,
  dataJson: string,
): Promise<void> {
  void reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
  if (etagMatches(ifNoneMatch, etag)) {
    await reply.status(304).send();
    return;
  }
  await reply
    .type('application/json; charset=utf-8')
    .send(`{"data":${dataJson},"meta":${JSON.stringify(meta(request.id))}}`);
}
