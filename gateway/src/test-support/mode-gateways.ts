/**
 * A gateway configured as in production and one as in development, in front of no backend: for what the gateway
 * answers alone (introspection, GraphiQL).
 */
import { freePort } from '../../../scripts/services.mjs';
import { gatewayConfigFromEnv } from '../config/gateway-config.js';
import { createGateway, type Gateway } from '../server.js';

export type ModeGateways = { urls: Record<'production' | 'development', string>; close(): Promise<void> };

export async function startModeGateways(env: NodeJS.ProcessEnv = {}): Promise<ModeGateways> {
  const gateways: Gateway[] = [];
  const urls = { production: '', development: '' };
  for (const mode of ['production', 'development'] as const) {
    const gateway = await createGateway(
      gatewayConfigFromEnv({
        ...env,
        NODE_ENV: mode,
        EVENTS_API_KEY: 'mode-test-key',
        FILE_LINK_SECRET: 'mode-test-secret',
        BACKEND_URL: `http://127.0.0.1:${await freePort()}`,
        MAINZELLISTE_URL: `http://127.0.0.1:${await freePort()}`,
      }),
    );
    gateways.push(gateway);
    urls[mode] = await gateway.listen(await freePort());
  }
  return { urls, close: async () => void (await Promise.all(gateways.map((gateway) => gateway.close()))) };
}
