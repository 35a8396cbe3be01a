/**
 * The feelings domain's face: what other domains and the local stack may use of it.
 */
export { importFeelings, type NewFeeling } from './repository';
export { EMOTION_WORDS } from './words';
