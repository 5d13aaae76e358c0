export { createGateway, type Gateway } from './server.js';
export { gatewayConfigFromEnv, defaultClientConfig, type GatewayConfig } from './config/gateway-config.js';
