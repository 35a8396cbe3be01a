import { defineStore } from '../lib/db';
import { FormContentEntity } from './entities/form-content';
import { FormDefinitionEntity } from './entities/form-definition';
import { FormEntitlementEntity } from './entities/form-entitlement';
import { FormSurveyEntity } from './entities/form-survey';
import { MeasureTypeEntity } from './entities/measure-type';

export const FORMS_ENTITIES = {
  formDefinition: FormDefinitionEntity,
  formContent: FormContentEntity,
  measureType: MeasureTypeEntity,
  formEntitlement: FormEntitlementEntity,
  formSurvey: FormSurveyEntity,
};

export const formsDb = defineStore(FORMS_ENTITIES);
