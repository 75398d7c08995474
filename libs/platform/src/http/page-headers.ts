/**
 * The headers of every page a browser is given (the pilot web app, the API documentation): a content
 * security policy of the page's own, no type sniffing, no referrer sent on. Pages load and call only
 * what this service serves, with no inline script and no framing by another site.
 */
export function pageHeaders(directives: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      ...directives,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
