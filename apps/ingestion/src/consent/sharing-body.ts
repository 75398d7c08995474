import { invalidRequest } from '@pft/logbook';
import { BodyReader, type ValidationIssue } from '@pft/logbook/domain';

/** A field that must be `true` or `false`; absent gives `absent` (recorded when required). */
function booleanField(reader: BodyReader, key: string, required: boolean): boolean | undefined {
  const value = reader.raw(key);
  if (value === undefined) {
    if (required) reader.problem(key, 'required', 'is required');
    return undefined;
  }
  if (typeof value !== 'boolean') {
    reader.problem(key, 'wrong_type', 'must be true or false');
    return undefined;
  }
  return value;
}

/**
 * The body of `POST /pilot/v1/linking-codes`: none, or `{ "share_experience": true | false }`, default
 * false (consent is never pre-ticked). Anything else, JSON `null` included, is 400 INVALID_REQUEST.
 */
export function linkingCodeSharesExperience(body: unknown): boolean {
  if (body === undefined) return false;
  const issues: ValidationIssue[] = [];
  const reader = BodyReader.object(issues, '', body);
  reader?.onlyKnown(['share_experience']);
  const share = reader && booleanField(reader, 'share_experience', false);
  if (issues.length > 0) throw invalidRequest(issues);
  return share ?? false;
}

/** The body of `PUT /pilot/v1/connections/{connection_id}/sharing`: `{ "experience": true | false }`. */
export function sharingExperience(body: unknown): boolean {
  const issues: ValidationIssue[] = [];
  const reader = BodyReader.object(issues, '', body);
  reader?.onlyKnown(['experience']);
  const share = reader && booleanField(reader, 'experience', true);
  if (issues.length > 0 || share === undefined) throw invalidRequest(issues);
  return share;
}
