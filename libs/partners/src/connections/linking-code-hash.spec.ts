import { createHash } from 'node:crypto';
import { hashLinkingCode } from './linking-code-hash';

describe('hashLinkingCode', () => {
  it('is the SHA-256 of the normalized code, 32 bytes', () => {
    const hash = hashLinkingCode('PFT-0000-0000-0000-0001');
    expect(hash).toHaveLength(32);
    expect(hash.toString('hex')).toBe(createHash('sha256').update('PFT-0000-0000-0000-0001').digest('hex'));
  });

  it('differs between codes', () => {
    expect(
      hashLinkingCode('PFT-0000-0000-0000-0001').equals(hashLinkingCode('PFT-0000-0000-0000-0002')),
    ).toBe(false);
  });
});
