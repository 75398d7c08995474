import { DEFAULT_PARTNER_SCOPES, parseScopes, scopeAllows } from './scopes';

describe('partner scopes', () => {
  it('gives new keys pilot-totals only', () => {
    expect(DEFAULT_PARTNER_SCOPES).toEqual(['pilot-totals']);
  });

  it('parses a list into catalog order without duplicates', () => {
    expect(parseScopes('rating-dictionary, pilot-totals,rating-dictionary')).toEqual({
      ok: true,
      scopes: ['pilot-totals', 'rating-dictionary'],
    });
  });

  it('allows an empty list', () => {
    expect(parseScopes('')).toEqual({ ok: true, scopes: [] });
  });

  it('names unknown scopes', () => {
    expect(parseScopes('pilot-totals,admin')).toEqual({ ok: false, unknown: ['admin'] });
  });

  it('lets a key without scopes reach an endpoint that needs none, and nothing else', () => {
    expect(scopeAllows([], undefined)).toBe(true);
    expect(scopeAllows([], 'pilot-totals')).toBe(false);
    expect(scopeAllows(['pilot-totals'], 'rating-dictionary')).toBe(false);
    expect(scopeAllows(['pilot-totals', 'rating-dictionary'], 'rating-dictionary')).toBe(true);
  });

  it('lets a key reach an endpoint that takes any of several scopes with one of them', () => {
    const either = ['pilot-experience', 'pilot-requirements'] as const;
    expect(scopeAllows(['pilot-experience'], either)).toBe(true);
    expect(scopeAllows(['pilot-requirements'], either)).toBe(true);
    expect(scopeAllows(['pilot-totals', 'rating-dictionary', 'webhooks'], either)).toBe(false);
  });

  it('knows the experience scopes, off by default', () => {
    expect(parseScopes('pilot-requirements,pilot-experience')).toEqual({
      ok: true,
      scopes: ['pilot-experience', 'pilot-requirements'],
    });
    expect(DEFAULT_PARTNER_SCOPES).not.toContain('pilot-experience');
  });
});
