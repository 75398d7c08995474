/** What a partner API key may read (partner API v1, section 5). `POST /v1/link` needs none. */
export const PARTNER_SCOPES = ['pilot-totals', 'rating-dictionary', 'webhooks'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** New keys read totals; the dictionary only when asked for. */
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

/** True when a key holding `granted` may call an endpoint that needs `required` (undefined: no scope). */
export function scopeAllows(granted: readonly string[], required: PartnerScope | undefined): boolean {
  return required === undefined || granted.includes(required);
}
