import { hkdfSync } from 'node:crypto';
import { Injectable } from '@nestjs/common';

import { masterKeyOf } from '@pft/privacy/crypto/master-keys';
import { type CursorKeys } from './pilots-cursor';
import { PartnerApiConfig } from '../partner-api.config';

/** What the cursor key is derived for: a key of its own, never the master key itself. */
const PURPOSE = 'pft partner API v1/pilots cursor';

/** An HMAC key for cursors derived (HKDF-SHA256) from a master key: the same on every replica. */
export const cursorKeyOf = (masterKeyBase64: string): Buffer =>
  Buffer.from(hkdfSync('sha256', masterKeyOf(masterKeyBase64).key, Buffer.alloc(0), PURPOSE, 32));

/**
 * The keys `/v1/pilots` cursors are signed and checked with, derived from PFT_MASTER_KEY (the one
 * secret every replica already shares; production refuses its development value), and those of
 * PFT_PREVIOUS_MASTER_KEYS for checking only, so a walk begun before a rotation goes on.
 */
@Injectable()
export class PilotsCursorKeys implements CursorKeys {
  readonly signing: Buffer;
  readonly checking: readonly Buffer[];

  constructor(config: PartnerApiConfig) {
    this.signing = cursorKeyOf(config.PFT_MASTER_KEY);
    const previous = config.PFT_PREVIOUS_MASTER_KEYS.split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    this.checking = [this.signing, ...previous.map(cursorKeyOf)];
  }
}
