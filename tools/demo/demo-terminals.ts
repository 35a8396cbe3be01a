import { createHash } from 'node:crypto';
import { importTerminals, keyDigest } from '../../functions/terminals/seeding';
import { recordTerminalFeeling } from '../../functions/feelings';
import { DEFAULT_SPHERE_LIMITS } from '@shared/domain/spheres';
import { kioskPath, terminalFeeling, type TerminalSteps } from '@shared/domain/terminals';
import type { DemoSphere } from './demo-spheres';

/**
 * The demo terminal (issue 12 point 12, decision 0028): Boulangerie Soleil, a shop whose sphere
 * takes terminal answers (terminal option on, Sales-Up active). Inès is its admin, Théo its
 * Sales-Up member (terminal admin); its counter's visitors are a consumer session with one kiosk
 * and a few answers of the last days. The kiosk's key is fixed so that the local stack can print
 * its address: a demo key, never a real terminal's.
 */
export const DEMO_TERMINAL_SPHERE_ID = 'demo-boulangerie-soleil';
export const DEMO_TERMINAL_SESSION_ID = 'demo-soleil-comptoir';
export const DEMO_TERMINAL_ID = 'demo-soleil-caisse-1';
const DEMO_TERMINAL_KEY = 'demo-soleil-caisse-1-kiosk-key';
/** The demo kiosk's address on the local web server (`/terminal/…#key=…`). */
export const DEMO_KIOSK_PATH = kioskPath(DEMO_TERMINAL_ID, DEMO_TERMINAL_KEY);
export const DEMO_TERMINAL_ADMIN = 'ines@demo.wellbeing.local';
export const DEMO_SALES_UP_USER = 'theo@demo.wellbeing.local';

export const DEMO_TERMINAL_SPHERE: DemoSphere = {
  owner: DEMO_TERMINAL_ADMIN,
  sphere: {
    sphereId: DEMO_TERMINAL_SPHERE_ID,
    name: 'Boulangerie Soleil',
    shortName: 'Soleil',
    category: 'company',
    address: { street1: 'Place du Marché 3', postalCode: '4000', city: 'Liège', country: 'BE' },
    domains: [],
    isStudyProgram: false,
    isTerminalEnabled: true,
    customizableThinkingAxes: false,
    accessPolicy: 'AUTH',
    languages: { primary: 'fr', extras: ['en', 'nl'] },
    limits: { ...DEFAULT_SPHERE_LIMITS },
    entitlements: {
      engagementUp: { active: false, campaignTemplatesAvailable: false },
      salesUp: { active: true },
    },
    sphereKey: 'demo-soleil-key',
  },
  members: [
    {
      memberId: 'demo-soleil-ines',
      email: DEMO_TERMINAL_ADMIN,
      name: 'Inès Lambert',
      roles: ['admin'],
      active: true,
      subscription: 'starter',
    },
    {
      memberId: 'demo-soleil-theo',
      email: DEMO_SALES_UP_USER,
      name: 'Théo Renard',
      roles: ['sales-up'],
      active: true,
      subscription: 'starter',
    },
  ],
  sessions: [
    {
      session: {
        sessionId: DEMO_TERMINAL_SESSION_ID,
        category: 'consumer',
        type: 'group',
        name: { fr: 'Comptoir – clients', en: 'Counter – customers', nl: 'Toonbank – klanten' },
        publicName: { fr: 'Boulangerie Soleil', en: 'Soleil Bakery', nl: 'Bakkerij Soleil' },
        parentSessionIds: [],
        isLeaf: true,
        stepNumber: 0,
        subscription: 'starter',
        isPublic: false,
        sessionKey: `${DEMO_TERMINAL_SESSION_ID}-key`,
        specificTagIds: [],
      },
      members: [{ memberId: 'demo-soleil-ines', roles: ['owner'] }],
    },
  ],
};

const STEPS: TerminalSteps = 'histograms';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fixed UUID per demo answer: seeding again replays them, and nothing counts twice. */
function demoClientId(n: number): string {
  const hex = createHash('sha256').update(`demo-terminal-answer-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Twelve answers over the last four days: mostly good, some tired, a few bad. */
const DEMO_ANSWERS: readonly { good: boolean; intensityStep: number; energyStep: number; daysAgo: number }[] =
  [
    { good: true, intensityStep: 7, energyStep: 6, daysAgo: 4 },
    { good: true, intensityStep: 5, energyStep: 3, daysAgo: 4 },
    { good: false, intensityStep: 3, energyStep: 2, daysAgo: 3 },
    { good: true, intensityStep: 8, energyStep: 8, daysAgo: 3 },
    { good: true, intensityStep: 6, energyStep: 4, daysAgo: 3 },
    { good: true, intensityStep: 4, energyStep: 5, daysAgo: 2 },
    { good: false, intensityStep: 6, energyStep: 7, daysAgo: 2 },
    { good: true, intensityStep: 9, energyStep: 7, daysAgo: 2 },
    { good: true, intensityStep: 6, energyStep: 6, daysAgo: 1 },
    { good: true, intensityStep: 7, energyStep: 3, daysAgo: 1 },
    { good: false, intensityStep: 2, energyStep: 1, daysAgo: 1 },
    { good: true, intensityStep: 5, energyStep: 6, daysAgo: 1 },
  ];

/**
 * The demo kiosk of the counter and its answers, once the sphere and its session exist (seed.ts
 * writes them with the other demo spheres). Writing it again leaves it as it was.
 */
export async function seedDemoTerminals(userIds: ReadonlyMap<string, string>): Promise<void> {
  const theo = userIds.get(DEMO_SALES_UP_USER);
  if (!theo) return;
  const terminal = {
    terminalId: DEMO_TERMINAL_ID,
    sphereId: DEMO_TERMINAL_SPHERE_ID,
    sessionId: DEMO_TERMINAL_SESSION_ID,
    deviceName: 'Caisse 1',
    deviceCode: 'SUN42K',
    steps: STEPS,
    keyHash: keyDigest(DEMO_TERMINAL_KEY),
    createdBy: theo,
  };
  await importTerminals([terminal]);
  const today = Date.now();
  for (const [n, answer] of DEMO_ANSWERS.entries()) {
    // Through the opening hours: 8 h plus an hour per answer of the day.
    const at = new Date(today - answer.daysAgo * DAY_MS);
    at.setUTCHours(7 + (n % 8), 10 * (n % 6), 0, 0);
    await recordTerminalFeeling({
      terminalId: terminal.terminalId,
      clientId: demoClientId(n),
      sphereId: terminal.sphereId,
      sessionId: terminal.sessionId,
      deviceCode: terminal.deviceCode,
      deviceName: terminal.deviceName,
      ...terminalFeeling(answer, STEPS),
      timestamp: at.toISOString(),
      locale: 'Europe/Brussels',
    });
  }
}
