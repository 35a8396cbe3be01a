import type { Campaign, Cycle, Measure } from '@shared/contracts/campaigns';

/** The time the campaign fixtures were made and changed at. */
export const FIXTURE_NOW = '2026-03-01T10:00:00.000Z';

/** A campaign as the API answers it, a draft without measures unless told otherwise. */
export function campaignFixture(extra: Partial<Campaign> = {}): Campaign {
  return {
    campaignId: 'campaign-1',
    sphereId: 'sphere-1',
    name: 'Spring pulse',
    internalLabel: '',
    publicName: { en: 'How are we doing?' },
    code: '',
    description: {},
    timezone: 'Europe/Brussels',
    tags: [],
    useSphereLogo: true,
    mode: 'simple',
    templateModel: 'blank',
    defaultLocale: 'en',
    firstMessage: {},
    welcomeMessage: {},
    endMessage: {},
    qrStepNumber: 0,
    allowGuest: false,
    allowDelegation: false,
    targets: { tagIds: [], sessionIds: [] },
    measures: [],
    status: 'draft',
    preparationStatus: 'making',
    active: true,
    validationCode: 'code-123',
    creationDate: FIXTURE_NOW,
    updateDate: FIXTURE_NOW,
    ...extra,
  };
}

/** A cycle as the API answers it, a draft of March unless told otherwise. */
export function cycleFixture(extra: Partial<Cycle> = {}): Cycle {
  return {
    cycleId: 'cycle-1',
    campaignId: 'campaign-1',
    sphereId: 'sphere-1',
    internalLabel: 'March',
    message: {},
    measureIds: [],
    start: '2026-03-02T08:00:00.000Z',
    end: '2026-03-09T18:00:00.000Z',
    notifications: [],
    allowRefuse: true,
    isTest: false,
    status: 'draft',
    testMode: false,
    testRunning: false,
    version: 1,
    log: [],
    creationDate: FIXTURE_NOW,
    updateDate: FIXTURE_NOW,
    ...extra,
  };
}

/** A measure with every field a campaign's measure has, empty unless told otherwise. */
export function measureFixture(extra: Partial<Measure> & Pick<Measure, 'id' | 'type'>): Measure {
  return {
    title: {},
    message: {},
    period: 'none',
    axes: [],
    context: 'sphere',
    tagQuestions: [],
    profileQuestions: [],
    smsEnabled: false,
    wordSelection: true,
    ...extra,
  };
}
