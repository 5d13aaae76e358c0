import { describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from '../config/gateway-config.js';
import { originAllowed, originsOf } from './origin-check.js';

describe('originAllowed (WebSocket handshakes, issue 15)', () => {
  const configured = ['https://ecrf.example'];
  it('lets the gateway’s own address, configured origins and non-browser clients through', () => {
    expect(originAllowed('http://127.0.0.1:4000', '127.0.0.1:4000', configured)).toBe(true);
    expect(originAllowed('https://ecrf.example', 'gateway:4000', configured)).toBe(true);
    expect(originAllowed(undefined, 'gateway:4000', configured)).toBe(true);
  });
  it('refuses foreign and malformed origins', () => {
    expect(originAllowed('https://evil.example', 'ecrf.example', configured)).toBe(false);
    expect(originAllowed('https://ecrf.example.evil.example', 'gateway:4000', configured)).toBe(false);
    expect(originAllowed('null', 'gateway:4000', configured)).toBe(false);
  });
  it('reads PUBLIC_ORIGINS, else PUBLIC_URL and in development the Vite dev server', () => {
    expect(originsOf(' https://a.example/app , ,http://b.example:8080 ')).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(gatewayConfigFromEnv({ PUBLIC_URL: 'https://register.example/' }).publicOrigins).toEqual([
      'https://register.example',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(
      gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k', FILE_LINK_SECRET: 's', PUBLIC_URL: 'https://register.example' })
        .publicOrigins,
    ).toEqual(['https://register.example']);
  });
});
