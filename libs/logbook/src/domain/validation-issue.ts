/**
 * One problem with a command's input: `field` is a JSON path into the body (`flights[3].minutes.pic`),
 * `issue` a short stable word a client can branch on, `message` for humans.
 */
export interface ValidationIssue {
  field: string;
  issue: ValidationIssueWord;
  message: string;
}

export type ValidationIssueWord =
  | 'required'
  | 'unknown_field'
  | 'wrong_type'
  | 'out_of_range'
  | 'invalid_format'
  | 'invalid_value'
  | 'too_long'
  | 'invalid_characters'
  | 'unknown_rating'
  | 'not_allowed'
  | 'must_be_zero'
  | 'exceeds_total'
  | 'sum_exceeds_total'
  | 'mismatch'
  | 'duplicate'
  | 'conflict'
  | 'too_many'
  | 'empty'
  | 'not_in_file';

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** Joins a JSON path: `at('flights[3]', 'minutes')` is `flights[3].minutes`; the root is ''. */
export const at = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);
