import { defineFeature } from '../../lib/feature';

/** The app inside a parent window: its mode and the parent's breadcrumb (docs/embedding.md). */
export const embeddingFeature = defineFeature({ name: 'embedding' });

export { ParentBridgeProvider } from './app-mode';
export { ParentBreadcrumb } from './parent-breadcrumb';
