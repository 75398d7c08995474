/** What a partner API key may read (partner API v1, section 5). `POST /v1/link` needs none. */
export const PARTNER_SCOPES = [
  'pilot-totals',
  'rating-dictionary',
  'webhooks',
  'pilot-experience',
  'pilot-requirements',
] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** New keys read totals; the dictionary, webhooks and the pilots' experience only when asked for. */
export const DEFAULT_PARTNER_SCOPES: readonly PartnerScope[] = ['pilot-totals'];

export function isPartnerScope(value: string): value is PartnerScope {
  return (PARTNER_SCOPES as readonly string[]).includes(value);
}

export type ScopesParse = { ok: true; scopes: PartnerScope[] } | { ok: false; unknown: string[] };

/**
 * Scopes as an operator types them (`pilot-totals,rating-dictionary`), deduplicated and in catalog order.
 * An empty list is allowed: such a key can still link pilots.
 */
export function parseScopes(list: string): ScopesParse {
  const given = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = given.filter((s) => !isPartnerScope(s));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, scopes: PARTNER_SCOPES.filter((s) => given.includes(s)) };
}

/**
 * What an endpoint needs: one scope, any one of several (a list: the currency rules serve keys with
 * `pilot-experience` or `pilot-requirements`), or undefined for none.
 */
export type RequiredScopes = PartnerScope | readonly PartnerScope[] | undefined;

/** True when a key holding `granted` may call an endpoint that needs `required`. */
export function scopeAllows(granted: readonly string[], required: RequiredScopes): boolean {
  if (required === undefined) return true;
  if (typeof required === 'string') return granted.includes(required);
  return required.some((scope) => granted.includes(scope));
}
