"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TEST_PILOT_PATH = void 0;
exports.serveTestPilotSignIn = serveTestPilotSignIn;
const node_crypto_1 = require("node:crypto");
const pilot_jwt_1 = require("../../../../libs/access/src/pilot-auth/pilot-jwt.js");
exports.TEST_PILOT_PATH = '/dev/test-pilot';
const TEST_PILOT_TOKEN_SECONDS = 3600;
/**
 * `GET /dev/test-pilot` (204) tells the sign-in screen to offer the button;
 * `POST /dev/test-pilot`: a token for a new pilot account, signed with the local secret, for the pilot
 * web app's **Sign in as a test pilot** outside production. Never registered when NODE_ENV is
 * production, so there it answers 404 like any unknown path.
 */
function serveTestPilotSignIn(app, config) {
    if (config.NODE_ENV === 'production')
        return;
    const fastify = app.getHttpAdapter().getInstance();
    fastify.get(exports.TEST_PILOT_PATH, (_request, reply) => reply.code(204).send());
    fastify.post(exports.TEST_PILOT_PATH, (_request, reply) => {
        const pilotAccountId = (0, node_crypto_1.randomUUID)();
        const now = Date.now();
        const token = (0, pilot_jwt_1.mintPilotToken)(config.JWT_SECRET, pilotAccountId, TEST_PILOT_TOKEN_SECONDS, now, {
            ...(config.JWT_ISSUER === undefined ? {} : { issuer: config.JWT_ISSUER }),
            ...(config.JWT_AUDIENCE === undefined ? {} : { audience: config.JWT_AUDIENCE }),
        });
        const expiresAt = new Date(now + TEST_PILOT_TOKEN_SECONDS * 1000).toISOString();
        return reply.code(201).send({ pilot_account_id: pilotAccountId, token, expires_at: expiresAt });
    });
}
//# sourceMappingURL=test-pilot-sign-in.js.map