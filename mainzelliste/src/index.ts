/** For in-process starters (the start script, cross-service tests): build or start the service. */
export { buildApp, type BuildAppOptions } from './app.js';
export { createService, startService, DEFAULT_PORT, type Service } from './server.js';
export { loadConfig, createConfig, DEV_API_KEY, type MainzellisteConfig } from './config/config.js';
export { loggerOptions } from './http/logging.js';
