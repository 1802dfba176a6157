export { createGatewayApp, type GatewayDeps } from './app.js';
export { SocketHub, type HubOptions } from './socket/hub.js';
export { matches, parseContext } from './socket/context.js';
export { createAuth, type Auth, type AuthDeps } from './auth/routes.js';
export { sessionCookie } from './auth/cookie.js';
export { Authenticator } from './auth/authenticate.js';
export { devMessagesPage } from './auth/devMessages.js';
export { SessionStore } from './auth/sessions.js';
export { PostgresRateLimiter, type SharedRateLimiter } from './auth/rateLimit.js';
export { forwardTo } from './proxy.js';
export {
  cacheControlFor,
  chooseEncoding,
  sendStatic,
  staticFiles,
  IMMUTABLE,
  REVALIDATE,
} from './staticFiles.js';
export {
  openApiDocument,
  commandPath,
  queryPath,
  type OpenApiDocument,
  type Operation,
} from './openapi/document.js';
export { openApiRoute } from './openapi/route.js';
export { securityHeaders } from './security.js';
export { PublicLimit } from './publicLimit.js';
export { trackingLookup, type TrackedShipment } from './socket/tracking.js';
export { ApiKeyAuthenticator, presentedKey } from './apiKeys/authenticate.js';
export { type IntegrationDeps } from './apiKeys/mount.js';
