import { defineFeature } from '../../lib/feature';

/**
 * Thinking (spec 01 §2 thinking entry and update, `/apps/thinking-axes`): an opinion given on the
 * catalogue's axes, and the catalogue's manager for those who manage axes.
 */
export const THINKING_AXES_PATH = '/apps/thinking-axes';

export const thinkingFeature = defineFeature({
  name: 'thinking',
  pages: [{ path: THINKING_AXES_PATH, access: 'signed-in', load: () => import('./axes-page') }],
  navigation: [
    {
      path: THINKING_AXES_PATH,
      labelKey: 'nav.axes',
      order: 90,
      // The right `getThinkingAxisFacets` asks for (the faces test compares them).
      ability: { action: 'manage', subject: 'axes' },
    },
  ],
  homeSections: [{ id: 'thinking', order: 30, load: () => import('./thinking-home') }],
  overlays: {
    thinking: {
      titleKey: 'thinking.title',
      route: 'createThinking',
      audience: 'registered',
      size: 'lg',
      load: () => import('./thinking-overlay'),
    },
    'update-thinking': {
      titleKey: 'thinking.updateTitle',
      route: 'updateThinking',
      audience: 'registered',
      requiredParams: ['thinkingId'],
      size: 'lg',
      load: () => import('./update-thinking-overlay'),
    },
    createThinkingAxis: {
      titleKey: 'axes.createTitle',
      route: 'createThinkingAxis',
      audience: 'registered',
      size: 'lg',
      load: () => import('./create-axis-overlay'),
    },
    updateThinkingAxis: {
      titleKey: 'axes.updateTitle',
      route: 'updateThinkingAxis',
      audience: 'registered',
      requiredParams: ['id'],
      size: 'lg',
      load: () => import('./update-axis-overlay'),
    },
  },
});
