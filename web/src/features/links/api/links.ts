import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createLink,
  deleteLink,
  deleteLinkLogo,
  getLink,
  getLinkCampaign,
  listSessionLinks,
  listSphereLinks,
  requestLinkLogoUpload,
  setLinkLogo,
  updateLink,
  type Link,
  type LinkCreateInput,
  type LinkUpdateInput,
} from '@shared/contracts/links';
import { listSphereTags } from '@shared/contracts/tags';
import { callApi } from '../../../lib/api';
import { sendLogo } from '../../../lib/logo-file';

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

/**
 * A sphere's tags (spec 01 §3 Tag), active and archived (a link keeps one archived since, and
 * shows its name), for the link form's tag field and the link page: read only by those who may
 * read the sphere's tags (`enabled`), its admins.
 */
export function useSphereTags(sphereId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...linksKey, 'tags', sphereId],
    queryFn: ({ signal }) => callApi(listSphereTags, { params: { id: sphereId }, query: {}, signal }),
    enabled: enabled && sphereId !== '',
  });
}

/** The link with its new logo, shown at once; the lists read it again. */
function logoChanged(queryClient: QueryClient, link: Link): void {
  queryClient.setQueryData([...linksKey, 'one', link.id], link);
  void queryClient.invalidateQueries({ queryKey: [...linksKey, 'list'] });
}

/**
 * A new logo for the link: the server grants an upload for the file's type and size, the file goes
 * straight to the storage (with its progress), then the server checks it and makes it the logo.
 */
export function useUploadLinkLogo(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      sendLogo(
        file,
        onProgress,
        (body) => callApi(requestLinkLogoUpload, { params: { id: linkId }, body }),
        (key) => callApi(setLinkLogo, { params: { id: linkId }, body: { key } }),
      ),
    // The logo block says what failed in its own words.
    meta: { errorsShownInline: true },
    onSuccess: (link) => logoChanged(queryClient, link),
  });
}

export function useRemoveLinkLogo(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteLinkLogo, { params: { id: linkId } }),
    // The confirmation dialog shows the error.
    meta: { errorsShownInline: true },
    onSuccess: (link) => logoChanged(queryClient, link),
  });
}
