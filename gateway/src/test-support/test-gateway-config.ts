/** A gateway configuration for tests: the development defaults (no environment) with what the test sets. */
import { gatewayConfigFromEnv, type GatewayConfig } from '../config/gateway-config.js';

export const testGatewayConfig = (
  settings: Partial<GatewayConfig> & Pick<GatewayConfig, 'backendUrl' | 'mainzellisteUrl'>,
): GatewayConfig => ({
  ...gatewayConfigFromEnv({}),
  publicOrigins: [],
  ...settings,
});
