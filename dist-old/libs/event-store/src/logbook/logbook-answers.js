"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.invalidRequest = invalidRequest;
exports.rejectionError = rejectionError;
exports.accepted = accepted;
const domain_1 = require("../../../domain/src/index.js");
const platform_1 = require("../../../platform/src/index.js");
/**
 * How a logbook write is answered, in one place for every API that writes a pilot's logbook (the pilot
 * app API, the partner API's sandbox): 400 INVALID_REQUEST with a detail per problem, a refusal in the
 * API's words, or the decision the write pipeline appends.
 */
function invalidRequest(issues, message) {
    const first = issues[0];
    return new platform_1.ApiError('INVALID_REQUEST', message ?? (first ? `${first.field} ${first.message}` : 'The request is not valid'), issues.map(({ field, issue, message: text }) => ({ field, issue, message: text })));
}
/** A refused logbook command, in the API's words. */
function rejectionError(rejection) {
    if (rejection.rejected === 'INVALID_REQUEST')
        return invalidRequest(rejection.details ?? [], rejection.message);
    return new platform_1.ApiError(rejection.rejected, rejection.message, rejection.details);
}
/** A logbook decision the pipeline can append, or the rejection thrown as the API error it answers with. */
function accepted(decision) {
    if ((0, domain_1.isRejection)(decision))
        throw rejectionError(decision);
    return decision;
}
//# sourceMappingURL=logbook-answers.js.map