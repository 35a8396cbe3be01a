import { defineFeature } from '../../lib/feature';

/** The blocking consent to a new version of a legal document (spec 01 §4). */
export const legalFeature = defineFeature({ name: 'legal' });

export { LegalConsentGate } from './legal-consent-gate';
