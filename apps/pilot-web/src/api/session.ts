/** The pilot's token, kept for this browser tab only (sessionStorage), as the spec asks. */
const KEY = 'pft.pilot-token';

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function keepToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * Takes a token handed over in the address's fragment (`#token=<jwt>`), keeps it, and removes it from
 * the address bar so it is neither bookmarked nor left in the history.
 */
export function takeTokenFromFragment(): boolean {
  const match = /^#token=([A-Za-z0-9_\-.]+)$/.exec(window.location.hash);
  if (!match?.[1]) return false;
  keepToken(match[1]);
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}#/logbook`);
  return true;
}
