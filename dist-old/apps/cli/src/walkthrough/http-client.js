"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.StepFailed = void 0;
exports.call = call;
exports.expectStatus = expectStatus;
async function call(method, url, options = {}) {
    const headers = { ...options.headers };
    if (options.token)
        headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined)
        headers['content-type'] = 'application/json';
    const response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body;
    try {
        body = text ? JSON.parse(text) : undefined;
    }
    catch {
        // not JSON: the step that expected an envelope fails on `body` being undefined, showing `text`
    }
    return { status: response.status, headers: response.headers, body, text };
}
class StepFailed extends Error {
    answer;
    constructor(step, expectation, answer) {
        super(`${step}: ${expectation}${answer ? ` (got ${answer.status}: ${answer.text})` : ''}`);
        this.answer = answer;
        this.name = 'StepFailed';
    }
}
exports.StepFailed = StepFailed;
/** Fails the step unless the answer has the expected status. */
function expectStatus(step, answer, status) {
    if (answer.status !== status)
        throw new StepFailed(step, `expected HTTP ${status}`, answer);
    return answer;
}
//# sourceMappingURL=http-client.js.map