import { Transform } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { configPart, type VariablesBase } from './config-part';
import { toInt } from './variable-transforms';

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

/** What FailedAuthentications (libs/partners) reads. */
export const PARTNER_REDIS_CONFIG = configPart<{ PARTNER_REDIS_PREFIX: string }>('PARTNER_REDIS_CONFIG');

/** What the processes that change what partners read need to tell the partner API replicas. */
export interface PartnerReadsVariables {
  PARTNER_REDIS_PREFIX: string;
  PARTNER_TOTALS_CACHE_MS: number;
}

/** What PartnerReadRevision (libs/totals) reads. */
export const PARTNER_READS_CONFIG = configPart<PartnerReadsVariables>('PARTNER_READS_CONFIG');

export function WithPartnerReads<B extends VariablesBase>(Base: B) {
  class PartnerReadsGroup extends WithPartnerRedisPrefix(Base) implements PartnerReadsVariables {
    /**
     * How long a partner API replica may reuse a projected totals answer while nothing partners read has
     * changed (see partner-read-revision); 0 reads the database for every request.
     */
    @Transform(toInt)
    @IsInt()
    @Min(0)
    @Max(60000)
    PARTNER_TOTALS_CACHE_MS = 1000;
  }
  return PartnerReadsGroup;
}
