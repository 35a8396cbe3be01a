import { expect, vi } from 'vitest';

/**
 * The SPA's tests mock Amplify Auth (`aws-amplify/auth`) file by file; the library's root, which the
 * app loads beside it to point Amplify at the pool (lib/amplify-auth.ts), is mocked for all of them
 * here, so that no SPA test loads the real library. A test that checks the pool it is given mocks it
 * again with its own spy (app/app.test.tsx). Other tests (the local Cognito's, with the real
 * library) are left alone: this file is the setup of every test file.
 */
if (/[\\/]web[\\/]src[\\/]/.test(expect.getState().testPath ?? ''))
  vi.doMock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
