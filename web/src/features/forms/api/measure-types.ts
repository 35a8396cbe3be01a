import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createMeasureType,
  deleteMeasureType,
  updateMeasureType,
  type MeasureTypeCreate,
  type MeasureTypeUpdate,
} from '@shared/contracts/forms';
import { callApi } from '../../../lib/api';
import { measureTypesKey } from './forms';

/** POST /v1/forms/measure-types: a new measure type; the list is read again. */
export function useCreateMeasureType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeasureTypeCreate) => callApi(createMeasureType, { body }),
    // The dialog shows the problems on their fields.
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureTypesKey }),
  });
}

/** PUT /v1/forms/measure-types/{id}: its title and description. */
export function useUpdateMeasureType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MeasureTypeUpdate }) =>
      callApi(updateMeasureType, { params: { measureTypeId: id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureTypesKey }),
  });
}

/** DELETE /v1/forms/measure-types/{id}: refused (409 `measure-type-in-use`) while a form uses it. */
export function useDeleteMeasureType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteMeasureType, { params: { measureTypeId: id } }),
    // The confirmation dialog shows why it was refused.
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureTypesKey }),
  });
}
