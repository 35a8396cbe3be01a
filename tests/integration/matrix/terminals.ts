import type { Example } from './example';

/**
 * Terminals are set up by a sphere's admins and sales-up members on their own sphere; the kiosk
 * routes are public and need the terminal's key: a made-up terminal is a 404 to everyone. The
 * owner's sphere takes no terminal feelings, so even its admin creates nothing there.
 */
export const examples: Record<string, Example> = {
  createTerminal: (owner) => ({
    body: {
      sphereId: owner.sphereId ?? 'none',
      sessionId: owner.sessionId ?? 'none',
      deviceName: 'Matrix till',
    },
  }),
  listTerminals: (owner) => ({ query: { sphereId: owner.sphereId ?? 'none' } }),
  getSessionTerminalFigures: (owner) => ({
    query: { sessionId: owner.sessionId ?? 'none', start: '2026-01-01', end: '2026-01-31' },
  }),
  deleteTerminal: () => ({ params: { terminalId: 'matrix-terminal' } }),
  getKiosk: () => ({ params: { terminalId: 'matrix-terminal' } }),
  createTerminalFeeling: () => ({
    params: { terminalId: 'matrix-terminal' },
    body: {
      clientId: '00000000-0000-4000-8000-000000000000',
      good: true,
      recordedAt: new Date().toISOString(),
    },
  }),
};
