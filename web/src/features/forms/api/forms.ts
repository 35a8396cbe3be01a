import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveFormDefinition,
  createFormDefinition,
  duplicateFormDefinition,
  getFormDefinition,
  listFormDefinitions,
  listMeasureTypes,
  restoreFormDefinition,
  updateFormDefinition,
  type FormCreateInput,
  type FormUpdateInput,
} from '@shared/contracts/forms';
import { translate, type TranslationRequest } from '@shared/contracts/translations';
import { callApi } from '../../../lib/api';

export const formsKey = ['forms', 'definitions'] as const;

/** Which forms the administration list shows. */
export interface FormListFilter {
  /** `all`, only private forms, or only those spheres may be entitled to. */
  privacy: 'all' | 'private' | 'public';
  archived: boolean;
  q: string;
}

/** `_filters` of the list: `private=…;archived=true`. */
export function listFilters(filter: FormListFilter): string | undefined {
  const parts: string[] = [];
  if (filter.privacy !== 'all') parts.push(`private=${filter.privacy === 'private' ? 'true' : 'false'}`);
  if (filter.archived) parts.push('archived=true');
  return parts.length ? parts.join(';') : undefined;
}

/** The first page of the forms (200, spec 01 §9), filtered. */
export function useFormDefinitions(filter: FormListFilter, enabled: boolean) {
  const filters = listFilters(filter);
  return useQuery({
    queryKey: [...formsKey, 'list', filter],
    queryFn: ({ signal }) =>
      callApi(listFormDefinitions, {
        query: { _max: 200, ...(filters ? { _filters: filters } : {}), ...(filter.q ? { q: filter.q } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCreateFormDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormCreateInput) => callApi(createFormDefinition, { body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey, 'list'] }),
  });
}

export function useDuplicateFormDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) => callApi(duplicateFormDefinition, { params: { formId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey, 'list'] }),
  });
}

/** Archives a form, or restores an archived one. */
export function useArchiveFormDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, archive }: { formId: string; archive: boolean }) =>
      callApi(archive ? archiveFormDefinition : restoreFormDefinition, { params: { formId } }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey, 'list'] }),
  });
}

export function useFormDefinition(formId: string) {
  return useQuery({
    queryKey: [...formsKey, 'one', formId],
    queryFn: ({ signal }) => callApi(getFormDefinition, { params: { formId }, signal }),
    // The editor holds its own copy: a refetch would not replace what is being edited.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useUpdateFormDefinition(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormUpdateInput) => callApi(updateFormDefinition, { params: { formId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (form) => {
      queryClient.setQueryData([...formsKey, 'one', formId], form);
      await queryClient.invalidateQueries({ queryKey: [...formsKey, 'list'] });
    },
  });
}

export const measureTypesKey = ['forms', 'measure-types'] as const;

/** The measure types answers may feed (1000 at most, spec 02 §9). */
export function useMeasureTypes(enabled = true) {
  return useQuery({
    queryKey: measureTypesKey,
    queryFn: ({ signal }) => callApi(listMeasureTypes, { query: { _max: 1000 }, signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useTranslate() {
  return useMutation({
    mutationFn: (body: TranslationRequest) => callApi(translate, { body }),
    meta: { errorsShownInline: true },
  });
}
