import { ApiError } from '../api/client';

/**
 * An error that belongs to no field: what went wrong, the details of the API's answer (each the JSON
 * path of the request it concerns and what is wrong there) and, when the service answered, its code
 * and request id, which support can find in the logs.
 */
export function ErrorBanner({ error }: { error: unknown }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : undefined;
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <div class="banner banner-error" role="alert">
      <p>{message}</p>
      {api && api.details.length > 0 && (
        <ul>
          {api.details.map((d, i) => (
            <li key={i}>
              <code>{d.field}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
      {api && api.status !== 0 && (
        <p class="small">
          Code: <code>{api.code}</code>
          {api.requestId && (
            <>
              {' · '}Request id: <code>{api.requestId}</code>
            </>
          )}
        </p>
      )}
    </div>
  );
}

export function Notice({ children }: { children: preact.ComponentChildren }) {
  return (
    <div class="banner banner-ok" role="status">
      {children}
    </div>
  );
}
