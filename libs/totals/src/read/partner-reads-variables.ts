import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { configPart, toInt, type VariablesBase } from '@pft/platform/config';

/**
 * What the processes that change what partners read need to tell the partner API replicas: the prefix
 * of the partner API's Redis keys (libs/partners' WithPartnerRedisPrefix) and how long a replica
 * may reuse an answer.
 */
export interface PartnerReadsVariables {
  PARTNER_REDIS_PREFIX: string;
  PARTNER_TOTALS_CACHE_MS: number;
}

/** What PartnerReadRevision and TotalsReadCache read. */
export const PARTNER_READS_CONFIG = configPart<PartnerReadsVariables>('PARTNER_READS_CONFIG');

/** Composed with WithPartnerRedisPrefix: PARTNER_READS_CONFIG needs both. */
export function WithPartnerReads<B extends VariablesBase>(Base: B) {
  class PartnerReadsGroup extends Base {
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
