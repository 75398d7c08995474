import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '@pft/platform';
import { apiKeyMatches, findApiKeyByPrefix, sameApiKey, type ApiKeyRecord } from '@pft/access/api-keys';

interface CachedKey {
  record: ApiKeyRecord;
  /** The API keys revision known to be current when the record was read; null forces a re-read. */
  revision: string | null;
  loadedAt: number;
  /**
   * The key last found to match the record's hash, in memory only (as long as the record is): the
   * next request that presents it is compared with it in constant time, not hashed again. Hashing
   * the key on every request was about 3% of the partner API's CPU under reads.
   */
  checkedKey: string;
}

/**
 * Finds API keys by their public prefix. Lookups are kept in memory only while the keys revision in
 * Redis stands still (it is read with every rate count), and never longer than the configured time,
 * so a revocation or a change of scopes or limit is effective at the next request on every replica.
 */
@Injectable()
export class ApiKeyDirectory {
  private readonly cache = new Map<string, CachedKey>();
  /** The most recent revision any request saw. */
  private latestRevision: string | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** A remembered lookup whose hash matches `key`, to be confirmed with the revision of the next count. */
  remembered(prefix: string, key: string, now = Date.now()): CachedKey | undefined {
    const entry = this.cache.get(prefix);
    if (!entry) return undefined;
    if (now - entry.loadedAt >= this.config.PARTNER_API_KEY_CACHE_MS) {
      this.cache.delete(prefix);
      return undefined;
    }
    if (sameApiKey(key, entry.checkedKey)) return entry;
    if (!apiKeyMatches(key, entry.record.secretHash)) return undefined;
    entry.checkedKey = key;
    return entry;
  }

  noteRevision(revision: string | null): void {
    if (revision !== null) this.latestRevision = revision;
  }

  /** The revision to remember a lookup under if it is made now: the latest one seen before it. */
  revisionBeforeLookup(): string | null {
    return this.latestRevision;
  }

  /** Reads the key from the database; answers only a usable key (exists, not revoked, hash matches). */
  async lookUp(prefix: string, key: string): Promise<ApiKeyRecord | undefined> {
    const record = await findApiKeyByPrefix(this.dataSource, prefix);
    if (!record || record.revokedAt !== null || !apiKeyMatches(key, record.secretHash)) {
      this.cache.delete(prefix);
      return undefined;
    }
    return record;
  }

  /**
   * `lookedUpAt`: when the database read began. A lookup is reused for at most
   * PARTNER_API_KEY_CACHE_MS from then, so a change that committed after it is seen by every replica
   * within that time of its commit even when Redis could not be told (what `pft keys` waits for).
   */
  remember(record: ApiKeyRecord, key: string, revision: string | null, lookedUpAt: number): void {
    if (this.config.PARTNER_API_KEY_CACHE_MS === 0) return;
    // Bounded: a flood of distinct valid keys cannot grow it past this.
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(record.prefix, { record, revision, loadedAt: lookedUpAt, checkedKey: key });
  }
}
