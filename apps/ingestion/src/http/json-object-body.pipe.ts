import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { invalidRequest } from '@pft/logbook';
import { BodyReader, type ValidationIssue } from '@pft/logbook/domain';

/**
 * Every body of the pilot app API is a JSON object (`pilot-app-api.md`). A body that is JSON but not
 * an object (`null`, an array, a number, a string, `true`) is refused 400 INVALID_REQUEST on every
 * route that reads one, before its handler, with the detail each route's own checks give such a
 * body (`(body)`, `wrong_type`): nothing is recorded, and no route reads `null` as no body. A request
 * without a body goes on to its route, which says whether it needs one (a linking code's is optional).
 */
@Injectable()
export class JsonObjectBodyPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' || value === undefined) return value;
    const issues: ValidationIssue[] = [];
    if (!BodyReader.object(issues, '', value)) throw invalidRequest(issues);
    return value;
  }
}
