import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostOf, isRestrictedAddress } from '@pft/webhooks/domain';
import { ApiError } from '@pft/platform';
import { MESSAGES } from './webhook-endpoint-request';

/** The addresses a host name resolves to now. */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** How long a new endpoint's name may take to resolve; past it the name is taken as unresolved. */
const RESOLVE_TIMEOUT_MS = 3000;

/**
 * Refuses a new endpoint whose host is a name that resolves now to an address a delivery would refuse
 * (isRestrictedAddress: loopback, private, link-local, unique-local...), with the same `400
 * INVALID_REQUEST` as such an address written in the URL. A name that does not resolve (yet) is taken:
 * every delivery resolves it again and refuses it then. Nothing is checked when the operator allows
 * private URLs (WEBHOOK_ALLOW_PRIVATE_URLS).
 */
export async function refuseNameOfRestrictedAddress(
  url: string,
  allowPrivate: boolean,
  resolve: ResolveHost = resolveWithDns,
  timeoutMs = RESOLVE_TIMEOUT_MS,
): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(new URL(url));
  if (isIP(host) !== 0) return;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host),
    new Promise<string[]>((done) => (timer = setTimeout(() => done([]), timeoutMs))),
  ])
    .catch((): string[] => [])
    .finally(() => clearTimeout(timer));
  if (addresses.some((address) => isRestrictedAddress(address)))
    throw new ApiError('INVALID_REQUEST', MESSAGES.privateUrl, [{ field: 'url', issue: 'private_address' }]);
}
