export { createGatewayApp, type GatewayDeps } from './app.js';
export { SocketHub, type HubOptions } from './socket/hub.js';
export { matches, parseContext } from './socket/context.js';
export { createAuthRouter, sessionCookie, type AuthDeps } from './auth/routes.js';
export { devMessagesPage } from './auth/devMessages.js';
