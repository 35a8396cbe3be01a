import type { CampaignShotResult, CardData } from '../contracts/custom-reports';

/**
 * The fixed values of custom reports (spec 02 §3 Report, Card, Rendered document, §4 statuses;
 * decision 0031), apart from the contract's schemas so that what stores reports does not carry them.
 */
export const CUSTOM_REPORT_STATUSES = [
  'draft',
  'inProgress',
  'preview',
  'readyForValidation',
  'validated',
  'translated',
  'published',
  'archived',
] as const;
export const CUSTOM_REPORT_TEMPLATES = ['full', 'synthesis'] as const;
export const REPORT_LANGUAGES = ['fr', 'en', 'nl'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const REPORT_PART_STATUSES = ['draft', 'inProgress', 'preview', 'validated'] as const;
export const CARD_TYPES = ['text', 'dataShot'] as const;
export const DATA_SHOT_STATUSES = ['draft', 'validated', 'published'] as const;
/** Where a sphere's data shot's figures come from (a campaign report's may also show a step). */
export const DATA_SHOT_SOURCES = ['feelings', 'thinkings'] as const;
/** The kinds of a campaign's steps a data shot may show. */
export const CAMPAIGN_SHOT_KINDS = ['feeling', 'thinking', 'custom-form', 'form'] as const;
/** What a data shot shows of them. */
export const DATA_SHOT_MEASURES = [
  'people',
  'answers',
  'averageValue',
  'averageEnergy',
  'colors',
  'words',
] as const;
export type DataShotMeasure = (typeof DATA_SHOT_MEASURES)[number];
export const DATA_SHOT_VIEWS = ['total', 'series'] as const;
export const RENDER_FORMATS = ['pdf', 'docx'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
export const RENDER_STATUSES = ['inProgress', 'done', 'error', 'cancelled'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** Limits (spec 02 §9 leaves them open): what one report may hold. */
export const CUSTOM_REPORT_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  partsMax: 20,
  cardsMax: 200,
  cardTextMax: 8000,
  renderNameMax: 150,
} as const;

/** What places a card in a report's tree. */
interface PlacedCard {
  cardId: string;
  partId: string;
  parentCardId?: string | undefined;
}

/**
 * The cards under a card, at any depth, in its part (a loop of parents cannot repeat one): what
 * moves with it, on the server and in the structure tree alike.
 */
export function descendantsOf<C extends PlacedCard>(cards: readonly C[], card: C): C[] {
  const under: C[] = [];
  const seen = new Set([card.cardId]);
  const visit = (parentId: string) => {
    for (const child of cards) {
      if (child.parentCardId !== parentId || child.partId !== card.partId || seen.has(child.cardId)) continue;
      seen.add(child.cardId);
      under.push(child);
      visit(child.cardId);
    }
  };
  visit(card.cardId);
  return under;
}

/**
 * A campaign's questionnaire step read as a questionnaire card (decision 0038): the same figure of
 * the form the cycle asked, shown, drawn and told as a questionnaire's data shot is.
 */
export function formStepCardData(
  result: Extract<CampaignShotResult, { kind: 'form' }>,
): Extract<CardData, { source: 'form' }> {
  return {
    source: 'form',
    formId: result.definition.formId,
    definition: result.definition,
    total: result.figure,
  };
}
