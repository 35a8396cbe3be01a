import { vi } from 'vitest';

/**
 * Component tests mock Amplify Auth (`aws-amplify/auth`) file by file; the library's root, which the
 * app loads beside it to point Amplify at the pool (lib/amplify-auth.ts), is mocked for all of them
 * here, so that no test loads the real library. A test that checks the pool it is given mocks it
 * again with its own spy (app/app.test.tsx).
 */
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
