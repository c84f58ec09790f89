import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/sync/config.js';
import { resolveBaseUrl } from '../../../src/client/index.js';

describe('regional instance in the config', () => {
  it('refuses an instance without its base address, naming the field', () => {
    try {
      parseConfig({ service: { url: 'https://api.example.com', instance: 'jp' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).field).toBe('service.instanceUrls');
    }
  });

  it('takes the instance address from instanceUrls', () => {
    const config = parseConfig({
      service: { url: 'https://api.example.com', instance: 'jp', instanceUrls: { jp: 'https://jp.api.example.com' } },
    });
    const { url, instance, instanceUrls } = config.service;
    expect(resolveBaseUrl({ baseUrl: url!, instance, instanceBaseUrls: instanceUrls })).toBe('https://jp.api.example.com');
  });
});
