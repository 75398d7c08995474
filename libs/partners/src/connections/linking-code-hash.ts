import { createHash } from 'node:crypto';

/**
 * How a linking code is kept at rest (`linking_codes.code_hash`): the SHA-256 of its normalized form
 * (`normalizeLinkingCode` from @pft/partners/domain), so the issuing and the redeeming side find the same row
 * and the code itself is never stored.
 */
export function hashLinkingCode(normalizedCode: string): Buffer {
  return createHash('sha256').update(normalizedCode, 'utf8').digest();
}
