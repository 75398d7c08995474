"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.attemptWebhook = attemptWebhook;
const node_dns_1 = require("node:dns");
const node_http_1 = require("node:http");
const node_https_1 = require("node:https");
const domain_1 = require("../../../../libs/domain/src/index.js");
/**
 * A lookup that refuses restricted addresses: the address checked is the one connected to, so a name
 * pointed at one after the endpoint was created is refused too.
 */
const guardedLookup = (hostname, options, callback) => {
    (0, node_dns_1.lookup)(hostname, { ...options, all: true }, (err, addresses) => {
        if (err)
            return callback(err, '', 4);
        const refused = addresses.find((a) => (0, domain_1.isRestrictedAddress)(a.address));
        if (refused)
            return callback(new Error(`${hostname} resolves to a restricted address`), '', 4);
        if (options.all)
            return callback(null, addresses);
        const first = addresses[0];
        callback(null, first.address, first.family);
    });
};
/**
 * POSTs one attempt. Delivered: a 2xx answer within `timeoutMs` (the whole answer, not only its
 * head). Anything else fails: another status (a redirect is not followed), a timeout, a refused
 * connection, a restricted address.
 */
function attemptWebhook(req) {
    const url = new URL(req.url);
    if (!req.allowPrivate && (url.protocol !== 'https:' || (0, domain_1.isRestrictedAddress)((0, domain_1.hostOf)(url))))
        return Promise.resolve({ delivered: false, status: null, error: 'restricted URL' });
    const options = {
        method: 'POST',
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        ...(req.allowPrivate ? {} : { lookup: guardedLookup }),
    };
    return new Promise((resolve) => {
        let settled = false;
        const settle = (result) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            resolve(result);
        };
        const send = url.protocol === 'https:' ? node_https_1.request : node_http_1.request;
        const request = send(url, options, (response) => {
            const status = response.statusCode ?? 0;
            // Read (and drop) the answer so that the connection can be reused; its end counts as the answer.
            response.on('data', () => undefined);
            response.on('end', () => settle(status >= 200 && status < 300
                ? { delivered: true, status }
                : { delivered: false, status, error: `answered ${status}` }));
            response.on('error', (err) => settle({ delivered: false, status, error: err.message }));
        });
        const timer = setTimeout(() => {
            settle({ delivered: false, status: null, error: `no answer within ${req.timeoutMs} ms` });
            request.destroy();
        }, req.timeoutMs);
        request.on('error', (err) => settle({ delivered: false, status: null, error: err.message }));
        request.end(req.body);
    });
}
//# sourceMappingURL=webhook-request.js.map