import { defineStore } from '../lib/db';
import { LegalDocumentEntity } from './entities/legal-document';
import { LegalAcceptanceEntity } from './entities/legal-acceptance';

export const LEGAL_ENTITIES = {
  legalDocument: LegalDocumentEntity,
  legalAcceptance: LegalAcceptanceEntity,
};

export const legalDb = defineStore(LEGAL_ENTITIES);
