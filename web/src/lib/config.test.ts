import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, getConfig, loadConfig, setConfig } from './config';
import { jsonResponse, testConfig } from '../test/fixtures';

const fetchReturning = (response: Response | Error) => async () => {
  if (response instanceof Error) throw response;
  return response;
};

describe('runtime configuration (/config.json)', () => {
  afterEach(() => setConfig(undefined));

  it('is parsed with the contract and kept for the API client', async () => {
    const config = await loadConfig(fetchReturning(jsonResponse(200, testConfig)));
    expect(config.userPoolId).toBe('eu-west-1_local');
    expect(getConfig()).toEqual(config);
  });

  it('is reported missing when the file is not served', async () => {
    await expect(loadConfig(fetchReturning(jsonResponse(404, {})))).rejects.toMatchObject({
      name: 'ConfigError',
      reason: 'missing',
    });
    await expect(loadConfig(fetchReturning(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(
      ConfigError,
    );
  });

  it('is reported invalid, naming the field, when a value is wrong', async () => {
    const broken = { ...testConfig, userPoolId: 'no pool' };
    const error = await loadConfig(fetchReturning(jsonResponse(200, broken))).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'invalid' });
    expect((error as ConfigError).details).toContain('userPoolId');
  });

  it('is reported invalid when the file is not JSON', async () => {
    const html = new Response('<!doctype html>', { status: 200 });
    await expect(loadConfig(fetchReturning(html))).rejects.toMatchObject({ reason: 'invalid' });
  });
});
