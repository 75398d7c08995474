import { configPart, type VariablesBase } from '@pft/platform/config';
import { Matches } from 'class-validator';

/**
 * The partner API's Redis keys (rate counts, key and read revisions): read by the partner API and by
 * the processes that tell its replicas of a change (the pilot app API, the projector, the CLI).
 */
export function WithPartnerRedisPrefix<B extends VariablesBase>(Base: B) {
  class PartnerRedisPrefixGroup extends Base {
    /** Prefix of the partner API's Redis keys (rate counts, key revision), so deployments may share one Redis. */
    @Matches(/^[A-Za-z0-9:._-]{1,64}$/, { message: 'PARTNER_REDIS_PREFIX must be 1-64 of [A-Za-z0-9:._-]' })
    PARTNER_REDIS_PREFIX = 'pft:';
  }
  return PartnerRedisPrefixGroup;
}

/** What FailedAuthentications reads. */
export const PARTNER_REDIS_CONFIG = configPart<{ PARTNER_REDIS_PREFIX: string }>('PARTNER_REDIS_CONFIG');
