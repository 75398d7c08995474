import { apiKeyMatches, hashApiKey, sameApiKey } from './api-key-hash';

describe('API key hash', () => {
  it('is the SHA-256 of the key as UTF-8, the form the stored hashes have', () => {
    // FIPS 180-2 test vector: SHA-256("abc").
    expect(hashApiKey('abc').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    // 'é' as its two UTF-8 bytes, not as one Latin-1 byte.
    expect(hashApiKey('é').toString('hex')).toBe(
      '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c',
    );
  });

  it('matches only the key it was made from', () => {
    const stored = hashApiKey('pft_live_abc');
    expect(apiKeyMatches('pft_live_abc', stored)).toBe(true);
    expect(apiKeyMatches('pft_live_abd', stored)).toBe(false);
    expect(apiKeyMatches('pft_live_abc', stored.subarray(0, 16))).toBe(false);
  });

  it('finds two keys the same only when every character is', () => {
    expect(sameApiKey('pft_live_abc', 'pft_live_abc')).toBe(true);
    expect(sameApiKey('pft_live_abc', 'pft_live_abd')).toBe(false);
    expect(sameApiKey('Pft_live_abc', 'pft_live_abc')).toBe(false);
    expect(sameApiKey('pft_live_ab', 'pft_live_abc')).toBe(false);
    expect(sameApiKey('pft_live_abc', 'pft_live_ab')).toBe(false);
    expect(sameApiKey('', '')).toBe(true);
  });
});
