import { type ImportChoices, type ImportView, MAX_IMPORT_BYTES } from '@pft/logbook/domain';
import { api, ApiError, type ErrorBody, failure, networkError } from './client';
import { readToken } from './session';

export type { ImportView };

/** What `POST /pilot/v1/imports/{id}/commit` answers. */
export interface ImportCommitResult {
  recorded: number;
  amended: number;
  unchanged: number;
  skipped_invalid: number;
  skipped_deleted: number;
}

/** How far an upload is: bytes sent of the file's size; `sent === size` while the service reads it. */
export interface UploadProgress {
  sent: number;
  size: number;
}

const MEDIA_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain'];

/**
 * The media type a file is sent as: its own when the API takes it, else by its name (`.tsv` and `.tab`
 * tab-separated, `.txt` plain text, anything else CSV; a file that is not text is refused by the service).
 */
export function mediaTypeOf(file: { name: string; type: string }): string {
  if (MEDIA_TYPES.includes(file.type)) return file.type;
  const name = file.name.toLowerCase();
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return 'text/tab-separated-values';
  if (name.endsWith('.txt')) return 'text/plain';
  return 'text/csv';
}

/**
 * `POST /pilot/v1/imports?format=auto` with the file as the body, telling `onProgress` how much of it
 * has been sent (an XMLHttpRequest: fetch does not report an upload's progress). A file over the
 * service's bound is refused here as the service would refuse it, without sending it.
 */
export function uploadImport(file: File, onProgress: (p: UploadProgress) => void): Promise<ImportView> {
  if (file.size > MAX_IMPORT_BYTES) {
    const mb = MAX_IMPORT_BYTES / 1024 / 1024;
    return Promise.reject(
      new ApiError(413, 'IMPORT_TOO_LARGE', `The file is larger than ${mb} MB`, undefined),
    );
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/pilot/v1/imports?format=auto');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', mediaTypeOf(file));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) =>
      onProgress({ sent: e.loaded, size: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => onProgress({ sent: file.size, size: file.size });
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const body = xhr.response as ({ data?: ImportView } & ErrorBody) | null;
      if (xhr.status === 201 && body?.data) resolve(body.data);
      else reject(failure(xhr.status, xhr.getResponseHeader('X-Request-Id') ?? undefined, body ?? {}));
    };
    onProgress({ sent: 0, size: file.size });
    xhr.send(file);
  });
}

/** `PUT /pilot/v1/imports/{id}/choices`: the import read again with the choices merged in. */
export const chooseForImport = (importId: string, choices: ImportChoices): Promise<ImportView> =>
  api<ImportView>('PUT', `/pilot/v1/imports/${encodeURIComponent(importId)}/choices`, choices);

/** `POST /pilot/v1/imports/{id}/commit`: every valid flight recorded in one transaction. */
export const commitImport = (importId: string): Promise<ImportCommitResult> =>
  api<ImportCommitResult>('POST', `/pilot/v1/imports/${encodeURIComponent(importId)}/commit`);
