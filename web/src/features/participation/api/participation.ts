import type * as z from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actOnParticipation,
  getParticipation,
  getParticipationStep,
  saveParticipationStep,
  type ParticipationActionSchema,
  type ParticipationView,
  type StepAnswerInput,
} from '@shared/contracts/campaigns';
import { callApi } from '../../../lib/api';

/** Every cached read of a campaign's participation starts with this key. */
export const participationKey = (campaignId: string) => ['participation', campaignId] as const;
const stepKey = (campaignId: string, stepId: string) =>
  [...participationKey(campaignId), 'steps', stepId] as const;

/** The campaign's URL code, passed on every call: what lets a guest in. */
const codeQuery = (code: string | undefined) => (code ? { code } : {});

/** The caller's participant screen: the campaign, its cycle, which screen, and their participation. */
export function useParticipation(campaignId: string, code: string | undefined) {
  return useQuery({
    queryKey: participationKey(campaignId),
    queryFn: ({ signal }) =>
      callApi(getParticipation, { params: { campaignId }, query: codeQuery(code), signal }),
    // A refused or forbidden campaign answers the same on a retry.
    retry: false,
    // The thanks page shows once, right after the last step: coming back to the tab keeps it.
    refetchOnWindowFocus: false,
  });
}

/** Accept (or take the test) or refuse: the answer is the new view. */
export function useParticipationAction(campaignId: string, code: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ParticipationActionSchema>) =>
      callApi(actOnParticipation, { params: { campaignId }, query: codeQuery(code), body }),
    onSuccess: (view) => queryClient.setQueryData(participationKey(campaignId), view),
  });
}

/** One step as the participant opens it, with their answer while it may change. */
export function useParticipationStep(campaignId: string, stepId: string, code: string | undefined) {
  return useQuery({
    queryKey: stepKey(campaignId, stepId),
    queryFn: ({ signal }) =>
      callApi(getParticipationStep, { params: { campaignId, stepId }, query: codeQuery(code), signal }),
    retry: false,
  });
}

/** Saves a step's answer; the answer is the new view, and the step is read again when reopened. */
export function useSaveStep(campaignId: string, stepId: string, code: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StepAnswerInput) =>
      callApi(saveParticipationStep, { params: { campaignId, stepId }, query: codeQuery(code), body }),
    onSuccess: (view: ParticipationView) => {
      queryClient.setQueryData(participationKey(campaignId), view);
      void queryClient.invalidateQueries({ queryKey: stepKey(campaignId, stepId), refetchType: 'none' });
    },
  });
}
