import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createLink,
  deleteLink,
  getLink,
  getLinkCampaign,
  listSessionLinks,
  listSphereLinks,
  updateLink,
  type LinkCreateInput,
  type LinkUpdateInput,
} from '../../../../../shared/contracts/links';
import { callApi } from '../../../lib/api';

/** Where links are listed: a sphere's (its own and its campaigns') or a session's. */
export type LinkPlace = { sphereId: string } | { sessionId: string };

export const linksKey = ['links'] as const;

const placeKey = (place: LinkPlace) =>
  'sessionId' in place ? ['session', place.sessionId] : ['sphere', place.sphereId];

export function usePlaceLinks(place: LinkPlace) {
  return useQuery({
    queryKey: [...linksKey, 'list', ...placeKey(place)],
    queryFn: ({ signal }) =>
      'sessionId' in place
        ? callApi(listSessionLinks, { params: { sessionId: place.sessionId }, signal })
        : callApi(listSphereLinks, { params: { sphereId: place.sphereId }, signal }),
  });
}

/** One link: what opening it needs, and every field for its admins. */
export function useLink(linkId: string, enabled = true) {
  return useQuery({
    queryKey: [...linksKey, 'one', linkId],
    queryFn: ({ signal }) => callApi(getLink, { params: { id: linkId }, signal }),
    enabled: enabled && linkId !== '',
    retry: false,
  });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkCreateInput) => callApi(createLink, { body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useUpdateLink(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkUpdateInput) => callApi(updateLink, { params: { id: linkId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => callApi(deleteLink, { params: { id: linkId } }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

/** A campaign link's campaign and the code that opens its participation (spec 02 §7). */
export function useLinkCampaign(linkId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...linksKey, 'campaign', linkId],
    queryFn: ({ signal }) => callApi(getLinkCampaign, { params: { id: linkId }, signal }),
    enabled: enabled && linkId !== '',
    retry: false,
  });
}
