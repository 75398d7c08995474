import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { apiKeyMatches, findApiKeyByPrefix, sameApiKey, type ApiKeyRecord } from '@pft/partners';
import { RENEW_AFTER_SHARE } from '@pft/totals';
import { PartnerApiConfig } from '../partner-api.config';

interface CachedKey {
  record: ApiKeyRecord;
  /** The API keys revision known to be current when the record was read; null forces a re-read. */
  revision: string | null;
  loadedAt: number;
  /**
   * The key last found to match the record's hash, in memory only (as long as the record is): the
   * next request that presents it is compared with it in constant time, not hashed again.
   */
  checkedKey: string;
  /** Whether a read of it has begun in the background before its lifetime ends (see `remembered`). */
  renewing: boolean;
}

/**
 * One read of a prefix's key from the database, shared by every request that needs it while it is
 * under way: without it, each request that came while a key's lookup was read again (at the end of its
 * lifetime, or after a key changed) read it too, each waiting for a connection of the pool.
 */
export interface KeyRead {
  /** The key as stored, if it exists (revoked or not; its hash not yet compared with any key). */
  readonly stored: ApiKeyRecord | undefined;
  /**
   * The latest revision seen before the read began: the only revision its record may be remembered
   * under, since a key changed after that revision may have committed before or after the read.
   */
  readonly revisionBefore: string | null;
  /** When the read began: a lookup counts for PARTNER_API_KEY_CACHE_MS from then. */
  readonly startedAt: number;
}

/**
 * A read that found the key usable with the key a request presented: its record, when it was read
 * and under which revision.
 */
export type UsableKey = Omit<KeyRead, 'stored'> & { readonly record: ApiKeyRecord };

/**
 * Finds API keys by their public prefix. Lookups are kept in memory only while the keys revision in
 * Redis stands still (it is read with every rate count), and never longer than the configured time,
 * so a revocation or a change of scopes or limit is effective at the next request on every replica.
 * A lookup in use is read again in the background before its lifetime ends.
 */
@Injectable()
export class ApiKeyDirectory {
  private readonly log = new Logger(ApiKeyDirectory.name);
  private readonly cache = new Map<string, CachedKey>();
  /** Reads under way, by prefix, with the revision seen before each began. */
  private readonly reading = new Map<string, { read: Promise<KeyRead>; revisionBefore: string | null }>();
  /** The most recent revision any request saw. */
  private latestRevision: string | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PartnerApiConfig,
  ) {}

  /**
   * A remembered lookup whose hash matches `key`, to be confirmed with the revision of the next count.
   * Past RENEW_AFTER_SHARE of its lifetime, the first request to use it starts a read of it in the
   * background, so that no request waits for the database while the key is in use and unchanged.
   */
  remembered(prefix: string, key: string, now = Date.now()): CachedKey | undefined {
    const entry = this.cache.get(prefix);
    if (!entry) return undefined;
    const age = now - entry.loadedAt;
    if (age >= this.config.PARTNER_API_KEY_CACHE_MS) {
      this.cache.delete(prefix);
      return undefined;
    }
    if (!sameApiKey(key, entry.checkedKey)) {
      if (!apiKeyMatches(key, entry.record.secretHash)) return undefined;
      entry.checkedKey = key;
    }
    if (
      !entry.renewing &&
      entry.revision !== null &&
      age >= this.config.PARTNER_API_KEY_CACHE_MS * RENEW_AFTER_SHARE
    )
      this.renew(prefix, entry);
    return entry;
  }

  noteRevision(revision: string | null): void {
    if (revision !== null) this.latestRevision = revision;
  }

  /**
   * The key of `prefix` from the database, if it is usable with `key` (it exists, is not revoked and
   * its hash matches), with when and under which revision it was read: a read already under way for the
   * prefix is joined. A key found missing or revoked is forgotten.
   */
  async lookUp(prefix: string, key: string): Promise<UsableKey | undefined> {
    const read = await this.read(prefix);
    const record = read.stored;
    if (!record || record.revokedAt !== null) {
      this.cache.delete(prefix);
      return undefined;
    }
    // A key that does not match is a guess: the key remembered for the prefix stays.
    if (!apiKeyMatches(key, record.secretHash)) return undefined;
    return { record, revisionBefore: read.revisionBefore, startedAt: read.startedAt };
  }

  /**
   * Remembers a lookup for the key it was found usable with, as current under `revision` (the revision
   * the request saw with its count) only if that is the revision seen before the read began; otherwise
   * under none, so the next request reads it again. It counts for at most PARTNER_API_KEY_CACHE_MS
   * from when its read began, so a change that committed after it is seen by every replica within that
   * time of its commit even when Redis could not be told (what `pft keys` waits for).
   */
  remember(read: UsableKey, key: string, revision: string | null): void {
    this.keep(read, key, revision !== null && revision === read.revisionBefore ? revision : null);
  }

  private keep(read: UsableKey, key: string, revision: string | null): void {
    if (this.config.PARTNER_API_KEY_CACHE_MS === 0) return;
    const { record, startedAt } = read;
    // Bounded: a flood of distinct valid keys cannot grow it past this.
    if (this.cache.size >= 10_000 && !this.cache.has(record.prefix)) this.cache.clear();
    this.cache.set(record.prefix, {
      record,
      revision,
      loadedAt: startedAt,
      checkedKey: key,
      renewing: false,
    });
  }

  /**
   * A read of the prefix's key begun after the latest revision seen: one under way is joined only if it
   * began after it too. One begun before may have read the key before a change that revision announced
   * (a revocation), and a request that has seen the revision must not be served by it.
   */
  private read(prefix: string): Promise<KeyRead> {
    const underWay = this.reading.get(prefix);
    if (underWay && underWay.revisionBefore === this.latestRevision) return underWay.read;
    const revisionBefore = this.latestRevision;
    const startedAt = Date.now();
    const read: Promise<KeyRead> = findApiKeyByPrefix(this.dataSource, prefix)
      .then((stored): KeyRead => ({ stored, revisionBefore, startedAt }))
      .finally(() => {
        if (this.reading.get(prefix)?.read === read) this.reading.delete(prefix);
      });
    this.reading.set(prefix, { read, revisionBefore });
    return read;
  }

  /**
   * Reads `entry`'s key again in the background and remembers it anew under the revision seen before
   * that read, unless a request has replaced or dropped it meanwhile. A key found revoked, missing or
   * changed so the key no longer matches is forgotten. On failure the lookup is left to end its
   * lifetime, and the request that then finds none reads the key itself.
   */
  private renew(prefix: string, entry: CachedKey): void {
    entry.renewing = true;
    this.lookUp(prefix, entry.checkedKey).then(
      (found) => {
        if (this.cache.get(prefix) !== entry) return;
        if (found) this.keep(found, entry.checkedKey, found.revisionBefore);
        else this.cache.delete(prefix);
      },
      (err: unknown) => this.log.warn(`reading API key ${prefix} again failed: ${String(err)}`),
    );
  }
}
